import GestureCore

/// The JSON Lines that `gestured replay` prints: one line per reported state, per action that
/// would fire, and (with `--decisions`) per touch decision. Each is written with its LF at the
/// end of a byte buffer (`into:`), which replay flushes in large writes; the String forms are
/// the same line without its LF.
public enum OutputFormat {
    /// `{"t":120,"gesture":"next-desktop","type":"swipe","state":"ended","fingers":3,...}`
    public static func transition(
        time: Double, _ r: GestureRecognizer, state: GestureState, values v: GestureValues,
        into out: inout [UInt8]
    ) {
        transition(time: time, Speaker(r), state: state, values: v, into: &out)
    }

    /// What every transition line of one recognizer repeats, written once: replay keeps one per
    /// recognizer instead of writing its name, type and source again on every line.
    public struct Speaker {
        /// `,"gesture":"next-desktop","type":"swipe","source":"touchscreen"` (`head`), then
        /// `,"direction":"left"` and `,"shape":"circle"` when it reports them (`tail`), which a
        /// line writes after its fingers.
        let bytes: [UInt8]
        let headCount: Int

        public init(_ r: GestureRecognizer) {
            var bytes: [UInt8] = []
            let direction = r.reportedDirection
            let shape = r.reportedShape
            let room =
                64 + JSONFields.room(r.name) + JSONFields.room(r.type)
                + JSONFields.room(r.source.rawValue)
                + (direction.map(JSONFields.room) ?? 0) + (shape.map(JSONFields.room) ?? 0)
            var end = 0
            line(room: room, into: &bytes) { w in
                w.add("gesture", r.name)
                w.add("type", r.type)
                w.add("source", r.source.rawValue)
                end = w.count
                if let direction { w.add("direction", direction) }
                if let shape { w.add("shape", shape) }
            }
            // A comma where the brace was, without the closing brace and the LF.
            bytes[0] = UInt8(ascii: ",")
            self.bytes = Array(bytes[..<(bytes.count - 2)])
            headCount = end + 1
        }

        /// The members written before the fingers, and those after (`tail`), for a writer that
        /// keeps them in memory of its own (`transition(time:head:tail:...)`).
        public var head: [UInt8] { Array(bytes[..<headCount]) }
        public var tail: [UInt8] { Array(bytes[headCount...]) }
    }

    public static func transition(
        time: Double, _ r: borrowing Speaker, state: GestureState, values v: GestureValues,
        into out: inout [UInt8]
    ) {
        r.bytes.withUnsafeBufferPointer { all in
            transition(
                time: time, head: UnsafeBufferPointer(rebasing: all[..<r.headCount]),
                tail: UnsafeBufferPointer(rebasing: all[r.headCount...]), state: state, values: v,
                into: &out)
        }
    }

    /// A transition line of the recognizer whose `Speaker` has this `head` and `tail`, which
    /// replay's printer keeps as bytes of its own, so that no line copies a `Speaker`.
    public static func transition(
        time: Double, head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>,
        state: GestureState, values v: GestureValues, into out: inout [UInt8]
    ) {
        out.append(addingCapacity: transitionRoom(head: head, tail: tail)) { span in
            span.withUnsafeMutableBufferPointer { buffer, written in
                written = transition(
                    time: time, head: head, tail: tail, state: state, values: v,
                    at: buffer.baseAddress!)
            }
        }
    }

    /// The most bytes a transition line of the recognizer with this `head` and `tail` takes,
    /// its braces and LF included.
    public static func transitionRoom(
        head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>
    ) -> Int {
        transitionRoom + head.count + tail.count + 3
    }

