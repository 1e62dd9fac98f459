extension TraceFields {
    /// Reads the fields of a line that is one flat JSON object: plain keys, and values that are
    /// numbers, strings without escapes, true, false or null. False for any other line, which
    /// `JSONValue` then reads whole: this never decides that a line is wrong, so every error
    /// and its column still come from one parser.
    ///
    /// It reads the UTF-8 bytes in place, without a tree or a String per key, in one pass through
    /// a raw pointer into fields the reader keeps from line to line: space is looked for only
    /// where a byte is not the one a line gestured writes has there, and a number is read as it
    /// is passed over. It takes ASCII lines only, so that it can read any line before anyone
    /// looks at its encoding.
    mutating func read(flatLine b: UnsafeBufferPointer<UInt8>) -> Bool {
        clear()
        guard let p = b.baseAddress, b.count < Int(Int32.max) else { return false }
        let n = b.count
        var at = 0
        /// Skips JSON's space; false at the end of the line.
        @inline(__always) func skipSpace() -> Bool {
            while at < n {
                let c = p[at]
                guard c <= 0x20, c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A else {
                    return true
                }
                at &+= 1
            }
            return false
        }
        guard skipSpace(), p[at] == UInt8(ascii: "{") else { return false }
        at &+= 1
        guard skipSpace() else { return false }
        if p[at] == UInt8(ascii: "}") {
            at &+= 1
        } else {
            while true {
                if at >= n || p[at] != UInt8(ascii: "\"") {
                    guard skipSpace(), p[at] == UInt8(ascii: "\"") else { return false }
                }
                let keyStart = at &+ 1
                let key: Key?
                if let known = Key.known(p, keyStart, n) {
                    key = known.key
                    at = known.valueAt
                } else {
                    guard let keyEnd = TraceFields.plainStringEnd(p, from: keyStart, to: n) else {
                        return false
                    }
                    key = Key(p + keyStart, count: keyEnd &- keyStart)
                    at = keyEnd &+ 1
                    if at >= n || p[at] != UInt8(ascii: ":") {
                        guard skipSpace(), p[at] == UInt8(ascii: ":") else { return false }
                    }
                    at &+= 1
                }
                if at >= n || p[at] <= 0x20 { guard skipSpace() else { return false } }
                switch p[at] {
                case UInt8(ascii: "\""):
                    guard let end = TraceFields.plainStringEnd(p, from: at &+ 1, to: n) else {
                        return false
                    }
                    if let key { setFirst(key, textAt: at &+ 1, count: end &- at &- 1) }
                    at = end &+ 1
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let v = TraceFields.number(p, at: &at, to: n) else { return false }
                    if let key { setFirst(key, number: v) }
                case UInt8(ascii: "t"):
                    guard TraceFields.spells(p, at, n, "true") else { return false }
                    if let key { setFirst(key, bool: true) }
                    at &+= 4
                case UInt8(ascii: "f"):
                    guard TraceFields.spells(p, at, n, "false") else { return false }
                    if let key { setFirst(key, bool: false) }
                    at &+= 5
                case UInt8(ascii: "n"):
                    guard TraceFields.spells(p, at, n, "null") else { return false }
                    if let key { setFirstNull(key) }
                    at &+= 4
                default:
                    return false
                }
                if at >= n || p[at] <= 0x20 { guard skipSpace() else { return false } }
                if p[at] == UInt8(ascii: ",") {
                    at &+= 1
                    continue
                }
                if p[at] == UInt8(ascii: "}") {
                    at &+= 1
                    break
                }
                return false
            }
        }
        if at < n && skipSpace() { return false }
        // A header has arrays to check: the full reader takes it.
        return !has(.trace)
    }

    /// The index of the closing quote of a string whose text starts at `from`; nil when it has
    /// an escape, a control character or a byte that is not ASCII, or is not closed.
    @inline(__always)
    static func plainStringEnd(_ p: UnsafePointer<UInt8>, from: Int, to n: Int) -> Int? {
        var i = from
        while i < n {
            let c = p[i]
            if c == UInt8(ascii: "\"") { return i }
            // Below 0x20 or from 0x80 up, in one comparison.
            if c &- 0x20 >= 0x60 || c == UInt8(ascii: "\\") { return nil }
            i &+= 1
        }
        return nil
    }

    @inline(__always)
    private static func spells(_ p: UnsafePointer<UInt8>, _ at: Int, _ n: Int, _ w: StaticString)
        -> Bool
    {
        let count = w.utf8CodeUnitCount
        guard at + count <= n else { return false }
        for i in 0..<count where p[at &+ i] != w.utf8Start[i] { return false }
        return true
    }

    /// A number, moving `at` past it, taking the bytes `JSONValue`'s parser takes (digits, `.`,
    /// `e`, `E`, `+`, `-`) and giving the value it gives; nil where it would throw.
    ///
    /// At most 15 digits with a fraction of at most 15 are `m / 10^k` with both exact, and one
    /// correctly rounded division is what strtod gives (Clinger's fast path): those are read in
    /// the one pass over their digits: a word at a time (`shortNumber`) or, for longer ones and
    /// lines shorter than a word, a byte at a time (`longNumber`). Anything else goes through
    /// `Double(String)`, as before.
    @inline(__always)
    static func number(_ p: UnsafePointer<UInt8>, at: inout Int, to n: Int) -> Double? {
        var end = at
        if let v = shortNumber(p, at: &end, to: n), end == n || !isNumberByte(p[end]) {
            at = end
            return v
        }
        return longNumber(p, at: &at, to: n)
    }

    /// The number at `at` (`at < n`) when it has 1 to 7 digits before the point and, with a
    /// point, 1 to 8 after it; nil for any other, left to `longNumber`. It moves `at` past the
    /// number; what follows it is for the caller to check (never a digit).
    ///
    /// The eight bytes after the sign are loaded at once (the last eight of the line when fewer
    /// are left, shifted down so that the line's end reads as bytes that are not digits), the
    /// point and the end are found with a few operations on the whole word, the point taken
    /// out, and the digits turned into their number by three multiplications (Lemire's
    /// eight-digit conversion). A fraction that goes on past the word (a mouse's `1000.6121`,
    /// nine bytes) is read from a word of its own (`longFraction`).
    @inline(__always)
    static func shortNumber(_ p: UnsafePointer<UInt8>, at: inout Int, to n: Int) -> Double? {
        let negative = p[at] == UInt8(ascii: "-")
        let start = negative ? at &+ 1 : at
        guard start < n, n >= 8 else { return nil }
        let values = digitValues(p, at: start, to: n)
        let notDigit = notDigits(values)
        let whole = notDigit.trailingZeroBitCount &>> 3
        // 1 to 7 digits before the point, in one comparison.
        guard UInt(bitPattern: whole &- 1) < 7 else { return nil }
        var digits = values
        var count = whole
        var end = whole
        var scale = 0
        if (values &>> UInt64(truncatingIfNeeded: 8 &* whole)) & 0xFF
            == UInt64(UInt8(ascii: ".") ^ 0x30)
        {
            end =
                (notDigit & ~(0x80 &<< UInt64(truncatingIfNeeded: 8 &* whole))).trailingZeroBitCount
                &>> 3
            scale = end &- whole &- 1
            if end == 8 && start &+ 8 < n && p[start &+ 8] &- UInt8(ascii: "0") < 10 {
                guard
                    let v = longFraction(
                        p, whole: values, count: whole, from: start &+ whole &+ 1, to: n, end: &end)
                else { return nil }
                at = end
                return negative ? -v : v
            }
            guard scale > 0 else { return nil }
            // The point taken out: the bytes above it move down one.
            let below: UInt64 = (1 &<< UInt64(truncatingIfNeeded: 8 &* whole)) &- 1
            digits = (values & below) | ((values &>> 8) & ~below)
            count = end &- 1
        }
        // Below 2^53: the signed conversion is exact, and one instruction where the unsigned
        // one is several. m / 10^k with both exact is correctly rounded, as strtod is.
        var magnitude = Double(Int64(bitPattern: digitsValue(digits, count: count)))
        if scale > 0 { magnitude /= powerOfTen(scale) }
        at = start &+ end
        return negative ? -magnitude : magnitude
    }

    /// The magnitude of a number whose `count` whole digits are the first of `whole` and whose
    /// fraction, from `from`, goes on past the word: 1 to 8 digits read from a word of their
    /// own, moving `end` past them; nil for more. Whole digits and fraction are at most 15, so
    /// that every step is exact below 2^53, and the one division correctly rounded.
    @inline(never)
    private static func longFraction(
        _ p: UnsafePointer<UInt8>, whole: UInt64, count: Int, from: Int, to n: Int, end: inout Int
    ) -> Double? {
        let fraction = digitValues(p, at: from, to: n)
        let digits = notDigits(fraction).trailingZeroBitCount &>> 3
        // No ninth digit.
        guard digits < 8 || from &+ 8 >= n || p[from &+ 8] &- UInt8(ascii: "0") >= 10 else {
            return nil
        }
        let power = powerOfTen(digits)
        end = from &+ digits
        return
            (Double(Int64(bitPattern: digitsValue(whole, count: count))) * power
            + Double(Int64(bitPattern: digitsValue(fraction, count: digits)))) / power
    }

    /// The eight bytes at `at` (`at < n`, `n >= 8`), or the rest of the line shifted down with
    /// zeros above it, with each digit's byte turned into its value, 0 to 9; any other byte is
    /// above 9.
    @inline(__always)
    private static func digitValues(_ p: UnsafePointer<UInt8>, at: Int, to n: Int) -> UInt64 {
        let from = at &+ 8 <= n ? at : n &- 8
        let word =
            UnsafeRawPointer(p + from).loadUnaligned(as: UInt64.self).littleEndian
            &>> UInt64(truncatingIfNeeded: 8 &* (at &- from))
        return word ^ 0x3030_3030_3030_3030
    }

    /// The high bit of each byte of a word of `digitValues` that is not a digit. A byte above 9
    /// gets its high bit set by adding 0x76 (or had it). A carry out of a byte only comes from
    /// one that is not a digit, and only spoils the bytes after it, never looked at.
    @inline(__always)
    private static func notDigits(_ values: UInt64) -> UInt64 {
        ((values &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
    }

    /// The number the first `count` (1 to 8) digits of a word of `digitValues` spell. The first
    /// digit, in the lowest byte, is the most significant: the digits are moved to the top of
    /// the word, zeros below them, and combined in pairs, pairs of pairs, halves.
    @inline(__always)
    private static func digitsValue(_ values: UInt64, count: Int) -> UInt64 {
        var v = values &<< UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        return ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
    }

    /// The number the byte loop reads: any number of digits, before `slowNumber` for the rest.
    @inline(never)
    static func longNumber(_ p: UnsafePointer<UInt8>, at: inout Int, to n: Int) -> Double? {
        let start = at
        let negative = p[start] == UInt8(ascii: "-")
        var i = negative ? start &+ 1 : start
        var mantissa: UInt64 = 0
        let digitsStart = i
        while i < n {
            let d = p[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i &+= 1
        }
        var digits = i &- digitsStart
        var fraction = 0
        if digits > 0 && i < n && p[i] == UInt8(ascii: ".") {
            i &+= 1
            let fractionStart = i
            while i < n {
                let d = p[i] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i &+= 1
            }
            fraction = i &- fractionStart
            // "1." is not taken here.
            if fraction == 0 { digits = 0 }
        }
        if digits > 0 && digits &+ fraction <= 15 && (i == n || !isNumberByte(p[i])) {
            at = i
            let magnitude =
                fraction == 0 ? Double(mantissa) : Double(mantissa) / powerOfTen(fraction)
            return negative ? -magnitude : magnitude
        }
        return slowNumber(p, at: &at, to: n, from: start)
    }

    @inline(__always)
    private static func isNumberByte(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: ".") || c == UInt8(ascii: "e")
            || c == UInt8(ascii: "E")
            || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
    }

    /// What the one pass does not take (an exponent, more than 15 digits), read as `JSONValue`
    /// reads it.
    @inline(never)
    private static func slowNumber(
        _ p: UnsafePointer<UInt8>, at: inout Int, to n: Int, from start: Int
    ) -> Double? {
        var end = start + 1
        while end < n, isNumberByte(p[end]) { end += 1 }
        guard
            let v = Double(
                String(
                    decoding: UnsafeBufferPointer(start: p + start, count: end - start),
                    as: UTF8.self)),
            v.isFinite
        else {
            return nil
        }
        at = end
        return v
    }

    /// 10^k for k in 1...15, exact: a switch is a table in read-only memory, where a global array
    /// is a lazy initialization checked at every use.
    @inline(__always)
    private static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }
}
