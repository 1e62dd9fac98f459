import GestureActions
import GestureConfig
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

/// What one transition fires: its actions, and the steps of a `repeat` binding that went past
/// the cap of one event and were dropped.
public struct Firing: Sendable {
    public var fired: [Fired] = []
    /// Steps the progress passed in this event beyond `Bindings.maxStepsPerEvent`: not fired.
    public var droppedSteps = 0
    /// A binding with feedback whose fingers lifted before the commit point: the progress they
    /// lifted at, below 1. Nothing fired.
    public var notCommitted: Double?

    /// What the daemon logs and replay prints when steps were dropped.
    public var warning: String? {
        guard droppedSteps > 0 else { return nil }
        return
            "\(droppedSteps) step\(droppedSteps == 1 ? "" : "s") past the cap of \(Bindings.maxStepsPerEvent) per event dropped"
    }
}

/// One recognizer the bindings made: its binding, what of it each transition asks about, and
/// the steps of a `repeat` binding while its gesture runs.
final class Bound {
    let recognizer: GestureRecognizer
    let binding: GestureBinding
    /// The state whose transition fires the actions (not for `repeat` bindings).
    let on: GestureState
    let repeatStep: Double?
    /// A `drag` or `pointer` binding: fired at every transition while its gesture runs.
    let follows: Bool
    /// A binding with feedback: fired when its gesture ends past the commit point.
    let commitsAtLift: Bool
    /// Streamed rather than performed, and shown as feedback: asked at every transition, so
    /// answered once here rather than from the binding (a copy of it, and an array compared).
    let streams: Bool
    let feedback: Bool
    /// The states whose transitions `fire` has anything to do at, one bit each (`bit(_:)`):
    /// most transitions fire nothing, and `Bindings.mayFire` answers those from this.
    let firesAt: UInt8
    /// What a `repeat` binding's steps count along, fixed when its gesture begins.
    var axis = Direction.right
    var steps = 0

    init(_ recognizer: GestureRecognizer, _ binding: GestureBinding) {
        self.recognizer = recognizer
        self.binding = binding
        on = binding.on.state
        repeatStep = binding.repeatStep
        follows = binding.follows
        commitsAtLift = binding.commitsAtLift
        streams = binding.streams
        feedback = binding.feedback
        let running =
            Bound.bit(.began) | Bound.bit(.changed) | Bound.bit(.ended) | Bound.bit(.cancelled)
        if streams {
            firesAt = 0
        } else if follows {
            firesAt = running
        } else if commitsAtLift {
            firesAt = Bound.bit(.ended)
        } else if repeatStep != nil {
            firesAt = Bound.bit(.began) | Bound.bit(.changed)
        } else {
            firesAt = Bound.bit(on)
        }
    }

    static func bit(_ state: GestureState) -> UInt8 {
        switch state {
        case .possible: 1 << 0
        case .began: 1 << 1
        case .changed: 1 << 2
        case .ended: 1 << 3
        case .cancelled: 1 << 4
        case .failed: 1 << 5
        }
    }
}

extension Bindings {
    /// The most steps one input event fires. A real hand passes a few steps per event; a jump
    /// of thousands is a device or a trace gone wrong, and firing them all would press a key
    /// for minutes. The steps past the cap are dropped, not saved for later.
    public static let maxStepsPerEvent = 32

    /// The actions a transition of this engine's recognizer `r` fires: at the binding's `on`
    /// state, at every transition while it runs for a `drag` or `pointer` binding, or, for a `repeat` binding, one per step the progress has passed since the last
    /// event (its `reverse` when going back), at most `maxStepsPerEvent`.
    public func fire(_ r: GestureRecognizer.ID, to state: GestureState, values: GestureValues)
        -> Firing
    {
        // Most transitions fire nothing: answer those before looking at the binding.
        guard mayFire(r, at: state), let st = bound(r) else { return Firing() }
        if st.follows {
            guard state != .possible && state != .failed else { return Firing() }
            let b = st.binding
            return Firing(
                fired: b.actions.map { Fired(binding: b, action: $0, step: nil, progress: nil) })
        }
        if st.commitsAtLift {
            guard state == .ended else { return Firing() }
            let progress = values.progress ?? 0
            guard Bindings.commits(at: progress) else { return Firing(notCommitted: progress) }
            let b = st.binding
            return Firing(
                fired: b.actions.map { Fired(binding: b, action: $0, step: nil, progress: nil) })
        }
        guard let size = st.repeatStep else {
            guard st.on == state else { return Firing() }
            let b = st.binding
            return Firing(
                fired: b.actions.map { Fired(binding: b, action: $0, step: nil, progress: nil) })
        }
        guard state == .began || state == .changed else { return Firing() }
        let b = st.binding
        if state == .began {
            st.steps = 0
            st.axis = Bindings.axis(b, values)
        }
        let progress = Bindings.progress(b, values, axis: st.axis)
        guard let target = Bindings.stepIndex(progress / size) else { return Firing() }
        var firing = Firing()
        let distance = target - st.steps
        let firedSteps = min(abs(distance), Bindings.maxStepsPerEvent)
        firing.droppedSteps = abs(distance) - firedSteps
        let forward = distance > 0
        for _ in 0..<firedSteps {
            st.steps += forward ? 1 : -1
            let actions = forward ? b.actions : b.reverse
            firing.fired += actions.map {
                Fired(binding: b, action: $0, step: st.steps, progress: progress)
            }
        }
        st.steps = target
        return firing
    }

    /// Whether a gesture with feedback that ends at `progress` performs its actions: the
    /// fingers lifted at or past the commit point. Lifting before it, or after moving back
    /// below it, cancels (a progress that is not a number too).
    public static func commits(at progress: Double) -> Bool { progress >= 1 }

    /// The whole step a progress of `steps` step sizes has reached, toward zero; nil when it is
    /// not a number. Clamped far below where a conversion to Int could trap.
    static func stepIndex(_ steps: Double) -> Int? {
        guard !steps.isNaN else { return nil }
        let limit = Double(Int32.max)
        return Int(min(max(steps, -limit), limit).rounded(.towardZero))
    }

    /// The direction a pan or edge gesture's steps are counted along: its direction, away from
    /// its edge, or the axis it mostly moved along when it began (right and down forward, so
    /// that going back fires `reverse`).
    static func axis(_ b: GestureBinding, _ v: GestureValues) -> Direction {
        if let d = b.direction, d.vector != nil { return d }
        if let edge = b.edge { return edge.inward }
        let t = v.translation ?? .zero
        return abs(t.x) >= abs(t.y) ? .right : .down
    }

    /// How far a `repeat` binding's gesture has gone, in its step's unit: pixels along the axis
    /// (pan, edge, `Progress.pixels`), the scale's change (pinch), or degrees (rotate).
    static func progress(_ b: GestureBinding, _ v: GestureValues, axis: Direction) -> Double {
        switch b.type {
        case .pinch: return (v.scale ?? 1) - 1
        case .rotate: return Angle.degrees(radians: v.rotation ?? 0)
        default: return Progress.pixels(v.translation ?? .zero, along: axis)
        }
    }
}
