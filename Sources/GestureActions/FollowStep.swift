import GestureCore

/// One thing a following action does while its gesture runs: `drag` and `pointer` press,
/// move and release the pointer; `window move` and `window resize` take a window and move its
/// frame or an edge of it. What the X11 performer sends, and what replay prints.
public enum FollowStep: Equatable, Sendable {
    case press(button: Int)
    case release(button: Int)
    /// Relative motion in whole pixels: a touchpad's deltas, or a touchscreen in `pointer` mode.
    case moveBy(dx: Int, dy: Int)
    /// To a place on the screen: a touchscreen's centroid.
    case moveTo(x: Int, y: Int)
    /// Takes the window the gesture acts on, where it began (nil: under the pointer), as its
    /// frame is now.
    case takeWindow(Action.WindowChoice, at: Point?)
    /// The taken window's frame, moved by this much since it was taken.
    case moveWindow(dx: Int, dy: Int)
    /// The taken window's frame with the edge moved by this much since it was taken.
    case resizeWindow(Action.Edge, dx: Int, dy: Int)
    /// The gesture is over: the window stays where it is.
    case letGoOfWindow

    /// `press 1`, `move +3 -2`, `move to 400 300`, `release 1`, `take window under`,
    /// `window +80 +40`, `resize bottom-right +80 +40`, `let go of window`.
    public var text: String {
        func signed(_ v: Int) -> String { v < 0 ? "\(v)" : "+\(v)" }
        switch self {
        case .press(let b): return "press \(b)"
        case .release(let b): return "release \(b)"
        case .moveBy(let dx, let dy): return "move \(signed(dx)) \(signed(dy))"
        case .moveTo(let x, let y): return "move to \(x) \(y)"
        case .takeWindow(let choice, _): return "take window \(choice.rawValue)"
        case .moveWindow(let dx, let dy): return "window \(signed(dx)) \(signed(dy))"
        case .resizeWindow(let edge, let dx, let dy):
            return "resize \(edge.rawValue) \(signed(dx)) \(signed(dy))"
        case .letGoOfWindow: return "let go of window"
        }
    }

    /// Steps in one line, comma separated.
    public static func text(_ steps: [FollowStep]) -> String {
        steps.map(\.text).joined(separator: ", ")
    }

    /// A press or taking a window: what begins to hold something until a later step lets go.
    public var takesHold: Bool {
        switch self {
        case .press, .takeWindow: return true
        default: return false
        }
    }

    /// Motion of the pointer or of a window, as opposed to a press, a release, or taking or
    /// letting go of a window.
    public var isMotion: Bool {
        switch self {
        case .moveBy, .moveTo, .moveWindow, .resizeWindow: return true
        case .press, .release, .takeWindow, .letGoOfWindow: return false
        }
    }
}
