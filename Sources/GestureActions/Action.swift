/// What a binding does when its gesture fires: a value, parsed from the config's short strings
/// (`desktop next`, `keys super+Left`, `exec notify-send hi`). Performing it is the X11 layer's
/// business.
public enum Action: Equatable, Sendable {
    case exec(String)
    /// One or more chords pressed one after the other (`keys ctrl+c ctrl+v`).
    case keys([KeyChord])
    case click(button: Int)
    case desktop(DesktopTarget)
    case window(WindowCommand)
    case showDesktop

    public enum DesktopTarget: Equatable, Sendable {
        case next, previous
        /// 1-based, as users count desktops.
        case number(Int)
    }

    public enum WindowCommand: String, CaseIterable, Sendable {
        case maximize, minimize, close, fullscreen
        case toggleMaximize = "toggle-maximize"
    }

    /// The action as the config writes it.
    public var text: String {
        switch self {
        case .exec(let command): return "exec \(command)"
        case .keys(let chords): return "keys " + chords.map(\.text).joined(separator: " ")
        case .click(let b): return "click \(b)"
        case .desktop(.next): return "desktop next"
        case .desktop(.previous): return "desktop prev"
        case .desktop(.number(let n)): return "desktop \(n)"
        case .window(let c): return "window \(c.rawValue)"
        case .showDesktop: return "show-desktop"
        }
    }
}

/// A key chord: modifiers held while one key is pressed (`ctrl+alt+Left`); a lone modifier
/// (`super`) is a chord too.
public struct KeyChord: Equatable, Sendable {
    public enum Modifier: String, CaseIterable, Sendable {
        case shift, ctrl, alt, `super`, meta, hyper
    }

    public var modifiers: [Modifier]
    /// An X keysym name (`Left`, `a`, `XF86AudioRaiseVolume`), or nil when the chord is only
    /// modifiers.
    public var key: String?

    public init(modifiers: [Modifier], key: String?) {
        self.modifiers = modifiers
        self.key = key
    }

    public var text: String {
        (modifiers.map(\.rawValue) + (key.map { [$0] } ?? [])).joined(separator: "+")
    }
}

/// Why an action string is not valid; the config layer adds where it is.
public struct ActionError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
