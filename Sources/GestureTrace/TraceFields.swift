/// The keys of a trace line that `TraceReader` reads, each with the first value the line gives
/// it: read straight from the line's bytes when the line is one flat object (every event gestured
/// writes), or from a parsed `JSONValue` for anything else, so that the checks after it are one.
///
/// A plain value: a string's text stays where it is (`Text`, read through `Texts`), so that
/// reading a line makes no String but the device and app names an event keeps. It is kept small
/// (a word of kinds, four bits a key, and a word of value a key) and filled in place by its
/// reader, line after line: as fifteen optional values it was 240 bytes, copied twice a line.
struct TraceFields {
    /// What a key holds, as far as the checks need to know.
    enum Value {
        case number(Double)
        case string(Text)
        case bool(Bool)
        case null
        /// An array or an object.
        case other
    }

    /// Where a string value's text is: in the line's bytes (a flat line, whose strings have no
    /// escapes), or among the strings of a parsed line.
    enum Text {
        case inLine(start: Int32, count: Int32)
        case parsed(Int32)
    }

    /// The texts `Text` points into, for one line.
    struct Texts {
        let line: UnsafeBufferPointer<UInt8>
        let parsed: [String]

        func string(_ t: Text) -> String {
            switch t {
            case .inLine(let start, let count): String(decoding: bytes(start, count), as: UTF8.self)
            case .parsed(let i): parsed[Int(i)]
            }
        }

        /// Whether the text is exactly `s`: a name read again is not made again.
        func equals(_ t: Text, _ s: String) -> Bool {
            switch t {
            case .inLine(let start, let count): s.utf8.elementsEqual(bytes(start, count))
            case .parsed(let i): parsed[Int(i)] == s
            }
        }

        func eventName(_ t: Text) -> TraceReader.EventName? {
            switch t {
            case .inLine(let start, let count): TraceReader.EventName(bytes(start, count))
            case .parsed(let i): TraceReader.EventName(rawValue: parsed[Int(i)])
            }
        }

