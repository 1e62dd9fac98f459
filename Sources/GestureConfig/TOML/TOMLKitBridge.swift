import TOMLKit

/// Until the loader moves to `TOMLReader`: `TOMLTable(string:)` as the loader calls it today,
/// parsed by TOMLKit and copied into our `TOMLTable`, which shadows TOMLKit's within this module.
/// The loader keeps TOMLKit's parse and messages exactly and reads values through our accessors.
/// Remove this file with the TOMLKit dependency when `ConfigLoader` calls `TOMLReader.parse`.
extension TOMLTable {
    convenience init(string: String) throws {
        let copy = Self.copy(try TOMLKit.TOMLTable(string: string))
        self.init(position: copy.position, keys: copy.keys, entries: copy.entries, index: copy.index)
    }

    /// TOMLKit knows no positions: every one is 0:0.
    private static let nowhere = TOMLPosition(line: 0, column: 0)

    private static func copy(_ table: TOMLKit.TOMLTable) -> TOMLTable {
        let keys = table.keys
        let entries = keys.map { Entry(keyPosition: nowhere, value: copy(table[$0]!)) }
        let index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { (TOMLKey($0.element), $0.offset) })
        return TOMLTable(position: nowhere, keys: keys, entries: entries, index: index)
    }

    private static func copy(_ value: any TOMLValueConvertible) -> TOMLValue {
        let kind: TOMLValue.Kind = switch value.type {
        case .table: .table(copy(value.table!))
        case .array: .array(value.array!.map { copy($0) })
        case .string: .string(value.string!)
        case .int: .integer(value.int!)
        case .double: .float(value.double!)
        case .bool: .bool(value.bool!)
        case .date, .time, .dateTime: .datetime(value.debugDescription)
        }
        return TOMLValue(kind, at: nowhere)
    }
}
