import GestureActions
import GestureCore
import GestureSession
import GestureX11

/// Applying what the session says should happen: the one place that touches both ends. The
/// session is told what the world is (`world()`), and each effect goes to whoever does it:
/// decisions to the listener, actions to the performer or `CommandRunner`, steps to the
/// performer, transitions to the streams and the feedback; what became of each action to the
/// reporter.
extension Daemon {
    /// What the world is now: the pointer as the listener holds it, and, when the session's next
    /// effects depend on it, whether another client holds the keyboard (one round trip on the
    /// performer's connection for questions).
    func world() -> World {
        var world = World(pointerBusy: listener.pointerBusy, keyboard: .notAsked)
        if session.asksAboutKeyboard(in: world) {
            world.keyboard =
                performer.ask.keyboardHeldElsewhere(serverNow: listener.now()).map {
                    .heldElsewhere($0)
                } ?? .free
        }
        return world
    }

    /// Applies the effects in order.
    func apply(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .decide(let d):
                listener.answer(d)
            case .perform(let action, let context, let gesture):
                reporter.report(
                    context.gesture, action, perform(action, context, gesture), at: context.time)
            case .send(let steps, let action, let context):
                if steps.contains(where: { if case .takeWindow = $0 { true } else { false } }) {
                    taking = (context.gesture, action)
                }
                announcePresses(steps)
                let outcome: ActionOutcome =
                    performer.send(steps).map { .failed($0.message) }
                    ?? .moved(steps, dryRun: false)
                reporter.report(context.gesture, action, outcome, at: context.time)
            case .letGo(let steps):
                _ = performer.send(steps)
            case .stream(let s):
                if s.toTouchegg {
                    touchegg?.stream(s.recognizer, to: s.state, values: s.values, at: s.time)
                } else {
                    ownStream?.stream(s.recognizer, to: s.state, values: s.values, at: s.time)
                }
            case .feedback(let f):
                if let line = feedback.show(f, now: listener.now()) { log.info("\(line)") }
            }
        }
        // While a drag holds a button, the slaves' touchpad swipes are grabbed too.
        listener.grabsTouchpadSlaves = session.dragHoldsAButton
    }

    /// Performs one action, or spawns its command; timed on the monotonic clock.
    private func perform(_ action: Action, _ context: ActionContext, _ gesture: GestureContext)
        -> ActionOutcome
    {
        if case .exec(let command) = action {
            switch CommandRunner.spawn(command, context: gesture) {
            case .success(let pid): return .spawned(pid: pid)
            case .failure(let e): return .failed(e.message)
            }
        }
        for button in action.buttonsPressed { listener.willPress(button) }
        let started = MonotonicClock.milliseconds()
        switch performer.perform(action, context) {
        case .success(let what):
            return .performed(what, milliseconds: MonotonicClock.milliseconds() - started)
        case .failure(let e): return .failed(e.message)
        }
    }

    /// Tells the listener of each button gestured is about to press through XTest, so that the
    /// press that comes back is given to the application, never taken for a stroke.
    private func announcePresses(_ steps: [FollowStep]) {
        for case .press(let button) in steps { listener.willPress(button) }
    }

    /// Decides everything the session holds and lets go of what a drag holds, each applied:
    /// before its bindings are swapped (a reload, a mode), so that the new ones start clean.
    func settleAll() {
        session.decideAll()
        apply(session.effects(in: world()))
        session.releaseAll(at: listener.now())
        apply(session.effects(in: world()))
    }
}
