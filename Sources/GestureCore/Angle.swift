import RealModule

/// Angles for recognizers and strokes, with the trigonometry of swift-numerics (libm's, which is
/// pure: no clock, no I/O).
public enum Angle {
    public static let pi = Double.pi

    /// The angle of the vector (x, y) in radians, in -pi...pi, as C's atan2.
    /// On screen (y down) a growing angle turns clockwise.
    public static func atan2(_ y: Double, _ x: Double) -> Double { Double.atan2(y: y, x: x) }

    /// The signed angle that turns `a` onto `b`, in -pi...pi.
    public static func between(_ a: Point, _ b: Point) -> Double {
        atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }

    public static func sin(_ x: Double) -> Double { Double.sin(x) }
    public static func cos(_ x: Double) -> Double { Double.cos(x) }
    public static func acos(_ x: Double) -> Double { Double.acos(x) }

    public static func radians(degrees: Double) -> Double { degrees * pi / 180 }
    public static func degrees(radians: Double) -> Double { radians * 180 / pi }
}
