import GestureCore

/// Where and when an action happens: the gesture's location (nil on a touchpad, where the
/// pointer is used) and the time of the event that fired it, which window managers check. A
/// following action (`drag`, `pointer`) also learns which gesture, in which state, moved how far.
public struct ActionContext: Sendable, Equatable {
    public var location: Point?
    public var time: Double
    /// The binding's name: a drag continues only the gesture that began it.
    public var gesture = ""
    public var state: GestureState = .ended
    /// Pixels since the gesture began.
    public var translation: Point?

    public init(location: Point?, time: Double) {
        self.location = location
        self.time = time
    }
}

/// What came of an action that waited on someone else: a window placed once the window manager
/// restored it, or given up.
public struct Waited {
    /// The action and the context it was performed in; nil for the window a following action
    /// (`window move`, `window resize`) took.
    public var action: (Action, ActionContext)?
    public var result: Result<String, ActionError>

    public init(_ action: (Action, ActionContext)?, _ result: Result<String, ActionError>) {
        self.action = action
        self.result = result
    }
}

extension Waited {
    /// What to report of it at `now`: its gesture, its action and its outcome, timed from the
    /// event that fired it; for the window a following action took, `taking` names them (and
    /// nothing is timed). Nil when nothing names it.
    public func report(at now: Double, taking: (gesture: String, action: Action)?)
        -> (gesture: String, action: Action, outcome: ActionOutcome)?
    {
        let fired =
            action.map { (gesture: $0.1.gesture, action: $0.0, time: $0.1.time) }
            ?? taking.map { (gesture: $0.gesture, action: $0.action, time: now) }
        guard let fired else { return nil }
        switch result {
        case .success(let what):
            return (
                fired.gesture, fired.action,
                .performed(what, milliseconds: max(0, now - fired.time))
            )
        case .failure(let e): return (fired.gesture, fired.action, .failed(e.message))
        }
    }
}
