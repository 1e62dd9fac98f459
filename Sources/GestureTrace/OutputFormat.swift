import GestureCore

/// The JSON Lines that `gestured replay` prints: one line per reported state, per action that
/// would fire, and (with `--decisions`) per touch decision.
public enum OutputFormat {
    /// `{"t":120,"gesture":"next-desktop","type":"swipe","state":"ended","fingers":3,...}`
    public static func transition(time: Double, _ r: GestureRecognizer, state: GestureState, values v: GestureValues) -> String {
        var w = JSONLineWriter()
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
        if let p = v.translation { w.add("translation", [p.x, p.y]) }
        if let p = v.velocity { w.add("velocity", [p.x, p.y]) }
        if let s = v.scale { w.add("scale", s) }
        if let s = v.scaleVelocity { w.add("velocity", s) }
        if let a = v.rotation { w.add("rotation", a) }
        if let a = v.rotationVelocity { w.add("velocity", a) }
        if let n = v.points { w.add("points", n) }
        return w.line()
    }

    /// `{"t":120,"action":"desktop next","gesture":"next-desktop"}`
    public static func action(time: Double, _ text: String, gesture: String, step: Int? = nil) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        w.add("action", text)
        w.add("gesture", gesture)
        if let step { w.add("step", step) }
        return w.line()
    }

    /// `{"t":0,"touch":1,"decision":"accept","why":"recognized"}`
    public static func decision(time: Double, _ d: TouchDecision) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        switch d.target {
        case .touch(let id): w.add("touch", id)
        case .button(let b): w.add("button", b)
        case let .touchpad(kind, fingers): w.add("touchpad", kind.rawValue); w.add("fingers", fingers)
        }
        w.add("decision", d.accepted ? "accept" : "reject")
        w.add("why", d.why.rawValue)
        return w.line()
    }

    /// `{"t":40,"gesture":"zoom","warning":"..."}`: something done other than asked, such as the
    /// steps of a `repeat` binding dropped past the cap of one event.
    public static func warning(time: Double, gesture: String, _ message: String) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        w.add("gesture", gesture)
        w.add("warning", message)
        return w.line()
    }

    /// `{"t":40,"gesture":"x","error":"illegal transition from ended to changed"}`
    public static func illegal(time: Double, _ r: GestureRecognizer, from: GestureState, to: GestureState) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        w.add("gesture", r.name)
        w.add("error", "illegal transition from \(from.rawValue) to \(to.rawValue)")
        return w.line()
    }
}
