import GestureActions
import GestureConfig
import GestureCore

/// What should happen, as a value: what a session step returns and the daemon applies, the one
/// place that touches both the engine's side and the X server's.
public enum Effect {
    /// Answer the server for one touch, press or touchpad gesture: kept, or given back.
    case decide(OwnershipDecision)
    /// Perform an action a binding fired (spawn it, for `exec`), then report its outcome;
    /// `gesture` is what a command learns of its gesture.
    case perform(Action, ActionContext, gesture: GestureContext)
    /// Send a following action's steps (press, motion, release; a window taken and moved), then
    /// report them as the outcome of `action`.
    case send([FollowStep], of: Action, ActionContext)
    /// Let go of a button a drag held, unreported: what it would have taken hold of was withheld.
    case letGo([FollowStep])
    /// A transition for a stream.
    case stream(Streamed)
    /// A transition of a gesture with feedback, for its window.
    case feedback(FeedbackTransition)
}

/// A transition for touchegg's stream (a streamed gesture's) or gestured's own (any gesture's).
public struct Streamed {
    public let recognizer: GestureRecognizer
    public let state: GestureState
    public let values: GestureValues
    public let time: Double
    /// touchegg's stream; gestured's own otherwise.
    public let toTouchegg: Bool

    init(
        _ recognizer: GestureRecognizer, to state: GestureState, values: GestureValues,
        at time: Double, toTouchegg: Bool
    ) {
        self.recognizer = recognizer
        self.state = state
        self.values = values
        self.time = time
        self.toTouchegg = toTouchegg
    }
}

/// A transition of a gesture whose binding has feedback (began, changed, ended or cancelled),
/// with its progress in `values`.
public struct FeedbackTransition {
    public let binding: GestureBinding
    public let recognizer: GestureRecognizer
    public let state: GestureState
    public let values: GestureValues
    /// This transition performs the binding's actions (an end past the commit point).
    public let commits: Bool
    /// Why nothing may be drawn now (another client holds the keyboard: a locked screen); nil
    /// when feedback may show, or when the world was not asked (an end).
    public let heldElsewhere: String?
    public let time: Double

    public init(
        binding: GestureBinding, recognizer: GestureRecognizer, to state: GestureState,
        values: GestureValues,
        commits: Bool, heldElsewhere: String?, at time: Double
    ) {
        self.binding = binding
        self.recognizer = recognizer
        self.state = state
        self.values = values
        self.commits = commits
        self.heldElsewhere = heldElsewhere
        self.time = time
    }
}
