// Small, accurate trigonometry on Double using only the Swift standard library
// (the standard library has `squareRoot()` but no sin/cos/atan2).
//
// Accuracy: a few ulps (|error| < 1e-15) for |x| up to a few thousand radians;
// range reduction uses a two-part (Cody–Waite) pi/2, which is plenty for stroke
// angles. Not intended for huge arguments (|x| > 1e6).

enum Trig {
    static let pi = 3.141592653589793115997963468544185161590576171875
    static let halfPi = 1.5707963267948965579989817342720925807952880859375
    static let quarterPi = 0.78539816339744827899949086713604629039764404296875

    // pi/2 split for range reduction: hi has 33 significant bits so k * hi is exact
    // for |k| < 2^20; lo holds the rest of pi/2.
    private static let halfPiHi = 1.5707963267341256141662597656250
    private static let halfPiLo = 6.0771005065061922e-11

    /// sin(r) for |r| <= pi/4 (Taylor series through r^17; last term < 5e-17).
    @inline(__always)
    private static func sinKernel(_ r: Double) -> Double {
        let r2 = r * r
        // Horner form of r - r^3/3! + r^5/5! - ... + r^17/17!
        var p = 1.0 / 355687428096000.0           // 1/17!
        p = p * r2 - 1.0 / 1307674368000.0        // 1/15!
        p = p * r2 + 1.0 / 6227020800.0           // 1/13!
        p = p * r2 - 1.0 / 39916800.0             // 1/11!
        p = p * r2 + 1.0 / 362880.0               // 1/9!
        p = p * r2 - 1.0 / 5040.0                 // 1/7!
        p = p * r2 + 1.0 / 120.0                  // 1/5!
        p = p * r2 - 1.0 / 6.0                    // 1/3!
        return r + r * r2 * p
    }

    /// cos(r) for |r| <= pi/4 (Taylor series through r^18).
    @inline(__always)
    private static func cosKernel(_ r: Double) -> Double {
        let r2 = r * r
        var p = -1.0 / 6402373705728000.0         // 1/18!
        p = p * r2 + 1.0 / 20922789888000.0       // 1/16!
        p = p * r2 - 1.0 / 87178291200.0          // 1/14!
        p = p * r2 + 1.0 / 479001600.0            // 1/12!
        p = p * r2 - 1.0 / 3628800.0              // 1/10!
        p = p * r2 + 1.0 / 40320.0                // 1/8!
        p = p * r2 - 1.0 / 720.0                  // 1/6!
        p = p * r2 + 1.0 / 24.0                   // 1/4!
        p = p * r2 - 0.5                          // 1/2!
        return 1.0 + r2 * p
    }

    /// Reduces x to r in [-pi/4, pi/4] with x = r + k * pi/2; returns (r, k mod 4).
    @inline(__always)
    private static func reduce(_ x: Double) -> (r: Double, quadrant: Int) {
        if abs(x) <= quarterPi { return (x, 0) }
        let k = (x / halfPi).rounded(.toNearestOrEven)
        let r = (x - k * halfPiHi) - k * halfPiLo
        let q = Int(k.truncatingRemainder(dividingBy: 4))
        return (r, (q + 4) & 3)
    }

    static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduce(x)
        switch q {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (r, q) = reduce(x)
        switch q {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// atan(x) for any finite x; returns +-pi/2 for infinities.
    static func atan(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x.isInfinite { return x > 0 ? halfPi : -halfPi }
        let negative = x < 0
        var t = abs(x)
        var offset = 0.0
        if t > 1 {               // atan(t) = pi/2 - atan(1/t)
            t = 1 / t
            offset = halfPi
        }
        // Halve the angle three times: atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))).
        // After that |t| <= tan(pi/32) ~ 0.0985 and the series converges fast.
        for _ in 0..<3 {
            t = t / (1 + (1 + t * t).squareRoot())
        }
        let t2 = t * t
        // t - t^3/3 + t^5/5 - ... - t^19/19 (first omitted term < 1e-20 relative)
        var p = -1.0 / 19.0
        p = p * t2 + 1.0 / 17.0
        p = p * t2 - 1.0 / 15.0
        p = p * t2 + 1.0 / 13.0
        p = p * t2 - 1.0 / 11.0
        p = p * t2 + 1.0 / 9.0
        p = p * t2 - 1.0 / 7.0
        p = p * t2 + 1.0 / 5.0
        p = p * t2 - 1.0 / 3.0
        var result = 8 * (t + t * t2 * p)
        if offset != 0 { result = offset - result }
        return negative ? -result : result
    }

    /// atan2(y, x) in (-pi, pi], with atan2(0, 0) == 0 and the usual sign conventions.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 {
            if y > 0 { return halfPi }
            if y < 0 { return -halfPi }
            return (x.sign == .minus) ? (y.sign == .minus ? -pi : pi) : y
        }
        if x.isInfinite || y.isInfinite {
            // Enough for our use; angles of infinite vectors are never needed.
            if x.isInfinite && y.isInfinite {
                let a = x > 0 ? quarterPi : 3 * quarterPi
                return y > 0 ? a : -a
            }
            if y.isInfinite { return y > 0 ? halfPi : -halfPi }
            return x > 0 ? (y.sign == .minus ? -0.0 : 0.0) : (y.sign == .minus ? -pi : pi)
        }
        // Use the smaller ratio for accuracy.
        if abs(y) <= abs(x) {
            let a = atan(y / x)
            if x > 0 { return a }
            return y.sign == .minus ? a - pi : a + pi
        } else {
            let a = atan(x / y)
            return y > 0 ? halfPi - a : -halfPi - a
        }
    }

    /// acos(x) for x in [-1, 1] (clamped), in [0, pi].
    static func acos(_ x: Double) -> Double {
        let c = min(1.0, max(-1.0, x))
        return atan2(((1 - c) * (1 + c)).squareRoot(), c)
    }

    static func degreesToRadians(_ d: Double) -> Double { d * (pi / 180) }
    static func radiansToDegrees(_ r: Double) -> Double { r * (180 / pi) }
}
