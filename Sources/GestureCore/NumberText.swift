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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: rounded(v, to: buffer.baseAddress!)),
                   as: UTF8.self)
        }
    }

    /// `rounded(v)` as UTF-8 bytes, without a String.
    public static func rounded(_ v: Double, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: rounded(v, to: buffer.baseAddress!)))
        }
    }

    /// The most bytes `rounded(_:to:)` and `digits(_:to:)` write.
    public static let maxCount = 32

    /// Writes `rounded(v)` at `p`, which has room for `maxCount` bytes, and returns how many
    /// bytes it wrote: a line of output is written in place, without a check per byte. Below
    /// 1e11 the number is n / 10000 for a whole n of at most 15 digits, whose shortest form is
    /// n's digits with the point put in and trailing zeros dropped: written from n directly, it
    /// is the text `plain` gives.
    public static func rounded(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard abs(v) < 1e11 else {
            var text = plain(v)
            return text.withUTF8 { utf8 in
                p.update(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
        }
        let n = Int((v * 10000).rounded())
        var count = 0
        if n < 0 {
            p[0] = UInt8(ascii: "-")
            count = 1
        }
        count += digits(Int(n.magnitude / 10000), to: p + count)
        var fraction = n.magnitude % 10000
        guard fraction != 0 else { return count }
        p[count] = UInt8(ascii: ".")
        count += 1
        var places = 4
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        for i in stride(from: places - 1, through: 0, by: -1) {
            p[count + i] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        return count + places
    }

    /// The decimal digits of `n`, with a minus sign when negative.
    public static func digits(_ n: Int, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: digits(n, to: buffer.baseAddress!)))
        }
    }

    /// Writes the decimal digits of `n` at `p` (room for `maxCount` bytes); returns how many.
    public static func digits(_ n: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        if n < 0 {
            p[0] = UInt8(ascii: "-")
            count = 1
        }
        var m = n.magnitude
        // The width by comparisons, then the digits from the right: one division per digit.
        var width = 1
        var limit: UInt = 10
        while width < 20 && m >= limit {
            width += 1
            limit &*= 10
        }
        var i = count + width
        repeat {
            i -= 1
            p[i] = UInt8(ascii: "0") + UInt8(m % 10)
            m /= 10
        } while m > 0
        return count + width
    }
}
