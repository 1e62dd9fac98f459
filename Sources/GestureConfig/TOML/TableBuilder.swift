/// A table while its document is being read, when headers and dotted keys may still add to it.
/// Reading ends with `freeze()`, which gives the immutable `TOMLTable`; nothing here points back
/// to a parent, so the tree is freed as soon as it is dropped.
final class TableBuilder {
    /// Who made the table, which decides what may still add to it.
    enum Origin: Equatable {
        /// Made as the parent in a header (`a` in `[a.b]`): a later `[a]` may define it, once.
        case implicit
        /// Defined by a `[header]` or `[[header]]`, or the root, or an inline table.
        case header
        /// Made by dotted keys in the table section numbered `section`: only that section may
        /// add to it, and no header may define it again.
        case dotted(section: Int)
    }

    struct Slot {
        let keyPosition: TOMLPosition
        let node: Node
    }

    enum Node {
        /// A finished value: a scalar, a static array or an inline table, none of which grows.
        case value(TOMLValue)
        case table(TableBuilder)
        case tables(TableArray)
    }

    /// An array made by `[[header]]`s: each header appends a table.
    final class TableArray {
        let position: TOMLPosition
        var items: [TableBuilder]

        init(position: TOMLPosition, items: [TableBuilder]) {
            self.position = position
            self.items = items
        }
    }

    var position: TOMLPosition
    var origin: Origin
    /// Tables and arrays between it and the root (the root is 0), to bound the nesting.
    let depth: Int
    private(set) var keys: [String] = []
    private(set) var slots: [Slot] = []
    private var index: [TOMLKey: Int] = [:]

    init(position: TOMLPosition, origin: Origin, depth: Int) {
        self.position = position
        self.origin = origin
        self.depth = depth
    }

    subscript(key: TOMLKey) -> Slot? { index[key].map { slots[$0] } }

    /// The caller has checked that the key is new.
    func add(_ key: TOMLKey, at keyPosition: TOMLPosition, _ node: Node) {
        if slots.isEmpty { reserve(8) } // most tables are small: grown once, not three times
        index[key] = slots.count
        keys.append(key.text)
        slots.append(Slot(keyPosition: keyPosition, node: node))
    }

    private func reserve(_ count: Int) {
        index.reserveCapacity(count)
        keys.reserveCapacity(count)
        slots.reserveCapacity(count)
    }

    /// The index is handed over as it is: a table's keys are hashed once.
    func freeze() -> TOMLTable {
        TOMLTable(
            position: position, keys: keys,
            entries: slots.map {
                TOMLTable.Entry(keyPosition: $0.keyPosition, value: $0.node.frozen)
            },
            index: index)
    }
}

extension TableBuilder.Node {
    var frozen: TOMLValue {
        switch self {
        case .value(let v): v
        case .table(let t): TOMLValue(.table(t.freeze()), at: t.position)
        case .tables(let a):
            TOMLValue(
                .array(a.items.map { TOMLValue(.table($0.freeze()), at: $0.position) }),
                at: a.position)
        }
    }
}
