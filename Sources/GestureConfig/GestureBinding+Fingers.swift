import GestureCore

extension GestureBinding {
    /// The finger counts it takes from `source`, with the type's defaults filled in; nil for a
    /// stroke, which a button draws.
    public func fingers(from source: InputSource) -> ClosedRange<Int>? {
        switch kind {
        case .tap(let t): return t.fingers...t.fingers
        case .swipe(let s): return s.fingers...s.fingers
        case .edge(let e): return e.fingers...e.fingers
        case .press(let p): return p.fingers...p.fingers
        case .pan(let p): return Self.fingerRange(p.fingers, of: .pan, source: source)
        case .pinch(let p): return Self.fingerRange(p.fingers, of: .pinch, source: source)
        case .rotate(let r): return Self.fingerRange(r.fingers, of: .rotate, source: source)
        case .stroke: return nil
        }
    }

    /// The fingers a pan, pinch or rotation takes from `source`: the bounds not written are the
    /// declared ones, and on a touchpad no fewer than `touchpadFewestUnwritten`, or than it
    /// reports the gesture with when `max-fingers` is written below that.
    public static func fingerRange(
        _ count: GestureBinding.FingerCount, of type: GestureBinding.GestureType,
        source: InputSource
    ) -> ClosedRange<Int> {
        switch count {
        case .exactly(let n):
            return n...n
        case .between(let min, let max):
            var lo = min ?? ConfigSchema.minFingers.fallback(for: type)!
            if min == nil && source == .touchpad {
                let fewest =
                    max.map { $0 < touchpadFewestUnwritten } == true
                    ? type.touchpadMinimumFingers : touchpadFewestUnwritten
                lo = Swift.max(lo, fewest)
            }
            return lo...Swift.max(lo, max ?? ConfigSchema.maxFingers.fallback(for: type)!)
        }
    }

    /// The fewest fingers a touchpad pan, pinch or rotation takes when no count is written:
    /// two-finger pinches and rotations are the applications' (a browser's zoom) unless a
    /// binding asks for two.
    public static let touchpadFewestUnwritten = 3
}
