import GestureActions
import GestureConfig
import GestureCore

/// Who hears what the dispatcher does: the daemon logs it and shows it on the overlay, replay
/// prints it, tests record it.
public protocol DispatchObserver: AnyObject {
    /// Every engine output, in order, before it is acted on; `engine` knows the recognizers it
    /// names.
    func observe(_ output: EngineOutput, in engine: GestureEngine)
    /// An action a transition fired, and what became of it.
    func fired(_ fired: Fired, by recognizer: GestureRecognizer, outcome: ActionDispatch.Outcome, at time: Double)
    /// Something done other than asked, such as steps dropped past the cap of one event.
    func warning(_ message: String, about recognizer: GestureRecognizer, at time: Double)
    /// An action of the gesture `name` done after its transition: a drag's button let go when
    /// its lock ran out, on a reload or at exit.
    func later(_ name: String, _ action: Action, outcome: ActionDispatch.Outcome, at time: Double)
    /// A gesture with feedback whose fingers lifted before the commit point, at `progress`
    /// (below 1): it performed nothing.
    func notCommitted(_ binding: GestureBinding, by recognizer: GestureRecognizer, progress: Double, at time: Double)
}

/// Where the gestures go that a binding streams (`Bindings.streams`) rather than performs: the
/// daemon's touchegg stream, or a test's recording.
public protocol GestureStreaming: AnyObject {
    /// A transition of a streamed gesture (began, changed, ended or cancelled; a discrete one
    /// only ends), with its values and their progress.
    func stream(_ recognizer: GestureRecognizer, to state: GestureState, values: GestureValues, at time: Double)
}

/// Where the transitions of gestures with feedback go, to be drawn as they run: the daemon's
/// feedback overlay, or a test's recording.
public protocol FeedbackShowing: AnyObject {
    /// A transition of a gesture whose binding has feedback (began, changed, ended or
    /// cancelled), with its progress in `values`; `commits` when this transition performs the
    /// binding's actions (an end past the commit point).
    func show(_ binding: GestureBinding, _ recognizer: GestureRecognizer, to state: GestureState,
              values: GestureValues, commits: Bool, at time: Double)
}

/// The one path from the engine's outputs to their effects, for the daemon, `gestured replay`
/// and the tests alike: a touch decision goes to whoever owns the input, a transition fires its
/// bindings' actions through the action policy, and the observer hears all of it.
public final class Dispatcher {
    public var bindings: Bindings
    public let actions: ActionDispatch
    // Strong: none of them holds a dispatcher, and a weak reference would slow every retain.
    public var observer: DispatchObserver?
    /// Hears the transitions of streamed gestures; nil when nothing streams.
    public var stream: GestureStreaming?
    /// Hears the transitions of every gesture, bound, streamed or neither (gestured's own
    /// stream); nil when nobody listens.
    public var everyGesture: GestureStreaming?
    /// Hears the transitions of gestures with feedback; nil when nothing draws them.
    public var feedback: FeedbackShowing?
    /// Carries a touch decision to the input's owner (the X server); nothing in replay.
    private let decide: (TouchDecision) -> Void

    public init(bindings: Bindings, actions: ActionDispatch, observer: DispatchObserver?,
                decide: @escaping (TouchDecision) -> Void = { _ in }) {
        self.bindings = bindings
        self.actions = actions
        self.observer = observer
        self.decide = decide
    }

    /// Acts on everything the engine has reported since the last call, and clears it.
    public func dispatch() {
        // Runs after every input event: the engine (kept alive by `bindings`) uncounted, its outputs read in place.
        let bindings = self.bindings
        guard !bindings.engine.outputs.isEmpty else { return }
        Unmanaged.passUnretained(bindings.engine)._withUnsafeGuaranteedRef { engine in
            let observer = self.observer
            engine.outputs.withUnsafeBufferPointer { outputs in
                for i in outputs.indices { dispatch(outputs[i], bindings, engine, observer) }
            }
            engine.clearOutputs()
        }
    }

    @inline(__always)
    private func dispatch(_ output: borrowing EngineOutput, _ bindings: Bindings, _ engine: GestureEngine,
                          _ observer: DispatchObserver?) {
        observer?.observe(output, in: engine)
        switch output.kind {
        case .decision(let d):
            decide(d)
        case let .transition(id, _, to, _):
            transition(id, to: to, values: output.values, at: output.time, bindings, engine)
        case .illegalTransition, .pending:
            break
        }
    }

    /// What one transition does: it streams, shows its feedback, fires its bindings' actions.
    private func transition(_ id: GestureRecognizer.ID, to: GestureState, values: GestureValues, at time: Double,
                            _ bindings: Bindings, _ engine: GestureEngine) {
        let running = to != .failed && to != .possible
        if running, let every = everyGesture {
            every.stream(engine.recognizer(id), to: to, values: values, at: time)
        }
        if running, let stream, bindings.streams(id) {
            stream.stream(engine.recognizer(id), to: to, values: values, at: time)
            return
        }
        // Most transitions fire nothing: those skip making and dropping a firing.
        let firing = bindings.mayFire(id, at: to) ? bindings.fire(id, to: to, values: values) : nil
        if running, let feedback, let b = bindings.feedback(id) {
            feedback.show(b, engine.recognizer(id), to: to, values: values, commits: firing?.fired.isEmpty == false, at: time)
        }
        guard let firing, !firing.fired.isEmpty || firing.droppedSteps != 0 || firing.notCommitted != nil else { return }
        let r = engine.recognizer(id)
        let observer = self.observer
        if let progress = firing.notCommitted, let b = bindings.binding(for: r) {
            observer?.notCommitted(b, by: r, progress: progress, at: time)
        }
        for f in firing.fired {
            var context = ActionContext(location: values.location, time: time)
            context.gesture = f.binding.name
            context.state = to
            // What follows the pointer moves as the pointer would: on a touchpad by the
            // accelerated motion, while the gesture was recognized on the physical one.
            context.translation = values.pointerTranslation ?? values.translation
            let outcome = actions.fire(f.action, gesture: Dispatcher.gesture(f, r, to, values), at: context)
            observer?.fired(f, by: r, outcome: outcome, at: time)
        }
        if let warning = firing.warning { observer?.warning(warning, about: r, at: time) }
    }

    /// Does what is due by `time` that no transition fires: a locked drag's release, a window
    /// placed once the window manager has restored it.
    public func advance(to time: Double) {
        guard let due = actions.nextDeadline, due <= time else { return }
        for (name, action, outcome) in actions.advance(to: time) { observer?.later(name, action, outcome: outcome, at: time) }
    }

    /// Lets go of whatever a following action holds, at once: before a reload swaps the
    /// bindings, and before the daemon leaves.
    public func releaseAll(at time: Double) {
        for (name, action, outcome) in actions.releaseAll() { observer?.later(name, action, outcome: outcome, at: time) }
    }

    /// What an `exec` command learns of its gesture, through its environment.
    static func gesture(_ f: Fired, _ r: GestureRecognizer, _ state: GestureState, _ v: GestureValues) -> GestureContext {
        var c = GestureContext(name: f.binding.name, type: r.type, state: state.rawValue)
        c.fingers = v.fingers
        c.direction = r.reportedDirection ?? r.reportedShape
        c.dx = v.translation?.x
        c.dy = v.translation?.y
        c.scale = v.scale
        c.rotation = v.rotation
        c.x = v.location?.x
        c.y = v.location?.y
        c.step = f.step
        c.progress = f.progress
        return c
    }
}
