import GestureCore

extension Config {
    /// The sources some binding listens to, in `InputSource.allCases` order.
    public var boundSources: [InputSource] {
        InputSource.allCases.filter { s in gestures.contains { $0.sources.contains(s) } }
    }

    /// How long the gesture layer may hold each bound source's input from the application, in
    /// words for `check` and the ready line: `touchscreen 650 ms, pointer 300 ms`. A touchpad
    /// gesture is answered as it begins, since the server waits for that answer.
    public var holdText: String {
        let parts = boundSources.map { s in
            settings.observes(s)
                ? "\(s.rawValue) never (observed)"
                : s == .touchpad
                    ? "touchpad at its begin"
                    : "\(s.rawValue) \(Int(settings.touchTimeout(for: s).rounded())) ms"
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
