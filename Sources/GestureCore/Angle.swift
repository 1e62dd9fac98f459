/// Angles for recognizers, on top of `Trig` (the engine imports the standard library only).
public enum Angle {
    public static let pi = Double.pi

    /// The angle of the vector (x, y) in radians, in -pi...pi, as C's atan2.
    /// On screen (y down) a growing angle turns clockwise.
    public static func atan2(_ y: Double, _ x: Double) -> Double { Trig.atan2(y, x) }

    /// The signed angle that turns `a` onto `b`, in -pi...pi.
    public static func between(_ a: Point, _ b: Point) -> Double {
        atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }

    public static func sin(_ x: Double) -> Double { Trig.sin(x) }
    public static func cos(_ x: Double) -> Double { Trig.cos(x) }

    public static func radians(degrees: Double) -> Double { degrees * pi / 180 }
    public static func degrees(radians: Double) -> Double { radians * 180 / pi }
}
