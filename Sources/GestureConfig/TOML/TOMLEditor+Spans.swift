extension TOMLEditor {
    /// One reading of the text: the parsed document, and byte offsets for the reader's places.
    struct Spans {
        let bytes: [UInt8]
        let root: TOMLTable
        /// The byte offset at which each line starts.
        let lineStarts: [Int]

        init(_ text: String) throws(TOMLEditError) {
            bytes = Array(text.utf8)
            do {
                root = try TOMLReader.parse(text)
            } catch {
                throw TOMLEditError("\(error.position): \(error.message)")
            }
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == .newline { starts.append(i + 1) }
            lineStarts = starts
        }

        /// The byte offset of a place: columns count scalars, so continuation bytes are skipped.
        func offset(_ p: TOMLPosition) -> Int {
            var i = lineStarts[p.line - 1]
            var column = 1
            while column < p.column, i < bytes.count {
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
                column += 1
            }
            return i
        }

        func lineStart(of offset: Int) -> Int {
            var i = offset
            while i > 0, bytes[i - 1] != .newline { i -= 1 }
            return i
        }

        /// Just past the newline that ends the line `offset` is on (the end of the text without one).
        func lineEnd(after offset: Int) -> Int {
            var i = offset
            while i < bytes.count, bytes[i] != .newline { i += 1 }
            return min(i + 1, bytes.count)
        }

        func isBlank(_ range: Range<Int>) -> Bool {
            bytes[range].allSatisfy {
                $0 == .space || $0 == .tab || $0 == .newline || $0 == .carriageReturn
            }
        }

        /// The table to edit, nil when it is not written; refused when it is written inline or
        /// by dotted keys, which have no lines of their own to add to.
        func table(_ which: TOMLEditor.Table) throws(TOMLEditError) -> TOMLTable? {
            let value: TOMLValue?
            switch which {
            case .named(let name): value = root[name]
            case .item(let name, let index):
                guard let items = root[name]?.array else { return nil }
                value = index < items.count ? items[index] : nil
            }
            guard let value else { return nil }
            guard let table = value.table else {
                throw TOMLEditError("\(value.position): \(which) is not a table")
            }
            let at = offset(table.position)
            guard at < bytes.count, bytes[at] == .openBracket else {
                throw TOMLEditError(
                    "\(table.position): \(which) is written inline or with dotted keys; edit it in the file"
                )
            }
            return table
        }

        /// The span of the value written for `key`, found by reading it again from its start.
        func valueSpan(_ value: TOMLValue, key: String, in table: TOMLEditor.Table)
            throws(TOMLEditError) -> Range<Int>
        {
            if let t = value.table, bytes[offset(t.position)] != .openBrace {
                throw TOMLEditError("\(t.position): \(table).\(key) is a table, not a value")
            }
            let start = offset(value.position)
            let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
                var parser = TOMLReader.Parser(buffer)
                parser.i = start
                do { _ = try parser.value(depth: 1) } catch { return nil }
                return parser.i
            }
            guard let end else {
                throw TOMLEditError("\(value.position): \(table).\(key) could not be read again")
            }
            return start..<end
        }

        /// Just past the line of the table's last key (of its header, without keys).
        func endOfLastLine(_ table: TOMLTable) -> Int {
            var end = lineEnd(after: offset(table.position))
            for key in table.keys {
                guard let value = table[key] else { continue }
                // Tables under it that headers of their own define are not its lines.
                if let t = value.table, bytes[offset(t.position)] == .openBracket { continue }
                if let items = value.array, let first = items.first?.table,
                    bytes[offset(first.position)] == .openBracket
                {
                    continue
                }
                let span =
                    (try? valueSpan(value, key: key, in: .named("")))
                    ?? (offset(value.position)..<offset(value.position))
                end = max(end, lineEnd(after: span.upperBound))
            }
            return end
        }

        /// From the `index`th `[[name]]` header's line to its last key's.
        func itemSpan(_ name: String, _ index: Int) throws(TOMLEditError) -> Range<Int> {
            guard let table = try table(.item(name, index)) else {
                throw TOMLEditError("there is no \(TOMLEditor.Table.item(name, index)) to edit")
            }
            return lineStart(of: offset(table.position))..<endOfLastLine(table)
        }

        /// The line of the first `[[header]]` at the top level, where a new `[table]` goes before.
        func firstArrayHeader() -> Int? {
            var first: Int?
            for key in root.keys {
                guard let item = root[key]?.array?.first?.table else { continue }
                let at = offset(item.position)
                if bytes[at] == .openBracket { first = min(first ?? at, lineStart(of: at)) }
            }
            return first
        }
    }
}
