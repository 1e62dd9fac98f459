import GestureCore
import TestSupport
import Testing

@Suite struct NumberTextTests {
    /// The digits written from n / 10000 are what Swift's shortest form of the rounded Double says.
    @Test func roundedNumbersAreWrittenAsSwiftsShortestFormOfTheRoundedValue() {
        var random = SeededRandom(state: 42)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 0.00005, -0.00005, 0.0001, 1e-5, 12.3456789, 99_999_999_999.99994,
            -99_999_999_999.99994, 1e10, 123456.7, 0.1 + 0.2, 3, -3, 1_000_000,
        ]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -6...11, using: &random)
            let sign: Double = Bool.random(using: &random) ? -1 : 1
            values.append(
                sign * Double.random(in: 1...10, using: &random) * (10.0 * 1).squareRoot()
                    * pow10(magnitude))
        }
        for v in values where abs(v) < 1e11 {
            #expect(
                NumberText.rounded(v) == NumberText.plain((v * 10000).rounded() / 10000), "\(v)")
        }
    }

    func pow10(_ e: Double) -> Double {
        var r = 1.0
        let n = Int(e.rounded(.down))
        for _ in 0..<abs(n) { r = n < 0 ? r / 10 : r * 10 }
        return r
    }

    /// The formatter that scales, rounds and writes digits by pairs prints the bytes that the one
    /// before it printed (libm's `round`, one digit at a time), kept here as the reference:
    /// random values of every size and sign, -0, and values on and next to the .00005 ties.
    @Test func roundedNumbersAreWrittenAsTheFormerFormatterWroteThem() {
        var random = SeededRandom(state: 7)
        var values: [Double] = [
            0, -0.0, 0.00005, -0.00005, 0.00015, -0.00015, 0.49999999999999994, 1e11, -1e11,
            1e11.nextDown, -1e11.nextDown, 1e15, 1e20, -1e300, .infinity, -.infinity, .nan,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        for _ in 0..<50_000 {
            let sign: Double = Bool.random(using: &random) ? -1 : 1
            let exponent = Int.random(in: -8...16, using: &random)
            values.append(
                sign * Double.random(in: 1..<10, using: &random) * pow10(Double(exponent)))
            // A tie k + 0.5 in units of 1e-4, and the Doubles either side of it.
            let tie =
                (Double(Int.random(in: -10_000_000...10_000_000, using: &random)) + 0.5) / 10000
            values += [tie, tie.nextUp, tie.nextDown]
            let whole =
                Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &random)) / 10000
            values += [whole, whole.nextUp, whole.nextDown]
        }
        for v in values {
            #expect(NumberText.rounded(v) == FormerNumberText.rounded(v), "\(v)")
        }
    }

    @Test func wholeNumbersAreWrittenAsSwiftWritesThem() {
        var random = SeededRandom(state: 9)
        var numbers = [
            0, 9, 10, 99, 100, -1, -10, -100, Int.max, Int.min, Int.max - 1, Int.min + 1,
        ]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            numbers += [power, power - 1, power + 1, -power, -(power - 1)]
        }
        for _ in 0..<20_000 {
            numbers.append(
                Int.random(in: Int.min...Int.max, using: &random)
                    >> Int.random(in: 0...62, using: &random))
        }
        var bytes: [UInt8] = []
        for n in numbers {
            bytes.removeAll()
            NumberText.digits(n, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(n))
        }
    }

    @Test func wholeNumbersAreWrittenWithTheirSign() {
        var bytes: [UInt8] = []
        for n in [0, 7, -7, 1_234_567_890, Int.max, Int.min] {
            bytes.removeAll()
            NumberText.digits(n, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(n))
        }
    }
}

/// `NumberText.rounded` as it was before it stopped calling libm's `round` and writing one digit
/// per division: the reference the formatter is compared with.
enum FormerNumberText {
    static func rounded(_ v: Double) -> String {
        guard abs(v) < 1e11 else { return NumberText.plain(v) }
        let n = Int((v * 10000).rounded())
        var text = n < 0 ? "-" : ""
        text += String(n.magnitude / 10000)
        var fraction = n.magnitude % 10000
        guard fraction != 0 else { return text }
        var places = 4
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        var digits = [UInt8](repeating: 0, count: places)
        for i in stride(from: places - 1, through: 0, by: -1) {
            digits[i] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        return text + "." + String(decoding: digits, as: UTF8.self)
    }
}
