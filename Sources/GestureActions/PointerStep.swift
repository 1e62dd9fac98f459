/// One thing a following action (`drag`, `pointer`) does to the pointer: what the X11 performer
/// sends through XTest and what replay prints.
public enum PointerStep: Equatable, Sendable {
    case press(button: Int)
    case release(button: Int)
    /// Relative motion in whole pixels: a touchpad's deltas, or a touchscreen in `pointer` mode.
    case moveBy(dx: Int, dy: Int)
    /// To a place on the screen: a touchscreen's centroid.
    case moveTo(x: Int, y: Int)

    /// `press 1`, `move +3 -2`, `move to 400 300`, `release 1`.
    public var text: String {
        func signed(_ v: Int) -> String { v < 0 ? "\(v)" : "+\(v)" }
        switch self {
        case .press(let b): return "press \(b)"
        case .release(let b): return "release \(b)"
        case let .moveBy(dx, dy): return "move \(signed(dx)) \(signed(dy))"
        case let .moveTo(x, y): return "move to \(x) \(y)"
        }
    }

    /// Steps in one line, comma separated.
    public static func text(_ steps: [PointerStep]) -> String { steps.map(\.text).joined(separator: ", ") }
}
