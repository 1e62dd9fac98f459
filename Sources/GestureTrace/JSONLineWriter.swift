import GestureCore

/// Writes JSON text: one object per line, keys in the order given, as UTF-8 bytes. Each member
/// is written by `JSONFields`, in place; this collects them into a line of its own.
public struct JSONLineWriter {
    private var bytes: [UInt8]
    private var first = true

    public init() {
        bytes = []
        bytes.reserveCapacity(160)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Writes one member with `body` into `room` bytes on the stack and appends it.
    private mutating func put(room: Int, _ body: (inout JSONFields) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var w = JSONFields(at: buffer.baseAddress!, capacity: room, first: first)
            body(&w)
            first = false
            bytes.append(
                contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: w.count))
        }
    }

    public mutating func add(_ k: StaticString, _ v: Double) {
        put(room: JSONFields.room(k) + NumberText.maxCount) { $0.add(k, v) }
    }

    public mutating func add(_ k: StaticString, _ v: Int) {
        put(room: JSONFields.room(k) + NumberText.maxCount) { $0.add(k, v) }
    }

    public mutating func add(_ k: StaticString, _ v: Bool) {
        put(room: JSONFields.room(k) + 5) { $0.add(k, v) }
    }

    public mutating func add(_ k: StaticString, _ v: String) {
        put(room: JSONFields.room(k) + JSONFields.room(v)) { $0.add(k, v) }
    }

    public mutating func add(_ k: StaticString, _ v: [Double]) {
        put(room: JSONFields.room(k) + 2 + v.count * (NumberText.maxCount + 1)) { $0.add(k, v) }
    }

    /// Two numbers as a JSON array, without an Array of them.
    public mutating func add(_ k: StaticString, _ a: Double, _ b: Double) {
        put(room: JSONFields.room(k) + 3 + 2 * NumberText.maxCount) { $0.add(k, a, b) }
    }

    /// A value written already as JSON text.
    public mutating func add(_ k: StaticString, raw: String) {
        var raw = raw
        raw.withUTF8 { utf8 in put(room: JSONFields.room(k) + utf8.count) { $0.add(k, raw: utf8) } }
    }

    public func line() -> String {
        var b = bytes
        b.append(UInt8(ascii: "}"))
        return String(decoding: b, as: UTF8.self)
    }

    /// Numbers rounded to 4 decimals, integers without a fraction: stable output to compare.
    /// JSON has no infinity nor NaN, and an engine value can overflow to infinity even from
    /// finite input: a non-finite value is written `null`, so that every line stays JSON.
    public static func number(_ v: Double) -> String { v.isFinite ? NumberText.rounded(v) : "null" }
}

/// The members of one JSON object, written at a pointer into memory that has room for them:
/// no check per byte. Replay writes each line of its output so, into the spare capacity at the
/// end of its output buffer; building lines as Strings, or appending to an array a byte or a
/// member at a time, each append checking the array, was most of the time it spent printing.
/// The caller sizes the memory with the `room` functions; debug builds check it.
public struct JSONFields {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    public private(set) var count = 0
    private var first: Bool

    /// `first`: no member is written before this one (no comma).
    public init(at base: UnsafeMutablePointer<UInt8>, capacity: Int, first: Bool = true) {
        self.base = base
        self.capacity = capacity
        self.first = first
    }

    /// Bytes for `,"key":`.
    public static func room(_ k: StaticString) -> Int { k.utf8CodeUnitCount + 4 }

    /// Bytes for a string value at most: quoted, every byte escaped as \u00XX.
    public static func room(_ s: String) -> Int { 6 * s.utf8.count + 2 }

    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    private mutating func bytes(_ p: UnsafePointer<UInt8>, _ n: Int) {
        (base + count).update(from: p, count: n)
        count += n
    }

