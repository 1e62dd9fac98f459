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
            String(
                decoding: UnsafeBufferPointer(
                    start: buffer.baseAddress!, count: rounded(v, to: buffer.baseAddress!)),
                as: UTF8.self)
        }
    }

    /// `rounded(v)` as UTF-8 bytes, without a String.
    public static func rounded(_ v: Double, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            bytes.append(
                contentsOf: UnsafeBufferPointer(
                    start: buffer.baseAddress!, count: rounded(v, to: buffer.baseAddress!)))
        }
    }

    /// The most bytes `rounded(_:to:)` and `digits(_:to:)` write.
    @inlinable public static var maxCount: Int { 32 }

    /// Writes `rounded(v)` at `p`, which has room for `maxCount` bytes, and returns how many
    /// bytes it wrote: a line of output is written in place, without a check per byte. Below
    /// 1e11 the number is n / 10000 for a whole n of at most 15 digits, whose shortest form is
    /// n's digits with the point put in and trailing zeros dropped: written from n directly, it
    /// is the text `plain` gives.
    ///
    /// Inlinable, as are the digit writers: replay's printer, in another module, writes several
    /// numbers on each line it prints, and a call for each cost more than the digits.
    @inlinable
    public static func rounded(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard abs(v) < 1e11 else { return plain(v, to: p) }
        // v * 10000 rounded half away from zero, as `rounded()` does, without a call to libm's
        // `round`: below 1e15 (< 2^53) the conversion truncates exactly, and x less its whole
        // part is exact too (a Double's fraction has fewer significant bits than the Double).
        let x = v * 10000
        var n = Int(x)
        let rest = x - Double(n)
        if rest >= 0.5 { n += 1 } else if rest <= -0.5 { n -= 1 }
        var count = 0
        if n < 0 {
            p[0] = UInt8(ascii: "-")
            count = 1
        }
        let m = n.magnitude
        let fraction = m % 10000
        count += digits(m / 10000, to: p + count)
        guard fraction != 0 else { return count }
        // The four places by two pairs, then trailing zeros dropped: written whole, counted
        // short.
        p[count] = UInt8(ascii: ".")
        let high = fraction / 100
        let low = fraction % 100
        pair(high, to: p + count + 1)
        guard low != 0 else { return count + (high % 10 == 0 ? 2 : 3) }
        pair(low, to: p + count + 3)
        return count + (low % 10 == 0 ? 4 : 5)
    }

    /// `plain(v)` written at `p`: the numbers too large to write from n / 10000.
    @usableFromInline
    static func plain(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var text = plain(v)
        return text.withUTF8 { utf8 in
            p.update(from: utf8.baseAddress!, count: utf8.count)
            return utf8.count
        }
    }

    /// The decimal digits of `n`, with a minus sign when negative.
    public static func digits(_ n: Int, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            bytes.append(
                contentsOf: UnsafeBufferPointer(
                    start: buffer.baseAddress!, count: digits(n, to: buffer.baseAddress!)))
        }
    }

    /// Writes the decimal digits of `n` at `p` (room for `maxCount` bytes); returns how many.
    @inlinable
    public static func digits(_ n: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard n < 0 else { return digits(UInt(n), to: p) }
        p[0] = UInt8(ascii: "-")
        return 1 + digits(n.magnitude, to: p + 1)
    }

    /// The digits of `m`: below 10^8 as up to four digits and four more, each pair from a table
    /// of the pairs 00 to 99; past that, the width by comparisons, then the digits from the
    /// right two at a time. Most numbers replay prints have one or two digits before the
    /// point, and its times seven.
    @inlinable @inline(__always)
    static func digits(_ m: UInt, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if m < 10_000 { return few(m, to: p) }
        if m < 100_000_000 {
            let high = m / 10_000
            let low = m % 10_000
            let count = few(high, to: p)
            pair(low / 100, to: p + count)
            pair(low % 100, to: p + count + 2)
            return count + 4
        }
        var width = 9
        var limit: UInt = 1_000_000_000
        while width < 20 && m >= limit {
            width += 1
            limit &*= 10
        }
        var rest = m
        var i = width
        while rest >= 100 {
            i -= 2
            pair(rest % 100, to: p + i)
            rest /= 100
        }
        if rest >= 10 {
            pair(rest, to: p)
        } else {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        return width
    }

    /// The digits of `m`, below 10^4.
    @inlinable @inline(__always)
    static func few(_ m: UInt, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if m < 10 {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m)
            return 1
        }
        if m < 100 {
            pair(m, to: p)
            return 2
        }
        let high = m / 100
        if high < 10 {
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            pair(m % 100, to: p + 1)
            return 3
        }
        pair(high, to: p)
        pair(m % 100, to: p + 2)
        return 4
    }

    /// Writes the two digits of `k` (below 100) at `p`.
    @inlinable @inline(__always)
    static func pair(_ k: UInt, to p: UnsafeMutablePointer<UInt8>) {
        // Static bytes: no lazy initialisation and no bounds check on a read.
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        UnsafeMutableRawPointer(p).copyMemory(from: pairs.utf8Start + Int(k) * 2, byteCount: 2)
    }
}
