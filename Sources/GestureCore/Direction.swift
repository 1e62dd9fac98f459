/// Which way a gesture goes, the one direction type: one of the eight on the screen (y down)
/// for a swipe, a pan, an edge gesture or a stroke segment; the fingers closing (`in`) or
/// spreading (`out`) for a pinch; a turn (`cw`, `ccw`) for a rotation. The config's
/// `direction`, and the way a gesture's progress is measured (`GestureValues.heading`).
public enum Direction: String, CaseIterable, Sendable, BitwiseCopyable {
    case right, downRight = "down-right", down, downLeft = "down-left"
    case left, upLeft = "up-left", up, upRight = "up-right"
    case `in`, out, cw, ccw

    /// The eight on the screen, clockwise from the right.
    public static let onScreen: [Direction] = [
        .right, .downRight, .down, .downLeft, .left, .upLeft, .up, .upRight,
    ]
    /// A pinch's two.
    public static let pinching: [Direction] = [.in, .out]
    /// A rotation's two.
    public static let turning: [Direction] = [.cw, .ccw]

    /// The angle in radians of one on the screen: right is 0, down is pi/2 (clockwise on
    /// screen); nil for a pinch's or a rotation's.
    public var angle: Double? {
        switch self {
        case .right: 0
        case .downRight: Angle.pi / 4
        case .down: Angle.pi / 2
        case .downLeft: 3 * Angle.pi / 4
        case .left: Angle.pi
        case .upLeft: 5 * Angle.pi / 4
        case .up: 3 * Angle.pi / 2
        case .upRight: 7 * Angle.pi / 4
        case .in, .out, .cw, .ccw: nil
        }
    }

    /// A unit vector on the screen (y down); nil for a pinch's or a rotation's.
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

    /// The nearest of the eight on the screen to a vector.
    public init(of v: Point) {
        var sector = Int((Angle.atan2(v.y, v.x) / (Angle.pi / 4)).rounded())
        if sector < 0 { sector += 8 }
        self = Direction.onScreen[sector % 8]
    }

    /// Of the four on the screen along the axes, the one `v` mostly moves along (right on a
    /// tie).
    public init(mostlyAlong v: Point) {
        if abs(v.x) >= abs(v.y) {
            self = v.x < 0 ? .left : .right
        } else {
            self = v.y < 0 ? .up : .down
        }
    }

    /// How far a vector's direction is from this one on the screen, in radians (0...pi); pi for
    /// a pinch's or a rotation's.
    public func deviation(of v: Point) -> Double {
        guard let angle else { return Angle.pi }
        let wrapped = angle > Angle.pi ? angle - 2 * Angle.pi : angle
        return abs(Angle.between(Point(x: 1, y: 0), v) - wrapped).wrappedAroundPi
    }
}

extension Double {
    /// An absolute angle difference folded into 0...pi.
    var wrappedAroundPi: Double { self > Angle.pi ? 2 * Angle.pi - self : self }
}
