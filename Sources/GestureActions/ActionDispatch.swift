import GestureCore

/// The policy between a fired action and whoever performs it, in one place: a dry run performs
/// nothing; `exec` is refused while other users may change the config; nothing is performed
/// while another client holds the keyboard (a screen locker); clicks and scrolls wait while
/// gestured holds the pointer; `pass` does nothing (the engine has given the input back).
/// Commands are spawned here; every other action goes to the performer.
public final class ActionDispatch {
    public enum Outcome: Equatable, Sendable {
        /// Done, with what the performer says it did and how long it took.
        case performed(String, milliseconds: Double)
        /// A command started.
        case spawned(pid: Int32)
        /// A dry run: it would have been performed.
        case wouldPerform
        /// Not performed, and why (the exec refusal).
        case refused(String)
        /// Waits until gestured lets go of the pointer.
        case deferred
        /// The performer or the command could not do it.
        case failed(String)
        /// `pass` or `stream`: nothing to perform.
        case passed
        /// A following action's pointer steps: sent, or in a dry run what would be.
        case moved([FollowStep], dryRun: Bool)
        /// Not performed, since what it sends would not reach the session, and why: another
        /// client holds the keyboard, as a screen locker does while the screen is locked.
        case withheld(String)
    }

    public var dryRun: Bool
    /// Why exec actions are refused; nil when they are allowed.
    public var execRefusal: String?
    public let performer: ActionPerforming
    /// Whether a click or a scroll now would land in a gesture gestured holds the pointer for.
    private let pointerBusy: () -> Bool
    /// Why what an action sends now would not reach the session (another client holds the
    /// keyboard: a screen locker); nil when it would. Asked before each action is performed or
    /// a following action takes hold of something, never for its motion.
    private let askHeldElsewhere: () -> String?
    /// The last answer, and the time of the input event it was asked for: the steps one event
    /// fires (up to 32 repeat steps) ask once.
    private var heldAnswer: (time: Double, why: String?)?
    /// Monotonic milliseconds, to time what the performer does.
    private let clock: () -> Double
    private var waiting: [(action: Action, context: ActionContext, gesture: String)] = []
    /// The pointer steps of `drag` and `pointer`, and the button a drag holds.
    public private(set) var follower = Follower()
    /// The action of the drag that holds a button, for what its later release reports.
    private var holding: Action?
    /// The gesture and action of the last following action that took a window, for what the
    /// performer later says of it.
    private var taking: (gesture: String, action: Action)?

    public init(performer: ActionPerforming, dryRun: Bool = false, execRefusal: String? = nil,
                pointerBusy: @escaping () -> Bool = { false }, heldElsewhere: @escaping () -> String? = { nil },
                clock: @escaping () -> Double = { 0 }) {
        self.performer = performer
        self.dryRun = dryRun
        self.execRefusal = execRefusal
        self.pointerBusy = pointerBusy
        askHeldElsewhere = heldElsewhere
        self.clock = clock
    }

    /// Fires one action of the gesture described by `gesture`.
    public func fire(_ action: Action, gesture: GestureContext, at context: ActionContext) -> Outcome {
        if action.follows {
            let before = follower.held
            let steps = follower.follow(action, gesture: context.gesture, state: context.state,
                                        translation: context.translation, location: context.location, time: context.time)
            if !dryRun, steps.contains(where: \.takesHold), let why = heldElsewhere(at: context.time) {
                // Nothing takes hold under a locked screen: the press or the window is withheld,
                // and a button held from before is let go, so none is left down.
                _ = follower.releaseAll()
                if let before { _ = send([.release(button: before.button)]) }
                return .withheld(why)
            }
            if follower.held != nil { holding = action }
            if steps.contains(where: { if case .takeWindow = $0 { true } else { false } }) { taking = (gesture.name, action) }
            return send(steps)
        }
        if dryRun { return .wouldPerform }
        if action != .pass, let why = heldElsewhere(at: context.time) { return .withheld(why) }
        switch action {
        case .exec(let command):
            if let why = execRefusal { return .refused(why) }
            switch CommandRunner.spawn(command, context: gesture) {
            case .success(let pid): return .spawned(pid: pid)
            case .failure(let e): return .failed(e.message)
            }
        case .pass, .stream:
            return .passed
        case .click, .scroll:
            if pointerBusy() {
                waiting.append((action, context, gesture.name))
                return .deferred
            }
            return perform(action, context)
        default:
            return perform(action, context)
        }
    }

