/// Integers, floats, dates and times.
extension TOMLReader.Parser {
    /// At a digit, sign, `i` or `n`: a date or time if the text has that shape (`YYYY-` or
    /// `HH:`), else a number made of the bytes a number may hold, checked as a whole.
    mutating func numberOrDatetime() throws(TOMLError) -> TOMLValue.Kind {
        if let text = try datetime() { return .datetime(text) }
        let start = i
        var j = i
        while j < end, bytes[j].isBareKey || bytes[j] == .dot || bytes[j] == .plus { j += 1 }
        let token = UnsafeBufferPointer(rebasing: bytes[start..<j])
        if let kind = try number(token, at: start) {
            i = j
            return kind
        }
        throw noValue()
    }

    /// nil when the token is a word rather than a malformed number (`nope`), so that the caller
    /// can say a value was expected.
    mutating func number(_ token: UnsafeBufferPointer<UInt8>, at start: Int) throws(TOMLError)
        -> TOMLValue.Kind?
    {
        var text: String { string(start..<(start + token.count)) }
        let signed = token.first == .plus || token.first == .minus
        let negative = token.first == .minus
        var k = signed ? 1 : 0
        let body = UnsafeBufferPointer(rebasing: token[k...])
        if body.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
        if body.elementsEqual("nan".utf8) { return .float(negative ? -.nan : .nan) }
        guard k < token.count, token[k].isDigit else {
            if signed { throw error("invalid number \"\(text)\"", at: start) }
            return nil
        }

        if k + 1 < token.count, token[k] == UInt8(ascii: "0"), let radix = Self.radix(token[k + 1])
        {
            guard !signed else {
                throw error(
                    "invalid number \"\(text)\": only decimal numbers take a sign", at: start)
            }
            k += 2
            let digitsEnd = try digits(token, from: k, radix: radix, at: start)
            guard digitsEnd == token.count, digitsEnd > k else {
                throw error("invalid number \"\(text)\"", at: start)
            }
            return .integer(
                try integer(token[k..<digitsEnd], radix: radix, negative: false, at: start))
        }

        let integerStart = k
        k = try digits(token, from: k, radix: 10, at: start)
        let integerEnd = k
        var isFloat = false
        if k < token.count, token[k] == .dot {
            isFloat = true
            let fraction = try digits(token, from: k + 1, radix: 10, at: start)
            guard fraction > k + 1 else {
                throw error(
                    "invalid number \"\(text)\": a decimal point needs digits on both sides",
                    at: start)
            }
            k = fraction
        }
        if k < token.count, token[k] | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            k += 1
            if k < token.count, token[k] == .plus || token[k] == .minus { k += 1 }
            let exponent = try digits(token, from: k, radix: 10, at: start)
            guard exponent > k else {
                throw error("invalid number \"\(text)\": the exponent needs digits", at: start)
            }
            k = exponent
        }
        guard k == token.count else { throw error("invalid number \"\(text)\"", at: start) }
        if token[integerStart] == UInt8(ascii: "0"), integerEnd - integerStart > 1 {
            throw error("invalid number \"\(text)\": leading zeros are not allowed", at: start)
        }
        if !isFloat {
            return .integer(
                try integer(
                    token[integerStart..<integerEnd], radix: 10, negative: negative, at: start))
        }
        var plain = ""
        plain.reserveCapacity(token.count)
        for byte in token where byte != .underscore {
            plain.unicodeScalars.append(Unicode.Scalar(byte))
        }
        guard let value = Double(plain) else {
            throw error("invalid number \"\(text)\"", at: start)
        }
        return .float(value)
    }

    static func radix(_ prefix: UInt8) -> Int? {
        switch prefix {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// The end of the digits from `from` on, where an underscore may only stand between two.
    mutating func digits(_ token: UnsafeBufferPointer<UInt8>, from: Int, radix: Int, at start: Int)
        throws(TOMLError) -> Int
    {
        var k = from
        while k < token.count {
            let c = token[k]
            if c == .underscore {
                guard k > from, k + 1 < token.count, token[k + 1].digit(radix: radix) != nil else {
                    throw error(
                        "invalid number \"\(string(start..<(start + token.count)))\": an underscore must stand between two digits",
                        at: start)
                }
            } else if c.digit(radix: radix) == nil {
                break
            }
            k += 1
        }
        return k
    }

    /// Accumulated towards the sign, so that -9223372036854775808 fits. `digits` is a slice of
    /// the whole token, which starts at `start`.
    mutating func integer(
        _ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: Int, negative: Bool, at start: Int
    ) throws(TOMLError) -> Int {
        var value = 0
        for c in digits where c != .underscore {
            let d = Int(c.digit(radix: radix)!)
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            let (next, o2) =
                negative
                ? shifted.subtractingReportingOverflow(d) : shifted.addingReportingOverflow(d)
            guard !o1, !o2 else {
                throw error(
                    "the integer \"\(string(start..<(start + digits.base.count)))\" does not fit in 64 bits",
                    at: start)
            }
            value = next
        }
        return value
    }

    // MARK: Dates and times

    /// `1979-05-27`, `1979-05-27T07:32:00.5-07:00` (`t` or a space may stand for `T`, `z` for
    /// `Z`), `07:32:00`: checked, and kept as written. nil if the text has no date or time shape.
    mutating func datetime() throws(TOMLError) -> String? {
        let start = i
        if (0..<4).allSatisfy({ peek($0).isDigit }), peek(4) == .minus {
            guard let year = number(at: i, 4), peek(4) == .minus, let month = number(at: i + 5, 2),
                peek(7) == .minus,
                let day = number(at: i + 8, 2), (1...12).contains(month),
                (1...Self.days(inMonth: month, year: year)).contains(day)
            else { throw badDatetime("date", from: start) }
            var j = i + 10
            let separator = j < end ? bytes[j] : 0
            if separator | 0x20 == UInt8(ascii: "t")
                || (separator == .space && number(at: j + 1, 2) != nil
                    && peekAbsolute(j + 3) == .colon)
            {
                guard let timeEnd = time(at: j + 1) else {
                    throw badDatetime("date-time", from: start)
                }
                j = timeEnd
                let zone = peekAbsolute(j)
                if zone | 0x20 == UInt8(ascii: "z") {
                    j += 1
                } else if zone == .plus || zone == .minus {
                    guard let hours = number(at: j + 1, 2), hours < 24,
                        peekAbsolute(j + 3) == .colon,
                        let minutes = number(at: j + 4, 2), minutes < 60
                    else { throw badDatetime("date-time", from: start) }
                    j += 6
                }
            }
            i = j
            return string(start..<j)
        }
        if peek().isDigit, peek(1).isDigit, peek(2) == .colon {
            guard let timeEnd = time(at: i) else { throw badDatetime("time", from: start) }
            i = timeEnd
            return string(start..<timeEnd)
        }
        return nil
    }

    /// The end of `HH:MM:SS` with an optional fraction at `j`; TOML 1.0 needs the seconds.
    func time(at j: Int) -> Int? {
        guard let hour = number(at: j, 2), hour < 24, peekAbsolute(j + 2) == .colon,
            let minute = number(at: j + 3, 2), minute < 60, peekAbsolute(j + 5) == .colon,
            let second = number(at: j + 6, 2), second < 60
        else { return nil }
        var k = j + 8
        if peekAbsolute(k) == .dot {
            k += 1
            guard peekAbsolute(k).isDigit else { return nil }
            while peekAbsolute(k).isDigit { k += 1 }
        }
        return k
    }

    /// The decimal number written with exactly `count` digits at `j`.
    func number(at j: Int, _ count: Int) -> Int? {
        guard j + count <= end else { return nil }
        var value = 0
        for k in j..<(j + count) {
            guard bytes[k].isDigit else { return nil }
            value = value * 10 + Int(bytes[k] - 0x30)
        }
        return value
    }

    func peekAbsolute(_ j: Int) -> UInt8 { j < end ? bytes[j] : 0 }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Quotes what was written, as far as it looks like a date or time.
    mutating func badDatetime(_ what: String, from start: Int) -> TOMLError {
        var j = start
        while j < end {
            let c = bytes[j]
            if c.isBareKey || c == .colon || c == .dot || c == .plus
                || (c == .space && j == start + 10 && peekAbsolute(j + 1).isDigit)
            {
                j += 1
            } else {
                break
            }
        }
        return error("invalid \(what) \"\(string(start..<j))\"", at: start)
    }
}

extension UInt8 {
    func digit(radix: Int) -> UInt8? {
        guard let value = hexValue, Int(value) < radix else { return nil }
        return value
    }
}
