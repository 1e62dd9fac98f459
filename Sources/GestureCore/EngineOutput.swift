/// What the engine reports, in the order it happened. The caller reads `GestureEngine.outputs`
/// after each call and clears them.
public struct EngineOutput {
    public enum Kind {
        /// A recognizer changed state; `values` are its gesture's values at that moment.
        case transition(GestureRecognizer, from: GestureState, to: GestureState,
                        values: GestureValues, reason: String?)
        /// A recognizer is ready to recognize but waits for another to fail first.
        case pending(GestureRecognizer, waitingFor: GestureRecognizer)
        /// A recognizer asked for a transition its state machine does not allow; not applied.
        case illegalTransition(GestureRecognizer, from: GestureState, to: GestureState)
        /// The gesture layer keeps a touch (accept) or gives it back to the application (reject).
        case decision(TouchDecision)
    }

    public let time: Double
    public let kind: Kind
}

/// The ownership decision for one touch, one pointer press, or one touchpad gesture.
public struct TouchDecision: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        case touch(id: Int)
        case button(Int)
        case touchpad(InputFrame.TouchpadKind, fingers: Int)
    }

    public enum Why: String, Sendable {
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
}