    /// The same line written at `p`, which has room for `transitionRoom(head:tail:)` bytes;
    /// returns its length. Replay's printer writes into memory of its own, not an array, which
    /// asks at each append whether it is shared and has room.
    public static func transition(
        time: Double, head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>,
        state: GestureState, values v: GestureValues, at p: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // Each key is written with its comma as one prefix: every member but the first
        // follows another.
        line(at: p, room: transitionRoom + head.count + tail.count) { w in
            w.add(prefix: "\"t\":", time)
            w.write(head)
            w.write(member(state))
            if let f = v.fingers { w.add(prefix: ",\"fingers\":", f) }
            w.write(tail)
            if let s = v.score { w.add(prefix: ",\"score\":", s) }
            if let n = v.taps { w.add(prefix: ",\"taps\":", n) }
            if let p = v.location {
                w.add(prefix: ",\"x\":", p.x)
                w.add(prefix: ",\"y\":", p.y)
            }
            if let p = v.translation { w.add(prefix: ",\"translation\":", p.x, p.y) }
            if let p = v.pointerTranslation { w.add(prefix: ",\"pointer\":", p.x, p.y) }
            if let p = v.velocity { w.add(prefix: ",\"velocity\":", p.x, p.y) }
            if let s = v.scale { w.add(prefix: ",\"scale\":", s) }
            if let s = v.scaleVelocity { w.add(prefix: ",\"velocity\":", s) }
            if let a = v.rotation { w.add(prefix: ",\"rotation\":", a) }
            if let a = v.rotationVelocity { w.add(prefix: ",\"velocity\":", a) }
            if let n = v.points { w.add(prefix: ",\"points\":", n) }
            if let h = v.heading { w.write(member(h)) }
            if let p = v.progress { w.add(prefix: ",\"progress\":", p) }
        }
    }

