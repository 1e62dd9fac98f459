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

/// Who performs the actions that are not commands: the X11 performer (GestureX11) in the
/// daemon, a recording one for tests.
public protocol ActionPerforming: AnyObject {
    /// Performs one action; says what was done, or why nothing was.
    func perform(_ action: Action, _ context: ActionContext) -> Result<String, ActionError>
    /// Sends a following action's steps, in order, at once; says why one could not be done.
    func send(_ steps: [FollowStep]) -> ActionError?
    /// When what an action left waiting on someone else wants looking at again (a window the
    /// window manager restores before it is placed); nil when nothing waits.
    var nextDeadline: Double? { get }
    /// Goes on with what waits, at `time`; says what came of each piece that finished or was
    /// given up.
    func advance(to time: Double) -> [Waited]
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

/// Performs nothing and remembers what it was asked, in order.
public final class RecordingPerformer: ActionPerforming {
    public private(set) var performed: [(action: Action, context: ActionContext)] = []
    public private(set) var steps: [FollowStep] = []

    public init() {}

    public func perform(_ action: Action, _ context: ActionContext) -> Result<String, ActionError> {
        performed.append((action, context))
        return .success("recorded \(action.text)")
    }

    public func send(_ steps: [FollowStep]) -> ActionError? {
        self.steps += steps
        return nil
    }

    public var nextDeadline: Double? { nil }

    public func advance(to time: Double) -> [Waited] { [] }
}
