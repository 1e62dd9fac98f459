/// The way a gesture's progress is measured: a direction on screen for a pan, swipe or edge
/// gesture, the fingers closing (`in`) or spreading (`out`) for a pinch, a turn for a rotation.
public enum Heading: String, CaseIterable, Sendable, BitwiseCopyable {
    case up, down, left, right
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"
    case `in`, out, cw, ccw

    public init(_ d: Direction) {
        switch d {
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .upLeft: self = .upLeft
        case .upRight: self = .upRight
        case .downLeft: self = .downLeft
        case .downRight: self = .downRight
        }
    }

    /// Of the four directions on screen, the one `v` mostly moves along (right on a tie).
    public init(mostlyAlong v: Point) {
        if abs(v.x) >= abs(v.y) { self = v.x < 0 ? .left : .right } else { self = v.y < 0 ? .up : .down }
    }

    /// A unit vector on screen (y down) for a direction; nil for a pinch's or a rotation's.
    public var vector: Point? {
        let d = 0.5.squareRoot()
        switch self {
        case .up: return Point(x: 0, y: -1)
        case .down: return Point(x: 0, y: 1)
        case .left: return Point(x: -1, y: 0)
        case .right: return Point(x: 1, y: 0)
        case .upLeft: return Point(x: -d, y: -d)
        case .upRight: return Point(x: d, y: -d)
        case .downLeft: return Point(x: -d, y: d)
        case .downRight: return Point(x: d, y: d)
        case .in, .out, .cw, .ccw: return nil
        }
    }
}

/// How far a gesture has gone toward its commit point: 0 where the fingers landed, 1 at the
/// commit point, more past it, below 0 when they went back past where they began. Every
/// continuous gesture reports it, and so does a swipe when it is recognized; the touchegg
/// stream and the feedback read it, and `gestured replay` prints it.
///
/// - a pan, swipe or edge gesture: the distance along its heading over a commit distance, in
///   pixels as the engine sees them (touchpad deltas or screen pixels), one for the touchpad
///   and one for the screen;
/// - a pinch: the scale's way from 1 to the commit scale (spreading) or to its inverse (closing);
/// - a rotation: the angle turned along its heading over the commit angle.
public enum Progress {
    /// Pixels of touchpad movement to the commit point: about a third of a common touchpad's width.
    public static let defaultTouchpadDistance = 200.0
    /// Screen pixels to the commit point on a touchscreen.
    public static let defaultScreenDistance = 300.0
    /// The scale a spreading pinch commits at (closing: its inverse, 0.5).
    public static let defaultScale = 2.0
    /// 90 degrees.
    public static let defaultAngle = Angle.pi / 2

    /// The commit distance a recognizer of `source` starts with.
    public static func defaultDistance(for source: InputSource) -> Double {
        source == .touchpad ? defaultTouchpadDistance : defaultScreenDistance
    }

    /// A translation's part along `heading` over `distance`.
    public static func along(_ t: Point, _ heading: Heading, distance: Double) -> Double {
        guard let v = heading.vector else { return 0 }
        return (t.x * v.x + t.y * v.y) / distance
    }

    /// A pinch at `scale` (1 where the fingers landed) heading `in` or `out`, toward `commit`.
    public static func pinch(scale: Double, _ heading: Heading, commit: Double) -> Double {
        heading == .in ? (1 - scale) / (1 - 1 / commit) : (scale - 1) / (commit - 1)
    }

    /// A rotation of `radians` (clockwise positive) heading `cw` or `ccw`, toward `commit` radians.
    public static func rotation(_ radians: Double, _ heading: Heading, commit: Double) -> Double {
        (heading == .ccw ? -radians : radians) / commit
    }
}
