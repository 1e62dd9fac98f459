import GestureActions
import GestureConfig
import GestureCore

/// One config at work, for the daemon, `gestured replay` and the tests alike: input events go
/// into its engine, and what they lead to comes out as values (`Effect`): ownership decisions,
/// actions to perform, a following action's steps, stream messages, feedback. The session
/// performs nothing itself and calls nobody back; its observer hears what it decided.
///
/// A step is `take` (or `flush`, `advance`, `releaseLockedDrag`, `decideAll`, `releaseAll`),
/// then `effects(in:)` with what the world is. Asking the world whether the keyboard is held elsewhere costs the
/// daemon a round trip, so it asks only when `asksAboutKeyboard(in:)` says an action is about
/// to be judged.
public final class Session {
    public var bindings: Bindings
    /// Whether and when a fired action is performed.
    public var policy: ActionPolicy
    // Strong: none of them holds a session, and a weak reference would slow every retain.
    public var observer: SessionObserver?
    /// Whether touchegg's stream is served: the transitions of streamed gestures go to it.
    public var streamsToTouchegg = false
    /// Whether gestured's own stream is served: the transitions of every gesture go to it.
    public var streamsEveryGesture = false
    /// Whether feedback is drawn: the transitions of gestures with feedback go to it.
    public var showsFeedback = false

    /// Effects due before the engine's next outputs are dispatched: a drag lock run out, a drag
    /// let go of.
    private var pending: [Effect] = []
    /// What the transitions of the outputs not yet dispatched fire, worked out once, before
    /// the world is asked about them, by their place among the outputs.
    private var firings: [(output: Int, firing: Firing)] = []
    /// How many of the outputs `firings` has looked at.
    private var firingsThrough = 0
    /// The last answer about the keyboard, and the time of the outputs it was asked for: the
    /// actions of one input event ask once.
    private var keyboardAnswer: (time: Double, keyboard: World.Keyboard)?

    public init(
        bindings: Bindings, policy: ActionPolicy = ActionPolicy(), observer: SessionObserver? = nil
    ) {
        self.bindings = bindings
        self.policy = policy
        self.observer = observer
    }

    public var engine: GestureEngine { bindings.engine }

    // MARK: Input

    /// Feeds one input event to the engine.
    @inline(__always)
    public func take(_ event: InputEvent) { bindings.engine.process(event) }

    /// Ends the engine's touch frame: the touches of the last event are delivered.
    public func flush() { bindings.engine.flush() }

    /// Moves the engine's time to `time`: its deadlines that passed fire.
    public func advance(to time: Double) { bindings.engine.advance(to: time) }

    /// When the engine next needs `advance(to:)` even if no event comes; nil when idle.
    public var engineDeadline: Double? { bindings.engine.nextDeadline() }

    /// Lets go of a locked drag's button once its lock has run out by `time`.
    public func releaseLockedDrag(at time: Double) {
        guard let due = policy.nextDeadline, due <= time, let release = policy.advance(to: time)
        else { return }
        later(release.gesture, release.action, release.verdict, at: time)
    }

    /// When a locked drag's button is due to go up; nil when none is locked.
    public var dragLockDeadline: Double? { policy.nextDeadline }

    /// Whether a drag holds a button down (in a dry run, would hold it).
    public var dragHoldsAButton: Bool { policy.follower.held != nil }

    /// Decides everything the engine holds: the daemon leaves, or swaps its bindings.
    public func decideAll() { bindings.engine.decideAll() }

    /// Lets go of whatever a following action holds, at once: before a reload swaps the
    /// bindings, and before the daemon leaves.
    public func releaseAll(at time: Double) {
        if let release = policy.releaseAll() {
            later(release.gesture, release.action, release.verdict, at: time)
        }
    }

    // MARK: Effects

    /// Whether `effects(in:)` needs to know whether another client holds the keyboard: an
    /// action is about to be judged, feedback about to be drawn, or clicks waited for the
    /// pointer that `world` says is free.
    public func asksAboutKeyboard(in world: World) -> Bool {
        if policy.asksAboutKeyboard(releasingIn: world) { return true }
        let outputs = bindings.engine.outputs
        guard !outputs.isEmpty else { return false }
        if let answer = keyboardAnswer, answer.time == outputs[outputs.count - 1].time {
            return false
        }
        workOutFirings()
        for (index, firing) in firings {
            let context = Session.context(of: outputs[index], name: "")
            for f in firing.fired
            where policy.asksAboutKeyboard(f.action, at: Session.named(context, f)) { return true }
        }
        guard showsFeedback else { return false }
        return outputs.contains { o in
            guard case .transition(let id, _, let to, _) = o.kind, to == .began || to == .changed
            else { return false }
            return bindings.feedback(id) != nil
        }
    }

    /// Everything the engine reported since the last call, and what came due, as effects in
    /// `world`; the observer hears each output, and each action's outcome that the session
    /// settles itself. The engine's outputs are cleared.
    public func effects(in world: World) -> [Effect] {
        var world = world
        if world.keyboard == .notAsked, let answer = keyboardAnswer,
            let last = bindings.engine.outputs.last, answer.time == last.time
        {
            world.keyboard = answer.keyboard
        } else if world.keyboard != .notAsked, let last = bindings.engine.outputs.last {
            keyboardAnswer = (last.time, world.keyboard)
        }
        // Clicks that waited go out as soon as the pointer is free, before what fired after them.
        for (waited, verdict) in policy.releaseWaiting(in: world) {
            settle(verdict, waited.action, waited.context, gesture: nil) { [observer] outcome in
                observer?.later(
                    waited.context.gesture, waited.action, outcome: outcome, at: waited.context.time
                )
            }
        }
        dispatch(in: world)
        defer { pending = [] }
        return pending
    }

