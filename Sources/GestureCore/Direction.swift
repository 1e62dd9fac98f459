/// The eight directions of a swipe or a stroke segment, on screen (y down).
public enum Direction: String, CaseIterable, Sendable {
    case right, downRight = "down-right", down, downLeft = "down-left"
    case left, upLeft = "up-left", up, upRight = "up-right"

    /// The direction's angle in radians: right is 0, down is pi/2 (clockwise on screen).
    public var angle: Double { Double(Direction.allCases.firstIndex(of: self)!) * Angle.pi / 4 }

    /// The nearest of the eight directions to a vector.
    public init(of v: Point) {
        var sector = Int((Angle.atan2(v.y, v.x) / (Angle.pi / 4)).rounded())
        if sector < 0 { sector += 8 }
        self = Direction.allCases[sector % 8]
    }

    /// How far a vector's direction is from this one, in radians (0...pi).
    public func deviation(of v: Point) -> Double {
        abs(Angle.between(Point(x: 1, y: 0), v) - angleWrapped)
            .wrappedAroundPi
    }

    private var angleWrapped: Double { angle > Angle.pi ? angle - 2 * Angle.pi : angle }
}

extension Double {
    /// An absolute angle difference folded into 0...pi.
    var wrappedAroundPi: Double { self > Angle.pi ? 2 * Angle.pi - self : self }
}
