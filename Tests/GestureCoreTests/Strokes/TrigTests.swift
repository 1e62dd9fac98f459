import Foundation
import Testing
@testable import GestureCore

@Suite struct TrigAccuracy {
    let pi = Double.pi

    @Test func sinAndCosHitKnownValues() {
        let cases: [(Double, Double, Double)] = [   // x, sin x, cos x
            (0, 0, 1),
            (pi / 6, 0.5, 0.75.squareRoot()),
            (pi / 4, 0.5.squareRoot(), 0.5.squareRoot()),
            (pi / 3, 0.75.squareRoot(), 0.5),
            (pi / 2, 1, 0),
            (pi, 0, -1),
            (3 * pi / 2, -1, 0),
            (-pi / 6, -0.5, 0.75.squareRoot()),
            (2 * pi, 0, 1),
            (100 * pi + pi / 6, 0.5, 0.75.squareRoot()),
        ]
        for (x, s, c) in cases {
            #expect(abs(Trig.sin(x) - s) < 1e-13, "sin(\(x))")
            #expect(abs(Trig.cos(x) - c) < 1e-13, "cos(\(x))")
        }
        #expect(Trig.sin(0) == 0 && Trig.cos(0) == 1)
        #expect(Trig.sin(.nan).isNaN && Trig.cos(.infinity).isNaN)
    }

    @Test func atan2AndAcosHitKnownValues() {
        let cases: [(Double, Double, Double)] = [   // y, x, atan2
            (0, 1, 0), (1, 1, pi / 4), (1, 0, pi / 2), (1, -1, 3 * pi / 4), (0, -1, pi),
            (-1, -1, -3 * pi / 4), (-1, 0, -pi / 2), (-1, 1, -pi / 4),
            (0.75.squareRoot(), 0.5, pi / 3), (1, 0.75.squareRoot() * 2, pi / 6),
        ]
        for (y, x, expected) in cases {
            #expect(abs(Trig.atan2(y, x) - expected) < 1e-15, "atan2(\(y), \(x))")
        }
        #expect(Trig.atan2(0, 0) == 0)
        #expect(Trig.atan2(-0.0, -1) == -pi)
        #expect(abs(Trig.atan(1) - pi / 4) < 1e-16)
        #expect(abs(Trig.acos(0) - pi / 2) < 1e-15)
        #expect(abs(Trig.acos(0.5) - pi / 3) < 1e-15)
        #expect(abs(Trig.acos(-1) - pi) < 1e-15)
        #expect(Trig.acos(1) == 0)
        #expect(Trig.acos(1.0000001) == 0)   // clamped, as cosines of unit vectors may overshoot
    }

    @Test func agreesWithTheSystemMathLibraryOverASweep() {
        var worstSin = 0.0, worstCos = 0.0
        var x = -200.0
        while x <= 200 {
            worstSin = max(worstSin, abs(Trig.sin(x) - Foundation.sin(x)))
            worstCos = max(worstCos, abs(Trig.cos(x) - Foundation.cos(x)))
            x += 0.000937
        }
        #expect(worstSin < 1e-14 && worstCos < 1e-14, "sin \(worstSin), cos \(worstCos)")

        var worstAtan2 = 0.0
        for i in 0..<20_000 {
            let a = -pi + 2 * pi * Double(i) / 20_000
            for r in [1e-9, 0.3, 1, 7, 1e6] {
                let y = r * Foundation.sin(a), x = r * Foundation.cos(a)
                worstAtan2 = max(worstAtan2, abs(Trig.atan2(y, x) - Foundation.atan2(y, x)))
            }
        }
        #expect(worstAtan2 < 1e-15 * 4, "atan2 \(worstAtan2)")

        var worstAcos = 0.0
        for i in 0...20_000 {
            let c = -1 + 2 * Double(i) / 20_000
            worstAcos = max(worstAcos, abs(Trig.acos(c) - Foundation.acos(c)))
        }
        #expect(worstAcos < 1e-14, "acos \(worstAcos)")
        print("Trig vs libm, max abs error: sin \(worstSin), cos \(worstCos), atan2 \(worstAtan2), acos \(worstAcos)")
    }

    @Test func pythagoreanIdentityHolds() {
        for i in 0..<1000 {
            let x = Double(i) * 0.0371 - 15
            let s = Trig.sin(x), c = Trig.cos(x)
            #expect(abs(s * s + c * c - 1) < 1e-15)
        }
    }
}
