extension TraceFields {
    /// The fields of a line that is one flat JSON object: plain keys, and values that are
    /// numbers, strings without escapes, true, false or null. Nil for any other line, which
    /// `JSONValue` then reads whole: this never decides that a line is wrong, so every error
    /// and its column still come from one parser.
    ///
    /// It reads the UTF-8 bytes in place, without a tree or a String per key, because building
    /// a `JSONValue` for every event was a fifth of `gestured replay`'s time. It takes ASCII
    /// lines only, so that it can read any line before anyone looks at its encoding.
    init?(flatLine b: UnsafeBufferPointer<UInt8>) {
        self.init()
        let n = b.count
        guard n < Int(Int32.max) else { return nil }
        var at = 0
        @inline(__always) func skipSpace() {
            // Most places have none: one comparison says so.
            while at < n, b[at] <= 0x20, b[at] == 0x20 || b[at] == 0x09 || b[at] == 0x0D || b[at] == 0x0A { at += 1 }
        }
        skipSpace()
        guard at < n, b[at] == UInt8(ascii: "{") else { return nil }
        at += 1
        skipSpace()
        if at < n, b[at] == UInt8(ascii: "}") {
            at += 1
        } else {
            while true {
                skipSpace()
                guard at < n, b[at] == UInt8(ascii: "\"") else { return nil }
                guard let keyEnd = TraceFields.plainStringEnd(b, from: at + 1) else { return nil }
                let key = Key(b.baseAddress! + at + 1, count: keyEnd - at - 1)
                at = keyEnd + 1
                skipSpace()
                guard at < n, b[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                skipSpace()
                guard at < n else { return nil }
                let value: Value
                switch b[at] {
                case UInt8(ascii: "\""):
                    guard let end = TraceFields.plainStringEnd(b, from: at + 1) else { return nil }
                    value = .string(.inLine(start: Int32(at + 1), count: Int32(end - at - 1)))
                    at = end + 1
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let parsed = TraceFields.number(b, from: at) else { return nil }
                    value = .number(parsed.value)
                    at = parsed.end
                case UInt8(ascii: "t"):
                    guard TraceFields.word(b, at, "true") else { return nil }
                    value = .bool(true)
                    at += 4
                case UInt8(ascii: "f"):
                    guard TraceFields.word(b, at, "false") else { return nil }
                    value = .bool(false)
                    at += 5
                case UInt8(ascii: "n"):
                    guard TraceFields.word(b, at, "null") else { return nil }
                    value = .null
                    at += 4
                default:
                    return nil
                }
                if let key { setFirst(key, value) }
                skipSpace()
                guard at < n else { return nil }
                if b[at] == UInt8(ascii: ",") { at += 1; continue }
                if b[at] == UInt8(ascii: "}") { at += 1; break }
                return nil
            }
        }
        skipSpace()
        // A header has arrays to check: the full reader takes it.
        guard at == n, trace == nil else { return nil }
    }

    /// The index of the closing quote of a string whose text starts at `from`; nil when it has
    /// an escape, a control character or a byte that is not ASCII, or is not closed.
    private static func plainStringEnd(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { return i }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return nil }
            i += 1
        }
        return nil
    }

    private static func word(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ w: StaticString) -> Bool {
        let count = w.utf8CodeUnitCount
        guard at + count <= b.count else { return false }
        for i in 0..<count where b[at + i] != w.utf8Start[i] { return false }
        return true
    }

    /// A number and the index after it, taking the bytes `JSONValue`'s parser takes (digits,
    /// `.`, `e`, `E`, `+`, `-`) and giving the value it gives; nil where it would throw.
    ///
    /// At most 15 digits with a fraction of at most 15 are `m / 10^k` with both exact, and one
    /// correctly rounded division is what strtod gives (Clinger's fast path): those are read in
    /// one pass. Anything else goes through `Double(String)`, as before.
    private static func number(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: Double, end: Int)? {
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }
        @inline(__always) func isNumberByte(_ c: UInt8) -> Bool {
            isDigit(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
        }
        let n = b.count
        var i = start
        let negative = b[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        let digitsStart = i
        while i < n, isDigit(b[i]) {
            mantissa = mantissa &* 10 &+ UInt64(b[i] &- UInt8(ascii: "0"))
            i += 1
        }
        let digits = i - digitsStart
        var fraction = 0
        var simple = digits > 0
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n, isDigit(b[i]) {
                mantissa = mantissa &* 10 &+ UInt64(b[i] &- UInt8(ascii: "0"))
                i += 1
            }
            fraction = i - fractionStart
            simple = simple && fraction > 0
        }
        if simple && digits + fraction <= 15 && (i == n || !isNumberByte(b[i])) {
            let magnitude = fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
            return (negative ? -magnitude : magnitude, i)
        }
        var end = start + 1
        while end < n, isNumberByte(b[end]) { end += 1 }
        guard let v = Double(String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)), v.isFinite else {
            return nil
        }
        return (v, end)
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
