/// Angle arithmetic without libm: the engine imports the standard library only.
public enum Angle {
    public static let pi = Double.pi

    /// The angle of the vector (x, y) in radians, in -pi...pi, as C's atan2.
    /// On screen (y down) a growing angle turns clockwise.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 && y == 0 { return 0 }
        if abs(x) >= abs(y) {
            let a = atan(y / x)
            if x > 0 { return a }
            return y >= 0 ? a + pi : a - pi
        }
        let a = atan(x / y)
        return y > 0 ? pi / 2 - a : -pi / 2 - a
    }

    /// arctangent for |v| <= 1: two argument halvings bring |v| under 0.2, where five terms of
    /// the series are accurate to about 1e-9.
    static func atan(_ v: Double) -> Double {
        var t = v
        for _ in 0..<2 { t = t / (1 + (1 + t * t).squareRoot()) }
        let t2 = t * t
        let series = t * (1 - t2 * (1.0 / 3 - t2 * (1.0 / 5 - t2 * (1.0 / 7 - t2 / 9))))
        return 4 * series
    }

    /// The signed angle that turns `a` onto `b`, in -pi...pi.
    public static func between(_ a: Point, _ b: Point) -> Double {
        atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }

    public static func radians(degrees: Double) -> Double { degrees * pi / 180 }
    public static func degrees(radians: Double) -> Double { radians * 180 / pi }
}