        private func bytes(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[Int(start)..<Int(start + count)])
        }
    }

    enum Key: Int {
        case t, ev, id, x, y, button, fingers, dx, dy, udx, udy, scale, angle, cancelled, device,
            app, trace

        /// The key as a line spells it, for messages.
        var name: String {
            switch self {
            case .t: "t"
            case .ev: "ev"
            case .id: "id"
            case .x: "x"
            case .y: "y"
            case .button: "button"
            case .fingers: "fingers"
            case .dx: "dx"
            case .dy: "dy"
            case .udx: "udx"
            case .udy: "udy"
            case .scale: "scale"
            case .angle: "angle"
            case .cancelled: "cancelled"
            case .device: "device"
            case .app: "app"
            case .trace: "trace"
            }
        }
    }

    /// What each key holds, three bits a key (`Kind`); 0 for a key the line does not give.
    private var kinds: UInt64 = 0
    /// Each key's number (its bits), its text's place, or the index of its parsed string.
    private var payloads = InlineArray<17, UInt64>(repeating: 0)

    private enum Kind: UInt64 {
        case absent, number, inLine, parsed, isTrue, isFalse, null, other
    }

    init() {}

    /// Forgets the last line's values.
    @inline(__always)
    mutating func clear() { kinds = 0 }

    @inline(__always)
    private func kind(_ key: Key) -> Kind {
        Kind(rawValue: (kinds >> UInt64(3 &* key.rawValue)) & 0x7).unsafelyUnwrapped
    }

    /// Whether the line gives `key` at all.
    @inline(__always)
    func has(_ key: Key) -> Bool { (kinds >> UInt64(3 &* key.rawValue)) & 0x7 != 0 }

    @inline(__always)
    subscript(key: Key) -> Value? {
        let payload = payloads[key.rawValue]
        switch kind(key) {
        case .absent: return nil
        case .number: return .number(Double(bitPattern: payload))
        case .inLine:
            return .string(
                .inLine(
                    start: Int32(truncatingIfNeeded: payload >> 32),
                    count: Int32(truncatingIfNeeded: payload)))
        case .parsed: return .string(.parsed(Int32(truncatingIfNeeded: payload)))
        case .isTrue: return .bool(true)
        case .isFalse: return .bool(false)
        case .null: return .null
        case .other: return .other
        }
    }

    /// The number `key` holds; nil when it holds something else or nothing.
    @inline(__always)
    func number(_ key: Key) -> Double? {
        kind(key) == .number ? Double(bitPattern: payloads[key.rawValue]) : nil
    }

    /// The text `key` holds; nil when it holds something else or nothing.
    @inline(__always)
    func text(_ key: Key) -> Text? {
        let payload = payloads[key.rawValue]
        switch kind(key) {
        case .inLine:
            return .inLine(
                start: Int32(truncatingIfNeeded: payload >> 32),
                count: Int32(truncatingIfNeeded: payload))
        case .parsed: return .parsed(Int32(truncatingIfNeeded: payload))
        default: return nil
        }
    }

    /// Sets `key` unless the line gave it before: the first of two equal keys counts, as
    /// `JSONValue`'s subscript finds it.
    @inline(__always)
    private mutating func setFirst(_ key: Key, _ kind: Kind, _ payload: UInt64) {
        guard !has(key) else { return }
        kinds |= kind.rawValue << UInt64(3 &* key.rawValue)
        payloads[key.rawValue] = payload
    }

    @inline(__always)
    mutating func setFirst(_ key: Key, number: Double) { setFirst(key, .number, number.bitPattern) }

    @inline(__always)
    mutating func setFirst(_ key: Key, textAt start: Int, count: Int) {
        setFirst(
            key, .inLine,
            UInt64(truncatingIfNeeded: start) << 32 | UInt64(truncatingIfNeeded: count))
    }

    @inline(__always)
    mutating func setFirst(_ key: Key, bool: Bool) { setFirst(key, bool ? .isTrue : .isFalse, 0) }

    @inline(__always)
    mutating func setFirstNull(_ key: Key) { setFirst(key, .null, 0) }

    /// The members of a parsed object, whose strings go into `strings`; keys compare as
    /// Strings do, as they always have.
    mutating func read(members: [(String, JSONValue)], strings: inout [String]) {
        clear()
        for (name, value) in members {
            guard let key = Key(name) else { continue }
            switch value {
            case .number(let n): setFirst(key, number: n)
            case .string(let s):
                setFirst(key, .parsed, UInt64(strings.count))
                strings.append(s)
            case .bool(let b): setFirst(key, bool: b)
            case .null: setFirstNull(key)
            case .array, .object: setFirst(key, .other, 0)
            }
        }
    }
}

extension TraceFields.Key {
    init?(_ name: String) {
        switch name {
        case "t": self = .t
        case "ev": self = .ev
        case "id": self = .id
        case "x": self = .x
        case "y": self = .y
        case "button": self = .button
        case "fingers": self = .fingers
        case "dx": self = .dx
        case "dy": self = .dy
        case "udx": self = .udx
        case "udy": self = .udy
        case "scale": self = .scale
        case "angle": self = .angle
        case "cancelled": self = .cancelled
        case "device": self = .device
        case "app": self = .app
        case "trace": self = .trace
        default: return nil
        }
    }

