import GestureConfig

/// One binding as the window lists it: what it is in words, what it does, where it listens,
/// whether it is on, and what `check` says is wrong with it.
public struct BindingRow: Equatable, Sendable {
    /// Its place among the `[[gesture]]` tables, which edits address.
    public let index: Int
    /// The name written, or the one the loader gives (`swipe-3`): the row's accessible name.
    public let name: String
    public let type: String
    /// "Swipe left with 3 fingers".
    public let title: String
    /// "next desktop; keys alt+Left".
    public let actions: String
    /// The raw action texts, as written.
    public let actionTexts: [String]
    public let input: InputGroup
    /// The window-class glob it is for; nil for every window.
    public let app: String?
    public let isEnabled: Bool
    /// Whether one of its actions is `exec`: it runs a command with the user's rights.
    public let runsCommands: Bool
    /// `check`'s messages about it, as `check` says them.
    public var problems: [String]

    /// "Swipe left with 3 fingers on the touchpad: next desktop", for screen readers and tests.
    public var sentence: String { "\(title) \(input.phrase): \(actions)" }
}

/// Which input a binding listens to, as the window groups them.
public enum InputGroup: Int, CaseIterable, Comparable, Sendable {
    case touchpad, touchscreen, touchpadAndTouchscreen, mouse, everything

    public var title: String {
        switch self {
        case .touchpad: "Touchpad"
        case .touchscreen: "Touchscreen"
        case .touchpadAndTouchscreen: "Touchpad and touchscreen"
        case .mouse: "Mouse strokes"
        case .everything: "Every input"
        }
    }

    /// How a sentence says it: "on the touchpad".
    public var phrase: String {
        switch self {
        case .touchpad: "on the touchpad"
        case .touchscreen: "on the touchscreen"
        case .touchpadAndTouchscreen: "on the touchpad or touchscreen"
        case .mouse: "with the mouse"
        case .everything: "on any input"
        }
    }

    public static func < (a: InputGroup, b: InputGroup) -> Bool { a.rawValue < b.rawValue }
}

/// Rows of one application rule and one input, as one titled group of the window.
public struct BindingGroup: Equatable, Sendable {
    public let app: String?
    public let input: InputGroup
    public let rows: [BindingRow]

    /// "Touchpad", or "Touchpad in firefox".
    public var title: String { app.map { "\(input.title) in \($0)" } ?? input.title }
}
