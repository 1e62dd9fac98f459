import GestureCore

/// The JSON Lines that `gestured replay` prints: one line per reported state, per action that
/// would fire, and (with `--decisions`) per touch decision. Each is written with its LF at the
/// end of a byte buffer (`into:`), which replay flushes in large writes; the String forms are
/// the same line without its LF.
public enum OutputFormat {
    /// `{"t":120,"gesture":"next-desktop","type":"swipe","state":"ended","fingers":3,...}`
    public static func transition(time: Double, _ r: GestureRecognizer, state: GestureState, values v: GestureValues,
                                  into out: inout [UInt8]) {
        var w = JSONLineWriter(appendingTo: &out)
        w.add("t", time)
        w.add("gesture", r.name)
        w.add("type", r.type)
        w.add("source", r.source.rawValue)
        w.add("state", state.rawValue)
        if let f = v.fingers { w.add("fingers", f) }
        if let d = v.direction { w.add("direction", d) }
        if let s = v.shape { w.add("shape", s) }
        if let s = v.score { w.add("score", s) }
        if let n = v.taps { w.add("taps", n) }
        if let p = v.location { w.add("x", p.x); w.add("y", p.y) }
        if let p = v.translation { w.add("translation", p.x, p.y) }
        if let p = v.velocity { w.add("velocity", p.x, p.y) }
        if let s = v.scale { w.add("scale", s) }
        if let s = v.scaleVelocity { w.add("velocity", s) }
        if let a = v.rotation { w.add("rotation", a) }
        if let a = v.rotationVelocity { w.add("velocity", a) }
        if let n = v.points { w.add("points", n) }
        w.end(into: &out)
    }

    /// `{"t":120,"action":"desktop next","gesture":"next-desktop"}`
    public static func action(time: Double, _ text: String, gesture: String, step: Int? = nil, into out: inout [UInt8]) {
        var w = JSONLineWriter(appendingTo: &out)
        w.add("t", time)
        w.add("action", text)
        w.add("gesture", gesture)
        if let step { w.add("step", step) }
        w.end(into: &out)
    }

    /// `{"t":0,"touch":1,"decision":"accept","why":"recognized"}`
    public static func decision(time: Double, _ d: TouchDecision, into out: inout [UInt8]) {
        var w = JSONLineWriter(appendingTo: &out)
        w.add("t", time)
        switch d.target {
        case .touch(let id): w.add("touch", id)
        case .button(let b): w.add("button", b)
        case let .touchpad(kind, fingers): w.add("touchpad", kind.rawValue); w.add("fingers", fingers)
        }
        w.add("decision", d.accepted ? "accept" : "reject")
        w.add("why", d.why.rawValue)
        w.end(into: &out)
    }

    /// `{"t":40,"gesture":"zoom","warning":"..."}`: something done other than asked, such as the
    /// steps of a `repeat` binding dropped past the cap of one event.
    public static func warning(time: Double, gesture: String, _ message: String, into out: inout [UInt8]) {
        var w = JSONLineWriter(appendingTo: &out)
        w.add("t", time)
        w.add("gesture", gesture)
        w.add("warning", message)
        w.end(into: &out)
    }

    /// `{"t":40,"gesture":"x","error":"illegal transition from ended to changed"}`
    public static func illegal(time: Double, _ r: GestureRecognizer, from: GestureState, to: GestureState, into out: inout [UInt8]) {
        var w = JSONLineWriter(appendingTo: &out)
        w.add("t", time)
        w.add("gesture", r.name)
        w.add("error", "illegal transition from \(from.rawValue) to \(to.rawValue)")
        w.end(into: &out)
    }

    public static func transition(time: Double, _ r: GestureRecognizer, state: GestureState, values v: GestureValues) -> String {
        line { transition(time: time, r, state: state, values: v, into: &$0) }
    }

    public static func action(time: Double, _ text: String, gesture: String, step: Int? = nil) -> String {
        line { action(time: time, text, gesture: gesture, step: step, into: &$0) }
    }

    public static func decision(time: Double, _ d: TouchDecision) -> String {
        line { decision(time: time, d, into: &$0) }
    }

    public static func warning(time: Double, gesture: String, _ message: String) -> String {
        line { warning(time: time, gesture: gesture, message, into: &$0) }
    }

    public static func illegal(time: Double, _ r: GestureRecognizer, from: GestureState, to: GestureState) -> String {
        line { illegal(time: time, r, from: from, to: to, into: &$0) }
    }

    /// The line one of the writers above appends, without its LF.
    private static func line(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}