    /// What the transitions of the outputs not yet dispatched fire, once.
    private func workOutFirings() {
        let bindings = self.bindings
        guard firingsThrough < bindings.engine.outputs.count else { return }
        bindings.engine.outputs.withUnsafeBufferPointer { outputs in
            defer { firingsThrough = outputs.count }
            for i in firingsThrough..<outputs.count {
                guard case .transition(let id, _, let to, _) = outputs[i].kind,
                    bindings.mayFire(id, at: to),
                    !(streamsToTouchegg && bindings.streams(id))
                else { continue }
                firings.append((i, bindings.fire(id, to: to, values: outputs[i].values)))
            }
        }
    }

    /// Acts on the engine's outputs in order, and clears them.
    private func dispatch(in world: World) {
        let bindings = self.bindings
        guard !bindings.engine.outputs.isEmpty else { return }
        workOutFirings()
        // The engine is kept alive by `bindings`: taken uncounted, its outputs read in place.
        Unmanaged.passUnretained(bindings.engine)._withUnsafeGuaranteedRef { engine in
            let observer = self.observer
            var next = 0
            engine.outputs.withUnsafeBufferPointer { outputs in
                for i in outputs.indices {
                    observer?.observe(outputs[i], in: bindings)
                    switch outputs[i].kind {
                    case .decision(let d):
                        pending.append(.decide(d))
                    case .transition(let id, _, let to, _):
                        var firing: Firing?
                        if next < firings.count && firings[next].output == i {
                            firing = firings[next].firing
                            next += 1
                        }
                        transition(
                            id, to: to, values: outputs[i].values, at: outputs[i].time, firing,
                            world, bindings, engine)
                    case .illegalTransition, .pending:
                        break
                    }
                }
            }
            engine.clearOutputs()
        }
        if !firings.isEmpty { firings.removeAll(keepingCapacity: true) }
        firingsThrough = 0
    }

    /// What one transition does: it streams, shows its feedback, fires its bindings' actions.
    private func transition(
        _ id: GestureRecognizer.ID, to: GestureState, values: GestureValues, at time: Double,
        _ firing: Firing?, _ world: World, _ bindings: Bindings, _ engine: GestureEngine
    ) {
        let running = to != .failed && to != .possible
        if running && streamsEveryGesture {
            pending.append(
                .stream(
                    Streamed(
                        engine.recognizer(id), to: to, values: values, at: time, toTouchegg: false))
            )
        }
        if running && streamsToTouchegg && bindings.streams(id) {
            pending.append(
                .stream(
                    Streamed(
                        engine.recognizer(id), to: to, values: values, at: time, toTouchegg: true)))
            return
        }
        if running && showsFeedback, let b = bindings.feedback(id) {
            pending.append(
                .feedback(
                    FeedbackTransition(
                        binding: b, recognizer: engine.recognizer(id), to: to, values: values,
                        commits: firing?.fired.isEmpty == false,
                        heldElsewhere: world.heldElsewhere, at: time)))
        }
        guard let firing,
            !firing.fired.isEmpty || firing.droppedSteps != 0 || firing.notCommitted != nil
        else { return }
        let r = engine.recognizer(id)
        if let progress = firing.notCommitted, let b = bindings.binding(for: r) {
            observer?.notCommitted(b, by: r, progress: progress, at: time)
        }
        var context = ActionContext(location: values.location, time: time)
        context.state = to
        // What follows the pointer moves as the pointer would: on a touchpad by the
        // accelerated motion, while the gesture was recognized on the physical one.
        context.translation = values.pointerTranslation ?? values.translation
        for f in firing.fired {
            let named = Session.named(context, f)
            let verdict = policy.judge(f.action, at: named, in: world)
            settle(verdict, f.action, named, gesture: Session.gesture(f, r, to, values)) {
                [observer] outcome in
                observer?.fired(f, by: r, outcome: outcome, at: time)
            }
        }
        if let warning = firing.warning { observer?.warning(warning, about: r, at: time) }
    }

    /// Turns a verdict into its effect, or tells `report` the outcome the policy settled.
    private func settle(
        _ verdict: ActionPolicy.Verdict, _ action: Action, _ context: ActionContext,
        gesture: GestureContext?, report: (ActionOutcome) -> Void
    ) {
        switch verdict {
        case .perform:
            pending.append(
                .perform(
                    action, context,
                    gesture: gesture ?? GestureContext(name: context.gesture, type: "", state: "")))
        case .send(let steps):
            pending.append(.send(steps, of: action, context))
        case .settled(let outcome):
            report(outcome)
        case .withheld(let why, let letGo):
            if !letGo.isEmpty { pending.append(.letGo(letGo)) }
            report(.withheld(why))
        }
    }

    /// A drag's release that no transition fired: its lock ran out, a reload, the exit.
    private func later(
        _ gesture: String, _ action: Action, _ verdict: ActionPolicy.Verdict, at time: Double
    ) {
        var context = ActionContext(location: nil, time: time)
        context.gesture = gesture
        settle(verdict, action, context, gesture: nil) { [observer] outcome in
            observer?.later(gesture, action, outcome: outcome, at: time)
        }
    }

    private static func context(of output: EngineOutput, name: String) -> ActionContext {
        var c = ActionContext(location: output.values.location, time: output.time)
        if case .transition(_, _, let to, _) = output.kind { c.state = to }
        c.gesture = name
        return c
    }

    private static func named(_ context: ActionContext, _ f: Fired) -> ActionContext {
        var c = context
        c.gesture = f.binding.name
        return c
    }

    /// What an `exec` command learns of its gesture, through its environment.
    static func gesture(
        _ f: Fired, _ r: GestureRecognizer, _ state: GestureState, _ v: GestureValues
    ) -> GestureContext {
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
