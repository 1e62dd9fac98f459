/// What may define or extend which table: TOML 1.0's rules, in the two places a table is reached.
///
/// - A `[header]` may pass through any table (an array of tables: its last element), define a
///   table that headers only implied, once, and never one that dotted keys made.
/// - A `[[header]]` appends to an array that `[[header]]`s made, never to a static array.
/// - Dotted keys may make tables and add to those made in the same section (or only implied by
///   headers), never to a table a header defined, an array of tables or an inline table.
/// - Nothing may change a value once written: inline tables and static arrays are values.
extension TOMLReader.Parser {
    mutating func openTable(_ parts: [KeyPart], at position: TOMLPosition, isArray: Bool)
        throws(TOMLError)
    {
        var table = root
        for (n, part) in parts.enumerated() {
            let isLast = n == parts.count - 1
            guard let slot = table[part.key] else {
                try checkDepth(table.depth + (isLast && isArray ? 2 : 1), at: part)
                if isLast, isArray {
                    let item = TableBuilder(
                        position: position, origin: .header, depth: table.depth + 2)
                    table.add(
                        part.key, at: part.position,
                        .tables(TableBuilder.TableArray(position: position, items: [item])))
                    table = item
                } else {
                    let made = TableBuilder(
                        position: position, origin: isLast ? .header : .implicit,
                        depth: table.depth + 1)
                    table.add(part.key, at: part.position, .table(made))
                    table = made
                }
                continue
            }
            let name = tableName(parts[...n])
            switch slot.node {
            case .value(let value):
                if value.table != nil {
                    throw error(
                        "the inline table \"\(name)\" (line \(slot.keyPosition.line)) cannot be extended",
                        at: part)
                } else if isLast, isArray, value.array != nil {
                    throw error(
                        "the array \"\(name)\" (line \(slot.keyPosition.line)) is static and cannot be extended with [[\(name)]]",
                        at: part)
                } else if isLast {
                    throw error(
                        "the key \"\(name)\" is already defined at line \(slot.keyPosition.line)",
                        at: part)
                } else {
                    throw error(
                        "the key \"\(name)\" is already defined at line \(slot.keyPosition.line) and is not a table",
                        at: part)
                }
            case .table(let found):
                if !isLast {
                    table = found
                } else if isArray {
                    throw error(
                        "the table [\(name)] is already defined at line \(found.position.line) and is not an array of tables",
                        at: part)
                } else {
                    switch found.origin {
                    case .implicit:
                        found.origin = .header
                        found.position = position
                        table = found
                    case .header:
                        throw error(
                            "the table [\(name)] is already defined at line \(found.position.line)",
                            at: part)
                    case .dotted:
                        throw error(
                            "the table [\(name)] is already defined by dotted keys at line \(found.position.line)",
                            at: part)
                    }
                }
            case .tables(let array):
                if !isLast {
                    table = array.items[array.items.count - 1]
                } else if isArray {
                    try checkDepth(table.depth + 2, at: part)
                    let item = TableBuilder(
                        position: position, origin: .header, depth: table.depth + 2)
                    array.items.append(item)
                    table = item
                } else {
                    throw error(
                        "the table [\(name)] is already defined as an array of tables at line \(array.position.line)",
                        at: part)
                }
            }
        }
        sectionCount += 1
        section = sectionCount
        current = table
        currentPath = parts.map(\.text)
    }

    /// The table that the last part of a dotted key goes into, made on the way where missing;
    /// the last part itself must be new. `path` is the section's header, for messages.
    mutating func dottedTarget(
        _ parts: [KeyPart], in start: TableBuilder, section: Int, path: [String]
    ) throws(TOMLError)
        -> TableBuilder
    {
        var table = start
        for (n, part) in parts.dropLast().enumerated() {
            guard let slot = table[part.key] else {
                try checkDepth(table.depth + 1, at: part)
                let made = TableBuilder(
                    position: part.position, origin: .dotted(section: section),
                    depth: table.depth + 1)
                table.add(part.key, at: part.position, .table(made))
                table = made
                continue
            }
            let name = tableName(parts[...n])
            let header = Self.keyText(path + parts[...n].map(\.text))
            switch slot.node {
            case .value(let value):
                if value.table != nil {
                    throw error(
                        "the inline table \"\(name)\" (line \(slot.keyPosition.line)) cannot be extended",
                        at: part)
                }
                throw error(
                    "the key \"\(name)\" is already defined at line \(slot.keyPosition.line) and is not a table",
                    at: part)
            case .tables(let array):
                throw error(
                    "the array of tables [[\(header)]] (line \(array.position.line)) cannot be extended with dotted keys",
                    at: part)
            case .table(let found):
                switch found.origin {
                case .implicit:
                    found.origin = .dotted(section: section)
                    found.position = part.position
                case .dotted(section: section):
                    break
                case .header:
                    throw error(
                        "the table [\(header)] is defined by a header at line \(found.position.line)"
                            + " and cannot be extended with dotted keys", at: part)
                case .dotted:
                    throw error(
                        "the table [\(header)] was made by dotted keys under another header, at line \(found.position.line),"
                            + " and cannot be extended here", at: part)
                }
                table = found
            }
        }
        let last = parts[parts.count - 1]
        if let slot = table[last.key] {
            throw error(
                "the key \(quoted(parts)) is already defined at line \(slot.keyPosition.line)",
                at: last)
        }
        return table
    }

    /// Errors about a key point at the part of it that is at fault, already located.
    func error(_ message: String, at part: KeyPart) -> TOMLError {
        TOMLError(position: part.position, message: message)
    }

    mutating func checkDepth(_ depth: Int, at part: KeyPart) throws(TOMLError) {
        if depth > TOMLReader.maximumDepth {
            throw error(
                "tables and arrays nest deeper than \(TOMLReader.maximumDepth) levels", at: part)
        }
    }
}
