import GestureActions
import GestureConfig
import GestureCore

/// Who hears what a session decided: the daemon logs it and shows it on the overlay, replay
/// prints it, tests record it. The outcomes of the actions the daemon performs are its own to
/// report, after it performed them.
public protocol SessionObserver: AnyObject {
    /// Every engine output, in order, before it is acted on; `bindings` and their engine know
    /// the recognizers and reasons it names.
    func observe(_ output: EngineOutput, in bindings: Bindings)
    /// An action a transition fired, and the outcome the session settled for it (a dry run,
    /// refused, deferred, withheld, passed, steps said in a dry run).
    func fired(
        _ fired: Fired, by recognizer: GestureRecognizer, outcome: ActionOutcome, at time: Double)
    /// Something done other than asked, such as steps dropped past the cap of one event.
    func warning(_ message: String, about recognizer: GestureRecognizer, at time: Double)
    /// An action of the gesture `name` settled after its transition: a click that waited, a
    /// drag's button let go when its lock ran out, on a reload or at exit, in a dry run.
    func later(_ name: String, _ action: Action, outcome: ActionOutcome, at time: Double)
    /// A gesture with feedback whose fingers lifted before the commit point, at `progress`
    /// (below 1): it performed nothing.
    func notCommitted(
        _ binding: GestureBinding, by recognizer: GestureRecognizer, progress: Double,
        at time: Double)
}
