/// Numbers as gestured writes them in messages, traces, replay output and environment
/// variables: whole numbers without ".0", others in Swift's shortest form. Every finite number
/// comes out as valid JSON: an exponent, when Swift writes one (`1e+20`), is JSON too.
public enum NumberText {
    public static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Rounded to 4 decimals first, so that output compares stably. The rounding goes through
    /// v * 10000, exact only below 2^53 and infinite past 1.8e304: from 1e11 up, where a Double's
    /// steps are 1.5e-5 or more anyway, the number is written exactly as it is.
    public static func rounded(_ v: Double) -> String {
        var bytes: [UInt8] = []
        rounded(v, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `rounded(v)` as UTF-8 bytes, without a String. Below 1e11 the number is n / 10000 for a
    /// whole n of at most 15 digits, whose shortest form is n's digits with the point put in and
    /// trailing zeros dropped: written from n directly, it is the text `plain` gives.
    public static func rounded(_ v: Double, into bytes: inout [UInt8]) {
        guard abs(v) < 1e11 else {
            bytes.append(contentsOf: plain(v).utf8)
            return
        }
        let n = Int((v * 10000).rounded())
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        let whole = n.magnitude / 10000
        var fraction = n.magnitude % 10000
        digits(Int(whole), into: &bytes)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var places = 4
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        var divisor: UInt = 1
        for _ in 1..<places { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// The decimal digits of `n`, with a minus sign when negative.
    public static func digits(_ n: Int, into bytes: inout [UInt8]) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var m = n.magnitude
        var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            repeat {
                raw[19 - count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            bytes.append(contentsOf: raw[(20 - count)...])
        }
    }
}

/// Short form for messages inside the engine.
func format(_ v: Double) -> String { NumberText.plain(v) }