    /// The key whose text starts at `at` when it is one the lines gestured writes give, spelled
    /// plainly and followed at once by its closing quote and a colon, with where its value
    /// starts; nil for anything else, whose bytes are then read one by one. Eight bytes are
    /// loaded at once and compared with the key's spelling, quote and colon included (the
    /// constants are those bytes, the first in the lowest byte), not a byte at a time.
    @inline(__always)
    static func known(_ p: UnsafePointer<UInt8>, _ at: Int, _ n: Int) -> (key: Self, valueAt: Int)?
    {
        guard at &+ 9 <= n else { return nil }
        let w = UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self).littleEndian
        switch UInt8(truncatingIfNeeded: w) {
        case UInt8(ascii: "t"):
            return spelled(w, at, 3, 0x3A_2274, .t)
                ?? spelled(w, at, 7, 0x3A_2265_6361_7274, .trace)
        case UInt8(ascii: "x"): return spelled(w, at, 3, 0x3A_2278, .x)
        case UInt8(ascii: "y"): return spelled(w, at, 3, 0x3A_2279, .y)
        case UInt8(ascii: "e"): return spelled(w, at, 4, 0x3A22_7665, .ev)
        case UInt8(ascii: "i"): return spelled(w, at, 4, 0x3A22_6469, .id)
        case UInt8(ascii: "d"):
            return spelled(w, at, 4, 0x3A22_7864, .dx) ?? spelled(w, at, 4, 0x3A22_7964, .dy)
                ?? spelled(w, at, 8, 0x3A22_6563_6976_6564, .device)
        case UInt8(ascii: "a"):
            return spelled(w, at, 5, 0x3A_2270_7061, .app)
                ?? spelled(w, at, 7, 0x3A_2265_6C67_6E61, .angle)
        case UInt8(ascii: "u"):
            return spelled(w, at, 5, 0x3A_2278_6475, .udx)
                ?? spelled(w, at, 5, 0x3A_2279_6475, .udy)
        case UInt8(ascii: "s"): return spelled(w, at, 7, 0x3A_2265_6C61_6373, .scale)
        case UInt8(ascii: "b"): return spelled(w, at, 8, 0x3A22_6E6F_7474_7562, .button)
        case UInt8(ascii: "f"):
            // `fingers"` fills the word; the colon is the ninth byte.
            return w == 0x2273_7265_676E_6966 && p[at &+ 8] == UInt8(ascii: ":")
                ? (.fingers, at &+ 9) : nil
        default: return nil
        }
    }

    /// `key` when the first `count` bytes of `w` are `bytes`.
    @inline(__always)
    private static func spelled(_ w: UInt64, _ at: Int, _ count: Int, _ bytes: UInt64, _ key: Self)
        -> (key: Self, valueAt: Int)?
    {
        let mask: UInt64 = count == 8 ? ~0 : (1 << UInt64(8 * count)) &- 1
        return w & mask == bytes ? (key, at &+ count) : nil
    }

    /// The key spelled by `count` plain ASCII bytes at `p` (no escapes); nil for any other key.
    /// Told apart by length and first byte, then the rest compared: a line has a handful of keys,
    /// and this runs for each.
    @inline(__always)
    init?(_ p: UnsafePointer<UInt8>, count: Int) {
        /// The bytes after the first are those of `s`.
        func rest(_ s: StaticString) -> Bool {
            for i in 1..<count where p[i] != s.utf8Start[i] { return false }
            return true
        }
        let key: Self?
        switch count {
        case 1:
            switch p[0] {
            case UInt8(ascii: "t"): key = .t
            case UInt8(ascii: "x"): key = .x
            case UInt8(ascii: "y"): key = .y
            default: key = nil
            }
        case 2:
            switch (p[0], p[1]) {
            case (UInt8(ascii: "e"), UInt8(ascii: "v")): key = .ev
            case (UInt8(ascii: "i"), UInt8(ascii: "d")): key = .id
            case (UInt8(ascii: "d"), UInt8(ascii: "x")): key = .dx
            case (UInt8(ascii: "d"), UInt8(ascii: "y")): key = .dy
            default: key = nil
            }
        case 3:
            switch p[0] {
            case UInt8(ascii: "a"): key = rest("app") ? .app : nil
            case UInt8(ascii: "u"): key = rest("udx") ? .udx : rest("udy") ? .udy : nil
            default: key = nil
            }
        case 5:
            switch p[0] {
            case UInt8(ascii: "s"): key = rest("scale") ? .scale : nil
            case UInt8(ascii: "a"): key = rest("angle") ? .angle : nil
            case UInt8(ascii: "t"): key = rest("trace") ? .trace : nil
            default: key = nil
            }
        case 6:
            switch p[0] {
            case UInt8(ascii: "b"): key = rest("button") ? .button : nil
            case UInt8(ascii: "d"): key = rest("device") ? .device : nil
            default: key = nil
            }
        case 7: key = p[0] == UInt8(ascii: "f") && rest("fingers") ? .fingers : nil
        case 9: key = p[0] == UInt8(ascii: "c") && rest("cancelled") ? .cancelled : nil
        default: key = nil
        }
        guard let key else { return nil }
        self = key
    }
}
