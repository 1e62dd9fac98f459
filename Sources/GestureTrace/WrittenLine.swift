import GestureCore

/// A trace line read from its start as `TraceWriter` writes it: each step reads what the writer
/// puts next (a key with its quotes and colon, a number, a plain string) and moves past it, or
/// says no, and the line is left to the general reader.
///
/// A line gestured wrote has its keys in one order, without space: where `TraceFields` looks
/// at each key to learn which it is, this compares the bytes with the key that must come next,
/// a word at a time. It never decides that a line is wrong.
struct WrittenLine {
    let p: UnsafePointer<UInt8>
    let n: Int
    private(set) var at = 0

    /// `n` must be at least 8: words are loaded with no check per byte.
    init(_ p: UnsafePointer<UInt8>, count n: Int) {
        self.p = p
        self.n = n
    }

    /// The length read, when the line ends here: at the end of the bytes, or, `atLineFeed`, at
    /// an LF, which is counted.
    @inline(__always)
    func end(atLineFeed: Bool) -> Int? {
        if !atLineFeed { return at == n ? at : nil }
        return at < n && p[at] == UInt8(ascii: "\n") ? at &+ 1 : nil
    }

    /// Whether `s` (1 to 16 bytes) comes next, moving past it.
    @inline(__always)
    mutating func skip(_ s: StaticString) -> Bool {
        let count = s.utf8CodeUnitCount
        guard at &+ count <= n else { return false }
        if count == 1 {
            guard p[at] == s.utf8Start[0] else { return false }
        } else {
            guard WrittenLine.same(p + at, s.utf8Start, count) else { return false }
        }
        at &+= count
        return true
    }

    /// Whether `count` bytes (2 to 16) at `a` and `b` are the same: two loads of each that
    /// overlap in the middle, so that no loop runs and no load passes the end.
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let a = UnsafeRawPointer(a)
        let b = UnsafeRawPointer(b)
        if count >= 8 {
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
            && a.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
                == b.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
    }

    /// A number, read as `TraceFields` reads it, and so finite; nil where the general reader
    /// would refuse it.
    /// Like JSON's, and the general reader's, it starts with a minus or a digit: `.5` is not one.
    /// Whether a byte of a number follows it is not asked: the step after reads a comma or a
    /// closing brace, and says no to anything else.
    @inline(__always)
    mutating func number() -> Double? {
        guard at < n, p[at] == UInt8(ascii: "-") || p[at] &- UInt8(ascii: "0") < 10 else {
            return nil
        }
        if let v = TraceFields.shortNumber(p, at: &at, to: n) { return v }
        return TraceFields.longNumber(p, at: &at, to: n)
    }

    /// A touchpad update's unaccelerated delta, as the writer gives it after "dy": `.some(nil)`
    /// when it gives none, nil when the line goes on otherwise than the writer writes.
    @inline(__always)
    mutating func unaccelerated() -> Point?? {
        guard skip(#","udx":"#) else { return .some(nil) }
        guard let x = number(), skip(#","udy":"#), let y = number() else { return nil }
        return Point(x: x, y: y)
    }

    /// `key`, then a whole number without a point, of up to 7 digits; nil for any other.
    /// A byte at a time: it is short (a count of fingers, a button, a touch's id).
    @inline(__always)
    mutating func integer(after key: StaticString) -> Int? {
        guard skip(key), at < n else { return nil }
        let negative = p[at] == UInt8(ascii: "-")
        let start = negative ? at &+ 1 : at
        var i = start
        var magnitude = 0
        while i < n {
            let d = p[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(d)
            i &+= 1
        }
        guard UInt(bitPattern: i &- start &- 1) < 7 else { return nil }
        at = i
        return negative ? -magnitude : magnitude
    }

    /// The event name and its closing quote. The first byte and the seventh (the eighth for a
    /// button) tell the names apart; the bytes are then compared with the name's spelling and
    /// quote, a literal for each name, so that the comparison is of a known length.
    /// Transparent: the reader of written lines is too large for `@inline(__always)` to be kept.
    @_transparent
    mutating func eventName() -> TraceReader.EventName? {
        guard at &+ 5 <= n else { return nil }
        switch (p[at], at &+ 6 < n ? p[at &+ 6] : 0) {
        case (UInt8(ascii: "t"), UInt8(ascii: "m")): return skip(#"touch-move""#) ? .touchMove : nil
        case (UInt8(ascii: "t"), UInt8(ascii: "b")):
            return skip(#"touch-begin""#) ? .touchBegin : nil
        case (UInt8(ascii: "t"), UInt8(ascii: "e")): return skip(#"touch-end""#) ? .touchEnd : nil
        case (UInt8(ascii: "t"), UInt8(ascii: "c")):
            return skip(#"touch-cancel""#) ? .touchCancel : nil
        case (UInt8(ascii: "m"), _): return skip(#"motion""#) ? .motion : nil
        case (UInt8(ascii: "s"), UInt8(ascii: "u")):
            return skip(#"swipe-update""#) ? .swipeUpdate : nil
        case (UInt8(ascii: "s"), UInt8(ascii: "b")):
            return skip(#"swipe-begin""#) ? .swipeBegin : nil
        case (UInt8(ascii: "s"), UInt8(ascii: "e")): return skip(#"swipe-end""#) ? .swipeEnd : nil
        case (UInt8(ascii: "p"), UInt8(ascii: "u")):
            return skip(#"pinch-update""#) ? .pinchUpdate : nil
        case (UInt8(ascii: "p"), UInt8(ascii: "b")):
            return skip(#"pinch-begin""#) ? .pinchBegin : nil
        case (UInt8(ascii: "p"), UInt8(ascii: "e")): return skip(#"pinch-end""#) ? .pinchEnd : nil
        case (UInt8(ascii: "b"), _):
            if skip(#"button-press""#) { return .buttonPress }
            return skip(#"button-release""#) ? .buttonRelease : nil
        case (UInt8(ascii: "i"), _): return skip(#"idle""#) ? .idle : nil
        default: return nil
        }
    }

    /// The text of a string whose opening quote was just read, moving past its closing quote;
    /// nil when it has an escape, a control character or a byte beyond ASCII.
    @inline(__always)
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard let end = TraceFields.plainStringEnd(p, from: at, to: n) else { return nil }
        let text = UnsafeBufferPointer(start: p + at, count: end &- at)
        at = end &+ 1
        return text
    }
}
