import GestureCore

/// The policy between a fired action and whoever performs it, in one place: a dry run performs
/// nothing; `exec` is refused while other users may change the config; clicks and scrolls wait
/// while gestured holds the pointer; `pass` does nothing (the engine has given the input back).
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
    }

    public var dryRun: Bool
    /// Why exec actions are refused; nil when they are allowed.
    public var execRefusal: String?
    public let performer: ActionPerforming
    /// Whether a click or a scroll now would land in a gesture gestured holds the pointer for.
    private let pointerBusy: () -> Bool
    /// Monotonic milliseconds, to time what the performer does.
    private let clock: () -> Double
    private var waiting: [(action: Action, context: ActionContext, gesture: String)] = []

    public init(performer: ActionPerforming, dryRun: Bool = false, execRefusal: String? = nil,
                pointerBusy: @escaping () -> Bool = { false }, clock: @escaping () -> Double = { 0 }) {
        self.performer = performer
        self.dryRun = dryRun
        self.execRefusal = execRefusal
        self.pointerBusy = pointerBusy
        self.clock = clock
    }

    /// Fires one action of the gesture described by `gesture`.
    public func fire(_ action: Action, gesture: GestureContext, at context: ActionContext) -> Outcome {
        if dryRun { return .wouldPerform }
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
    /// name of its gesture.
    public func performDeferred() -> [(gesture: String, action: Action, outcome: Outcome)] {
        guard !waiting.isEmpty, !pointerBusy() else { return [] }
        let due = waiting
        waiting.removeAll()
        return due.map { ($0.gesture, $0.action, perform($0.action, $0.context)) }
    }

    private func perform(_ action: Action, _ context: ActionContext) -> Outcome {
        let started = clock()
        switch performer.perform(action, context) {
        case .success(let what): return .performed(what, milliseconds: clock() - started)
        case .failure(let e): return .failed(e.message)
        }
    }
}
