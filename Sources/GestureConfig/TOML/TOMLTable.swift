/// A parsed TOML table: its keys in document order, each with its value and the place the key
/// is written. Immutable, so it is `Sendable` and holds no cycle.
public final class TOMLTable: Sendable {
    struct Entry: Sendable {
        let keyPosition: TOMLPosition
        let value: TOMLValue
    }

    /// Its `[header]` or `[[header]]` line's `[`, the `{` of an inline table, the first key of
    /// the dotted keys that made it, or 1:1 for the root.
    public let position: TOMLPosition
    /// In the order they are first written.
    public let keys: [String]
    /// In the order of `keys`.
    let entries: [Entry]
    let index: [TOMLKey: Int]

    init(position: TOMLPosition, keys: [String], entries: [Entry], index: [TOMLKey: Int]) {
        self.position = position
        self.keys = keys
        self.entries = entries
        self.index = index
    }

    /// Keys are compared scalar by scalar, as TOML does: "é" written precomposed and "e" with a
    /// combining accent are two keys, though Swift's `==` calls them equal.
    public subscript(key: String) -> TOMLValue? { index[TOMLKey(key)].map { entries[$0].value } }

    /// Where the key itself is written (for a dotted key `a.b`, where `b` is).
    public func keyPosition(_ key: String) -> TOMLPosition? {
        index[TOMLKey(key)].map { entries[$0].keyPosition }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }
}

/// A key compared by its UTF-8 bytes rather than by Unicode canonical equivalence.
struct TOMLKey: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: TOMLKey, b: TOMLKey) -> Bool {
        let equal = a.text.utf8.withContiguousStorageIfAvailable { x in
            b.text.utf8.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
        }
        return (equal ?? nil) ?? a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if done == nil { for byte in text.utf8 { hasher.combine(byte) } }
    }
}
