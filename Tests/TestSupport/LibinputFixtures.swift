/// The real `libinput debug-events` gestures of Tests/ScenarioTests/Traces/libinput: what each
/// fires (`fires.txt`) under one config (`every-direction.toml`), read by the replay test and
/// the live one alike.
public enum LibinputFixtures {
    public static let folder = "Tests/ScenarioTests/Traces/libinput"

    /// Each fixture's file name and the bindings it fires, in order.
    public static let firing: [(name: String, bindings: [String])] = Docs.text(
        folder + "/fires.txt"
    )
    .split(separator: "\n")
    .filter { !$0.hasPrefix("#") }
    .map { line in
        let words = line.split(separator: " ").map(String.init)
        return (words[0], words.dropFirst().filter { $0 != "-" })
    }

    /// A binding for every swipe direction of 3 and 4 fingers, every pinch of 2 to 4, and the
    /// five-finger `sentinel`; exec actions write `$GESTURE_NAME` to `@DIR@/result.txt`.
    public static var config: String { Docs.text(folder + "/every-direction.toml") }

    /// The fixtures' file names, as the folder holds them.
    public static var names: [String] {
        Docs.files(in: folder).filter { $0.hasSuffix(".log") }.sorted()
    }
}
