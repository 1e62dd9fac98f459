import ArgumentParser
import GestureConfig

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a config and print a one-line summary per gesture.")

    @OptionGroup var options: ConfigOption

    func run() throws {
        let config: Config
        do { config = try options.load() } catch let e as CLIError { CLIError.exit(e) }
        for g in config.gestures { print(GestureSummary.line(g)) }
        print("\(config.file): \(config.gestures.count) gesture\(config.gestures.count == 1 ? "" : "s"), touch-timeout \(Int(config.settings.touchTimeout)) ms, arrival-window \(Int(config.settings.arrivalWindow)) ms")
    }
}

enum GestureSummary {
    /// `next-desktop: swipe, 3 fingers left, touchscreen+touchpad -> desktop next`
    static func line(_ g: GestureBinding) -> String {
        var parts: [String] = [g.type.rawValue]
        if let t = g.taps, t > 1 { parts.append("\(t) taps") }
        if let f = g.fingers {
            parts.append("\(f) finger\(f == 1 ? "" : "s")")
        } else if g.minFingers != nil || g.maxFingers != nil {
            parts.append("\(g.minFingers ?? 1)-\(g.maxFingers.map(String.init) ?? "any") fingers")
        }
        if let d = g.direction { parts.append(d.text) }
        if let e = g.edge { parts.append("from the \(e.rawValue) edge") }
        if let b = g.button { parts.append("button \(b)") }
        var where_ = g.sources.map(\.rawValue).joined(separator: "+")
        if let app = g.app { where_ += ", app \(app)" }
        if let device = g.device { where_ += ", device \(device)" }
        let on = g.on == .end ? "" : " on \(g.on.rawValue)"
        return "\(g.name): \(parts.joined(separator: " ")), \(where_)\(on) -> \(g.actions.map(\.text).joined(separator: "; "))"
    }
}
