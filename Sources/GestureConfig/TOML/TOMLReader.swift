/// Reads TOML 1.0 into `TOMLTable`s that know where every key and value is written.
///
/// It works on the UTF-8 bytes of the text in one pass, builds the document as it goes and
/// freezes it at the end; positions are counted from the bytes only when a key or value asks
/// for one, and always forwards, so the whole read stays linear. Errors stop at the first
/// problem and say line:column and what was expected there.
public enum TOMLReader {
    /// How deep tables and arrays may nest (the root is 0), so that hostile input cannot exhaust
    /// the stack: the reader recurses once per level.
    public static let maximumDepth = 64

    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(TOMLError) in
                var parser = Parser(bytes)
                return try parser.document()
            }
        }
        return try result.get()
    }

    /// The same for raw bytes, which may not be UTF-8: a `String` made from a file with
    /// `String(decoding:as:)` would have replaced bad bytes silently.
    public static func parse(utf8: some Sequence<UInt8>) throws(TOMLError) -> TOMLTable {
        let bytes = Array(utf8)
        let result = bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(TOMLError) in
                var parser = Parser(bytes)
                try parser.validateUTF8()
                return try parser.document()
            }
        }
        return try result.get()
    }
}

extension TOMLReader {
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let end: Int
        var i: Int
        var locator: Locator
        let root: TableBuilder
        /// The table that `key = value` lines go to: the last header's.
        var current: TableBuilder
        /// The last header's key, for messages.
        var currentPath: [String] = []
        /// Numbers each table section and inline table: dotted keys may add only to tables
        /// made in their own section.
        var section = 0
        var sectionCount = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let bom =
                bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
            self.bytes = bytes
            end = bytes.count
            i = bom
            locator = Locator(bytes: bytes, start: bom)
            root = TableBuilder(
                position: TOMLPosition(line: 1, column: 1), origin: .header, depth: 0)
            current = root
        }

        // MARK: The document

        mutating func document() throws(TOMLError) -> TOMLTable {
            while true {
                skipSpaces()
                guard i < end else { break }
                switch bytes[i] {
                case .hash, .newline, .carriageReturn:
                    try endLine(after: "")
                case .openBracket:
                    try header()
                    try endLine(after: "the table header")
                default:
                    try keyValue(into: current, section: section, path: currentPath)
                    try endLine(after: "the value")
                }
            }
            return root.freeze()
        }

        /// `key = value`, at the key, into `table` or the tables its dots lead to.
        mutating func keyValue(into table: TableBuilder, section: Int, path: [String])
            throws(TOMLError)
        {
            let parts = try key()
            skipSpaces()
            guard peek() == .equals else {
                throw error(
                    "expected \"=\" after the key \(quoted(parts)), found \(found(at: i))", at: i)
            }
            i += 1
            skipSpaces()
            let target = try dottedTarget(parts, in: table, section: section, path: path)
            let value = try value(depth: target.depth + 1)
            target.add(
                parts[parts.count - 1].key, at: parts[parts.count - 1].position, .value(value))
        }

        /// `[a.b]` or `[[a.b]]`, at the first bracket.
        mutating func header() throws(TOMLError) {
            let position = position(at: i)
            i += 1
            let isArray = peek() == .openBracket
            if isArray { i += 1 }
            skipSpaces()
            let parts = try key()
            skipSpaces()
            if isArray {
                guard peek() == .closeBracket, peek(1) == .closeBracket else {
                    let at = peek() == .closeBracket ? i + 1 : i
                    throw error(
                        "expected \"]]\" to close the header [[\(tableName(parts))]], found \(found(at: at))",
                        at: at)
                }
                i += 2
            } else {
                guard peek() == .closeBracket else {
                    throw error(
                        "expected \"]\" to close the header [\(tableName(parts))], found \(found(at: i))",
                        at: i)
                }
                i += 1
            }
            try openTable(parts, at: position, isArray: isArray)
        }

        // MARK: Keys

        struct KeyPart {
            let key: TOMLKey
            let position: TOMLPosition
            var text: String { key.text }
        }

        /// A bare, quoted or dotted key.
        mutating func key() throws(TOMLError) -> [KeyPart] {
            var parts = [try keyPart(afterDot: false)]
            while true {
                skipSpaces()
                guard peek() == .dot else { return parts }
                i += 1
                skipSpaces()
                parts.append(try keyPart(afterDot: true))
            }
        }

        mutating func keyPart(afterDot: Bool) throws(TOMLError) -> KeyPart {
            let position = position(at: i)
            let text: String
            switch peek() {
            case .quote:
                if peek(1) == .quote, peek(2) == .quote {
                    throw error("a key cannot be a multi-line string", at: i)
                }
                text = try basicString()
            case .apostrophe:
                if peek(1) == .apostrophe, peek(2) == .apostrophe {
                    throw error("a key cannot be a multi-line string", at: i)
                }
                text = try literalString()
            case let c where c.isBareKey:
                let start = i
                while i < end, bytes[i].isBareKey { i += 1 }
                text = string(start..<i)
            default:
                throw error(
                    "expected a key\(afterDot ? " after \".\"" : ""), found \(found(at: i))", at: i)
            }
            return KeyPart(key: TOMLKey(text), position: position)
        }

        // MARK: Values

        mutating func value(depth: Int) throws(TOMLError) -> TOMLValue {
            let position = position(at: i)
            let kind: TOMLValue.Kind
            switch peek() {
            case .quote:
                kind = .string(
                    peek(1) == .quote && peek(2) == .quote
                        ? try multilineString(.quote, at: position) : try basicString())
            case .apostrophe:
                kind = .string(
                    peek(1) == .apostrophe && peek(2) == .apostrophe
                        ? try multilineString(.apostrophe, at: position) : try literalString())
            case .openBracket:
                try checkDepth(depth, at: i)
                kind = .array(try array(depth: depth))
            case .openBrace:
                try checkDepth(depth, at: i)
                kind = .table(try inlineTable(at: position, depth: depth))
            case UInt8(ascii: "t") where word(is: "true"):
                i += 4
                kind = .bool(true)
            case UInt8(ascii: "f") where word(is: "false"):
                i += 5
                kind = .bool(false)
            case let c
            where c.isDigit || c == .plus || c == .minus || c == UInt8(ascii: "i")
                || c == UInt8(ascii: "n"):
                kind = try numberOrDatetime()
            default:
                throw noValue()
            }
            return TOMLValue(kind, at: position)
        }

        /// `[ value, value, ]`, at the bracket: newlines and comments may stand between elements.
        mutating func array(depth: Int) throws(TOMLError) -> [TOMLValue] {
            i += 1
            var items: [TOMLValue] = []
            while true {
                try skipBlank()
                if peek() == .closeBracket {
                    i += 1
                    return items
                }
                items.append(try value(depth: depth + 1))
                try skipBlank()
                switch peek() {
                case .comma:
                    i += 1
                case .closeBracket:
                    i += 1
                    return items
                default:
                    throw error(
                        "expected \",\" or \"]\" after an array element, found \(found(at: i))",
                        at: i)
                }
            }
        }

        /// `{ key = value, ... }`, at the brace: on one line, no trailing comma, closed for good.
        mutating func inlineTable(at position: TOMLPosition, depth: Int) throws(TOMLError)
            -> TOMLTable
        {
            i += 1
            let table = TableBuilder(position: position, origin: .header, depth: depth)
            sectionCount += 1
            let section = sectionCount
            skipSpaces()
            if peek() == .closeBrace {
                i += 1
                return table.freeze()
            }
            while true {
                skipSpaces()
                if atNewline {
                    throw error(
                        "expected a key, found \(found(at: i)) (an inline table must be on one line)",
                        at: i)
                }
                try keyValue(into: table, section: section, path: [])
                skipSpaces()
                switch peek() {
                case .comma:
                    let comma = i
                    i += 1
                    skipSpaces()
                    if peek() == .closeBrace {
                        throw error("a trailing comma is not allowed in an inline table", at: comma)
                    }
                case .closeBrace:
                    i += 1
                    return table.freeze()
                default:
                    let hint = atNewline ? " (an inline table must be on one line)" : ""
                    throw error(
                        "expected \",\" or \"}\" after a value in an inline table, found \(found(at: i))\(hint)",
                        at: i)
                }
            }
        }

        mutating func checkDepth(_ depth: Int, at offset: Int) throws(TOMLError) {
            if depth > TOMLReader.maximumDepth {
                throw error(
                    "tables and arrays nest deeper than \(TOMLReader.maximumDepth) levels",
                    at: offset)
            }
        }

        /// The word at `i` is `word`, not the start of a longer one.
        func word(is word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard i + count <= end else { return false }
            for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
            return !peek(count).isBareKey
        }

        /// What stands where a value should: a bare word gets the hint that strings are quoted.
        mutating func noValue() -> TOMLError {
            var j = i
            while j < end, bytes[j].isBareKey || bytes[j] == .dot { j += 1 }
            if j > i, bytes[i] | 0x20 >= UInt8(ascii: "a"), bytes[i] | 0x20 <= UInt8(ascii: "z") {
                return error(
                    "expected a value, found \"\(string(i..<j))\" (a string is written in quotes)",
                    at: i)
            }
            return error("expected a value, found \(found(at: i))", at: i)
        }

        // MARK: Space, comments, line ends

        mutating func skipSpaces() {
            while i < end, bytes[i] == .space || bytes[i] == .tab { i += 1 }
        }

        var atNewline: Bool {
            peek() == .newline || (peek() == .carriageReturn && peek(1) == .newline)
        }

        /// A `#` comment, up to (not over) the line end.
        mutating func skipComment() throws(TOMLError) {
            i += 1
            while i < end {
                let c = bytes[i]
                if c == .newline || (c == .carriageReturn && peek(1) == .newline) { return }
                if c.isControl { throw controlCharacter(at: i, in: "a comment") }
                i += 1
            }
        }

        /// Spaces, comments and newlines, as between array elements.
        mutating func skipBlank() throws(TOMLError) {
            while i < end {
                switch bytes[i] {
                case .space, .tab, .newline: i += 1
                case .carriageReturn where peek(1) == .newline: i += 2
                case .hash: try skipComment()
                default: return
                }
            }
        }

        /// What may follow a value or header: spaces, a comment, then a newline or the end.
        mutating func endLine(after what: String) throws(TOMLError) {
            skipSpaces()
            if peek() == .hash { try skipComment() }
            if i >= end { return }
            if bytes[i] == .newline {
                i += 1
            } else if bytes[i] == .carriageReturn, peek(1) == .newline {
                i += 2
            } else {
                throw error(
                    "expected the end of the line\(what.isEmpty ? "" : " after \(what)"), found \(found(at: i))",
                    at: i)
            }
        }

        // MARK: Bytes and messages

        @inline(__always) func peek(_ k: Int = 0) -> UInt8 { i + k < end ? bytes[i + k] : 0 }

        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        mutating func position(at offset: Int) -> TOMLPosition { locator.position(at: offset) }

        mutating func error(_ message: String, at offset: Int) -> TOMLError {
            TOMLError(position: position(at: offset), message: message)
        }

        mutating func controlCharacter(at offset: Int, in place: String) -> TOMLError {
            if bytes[offset] == .carriageReturn {
                return error("a carriage return must be followed by a line feed", at: offset)
            }
            return error(
                "the control character \(unicodeName(bytes[offset])) is not allowed in \(place)",
                at: offset)
        }

        /// "the end of the line", `"x"`, or the control character's code.
        func found(at offset: Int) -> String {
            guard offset < end else { return "the end of the document" }
            let c = bytes[offset]
            if c == .newline
                || (c == .carriageReturn && offset + 1 < end && bytes[offset + 1] == .newline)
            {
                return "the end of the line"
            }
            if c == .carriageReturn { return "a carriage return without a line feed" }
            if c.isControl { return "the control character \(unicodeName(c))" }
            if c == .quote { return "'\"'" }
            let length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
            return "\"\(string(offset..<min(offset + length, end)))\""
        }

        func unicodeName(_ c: UInt8) -> String { "U+" + Self.hex(c, digits: 4) }

        static func hex(_ value: some BinaryInteger, digits: Int) -> String {
            TOMLText.hex(value, digits: digits)
        }

        /// A key as it would be written, in quotes: `"a.b"`.
        func quoted(_ parts: some Collection<KeyPart>) -> String { "\"\(tableName(parts))\"" }

        func tableName(_ parts: some Collection<KeyPart>) -> String {
            Self.keyText(parts.map(\.text))
        }

        static func keyText(_ path: [String]) -> String {
            path.map { part in
                if !part.isEmpty, part.utf8.allSatisfy(\.isBareKey) { return part }
                return "\"" + TOMLText.escaped(part) + "\""
            }.joined(separator: ".")
        }

        // MARK: UTF-8

        /// Rejects overlong forms, surrogates and values past U+10FFFF, as well as stray bytes.
        mutating func validateUTF8() throws(TOMLError) {
            var k = 0
            while k < end {
                let c = bytes[k]
                if c < 0x80 {
                    k += 1
                    continue
                }
                var need = 0
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch c {
                case 0xC2...0xDF: need = 1
                case 0xE0:
                    need = 2
                    low = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: need = 2
                case 0xED:
                    need = 2
                    high = 0x9F
                case 0xF0:
                    need = 3
                    low = 0x90
                case 0xF1...0xF3: need = 3
                case 0xF4:
                    need = 3
                    high = 0x8F
                default: need = -1
                }
                var valid = need > 0 && k + need < end
                if valid {
                    for n in 1...need {
                        let byte = bytes[k + n]
                        if n == 1 ? !(low...high).contains(byte) : !(0x80...0xBF).contains(byte) {
                            valid = false
                        }
                    }
                }
                guard valid else {
                    throw error(
                        "invalid UTF-8: the byte 0x\(Self.hex(c, digits: 2)) does not begin a character",
                        at: k)
                }
                k += need + 1
            }
        }
    }

    /// Turns byte offsets into line:column, moving forwards from the last answer, so that asking
    /// in document order costs one pass in all.
    struct Locator {
        let bytes: UnsafeBufferPointer<UInt8>
        let start: Int
        var offset: Int
        var line = 1
        var column = 1

        init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
            self.bytes = bytes
            self.start = start
            offset = start
        }

        mutating func position(at target: Int) -> TOMLPosition {
            if target < offset {
                offset = start
                line = 1
                column = 1
            }
            while offset < target, offset < bytes.count {
                let c = bytes[offset]
                if c == .newline {
                    line += 1
                    column = 1
                } else if c & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
            return TOMLPosition(line: line, column: column)
        }
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let apostrophe = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isBareKey: Bool {
        isDigit || (self | 0x20 >= 0x61 && self | 0x20 <= 0x7A) || self == .minus
            || self == .underscore
    }
    /// Control characters other than tab: never allowed raw, except line ends where lines end.
    var isControl: Bool { (self < 0x20 && self != .tab) || self == 0x7F }
}