    /// A failed or cancelled transition's line, with why it failed or was cancelled:
    /// `...,"state":"failed","reason":"moved up, not left"}`.
    public static func transition(
        time: Double, head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>,
        state: GestureState, values v: GestureValues, reason: String, into out: inout [UInt8]
    ) {
        transition(time: time, head: head, tail: tail, state: state, values: v, into: &out)
        var why: [UInt8] = []
        line(room: 16 + JSONFields.room(reason), into: &why) { w in w.add("reason", reason) }
        // `{"reason":"..."}` and LF, joined to the transition's members in the place of its brace.
        out.removeLast(2)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: why.dropFirst())
    }

    /// `rawValue` as bytes that are there without a String: every transition line names its
    /// state, and most their heading.
    static func word(_ s: GestureState) -> StaticString {
        switch s {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// The state member of a transition line, with the comma before it, in one piece.
    static func member(_ s: GestureState) -> StaticString {
        switch s {
        case .possible: #","state":"possible""#
        case .began: #","state":"began""#
        case .changed: #","state":"changed""#
        case .ended: #","state":"ended""#
        case .cancelled: #","state":"cancelled""#
        case .failed: #","state":"failed""#
        }
    }

    static func word(_ h: Direction) -> StaticString {
        switch h {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .upLeft: "up-left"
        case .upRight: "up-right"
        case .downLeft: "down-left"
        case .downRight: "down-right"
        case .in: "in"
        case .out: "out"
        case .cw: "cw"
        case .ccw: "ccw"
        }
    }

    /// The heading member of a transition line, with the comma before it, in one piece.
    static func member(_ h: Direction) -> StaticString {
        switch h {
        case .up: #","heading":"up""#
        case .down: #","heading":"down""#
        case .left: #","heading":"left""#
        case .right: #","heading":"right""#
        case .upLeft: #","heading":"up-left""#
        case .upRight: #","heading":"up-right""#
        case .downLeft: #","heading":"down-left""#
        case .downRight: #","heading":"down-right""#
        case .in: #","heading":"in""#
        case .out: #","heading":"out""#
        case .cw: #","heading":"cw""#
        case .ccw: #","heading":"ccw""#
        }
    }

    /// Bytes for every member of a transition line but its head, at most: 19 keys of up to 15
    /// bytes with their separators, a heading of up to 10, and numbers.
    private static var transitionRoom: Int { 19 * 16 + 12 + 23 * NumberText.maxCount }

    /// `{"t":120,"action":"desktop next","gesture":"next-desktop"}`
    public static func action(
        time: Double, _ text: String, gesture: String, step: Int? = nil, steps: String? = nil,
        into out: inout [UInt8]
    ) {
        let room =
            80 + 3 * NumberText.maxCount + JSONFields.room(text) + JSONFields.room(gesture)
            + JSONFields.room(steps ?? "")
        line(room: room, into: &out) { w in
            w.add(prefix: "\"t\":", time)
            w.add(prefix: ",\"action\":", text)
            w.add(prefix: ",\"gesture\":", gesture)
            if let step { w.add(prefix: ",\"step\":", step) }
            if let steps { w.add(prefix: ",\"steps\":", steps) }
        }
    }

    /// `{"t":0,"touch":1,"decision":"accept","why":"recognized"}`
    public static func decision(time: Double, _ d: OwnershipDecision, into out: inout [UInt8]) {
        line(room: 128 + 3 * NumberText.maxCount, into: &out) { w in
            w.add("t", time)
            switch d.target {
            case .touch(let id): w.add("touch", id)
            case .button(let b): w.add("button", b)
            case .touchpad(let kind, let fingers):
                w.add("touchpad", kind.rawValue)
                w.add("fingers", fingers)
            }
            w.add("decision", d.accepted ? "accept" : "reject")
            w.add("why", d.why.rawValue)
        }
    }

    /// `{"t":40,"gesture":"zoom","warning":"..."}`: something done other than asked, such as the
    /// steps of a `repeat` binding dropped past the cap of one event.
    public static func warning(
        time: Double, gesture: String, _ message: String, into out: inout [UInt8]
    ) {
        line(
            room: 64 + NumberText.maxCount + JSONFields.room(gesture) + JSONFields.room(message),
            into: &out
        ) { w in
            w.add("t", time)
            w.add("gesture", gesture)
            w.add("warning", message)
        }
    }

    /// `{"t":40,"gesture":"max","cancelled":0.45}`: a gesture with feedback whose fingers lifted
    /// before the commit point, at this progress; it performed nothing.
    public static func cancelled(
        time: Double, gesture: String, progress: Double, into out: inout [UInt8]
    ) {
        line(room: 64 + 2 * NumberText.maxCount + JSONFields.room(gesture), into: &out) { w in
            w.add("t", time)
            w.add("gesture", gesture)
            w.add("cancelled", progress)
        }
    }

    /// `{"t":40,"gesture":"x","error":"illegal transition from ended to changed"}`
    public static func illegal(
        time: Double, _ r: GestureRecognizer, from: GestureState, to: GestureState,
        into out: inout [UInt8]
    ) {
        let message = "illegal transition from \(from.rawValue) to \(to.rawValue)"
        line(
            room: 64 + NumberText.maxCount + JSONFields.room(r.name) + JSONFields.room(message),
            into: &out
        ) { w in
            w.add("t", time)
            w.add("gesture", r.name)
            w.add("error", message)
        }
    }

    /// One line: `{`, what `body` writes into `room` bytes, `}` and LF, written in place at the
    /// end of `out`, which grows first when it has not room for them.
    @inline(__always)
    private static func line(room: Int, into out: inout [UInt8], _ body: (inout JSONFields) -> Void)
    {
        out.append(addingCapacity: room + 3) { span in
            span.withUnsafeMutableBufferPointer { buffer, written in
                written = line(at: buffer.baseAddress!, room: room, body)
            }
        }
    }

    /// One line written at `p`, which has room for `room` + 3 bytes; returns its length.
    @inline(__always)
    private static func line(
        at p: UnsafeMutablePointer<UInt8>, room: Int, _ body: (inout JSONFields) -> Void
    ) -> Int {
        p[0] = UInt8(ascii: "{")
        var w = JSONFields(at: p + 1, capacity: room)
        body(&w)
        p[w.count + 1] = UInt8(ascii: "}")
        p[w.count + 2] = 0x0A
        return w.count + 3
    }

    public static func transition(
        time: Double, _ r: GestureRecognizer, state: GestureState, values v: GestureValues
    ) -> String {
        line { transition(time: time, r, state: state, values: v, into: &$0) }
    }

    public static func action(
        time: Double, _ text: String, gesture: String, step: Int? = nil, steps: String? = nil
    ) -> String {
        line { action(time: time, text, gesture: gesture, step: step, steps: steps, into: &$0) }
    }

    public static func decision(time: Double, _ d: OwnershipDecision) -> String {
        line { decision(time: time, d, into: &$0) }
    }

    public static func warning(time: Double, gesture: String, _ message: String) -> String {
        line { warning(time: time, gesture: gesture, message, into: &$0) }
    }

    public static func illegal(
        time: Double, _ r: GestureRecognizer, from: GestureState, to: GestureState
    ) -> String {
        line { illegal(time: time, r, from: from, to: to, into: &$0) }
    }

    /// The line one of the writers above appends, without its LF.
    private static func line(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}
