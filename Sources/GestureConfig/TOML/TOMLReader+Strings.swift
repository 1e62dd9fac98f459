/// The four kinds of string: basic and literal, on one line or several.
extension TOMLReader.Parser {
    /// `"..."`, at the opening quote. Without escapes the text is taken from the bytes as they are.
    mutating func basicString() throws(TOMLError) -> String {
        i += 1
        var run = i
        var out: [UInt8] = []
        var escaped = false
        while i < end {
            switch bytes[i] {
            case .quote:
                let text: String
                if escaped {
                    out.append(contentsOf: bytes[run..<i])
                    text = String(decoding: out, as: UTF8.self)
                } else {
                    text = string(run..<i)
                }
                i += 1
                return text
            case .backslash:
                out.append(contentsOf: bytes[run..<i])
                try escape(into: &out)
                run = i
                escaped = true
            case .newline, .carriageReturn:
                throw error("expected a closing '\"' before the end of the line", at: i)
            case let c where c.isControl:
                throw controlCharacter(
                    at: i, in: "a string (write it as an escape: \\u\(Self.hex(c, digits: 4)))")
            default:
                i += 1
            }
        }
        throw error("expected a closing '\"' before the end of the document", at: i)
    }

    /// `'...'`, at the opening apostrophe: no escapes.
    mutating func literalString() throws(TOMLError) -> String {
        i += 1
        let run = i
        while i < end {
            switch bytes[i] {
            case .apostrophe:
                let text = string(run..<i)
                i += 1
                return text
            case .newline, .carriageReturn:
                throw error("expected a closing \"'\" before the end of the line", at: i)
            case let c where c.isControl:
                throw controlCharacter(at: i, in: "a literal string")
            default:
                i += 1
            }
        }
        throw error("expected a closing \"'\" before the end of the document", at: i)
    }

    /// `"""..."""` or `'''...'''`, at the first delimiter: a newline right after the opening is
    /// dropped, CRLF reads as LF, and up to two delimiters may end the text before the closing
    /// three. In the basic kind a backslash escapes, or at a line's end joins the line to the next
    /// non-blank text.
    mutating func multilineString(_ delimiter: UInt8, at opening: TOMLPosition) throws(TOMLError)
        -> String
    {
        let basic = delimiter == .quote
        i += 3
        skipNewline()
        var out: [UInt8] = []
        var run = i
        while i < end {
            switch bytes[i] {
            case delimiter:
                var n = 1
                while peek(n) == delimiter { n += 1 }
                if n >= 3 {
                    let inside = min(n - 3, 2)
                    out.append(contentsOf: bytes[run..<(i + inside)])
                    i += 3 + inside
                    return String(decoding: out, as: UTF8.self)
                }
                i += n
            case .backslash where basic:
                out.append(contentsOf: bytes[run..<i])
                if peek(1) == .space || peek(1) == .tab || peek(1) == .newline
                    || peek(1) == .carriageReturn
                {
                    try lineEndingBackslash()
                } else {
                    try escape(into: &out)
                }
                run = i
            case .newline:
                i += 1
            case .carriageReturn where peek(1) == .newline:
                out.append(contentsOf: bytes[run..<i])
                out.append(.newline)
                i += 2
                run = i
            case let c where c.isControl:
                throw controlCharacter(
                    at: i,
                    in: basic
                        ? "a string (write it as an escape: \\u\(Self.hex(c, digits: 4)))"
                        : "a literal string")
            default:
                i += 1
            }
        }
        let closing = basic ? "'\"\"\"'" : "\"'''\""
        throw error(
            "expected \(closing) to close the multi-line string that starts at line \(opening.line)",
            at: i)
    }

    /// The newline right after an opening `"""` or `'''`, if there is one.
    mutating func skipNewline() {
        if peek() == .newline {
            i += 1
        } else if peek() == .carriageReturn, peek(1) == .newline {
            i += 2
        }
    }

    /// A backslash, blanks, then the line end: drops all of it and the blank lines and
    /// indentation after it.
    mutating func lineEndingBackslash() throws(TOMLError) {
        i += 1
        skipSpaces()
        guard atNewline else {
            throw error(
                "a backslash followed by spaces must end the line, but \(found(at: i)) follows",
                at: i)
        }
        while i < end {
            switch bytes[i] {
            case .space, .tab, .newline: i += 1
            case .carriageReturn where peek(1) == .newline: i += 2
            default: return
            }
        }
    }

    /// `\n`, `\"`, `\u00E9`, `\U0001F600`..., at the backslash.
    mutating func escape(into out: inout [UInt8]) throws(TOMLError) {
        let start = i
        let c = peek(1)
        let simple: UInt8? =
            switch c {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): 0x0D
            case .quote: .quote
            case .backslash: .backslash
            default: nil
            }
        if let simple, i + 1 < end {
            out.append(simple)
            i += 2
            return
        }
        guard c == UInt8(ascii: "u") || c == UInt8(ascii: "U"), i + 1 < end else {
            if i + 1 >= end || atNewlineAfterBackslash || c.isControl {
                throw error(
                    "a backslash must begin an escape such as \\n, \\\" or \\\\ (found \(found(at: i + 1)))",
                    at: start)
            }
            throw error(
                "invalid escape \"\\\(found(at: i + 1).dropFirst().dropLast())\" (a backslash is written \\\\)",
                at: start)
        }
        let digits = c == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for k in 2..<(2 + digits) {
            guard let digit = peek(k).hexValue else {
                throw error(
                    "expected \(digits) hexadecimal digits after \\\(c == UInt8(ascii: "u") ? "u" : "U"), found \(found(at: i + k))",
                    at: i + k)
            }
            value = value << 4 | UInt32(digit)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "\\\(string((start + 1)..<(start + 2 + digits))) is not a Unicode scalar value",
                at: start)
        }
        out.append(contentsOf: String(Character(scalar)).utf8)
        i += 2 + digits
    }

    private var atNewlineAfterBackslash: Bool {
        peek(1) == .newline || (peek(1) == .carriageReturn && peek(2) == .newline)
    }
}

extension UInt8 {
    var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
