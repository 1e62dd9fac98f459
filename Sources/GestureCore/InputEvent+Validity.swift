/// What the engine takes on trust: finite numbers everywhere and a pinch scale above zero. The
/// trace reader and the X decoder both ask here, so that neither lets through what the other
/// would refuse.
extension InputEvent {
    /// Why the engine must not see this event; nil when it may.
    public var problem: String? { InputEvent.problem(time: time, kind) }

    /// Why the engine must not see an event of this time and kind, whatever its device and app;
    /// nil when it may. A reader that has no event yet asks without making one, and so without
    /// copying its names. Always inlined, the valid case first, so that the answer for nearly
    /// every event is a few comparisons in the caller.
    @inlinable @inline(__always)
    public static func problem(time: Double, _ kind: Kind) -> String? {
        guard time.isFinite else { return "its time is not a finite number" }
        switch kind {
        case .touchBegin(_, let p), .touchMove(_, let p), .touchEnd(_, let p),
            .buttonPress(_, let p), .motion(let p), .buttonRelease(_, let p):
            return p.x.isFinite && p.y.isFinite
                ? nil : "its position or delta is not a finite number"
        case .swipeUpdate(_, let p, let u):
            let finite =
                p.x.isFinite && p.y.isFinite && (u.map { $0.x.isFinite && $0.y.isFinite } ?? true)
            return finite ? nil : "its position or delta is not a finite number"
        case .pinchUpdate(_, let delta, let unaccelerated, let scale, let angle):
            guard delta.x.isFinite, delta.y.isFinite, angle.isFinite,
                unaccelerated.map({ $0.x.isFinite && $0.y.isFinite }) ?? true
            else { return "its delta or angle is not a finite number" }
            return scale.isFinite && scale > 0 ? nil : "its scale is not a number above 0"
        case .touchCancel, .swipeBegin, .swipeEnd, .pinchBegin, .pinchEnd, .idle:
            return nil
        }
    }
}