    /// A few bytes (up to 32), copied by loads and stores that overlap in the middle: a key or a
    /// word is too short for a call to memmove to pay.
    @inline(__always)
    private mutating func short(_ p: UnsafePointer<UInt8>, _ n: Int) {
        let from = UnsafeRawPointer(p)
        let to = UnsafeMutableRawPointer(base + count)
        switch n {
        case 17...32:
            let a = from.loadUnaligned(as: UInt64.self)
            let b = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let c = from.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self)
            let d = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: c, toByteOffset: n - 16, as: UInt64.self)
            to.storeBytes(of: d, toByteOffset: n - 8, as: UInt64.self)
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        default:
            for i in 0..<n { base[count + i] = p[i] }
        }
        count += n
    }

    private mutating func key(_ k: StaticString) {
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        byte(UInt8(ascii: "\""))
        let n = k.utf8CodeUnitCount
        if n <= 32 { short(k.utf8Start, n) } else { bytes(k.utf8Start, n) }
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
    }

    /// Text written as it is, known when the program is built: the comma, key and colon of a
    /// member (`,"scale":`), or a whole member (`,"state":"began"`). The transition lines replay
    /// prints by the ten thousand write their keys so, in one copy each instead of `key`'s five
    /// steps; a prefix with its comma is written only after the first member.
    @inline(__always)
    public mutating func write(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        if n <= 32 { short(s.utf8Start, n) } else { bytes(s.utf8Start, n) }
        assert(count <= capacity)
    }

    /// Text written already as JSON, as it is.
    @inline(__always)
    public mutating func write(_ text: UnsafeBufferPointer<UInt8>) {
        guard let p = text.baseAddress else { return }
        if text.count <= 32 { short(p, text.count) } else { bytes(p, text.count) }
        assert(count <= capacity)
    }

    /// A number after its `prefix` (`,"scale":`), as `add(_:_:)` writes it after its key.
    @inline(__always)
    public mutating func add(prefix: StaticString, _ v: Double) {
        write(prefix)
        number(v)
    }

    @inline(__always)
    public mutating func add(prefix: StaticString, _ v: Int) {
        write(prefix)
        count += NumberText.digits(v, to: base + count)
        assert(count <= capacity)
    }

    /// A string, quoted and escaped, after its `prefix` (`,"gesture":`).
    @inline(__always)
    public mutating func add(prefix: StaticString, _ v: String) {
        write(prefix)
        var v = v
        v.withUTF8 { quote($0) }
        assert(count <= capacity)
    }

    /// Two numbers as a JSON array after their `prefix` (`,"velocity":`).
    @inline(__always)
    public mutating func add(prefix: StaticString, _ a: Double, _ b: Double) {
        write(prefix)
        pair(a, b)
    }

    /// `[a,b]`.
    @inline(__always)
    private mutating func pair(_ a: Double, _ b: Double) {
        byte(UInt8(ascii: "["))
        number(a)
        byte(UInt8(ascii: ","))
        number(b)
        byte(UInt8(ascii: "]"))
        assert(count <= capacity)
    }

    /// A member whose value is a word known when the program is built (a state, a heading),
    /// quoted, with nothing to escape in it.
    public mutating func add(_ k: StaticString, word v: StaticString) {
        key(k)
        byte(UInt8(ascii: "\""))
        let n = v.utf8CodeUnitCount
        if n <= 32 { short(v.utf8Start, n) } else { bytes(v.utf8Start, n) }
        byte(UInt8(ascii: "\""))
        assert(count <= capacity)
    }

    @inline(__always)
    private mutating func number(_ v: Double) {
        if v.isFinite {
            count += NumberText.rounded(v, to: base + count)
        } else {
            bytes(("null" as StaticString).utf8Start, 4)
        }
        assert(count <= capacity)
    }

    public mutating func add(_ k: StaticString, _ v: Double) {
        key(k)
        number(v)
    }

    public mutating func add(_ k: StaticString, _ v: Int) {
        key(k)
        count += NumberText.digits(v, to: base + count)
        assert(count <= capacity)
    }

    public mutating func add(_ k: StaticString, _ v: Bool) {
        key(k)
        let word: StaticString = v ? "true" : "false"
        bytes(word.utf8Start, word.utf8CodeUnitCount)
        assert(count <= capacity)
    }

    public mutating func add(_ k: StaticString, _ v: String) {
        key(k)
        var v = v
        v.withUTF8 { quote($0) }
        assert(count <= capacity)
    }

    public mutating func add(_ k: StaticString, _ v: [Double]) {
        key(k)
        byte(UInt8(ascii: "["))
        for (i, x) in v.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            number(x)
        }
        byte(UInt8(ascii: "]"))
        assert(count <= capacity)
    }

    public mutating func add(_ k: StaticString, _ a: Double, _ b: Double) {
        key(k)
        pair(a, b)
    }

    /// A value written already as JSON text.
    public mutating func add(_ k: StaticString, raw: UnsafeBufferPointer<UInt8>) {
        key(k)
        if let p = raw.baseAddress { bytes(p, raw.count) }
        assert(count <= capacity)
    }

    /// Members written already as JSON text (`"a":1,"b":2`), such as those a line repeats.
    public mutating func add(members: UnsafeBufferPointer<UInt8>) {
        guard let p = members.baseAddress, members.count > 0 else { return }
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        bytes(p, members.count)
        assert(count <= capacity)
    }

    /// `s` in double quotes, with what JSON must escape escaped.
    private mutating func quote(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        defer { byte(UInt8(ascii: "\"")) }
        // The common case, nothing to escape, is copied whole.
        if let p = utf8.baseAddress,
            !utf8.contains(where: {
                $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            })
        {
            bytes(p, utf8.count)
            return
        }
        for b in utf8 {
            switch b {
            case UInt8(ascii: "\""):
                byte(UInt8(ascii: "\\"))
                byte(b)
            case UInt8(ascii: "\\"):
                byte(UInt8(ascii: "\\"))
                byte(b)
            case 0x0A:
                byte(UInt8(ascii: "\\"))
                byte(UInt8(ascii: "n"))
            case 0x0D:
                byte(UInt8(ascii: "\\"))
                byte(UInt8(ascii: "r"))
            case 0x09:
                byte(UInt8(ascii: "\\"))
                byte(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                bytes(("\\u00" as StaticString).utf8Start, 4)
                byte(hex.utf8Start[Int(b >> 4)])
                byte(hex.utf8Start[Int(b & 0xF)])
            default: byte(b)
            }
        }
    }
}
