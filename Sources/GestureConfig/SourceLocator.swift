/// Finds where a key stands in TOML source text, for errors of meaning: the parser gives
/// positions only for syntax errors.
///
/// It reads the UTF-8 bytes once and keeps, in dictionaries, the place of every top-level key,
/// of every `[table]` and `[[array-of-tables]]` header and of each key written in them, and of
/// each element of a top-level array (`gesture = [{ ... }, { ... }]`) with the keys of its
/// inline table. Each `locate` is then a lookup, so that a config of many gestures loads in
/// time linear in its size. Strings, multi-line strings and comments are skipped, so that a
/// `[[gesture]]` inside a string is not a header. Columns count Unicode scalars from 1.
///
/// It also notes the keys whose value holds a NUL escape (`"\u0000"`): TOMLKit hands strings
/// over as C strings, cut short at the NUL, so only the source can tell.
struct SourceLocator {
    struct Place: Equatable {
        var line: Int
        var column: Int
    }

    /// A table written in the text: where it opens, and where each of its keys' values starts.
    struct Table {
        var place: Place
        var keys: [String: Place] = [:]
    }

    /// `key = value` before any header, and the first header of each top-level name.
    private(set) var topKeys: [String: Place] = [:]
    /// `[name]` headers and top-level `name = { ... }` inline tables.
    private(set) var tables: [String: Table] = [:]
    /// `[[name]]` headers and the elements of top-level `name = [ ... ]` arrays, in order.
    private(set) var arrays: [String: [Table]] = [:]
    /// Keys whose value has a string with a NUL in it.
    fileprivate var keysHoldingNUL: Set<KeyReference> = []

    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            scanner.scan(into: &self)
        }
    }

    /// The 1-based line and column of the value of `key` in the `index`th element of the array
    /// of tables `table` (or in the table `table` when index is nil, or at the top level when
    /// table is nil); the table's own place when the key is not written there.
    func locate(table: String?, index: Int?, key: String?) -> (line: Int, column: Int)? {
        let place: Place?
        if let table {
            let found: Table?
            if let index {
                found = arrays[table].flatMap { index < $0.count ? $0[index] : nil }
            } else {
                found = tables[table]
            }
            place = found.map { t in key.flatMap { t.keys[$0] } ?? t.place } ?? topKeys[table]
        } else if let key {
            place = topKeys[key]
        } else {
            place = nil
        }
        return place.map { ($0.line, $0.column) }
    }

    /// Whether the value of `key` (placed as in `locate`) has a string with a NUL escape.
    func holdsNUL(table: String?, index: Int?, key: String) -> Bool {
        guard !keysHoldingNUL.isEmpty else { return false }
        let destination: Destination = table.map { t in index.map { .element(t, $0) } ?? .table(t) } ?? .top
        return keysHoldingNUL.contains(KeyReference(destination: destination, key: key))
    }

    // MARK: Recording

    /// Where the keys being read go.
    fileprivate enum Destination: Hashable {
        case top
        case table(String)
        case element(String, Int)
        case nowhere
    }

    /// A key of a table.
    fileprivate struct KeyReference: Hashable {
        var destination: Destination
        var key: String
    }

    /// What a value about to be read is, for recording.
    fileprivate enum ValueRole {
        /// The value of a top-level key: an array's elements and an inline table are recorded.
        case top(String)
        /// An element of a recorded top-level array.
        case element(String)
        case other
    }

    fileprivate mutating func record(key path: [String], at place: Place, in destination: Destination) {
        guard let first = path.first else { return }
        let names = path.count > 1 ? [path.joined(separator: "."), first] : [first]
        for name in names {
            switch destination {
            case .top:
                if topKeys[name] == nil { topKeys[name] = place }
            case .table(let t):
                if tables[t]?.keys[name] == nil { tables[t]?.keys[name] = place }
            case .element(let a, let i):
                if arrays[a]?[i].keys[name] == nil { arrays[a]?[i].keys[name] = place }
            case .nowhere:
                break
            }
        }
    }

    /// A header `[path]` or `[[path]]` at `place`: where the keys after it go.
    fileprivate mutating func header(_ path: [String], isArray: Bool, at place: Place) -> Destination {
        guard let first = path.first else { return .nowhere }
        if topKeys[first] == nil { topKeys[first] = place }
        if path.count == 1 {
            if isArray {
                arrays[first, default: []].append(Table(place: place))
                return .element(first, arrays[first]!.count - 1)
            }
            if tables[first] == nil { tables[first] = Table(place: place) }
            return .table(first)
        }
        // `[gesture.sub]` writes the key `sub` of the last gesture (or of the table gesture).
        if let last = arrays[first]?.indices.last {
            record(key: Array(path.dropFirst()), at: place, in: .element(first, last))
        } else if tables[first] != nil {
            record(key: Array(path.dropFirst()), at: place, in: .table(first))
        }
        return .nowhere
    }

    /// A value of `role` starting at `place` (an inline table when `isTable`): where the keys
    /// of that inline table go.
    fileprivate mutating func begin(_ role: ValueRole, at place: Place, isTable: Bool) -> Destination {
        switch role {
        case .top(let name) where isTable:
            if tables[name] == nil { tables[name] = Table(place: place) }
            return .table(name)
        case .element(let name):
            arrays[name, default: []].append(Table(place: place))
            return isTable ? .element(name, arrays[name]!.count - 1) : .nowhere
        case .top, .other:
            return .nowhere
        }
    }
}

