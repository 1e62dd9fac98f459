import GestureCore

/// A small JSON reader and writer for one trace line: the trace format is JSON Lines, and the
/// standard library is all this module needs.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// A parse error at a 1-based column of the line.
    public struct ParseError: Error, Equatable {
        public let column: Int
        public let message: String
    }

    public static func parse(_ text: Substring) throws(ParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, ParseError> in
            do throws(ParseError) { return .success(try parse(bytes: bytes)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one line's UTF-8 bytes; columns count bytes from 1.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.at < parser.bytes.count { throw parser.error("unexpected text after the value") }
        return value
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        func error(_ message: String) -> ParseError { ParseError(column: at + 1, message: message) }

        mutating func skipSpace() {
            while at < bytes.count,
                bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D || bytes[at] == 0x0A
            {
                at += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < 32 else { throw error("nested too deeply") }
            guard at < bytes.count else { throw error("a value is missing") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try word("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try word("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try word("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try number())
            default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[at])))'")
            }
        }

        mutating func word(_ w: StaticString) throws(ParseError) {
            let n = w.utf8CodeUnitCount
            guard at + n <= bytes.count else { throw error("unexpected end of line") }
            for i in 0..<n where bytes[at + i] != w.utf8Start[i] {
                throw error("unexpected character")
            }
            at += n
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            at += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else {
                    throw error("a key in double quotes is expected")
                }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else {
                    throw error("':' is expected after \"\(key)\"")
                }
                at += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw error("the object is not closed with '}'") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                if bytes[at] == UInt8(ascii: "}") {
                    at += 1
                    return .object(members)
                }
                throw error("',' or '}' is expected")
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw error("the array is not closed with ']'") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                if bytes[at] == UInt8(ascii: "]") {
                    at += 1
                    return .array(items)
                }
                throw error("',' or ']' is expected")
            }
        }

        mutating func string() throws(ParseError) -> String {
            at += 1
            let start = at
            var scalars = String.UnicodeScalarView()
            var plain = true
            while at < bytes.count {
                let b = bytes[at]
                if b == UInt8(ascii: "\"") {
                    let result =
                        plain ? String(decoding: bytes[start..<at], as: UTF8.self) : String(scalars)
                    at += 1
                    return result
                }
                if b < 0x20 { throw error("control character in a string") }
                if b == UInt8(ascii: "\\") {
                    if plain {
                        scalars.append(
                            contentsOf: String(decoding: bytes[start..<at], as: UTF8.self)
                                .unicodeScalars)
                        plain = false
                    }
                    at += 1
                    guard at < bytes.count else { break }
                    switch bytes[at] {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        scalars.append(try escapedScalar())
                    default: throw error("bad escape in a string")
                    }
                    at += 1
                    continue
                }
                if !plain {
                    // Copy one UTF-8 sequence.
                    var end = at + 1
                    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                    scalars.append(
                        contentsOf: String(decoding: bytes[at..<end], as: UTF8.self).unicodeScalars)
                    at = end
                    continue
                }
                at += 1
            }
            throw error("the string is not closed with '\"'")
        }

        /// The scalar of a `\uXXXX` escape, `at` on its `u`, left on its last digit. A character
        /// beyond U+FFFF is written as a UTF-16 surrogate pair, `\ud83d\ude00` (as Python's
        /// json.dumps writes it), and is read as the one scalar; a surrogate without its other half
        /// is U+FFFD.
        mutating func escapedScalar() throws(ParseError) -> Unicode.Scalar {
            let code = try hex4()
            if (0xD800...0xDBFF).contains(code), at + 2 < bytes.count,
                bytes[at + 1] == UInt8(ascii: "\\"), bytes[at + 2] == UInt8(ascii: "u")
            {
                let mark = at
                at += 2
                let low = try hex4()
                if (0xDC00...0xDFFF).contains(low) {
                    return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!
                }
                at = mark
            }
            return Unicode.Scalar(code) ?? "\u{FFFD}"
        }

        /// The 4 hex digits after `at`, which is left on the last of them.
        mutating func hex4() throws(ParseError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                at += 1
                guard at < bytes.count, let d = hexDigit(bytes[at]) else {
                    throw error("bad \\u escape")
                }
                code = code * 16 + d
            }
            return code
        }

        func hexDigit(_ b: UInt8) -> UInt32? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = at
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            while at < bytes.count {
                let b = bytes[at]
                if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".")
                    || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "+")
                    || b == UInt8(ascii: "-")
                {
                    at += 1
                } else {
                    break
                }
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            guard let v = Double(text) else {
                at = start
                throw error("'\(text)' is not a number")
            }
            guard v.isFinite else {
                at = start
                throw error("'\(text)' is too large for a number")
            }
            return v
        }
    }
}
