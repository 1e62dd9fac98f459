import GestureCore
import Testing
import TestSupport

@Suite struct NumberTextTests {
    /// The digits written from n / 10000 are what Swift's shortest form of the rounded Double says.
    @Test func roundedNumbersAreWrittenAsSwiftsShortestFormOfTheRoundedValue() {
        var random = SeededRandom(state: 42)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.00005, -0.00005, 0.0001, 1e-5, 12.3456789, 99_999_999_999.99994,
                                -99_999_999_999.99994, 1e10, 123456.7, 0.1 + 0.2, 3, -3, 1_000_000]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -6...11, using: &random)
            let sign: Double = Bool.random(using: &random) ? -1 : 1
            values.append(sign * Double.random(in: 1...10, using: &random) * (10.0 * 1).squareRoot() * pow10(magnitude))
        }
        for v in values where abs(v) < 1e11 {
            #expect(NumberText.rounded(v) == NumberText.plain((v * 10000).rounded() / 10000), "\(v)")
        }
    }

    func pow10(_ e: Double) -> Double {
        var r = 1.0
        let n = Int(e.rounded(.down))
        for _ in 0..<abs(n) { r = n < 0 ? r / 10 : r * 10 }
        return r
    }

    @Test func wholeNumbersAreWrittenWithTheirSign() {
        var bytes: [UInt8] = []
        for n in [0, 7, -7, 1234567890, Int.max, Int.min] {
            bytes.removeAll()
            NumberText.digits(n, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(n))
        }
    }
}
