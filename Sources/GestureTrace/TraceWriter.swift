import GestureCore

/// Writes trace format version 1: what `gestured record` saves and `gestured replay` reads.
public enum TraceWriter {
    public static func header(_ screen: Screen) -> String {
        var w = JSONLineWriter()
        w.add("trace", TraceReader.version)
        w.add("screen", [screen.width, screen.height])
        if !(screen.monitors.count == 1
            && screen.monitors[0]
                == Screen.Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        {
            let list = screen.monitors.map { m in
                "["
                    + [m.x, m.y, m.width, m.height].map(JSONLineWriter.number).joined(
                        separator: ",") + "]"
            }
            w.add("monitors", raw: "[" + list.joined(separator: ",") + "]")
        }
        return w.line()
    }

    public static func line(_ e: InputEvent) -> String {
        var w = JSONLineWriter()
        w.add("t", e.time)
        func point(_ p: Point) {
            w.add("x", p.x)
            w.add("y", p.y)
        }
        switch e.kind {
        case .touchBegin(let id, let at):
            w.add("ev", "touch-begin")
            w.add("id", id)
            point(at)
        case .touchMove(let id, let at):
            w.add("ev", "touch-move")
            w.add("id", id)
            point(at)
        case .touchEnd(let id, let at):
            w.add("ev", "touch-end")
            w.add("id", id)
            point(at)
        case .touchCancel(let id):
            w.add("ev", "touch-cancel")
            w.add("id", id)
        case .buttonPress(let b, let at):
            w.add("ev", "button-press")
            w.add("button", b)
            point(at)
        case .motion(let at):
            w.add("ev", "motion")
            point(at)
        case .buttonRelease(let b, let at):
            w.add("ev", "button-release")
            w.add("button", b)
            point(at)
        case .swipeBegin(let f):
            w.add("ev", "swipe-begin")
            w.add("fingers", f)
        case .swipeUpdate(let f, let d, let u):
            w.add("ev", "swipe-update")
            w.add("fingers", f)
            w.add("dx", d.x)
            w.add("dy", d.y)
            if let u {
                w.add("udx", u.x)
                w.add("udy", u.y)
            }
        case .swipeEnd(let f, let c):
            w.add("ev", "swipe-end")
            w.add("fingers", f)
            if c { w.add("cancelled", true) }
        case .pinchBegin(let f):
            w.add("ev", "pinch-begin")
            w.add("fingers", f)
        case .pinchUpdate(let f, let d, let u, let s, let a):
            w.add("ev", "pinch-update")
            w.add("fingers", f)
            w.add("dx", d.x)
            w.add("dy", d.y)
            if let u {
                w.add("udx", u.x)
                w.add("udy", u.y)
            }
            w.add("scale", s)
            w.add("angle", a)
        case .pinchEnd(let f, let c):
            w.add("ev", "pinch-end")
            w.add("fingers", f)
            if c { w.add("cancelled", true) }
        case .idle: w.add("ev", "idle")
        }
        if let d = e.device { w.add("device", d) }
        if let a = e.app { w.add("app", a) }
        return w.line()
    }
}
