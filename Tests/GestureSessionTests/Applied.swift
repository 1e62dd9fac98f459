import GestureActions
import GestureConfig
import GestureCore
import GestureSession

/// A session driven as the daemon drives it, with its effects recorded instead of applied:
/// what would be performed, sent, answered, streamed and shown, in order, and how often the
/// world was asked about the keyboard.
final class Applied {
    let session: Session
    var engine: GestureEngine { session.engine }
    private(set) var performed: [(action: Action, context: ActionContext)] = []
    private(set) var steps: [FollowStep] = []
    private(set) var decisions: [OwnershipDecision] = []
    private(set) var streamed: [Streamed] = []
    private(set) var shown: [FeedbackTransition] = []
    /// Why input would not reach the session now (a screen locker holds the keyboard).
    var heldElsewhere: String?
    var pointerBusy = false
    /// How many times the session asked whether the keyboard is held elsewhere.
    private(set) var asked = 0

    init(
        _ config: Config, screen: Screen = Screen(), dryRun: Bool = false,
        observer: SessionObserver? = nil
    ) {
        session = Session(
            bindings: Bindings(config, screen: screen), policy: ActionPolicy(dryRun: dryRun),
            observer: observer)
    }

    convenience init(
        _ toml: String, screen: Screen = Screen(), dryRun: Bool = false,
        observer: SessionObserver? = nil
    ) throws {
        self.init(
            try ConfigLoader.load(toml, file: "c.toml"), screen: screen, dryRun: dryRun,
            observer: observer)
    }

    /// The world as the daemon makes it: the keyboard asked only when the session says so.
    func world() -> World {
        var world = World(pointerBusy: pointerBusy, keyboard: .notAsked)
        if session.asksAboutKeyboard(in: world) {
            asked += 1
            world.keyboard = heldElsewhere.map { .heldElsewhere($0) } ?? .free
        }
        return world
    }

    /// The session's effects in the world now, recorded.
    func apply() {
        for effect in session.effects(in: world()) {
            switch effect {
            case .decide(let d): decisions.append(d)
            case .perform(let action, let context, _): performed.append((action, context))
            case .send(let s, _, _), .letGo(let s): steps += s
            case .stream(let s): streamed.append(s)
            case .feedback(let f): shown.append(f)
            }
        }
    }

    /// One event at its time, as the daemon takes it: a locked drag due by then lets go, the
    /// engine takes the event, and the effects are applied.
    func take(_ event: InputEvent) {
        session.releaseLockedDrag(at: event.time)
        session.take(event)
        apply()
    }

    /// Time passes to `t`: what is due fires, then the event at `t` if any.
    func at(_ t: Double, _ kind: InputEvent.Kind? = nil) {
        take(InputEvent(time: t, kind ?? .idle))
    }

    /// A touchpad swipe of `fingers`: its begin at `start`, a move by each of `moves` 10 ms
    /// apart, and its end after the last unless `lift` is false.
    func swipe(
        from start: Double = 0, fingers: Int = 3, _ moves: [Point], lift: Bool = true,
        cancelled: Bool = false
    ) {
        at(start, .swipeBegin(fingers: fingers))
        for (i, d) in moves.enumerated() {
            at(start + 10 * Double(i + 1), .swipeUpdate(fingers: fingers, delta: d))
        }
        if lift {
            at(
                start + 10 * Double(moves.count + 1),
                .swipeEnd(fingers: fingers, cancelled: cancelled))
        }
    }
}
