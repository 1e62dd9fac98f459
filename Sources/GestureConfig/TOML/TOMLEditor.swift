import GestureCore

/// Edits TOML text as a person would: a changed value replaces only its own span, a new key is
/// a new line after the table's last one, a removed table takes its lines and nothing else.
/// Comments, order, spacing and quoting of everything not changed stay as written, so that a
/// one-field change diffs as one line.
///
/// Every edit reads the current text again with `TOMLReader` (a config is a few kilobytes) and
/// finds its spans from the places the reader keeps; a value's end is where the reader's own
/// parser stops after it. What cannot be edited in place (a table written inline, a key written
/// with dots) is refused with a `TOMLEditError` that says where, never rewritten.
public struct TOMLEditor: Sendable {
    /// A table of the document: `[settings]`, or the `index`th `[[gesture]]`.
    public enum Table: Hashable, Sendable, CustomStringConvertible {
        case named(String)
        case item(String, Int)

        public var description: String {
            switch self {
            case .named(let name): "[\(name)]"
            case .item(let name, let index): "\(name)[\(index)]"
            }
        }
    }

    /// A value to write, as TOML text.
    public enum Literal: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case number(Double)
        case bool(Bool)
        case strings([String])

        /// How it is written: strings in double quotes with TOML's escapes, a number without a
        /// needless `.0`.
        public var text: String {
            switch self {
            case .string(let s): "\"" + TOMLText.escaped(s) + "\""
            case .integer(let n): String(n)
            case .number(let x): NumberText.plain(x)
            case .bool(let b): b ? "true" : "false"
            case .strings(let list):
                "[" + list.map { Literal.string($0).text }.joined(separator: ", ") + "]"
            }
        }
    }

    public private(set) var text: String

    /// Refuses text that is not TOML: there would be no places to edit by.
    public init(_ text: String) throws(TOMLError) {
        _ = try TOMLReader.parse(text)
        self.text = text
    }

    // MARK: Keys

    /// Writes `key = value` in `table`: over the old value's span when the key is there, else
    /// as a new line after the table's last key (a missing `[name]` table is added before the
    /// first array of tables, or at the end).
    public mutating func set(_ key: String, to value: Literal, in table: Table)
        throws(TOMLEditError)
    {
        let doc = try Spans(text)
        if let found = try doc.table(table) {
            if let entry = found[key] {
                let span = try doc.valueSpan(entry, key: key, in: table)
                replace(span, with: value.text)
            } else {
                let at = doc.endOfLastLine(found)
                insert(Self.keyText(key) + " = " + value.text + "\n", at: at, newlineBefore: true)
            }
            return
        }
        guard case .named(let name) = table else {
            throw TOMLEditError("there is no \(table) to edit")
        }
        let block = "[\(Self.keyText(name))]\n" + Self.keyText(key) + " = " + value.text + "\n"
        if let first = doc.firstArrayHeader() {
            insert(block + "\n", at: first, newlineBefore: false)
        } else {
            appendBlock(block)
        }
    }

    /// Removes the key's line (its comment on the same line too); nothing when it is absent.
    public mutating func remove(_ key: String, from table: Table) throws(TOMLEditError) {
        let doc = try Spans(text)
        guard let found = try doc.table(table), let entry = found[key] else { return }
        let span = try doc.valueSpan(entry, key: key, in: table)
        guard let keyAt = found.keyPosition(key) else { return }
        let start = doc.lineStart(of: doc.offset(keyAt))
        guard doc.isBlank(start..<doc.offset(keyAt)) else {
            throw TOMLEditError(
                "\(keyAt): \(key) shares its line with something else and cannot be removed alone")
        }
        replace(start..<doc.lineEnd(after: span.upperBound), with: "")
    }

    // MARK: Arrays of tables

    /// How many `[[name]]` tables there are.
    public func count(of array: String) -> Int {
        (try? TOMLReader.parse(text))?[array]?.array?.count ?? 0
    }

    /// Adds a `[[name]]` table with these keys, after the `index`th one (at the end without one).
    public mutating func addItem(
        _ array: String, _ entries: [(String, Literal)], after index: Int? = nil
    ) throws(TOMLEditError) {
        let block =
            "[[\(Self.keyText(array))]]\n"
            + entries.map { Self.keyText($0.0) + " = " + $0.1.text + "\n" }.joined()
        try insertItem(block, array, after: index)
    }

    /// The `index`th `[[name]]` table as written: from its header to its last key's line.
    public func itemText(_ array: String, at index: Int) throws(TOMLEditError) -> String {
        let doc = try Spans(text)
        return String(decoding: doc.bytes[try doc.itemSpan(array, index)], as: UTF8.self)
    }

    /// Adds a copy of the `index`th `[[name]]` table, as written, after it.
    public mutating func duplicateItem(_ array: String, at index: Int) throws(TOMLEditError) {
        try insertItem(try itemText(array, at: index), array, after: index)
    }

    /// Removes the `index`th `[[name]]` table: its header, its keys and the comments among them,
    /// and the blank line after it. Comments above its header stay: they may be about the next.
    public mutating func removeItem(_ array: String, at index: Int) throws(TOMLEditError) {
        let doc = try Spans(text)
        var span = try doc.itemSpan(array, index)
        if span.upperBound < doc.bytes.count,
            doc.isBlank(span.upperBound..<doc.lineEnd(after: span.upperBound))
        {
            span = span.lowerBound..<doc.lineEnd(after: span.upperBound)
        }
        replace(span, with: "")
    }

    private mutating func insertItem(_ block: String, _ array: String, after index: Int?)
        throws(TOMLEditError)
    {
        let doc = try Spans(text)
        if let index {
            let span = try doc.itemSpan(array, index)
            insert("\n" + block, at: span.upperBound, newlineBefore: true)
        } else {
            appendBlock(block)
        }
    }

    // MARK: Text

    /// The document's line ending: new lines are written with it.
    private var newline: String {
        let bytes = Array(text.utf8)
        return zip(bytes, bytes.dropFirst()).contains { $0 == (.carriageReturn, .newline) }
            ? "\r\n" : "\n"
    }

    /// Lines written by an edit, with the document's line ending.
    private func lines(_ new: String) -> String {
        newline == "\n"
            ? new
            : new.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }

    private mutating func replace(_ range: Range<Int>, with new: String) {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(range, with: Array(new.utf8))
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// `newlineBefore`: the place may be the end of a document without a final newline.
    private mutating func insert(_ new: String, at offset: Int, newlineBefore: Bool) {
        let bytes = Array(text.utf8)
        let needs =
            newlineBefore && offset > 0 && offset == bytes.count && bytes[offset - 1] != .newline
        replace(offset..<offset, with: lines((needs ? "\n" : "") + new))
    }

    /// At the end, after one blank line.
    private mutating func appendBlock(_ block: String) {
        let bytes = Array(text.utf8)
        var tail = ""
        if !bytes.isEmpty {
            if bytes.last != .newline { tail += "\n" }
            let lastLine = bytes[(bytes.dropLast().lastIndex(of: .newline) ?? -1) + 1..<bytes.count]
            if !lastLine.allSatisfy({ $0 == .newline || $0 == .carriageReturn }) { tail += "\n" }
        }
        text += lines(tail + block)
    }

    static func keyText(_ key: String) -> String { TOMLReader.Parser.keyText([key]) }
}

/// Why an edit was refused, and where.
public struct TOMLEditError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
