import GestureCore

/// What a binding does when its gesture fires: a value, parsed from the config's short strings
/// (`desktop next`, `keys super+Left`, `exec notify-send hi`). Performing it is the X11 layer's
/// business.
public enum Action: Equatable, Sendable {
    /// Milliseconds a `drag` keeps its button down after the fingers lift, unless told.
    public static let defaultLock = 500.0

    case exec(String)
    /// One or more chords pressed one after the other (`keys ctrl+c ctrl+v`).
    case keys([KeyChord])
    case click(button: Int)
    case scroll(ScrollDirection, times: Int)
    /// Switches desktop; `wrap` goes from the last to the first and back.
    case desktop(DesktopTarget, wrap: Bool)
    /// Moves the window to a desktop, and follows it there.
    case moveWindow(DesktopTarget, wrap: Bool, window: WindowChoice)
    case window(WindowCommand, window: WindowChoice)
    /// Places the window in a part of the work area of its monitor (`window tile left`).
    case tile(Tile, window: WindowChoice)
    /// Moves the window to another monitor, keeping its place there (`window to-monitor next`).
    case toMonitor(MonitorTarget, window: WindowChoice)
    /// Holds `button` down while the gesture runs, the pointer following the fingers, and lets
    /// it go `lock` milliseconds after they lift (drag lock; 0: at once).
    case drag(button: Int, lock: Double)
    /// The pointer follows the fingers, `speed` times as far, with no button held.
    case pointer(speed: Double)
    /// The window's frame follows the fingers while the gesture runs (`window move`).
    case windowMove(window: WindowChoice)
    /// An edge or a corner of the window's frame follows the fingers (`window resize`).
    case windowResize(Edge, window: WindowChoice)
    case showDesktop
    /// Lets the gesture go to the application: for per-application rules.
    case pass
    /// Sends the gesture, as it goes, to the touchegg stream's clients (a desktop shell's
    /// animations) instead of performing anything.
    case stream

    /// Whether the action follows its gesture from begin to end (fired at every transition)
    /// instead of firing once.
    public var follows: Bool {
        switch self {
        case .drag, .pointer, .windowMove, .windowResize: return true
        default: return false
        }
    }

    /// The shell command of an `exec` action.
    public var command: String? { if case .exec(let c) = self { c } else { nil } }

    /// The next, the previous, or the n-th desktop (or monitor).
    public enum DesktopTarget: Equatable, Sendable {
        case next, previous
        /// 1-based, as users count desktops and monitors.
        case number(Int)

        var text: String {
            switch self {
            case .next: return "next"
            case .previous: return "prev"
            case .number(let n): return String(n)
            }
        }
    }

    public enum WindowCommand: String, CaseIterable, Sendable {
        case maximize, unmaximize
        case toggleMaximize = "toggle-maximize"
        case minimize, fullscreen, close, raise
    }

    /// Where `window tile` puts a window: a half, a quarter, or the middle of the work area.
    public enum Tile: String, CaseIterable, Sendable {
        case left, right, top, bottom
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight =
            "bottom-right"
        case center
    }

    /// The edge or corner of a window that `window resize` moves.
    public enum Edge: String, CaseIterable, Sendable {
        case left, right, top, bottom
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight =
            "bottom-right"
    }

    /// Which monitor `window to-monitor` moves a window to: a number counts in the order RandR
    /// lists the monitors.
    public typealias MonitorTarget = DesktopTarget

    /// Which window a window action acts on.
    public enum WindowChoice: String, Sendable {
        /// The top-level window under the gesture (under the pointer for a touchpad).
        case under
        /// The active window.
        case active
    }

    public enum ScrollDirection: String, CaseIterable, Sendable {
        case up, down, left, right
        /// The X button that scrolls this way.
        public var button: Int {
            switch self {
            case .up: return 4
            case .down: return 5
            case .left: return 6
            case .right: return 7
            }
        }
    }

    /// The pointer buttons performing it presses through XTest, in order: gestured's own
    /// presses, which the listener gives to the application as they come back.
    public var buttonsPressed: [Int] {
        switch self {
        case .click(let b): [b]
        case .scroll(let d, let n): Array(repeating: d.button, count: max(0, n))
        default: []
        }
    }

    /// The action as the config writes it.
    public var text: String {
        func choice(_ w: WindowChoice) -> String { w == .active ? " window=active" : "" }
        switch self {
        case .exec(let command): return "exec \(command)"
        case .keys(let chords): return "keys " + chords.map(\.text).joined(separator: " ")
        case .click(let b): return "click \(b)"
        case .scroll(let d, let n): return "scroll \(d.rawValue)" + (n == 1 ? "" : " \(n)")
        case .desktop(let t, let wrap): return "desktop \(t.text)" + (wrap ? " wrap" : "")
        case .moveWindow(let t, let wrap, let w):
            return "desktop move-window \(t.text)" + (wrap ? " wrap" : "") + choice(w)
        case .window(let c, let w): return "window \(c.rawValue)" + choice(w)
        case .tile(let t, let w): return "window tile \(t.rawValue)" + choice(w)
        case .toMonitor(let t, let w): return "window to-monitor \(t.text)" + choice(w)
        case .drag(let b, let lock):
            return "drag" + (b == 1 ? "" : " button=\(b)")
                + (lock == Action.defaultLock ? "" : " lock=\(NumberText.plain(lock))")
        case .pointer(let speed):
            return "pointer" + (speed == 1 ? "" : " speed=\(NumberText.plain(speed))")
        case .windowMove(let w): return "window move" + choice(w)
        case .windowResize(let e, let w):
            return "window resize" + (e == .bottomRight ? "" : " edge=\(e.rawValue)") + choice(w)
        case .showDesktop: return "show-desktop"
        case .pass: return "pass"
        case .stream: return "stream"
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
    public init(message: String) { self.message = message }
    public var description: String { message }
}
