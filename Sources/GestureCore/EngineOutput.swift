/// What the engine reports, in the order it happened. The caller reads `GestureEngine.outputs`
/// after each call and clears them.
///
/// An output is a plain value: it names its recognizer by `GestureRecognizer.ID` and its reason
/// by `Reason.ID`, which the engine resolves (`recognizer(_:)`, `reason(_:)`) until the outputs
/// are cleared, and its values hold no text: an engine reports several outputs for most events,
/// and a plain value is copied without counting a reference.
public struct EngineOutput: BitwiseCopyable {
    public enum Kind: BitwiseCopyable {
        /// A recognizer changed state; the output's `values` are its gesture's values at that
        /// moment.
        case transition(
            GestureRecognizer.ID, from: GestureState, to: GestureState, reason: Reason.ID?)
        /// A recognizer is ready to recognize but waits for another to fail first.
        case pending(GestureRecognizer.ID, waitingFor: GestureRecognizer.ID)
        /// A recognizer asked for a transition its state machine does not allow; not applied.
        case illegalTransition(GestureRecognizer.ID, from: GestureState, to: GestureState)
        /// The gesture layer keeps a touch (accept) or gives it back to the application (reject).
        case decision(OwnershipDecision)
    }

    public let time: Double
    public let kind: Kind
    /// A transition's values; none set for any other output. Beside the kind, not in it, so
    /// that the engine writes them in place and a reader takes them where they lie.
    public internal(set) var values: GestureValues

    public init(time: Double, kind: Kind, values: GestureValues = GestureValues()) {
        self.time = time
        self.kind = kind
        self.values = values
    }

    /// The recognizer whose gesture this output recognizes: its transition to `ended`, which
    /// the log, the overlay and replay all call recognized (a continuous gesture has begun
    /// before, and a stroke begins before it is read); nil for any other output.
    public var recognized: GestureRecognizer.ID? {
        if case .transition(let id, _, .ended, _) = kind { id } else { nil }
    }
}

/// The ownership decision for one touch, one pointer press, or one touchpad gesture.
public struct OwnershipDecision: Equatable, Sendable, BitwiseCopyable {
    public enum Target: Equatable, Sendable, BitwiseCopyable {
        case touch(id: Int)
        case button(Int)
        case touchpad(InputFrame.TouchpadKind, fingers: Int)
    }

    public enum Why: String, Sendable, BitwiseCopyable {
        /// A recognizer that holds it was recognized.
        case recognized
        /// A touchpad gesture that a recognizer can use, kept at its begin.
        case wanted
        /// No recognizer can use it any more.
        case unused
        /// It stayed undecided for the whole touch timeout.
        case timeout
        /// The touch was cancelled by the device.
        case cancelled
        /// The engine was asked to decide everything (the daemon is exiting).
        case shutdown
    }

    public let target: Target
    public let accepted: Bool
    public let why: Why

    public init(target: Target, accepted: Bool, why: Why) {
        self.target = target
        self.accepted = accepted
        self.why = why
    }
}