    /// Performs the clicks and scrolls that waited, once the pointer is free; each with the
    /// name of its gesture. Those that would not reach the session now (the screen was locked
    /// meanwhile) are dropped, not kept for after: a click long after its gesture lands anywhere.
    public func performDeferred() -> [(gesture: String, action: Action, outcome: Outcome)] {
        guard !waiting.isEmpty, !pointerBusy() else { return [] }
        let due = waiting
        waiting.removeAll()
        if let why = askHeldElsewhere() { return due.map { ($0.gesture, $0.action, .withheld(why)) } }
        return due.map { ($0.gesture, $0.action, perform($0.action, $0.context)) }
    }

    /// Why input would not reach the session, asked of the server once per input event (its
    /// `time`): the policy and feedback share the answer.
    public func heldElsewhere(at time: Double) -> String? {
        if let last = heldAnswer, last.time == time { return last.why }
        let why = askHeldElsewhere()
        heldAnswer = (time, why)
        return why
    }

    /// When a locked drag's button is due to go up, or the performer wants to look again at
    /// what an action left waiting (a window the window manager restores before it is placed).
    public var nextDeadline: Double? {
        switch (follower.nextDeadline, performer.nextDeadline) {
        case let (f?, p?): min(f, p)
        case let (f, p): f ?? p
        }
    }

    /// Lets go of a locked drag's button whose time has come, and goes on with what the
    /// performer waits on; each with its gesture name.
    public func advance(to time: Double) -> [(gesture: String, action: Action, outcome: Outcome)] {
        var done: [(gesture: String, action: Action, outcome: Outcome)] = []
        let gesture = follower.held?.gesture
        let steps = follower.advance(to: time)
        if let gesture, !steps.isEmpty, let action = holding { done.append((gesture, action, send(steps))) }
        if let due = performer.nextDeadline, due <= time {
            for waited in performer.advance(to: time) {
                // A waited action is timed from the event that fired it.
                let fired = waited.action.map { (gesture: $0.1.gesture, action: $0.0, time: $0.1.time) }
                    ?? taking.map { (gesture: $0.gesture, action: $0.action, time: time) }
                guard let fired else { continue }
                switch waited.result {
                case .success(let what): done.append((fired.gesture, fired.action, .performed(what, milliseconds: max(0, time - fired.time))))
                case .failure(let e): done.append((fired.gesture, fired.action, .failed(e.message)))
                }
            }
        }
        return done
    }

    /// Lets go of any button a drag holds, at once: on reload and exit, so that gestured never
    /// leaves a button down in the user's session.
    public func releaseAll() -> [(gesture: String, action: Action, outcome: Outcome)] {
        let gesture = follower.held?.gesture
        let steps = follower.releaseAll()
        guard let gesture, !steps.isEmpty, let action = holding else { return [] }
        return [(gesture, action, send(steps))]
    }

    private func send(_ steps: [FollowStep]) -> Outcome {
        if !dryRun && !steps.isEmpty, let e = performer.send(steps) { return .failed(e.message) }
        return .moved(steps, dryRun: dryRun)
    }

    private func perform(_ action: Action, _ context: ActionContext) -> Outcome {
        let started = clock()
        switch performer.perform(action, context) {
        case .success(let what): return .performed(what, milliseconds: clock() - started)
        case .failure(let e): return .failed(e.message)
        }
    }
}
