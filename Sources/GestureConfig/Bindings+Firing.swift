import GestureActions
import GestureCore

/// An action a transition fires, with the step of a repeating binding.
public struct Fired: Sendable {
    public let binding: GestureBinding
    public let action: Action
    /// The step reached (negative below where it began), for `repeat` bindings.
    public let step: Int?
    /// The progress since the gesture began: pixels, scale or degrees.
    public let progress: Double?
}

/// The steps of a `repeat` binding while its gesture runs.
final class StepState {
    var axis = Point(x: 1, y: 0)
    var steps = 0
}

extension Bindings {
    /// The actions a transition fires: at the binding's `on` state, or, for a `repeat` binding,
    /// one per step the progress has passed since the last event (its `reverse` when going back).
    public func fire(_ r: GestureRecognizer, to state: GestureState, values: GestureValues) -> [Fired] {
        guard let b = binding(for: r) else { return [] }
        guard let size = b.repeatStep else {
            return b.on.state == state ? b.actions.map { Fired(binding: b, action: $0, step: nil, progress: nil) } : []
        }
        guard state == .began || state == .changed else { return [] }
        let st = stepState(for: r)
        if state == .began {
            st.steps = 0
            st.axis = Bindings.axis(b, values)
        }
        let progress = Bindings.progress(b, values, axis: st.axis)
        let target = Int((progress / size).rounded(.towardZero))
        var fired: [Fired] = []
        while st.steps < target {
            st.steps += 1
            fired += b.actions.map { Fired(binding: b, action: $0, step: st.steps, progress: progress) }
        }
        while st.steps > target {
            st.steps -= 1
            fired += b.reverse.map { Fired(binding: b, action: $0, step: st.steps, progress: progress) }
        }
        return fired
    }

    /// The line a pan or edge gesture's progress is measured along: its direction, away from
    /// its edge, or the axis it mostly moved along when it began (right and down positive).
    static func axis(_ b: GestureBinding, _ v: GestureValues) -> Point {
        if let d = b.direction.flatMap(Direction.init(rawValue:)) {
            return Point(x: Angle.cos(d.angle), y: Angle.sin(d.angle))
        }
        switch b.edge {
        case .left?: return Point(x: 1, y: 0)
        case .right?: return Point(x: -1, y: 0)
        case .top?: return Point(x: 0, y: 1)
        case .bottom?: return Point(x: 0, y: -1)
        case nil:
            let t = v.translation ?? .zero
            return abs(t.x) >= abs(t.y) ? Point(x: 1, y: 0) : Point(x: 0, y: 1)
        }
    }

    /// Pixels along the axis (pan, edge), scale change (pinch), or degrees (rotate).
    static func progress(_ b: GestureBinding, _ v: GestureValues, axis: Point) -> Double {
        switch b.type {
        case .pinch: return (v.scale ?? 1) - 1
        case .rotate: return Angle.degrees(radians: v.rotation ?? 0)
        default:
            let t = v.translation ?? .zero
            return t.x * axis.x + t.y * axis.y
        }
    }
}