/// One pass over the bytes of a TOML text. It trusts that the text parsed: on anything
/// unexpected it moves on rather than fail, and it always advances.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var line = 1
    var lineStart = 0
    /// The last column computed, so that many keys on one long line cost one count.
    var columnMark = (pos: 0, column: 1)
    /// The key whose value is being read.
    var key: SourceLocator.KeyReference?
    /// Set when a string of that value has a NUL escape.
    var sawNUL = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3; lineStart = 3; columnMark = (3, 1) }
    }

    var atEnd: Bool { pos >= bytes.count }
    var byte: UInt8 { bytes[pos] }

    func peek(_ offset: Int) -> UInt8? { pos + offset < bytes.count ? bytes[pos + offset] : nil }

    mutating func place() -> SourceLocator.Place {
        if columnMark.pos < lineStart || columnMark.pos > pos { columnMark = (lineStart, 1) }
        var column = columnMark.column
        for i in columnMark.pos..<pos where bytes[i] & 0xC0 != 0x80 { column += 1 }
        columnMark = (pos, column)
        return SourceLocator.Place(line: line, column: column)
    }

    /// Moves one byte on, counting lines.
    mutating func advance() {
        if bytes[pos] == UInt8(ascii: "\n") {
            line += 1
            lineStart = pos + 1
        }
        pos += 1
    }

    mutating func skipSpaces() {
        while !atEnd, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { pos += 1 }
    }

    mutating func skipComment() {
        guard !atEnd, byte == UInt8(ascii: "#") else { return }
        while !atEnd, byte != UInt8(ascii: "\n") { pos += 1 }
    }

    /// Spaces, comments and line ends.
    mutating func skipBlank() {
        while true {
            skipSpaces()
            skipComment()
            guard !atEnd, byte == UInt8(ascii: "\n") else { return }
            advance()
        }
    }

    /// One character of a one-line string: an escape (`\"`) is two.
    mutating func skipCharacter(escapes: Bool) {
        guard escapes && byte == UInt8(ascii: "\\") else { pos += 1; return }
        noteNUL()
        pos += peek(1).map { $0 != UInt8(ascii: "\n") } == true ? 2 : 1
    }

    /// At a backslash: notes an escape that stands for NUL (`\u0000`, `\U00000000`, `\x00`).
    mutating func noteNUL() {
        for escape in ["u0000", "U00000000", "x00"] where bytes[(pos + 1)...].starts(with: escape.utf8) {
            sawNUL = true
        }
    }

    mutating func skipLine() {
        while !atEnd, byte != UInt8(ascii: "\n") { pos += 1 }
    }

    // MARK: Statements

    mutating func scan(into locator: inout SourceLocator) {
        var destination = SourceLocator.Destination.top
        while true {
            skipBlank()
            if atEnd { return }
            let start = pos
            if byte == UInt8(ascii: "[") {
                let at = place()
                let isArray = peek(1) == UInt8(ascii: "[")
                pos += isArray ? 2 : 1
                let path = keyPath()
                destination = locator.header(path, isArray: isArray, at: at)
                skipLine()
                continue
            }
            let path = keyPath()
            skipSpaces()
            guard !path.isEmpty, !atEnd, byte == UInt8(ascii: "=") else {
                if pos == start { skipLine() }
                continue
            }
            pos += 1
            skipSpaces()
            let at = place()
            locator.record(key: path, at: at, in: destination)
            let role: SourceLocator.ValueRole
            if case .top = destination, path.count == 1 { role = .top(path[0]) } else { role = .other }
            readingValue(of: SourceLocator.KeyReference(destination: destination, key: path[0]), into: &locator)
            value(role, into: &locator)
            readingValue(of: nil, into: &locator)
        }
    }

    /// `a`, `"a b"`, `'a'`, `a.b.c`, with spaces around the dots.
    mutating func keyPath() -> [String] {
        // A NUL escape in a quoted key is no NUL in a value.
        let sawNULBefore = sawNUL
        defer { sawNUL = sawNULBefore }
        var parts: [String] = []
        while true {
            skipSpaces()
            if atEnd { return parts }
            let quote = byte
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                pos += 1
                let start = pos
                while !atEnd, byte != quote, byte != UInt8(ascii: "\n") { skipCharacter(escapes: quote == UInt8(ascii: "\"")) }
                parts.append(String(decoding: bytes[start..<min(pos, bytes.count)], as: UTF8.self))
                if !atEnd, byte == quote { pos += 1 }
            } else {
                let start = pos
                while !atEnd, Scanner.isBare(byte) { pos += 1 }
                if pos == start { return parts }
                parts.append(String(decoding: bytes[start..<pos], as: UTF8.self))
            }
            skipSpaces()
            guard !atEnd, byte == UInt8(ascii: ".") else { return parts }
            pos += 1
        }
    }

    /// Begins reading the value of `key`, having finished that of the key before.
    mutating func readingValue(of next: SourceLocator.KeyReference?, into locator: inout SourceLocator) {
        if sawNUL, let key { locator.keysHoldingNUL.insert(key) }
        sawNUL = false
        key = next
    }

    static func isBare(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
            || b >= 0x80
    }

    // MARK: Values

    /// An array or inline table being read.
    struct Frame {
        var isArray: Bool
        /// Arrays: the role of their elements. Inline tables: where their keys go.
        var elements: SourceLocator.ValueRole
        var keys: SourceLocator.Destination
        /// The key being read around an inline table, read again once it closes.
        var outerKey: SourceLocator.KeyReference?

        /// Whether this inline table's keys are recorded (and so read each on its own).
        var recordsKeys: Bool {
            if case .nowhere = keys { return false }
            return true
        }
    }

    /// Reads one value, however deeply nested, without recursion.
    mutating func value(_ role: SourceLocator.ValueRole, into locator: inout SourceLocator) {
        var stack: [Frame] = []
        var role = role
        while true {
            // A value starts here.
            skipBlank()
            if atEnd { return }
            let at = place()
            switch byte {
            case UInt8(ascii: "["):
                _ = locator.begin(role, at: at, isTable: false)
                var elements = SourceLocator.ValueRole.other
                if case .top(let name) = role { elements = .element(name) }
                stack.append(Frame(isArray: true, elements: elements, keys: .nowhere, outerKey: nil))
                pos += 1
            case UInt8(ascii: "{"):
                let keys = locator.begin(role, at: at, isTable: true)
                stack.append(Frame(isArray: false, elements: .other, keys: keys, outerKey: key))
                pos += 1
            default:
                _ = locator.begin(role, at: at, isTable: false)
                scalar()
            }
            // After a value, or inside a container: close, separate, or find the next value.
            while true {
                guard let top = stack.last else { return }
                skipBlank()
                if atEnd { return }
                let start = pos
                if byte == UInt8(ascii: top.isArray ? "]" : "}") {
                    if top.recordsKeys { readingValue(of: top.outerKey, into: &locator) }
                    stack.removeLast()
                    pos += 1
                    continue
                }
                if byte == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                if top.isArray {
                    role = top.elements
                    break
                }
                let path = keyPath()
                skipSpaces()
                if !path.isEmpty, !atEnd, byte == UInt8(ascii: "=") {
                    pos += 1
                    skipSpaces()
                    locator.record(key: path, at: place(), in: top.keys)
                    if top.recordsKeys {
                        readingValue(of: SourceLocator.KeyReference(destination: top.keys, key: path[0]), into: &locator)
                    }
                    role = .other
                    break
                }
                if pos == start { advance() }
            }
        }
    }

    /// A string, number, date or boolean.
    mutating func scalar() {
        guard !atEnd else { return }
        let quote = byte
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let escapes = quote == UInt8(ascii: "\"")
            if peek(1) == quote && peek(2) == quote {
                pos += 3
                while !atEnd {
                    if escapes && byte == UInt8(ascii: "\\") {
                        noteNUL()
                        advance()
                        if !atEnd { advance() }
                    } else if byte == quote && peek(1) == quote && peek(2) == quote {
                        pos += 3
                        // Up to two more quotes belong to the string: `""""` ends it with one.
                        for _ in 0..<2 where !atEnd && byte == quote { pos += 1 }
                        return
                    } else {
                        advance()
                    }
                }
                return
            }
            pos += 1
            while !atEnd, byte != quote, byte != UInt8(ascii: "\n") { skipCharacter(escapes: escapes) }
            if !atEnd, byte == quote { pos += 1 }
            return
        }
        // Dates may hold a space (`1979-05-27 07:32:00`): read to a delimiter.
        while !atEnd {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\n"), UInt8(ascii: "#"):
                return
            default:
                pos += 1
            }
        }
    }
}
