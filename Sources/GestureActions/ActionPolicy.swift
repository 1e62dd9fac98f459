import GestureCore

/// Whether and when a fired action is performed, in one place, as a value: a dry run performs
/// nothing; `exec` is refused while other users may change the config; nothing is performed
/// while another client holds the keyboard (a screen locker); clicks and scrolls wait while
/// gestured holds the pointer; `pass` does nothing (the engine has given the input back); a
/// following action's transitions become pointer steps (`Follower`). It performs nothing
/// itself: it says what to do (`Verdict`), and the daemon does it.
public struct ActionPolicy: Sendable {
    /// What the policy says of one fired action.
    public enum Verdict: Equatable, Sendable {
        /// Perform it (spawn it, for `exec`).
        case perform
        /// Send these steps of a following action.
        case send([FollowStep])
        /// Nothing to perform, and its outcome: a dry run, refused, deferred, withheld, passed.
        case settled(ActionOutcome)
        /// Withheld (another client holds the keyboard), and the button a drag held before is
        /// let go of, unreported, so that none is left down.
        case withheld(String, letGo: [FollowStep])
    }

    /// A click or scroll waiting for gestured to let go of the pointer.
    public struct Waiting: Sendable {
        public let action: Action
        public let context: ActionContext
    }

    public var dryRun: Bool
    /// Why exec actions are refused; nil when they are allowed.
    public var execRefusal: String?
    /// The pointer steps of `drag` and `pointer`, and the button a drag holds.
    public private(set) var follower = Follower()
    /// The action of the drag that holds a button, for what its later release reports.
    public private(set) var holding: Action?
    private var waiting: [Waiting] = []

    public init(dryRun: Bool = false, execRefusal: String? = nil) {
        self.dryRun = dryRun
        self.execRefusal = execRefusal
    }

    /// Whether judging `action` at `context` asks the world whether the keyboard is held
    /// elsewhere: asking costs the daemon a round trip, so it asks only then. A following
    /// action asks only when it takes hold of something (a press, a window).
    public func asksAboutKeyboard(_ action: Action, at context: ActionContext) -> Bool {
        guard !dryRun else { return false }
        if action.follows {
            return follower.takesHold(action, gesture: context.gesture, state: context.state)
        }
        return action != .pass
    }

    /// What to do with one fired action in `world`.
    public mutating func judge(_ action: Action, at context: ActionContext, in world: World)
        -> Verdict
    {
        if action.follows {
            let before = follower.held
            let steps = follower.follow(
                action, gesture: context.gesture, state: context.state,
                translation: context.translation, location: context.location, time: context.time)
            if !dryRun, steps.contains(where: \.takesHold), let why = world.heldElsewhere {
                // Nothing takes hold under a locked screen: the press or the window is withheld,
                // and a button held from before is let go, so none is left down.
                _ = follower.releaseAll()
                return .withheld(why, letGo: before.map { [.release(button: $0.button)] } ?? [])
            }
            if follower.held != nil { holding = action }
            return dryRun || steps.isEmpty ? .settled(.moved(steps, dryRun: dryRun)) : .send(steps)
        }
        if dryRun { return .settled(.wouldPerform) }
        if action != .pass, let why = world.heldElsewhere { return .settled(.withheld(why)) }
        switch action {
        case .exec:
            if let why = execRefusal { return .settled(.refused(why)) }
            return .perform
        case .pass, .stream:
            return .settled(.passed)
        case .click, .scroll:
            if world.pointerBusy {
                waiting.append(Waiting(action: action, context: context))
                return .settled(.deferred)
            }
            return .perform
        default:
            return .perform
        }
    }

    /// Whether `releaseWaiting(in:)` asks the world whether the keyboard is held elsewhere:
    /// clicks and scrolls wait and the pointer is free.
    public func asksAboutKeyboard(releasingIn world: World) -> Bool {
        !waiting.isEmpty && !world.pointerBusy
    }

    /// The clicks and scrolls that waited, once the pointer is free, each with its verdict:
    /// performed, or withheld when they would not reach the session now (the screen was
    /// locked meanwhile), not kept for after: a click long after its gesture lands anywhere.
    public mutating func releaseWaiting(in world: World) -> [(Waiting, Verdict)] {
        guard !waiting.isEmpty, !world.pointerBusy else { return [] }
        let due = waiting
        waiting.removeAll()
        if let why = world.heldElsewhere { return due.map { ($0, .settled(.withheld(why))) } }
        return due.map { ($0, .perform) }
    }

    /// When a locked drag's button is due to go up.
    public var nextDeadline: Double? { follower.nextDeadline }

    /// The release of a locked drag whose time has come: its gesture, its action and the steps
    /// (sent, or in a dry run said); nil when none is due.
    public mutating func advance(to time: Double) -> (
        gesture: String, action: Action, verdict: Verdict
    )? {
        let gesture = follower.held?.gesture
        let steps = follower.advance(to: time)
        guard let gesture, !steps.isEmpty, let action = holding else { return nil }
        return (gesture, action, dryRun ? .settled(.moved(steps, dryRun: true)) : .send(steps))
    }

    /// Lets go of any button a drag holds, at once: on reload and exit, so that gestured never
    /// leaves a button down in the user's session.
    public mutating func releaseAll() -> (gesture: String, action: Action, verdict: Verdict)? {
        let gesture = follower.held?.gesture
        let steps = follower.releaseAll()
        guard let gesture, !steps.isEmpty, let action = holding else { return nil }
        return (gesture, action, dryRun ? .settled(.moved(steps, dryRun: true)) : .send(steps))
    }
}

/// What became of one fired action.
public enum ActionOutcome: Equatable, Sendable {
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
