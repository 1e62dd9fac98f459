import GestureActions
import GestureConfig

/// A `[[gesture]]` table in words, read from what is written (with the schema's defaults for
/// what is not), so that a binding the loader refuses is still listed and named.
enum BindingWords {
    static func row(_ t: TOMLTable, index: Int) -> BindingRow {
        let type = t["type"]?.string ?? "?"
        let fields = Dictionary(
            SettingsSchema.fields(for: type).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        func int(_ key: String) -> Int? {
            t[key]?.int ?? fields[key]?.absentText(for: type).flatMap { Int($0) }
        }
        func word(_ key: String) -> String? { t[key]?.string }
        let actionTexts =
            t["action"].map { v in v.string.map { [$0] } ?? v.array?.compactMap(\.string) ?? [] }
            ?? []
        return BindingRow(
            index: index, name: word("name") ?? "\(type)-\(index + 1)", type: type,
            title: title(type, t, int),
            actions: actionTexts.isEmpty
                ? "no action" : actionTexts.map(ActionWords.phrase).joined(separator: ", then "),
            actionTexts: actionTexts, input: input(type, source: word("source")), app: word("app"),
            isEnabled: t["enabled"]?.bool ?? true,
            runsCommands: actionTexts.contains { $0.drop { $0 == " " }.hasPrefix("exec") },
            problems: [])
    }

    static func fingers(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }

    static func title(_ type: String, _ t: TOMLTable, _ int: (String) -> Int?) -> String {
        let direction = t["direction"]?.string.map { $0.replacingDashes() }
        var count: String {
            if let n = int("fingers") { return fingers(n) }
            let lo = t["min-fingers"]?.int
            let hi = t["max-fingers"]?.int
            switch (lo, hi) {
            case (let lo?, let hi?): return "\(lo) to \(hi) fingers"
            case (let lo?, nil): return "\(lo) or more fingers"
            case (nil, let hi?): return "up to \(hi) fingers"
            case (nil, nil): return "any number of fingers"
            }
        }
        switch type {
        case "tap":
            let taps = int("taps") ?? 1
            return (taps == 1 ? "Tap" : taps == 2 ? "Double-tap" : "Tap \(taps) times")
                + " with \(count)"
        case "swipe": return "Swipe \(direction ?? "") with \(count)".replacingDoubleSpaces()
        case "pan": return "Slide \(direction ?? "") with \(count)".replacingDoubleSpaces()
        case "pinch":
            switch t["direction"]?.string {
            case "in": return "Pinch in with \(count)"
            case "out": return "Spread out with \(count)"
            default: return "Pinch with \(count)"
            }
        case "rotate": return "Rotate \(direction ?? "") with \(count)".replacingDoubleSpaces()
        case "edge": return "Slide in from the \(t["edge"]?.string ?? "?") edge with \(count)"
        case "press":
            let taps = int("taps") ?? 0
            return
                (taps == 0
                ? "Press and hold" : "Tap \(taps == 1 ? "once" : "\(taps) times"), then hold")
                + " with \(count)"
        case "stroke":
            let what =
                t["shape"]?.string.map {
                    $0.hasPrefix("line-") ? "a \($0.replacingDashes())" : "the shape \($0)"
                }
                ?? t["directions"]?.string.map { "the moves \($0)" } ?? "a stroke"
            let button = int("button") ?? 3
            let held =
                button == 3
                ? "the right button"
                : button == 1
                    ? "the left button" : button == 2 ? "the middle button" : "button \(button)"
            return "Draw \(what) with \(held) held"
        default: return "A \(type) gesture"
        }
    }

    static func input(_ type: String, source: String?) -> InputGroup {
        let sources = GestureBinding.GestureType(rawValue: type)?.sources.map(\.rawValue) ?? []
        let chosen = source.map { $0 == "any" ? sources : [$0] } ?? sources
        switch Set(chosen) {
        case ["touchpad"]: return .touchpad
        case ["touchscreen"]: return .touchscreen
        case ["touchpad", "touchscreen"]: return .touchpadAndTouchscreen
        case ["pointer"]: return .mouse
        default: return .everything
        }
    }
}

extension String {
    func replacingDashes() -> String { String(map { $0 == "-" ? " " : $0 }) }
    func replacingDoubleSpaces() -> String { split(separator: " ").joined(separator: " ") }
}
