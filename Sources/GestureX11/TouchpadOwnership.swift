import GestureCore

/// Who owns the touchpad gesture under way, as the listener tracks it beside the `TouchLedger`
/// of touches: one gesture at a time, whose begin the server holds (the grab is synchronous)
/// until the engine decides.
///
/// ```
/// none ──begin──► waiting ──kept──► kept ──end──► none
///                    │ └──end──► waiting, ended ──kept──► none
///                    └──given back──► replayed ──the server's end once more──► none
/// ```
/// A device that goes takes its gesture with it (`lose`): the engine gets it as cancelled.
enum TouchpadOwnership: Equatable {
    /// The gesture as the engine knows it: the slave it comes from, its kind, its fingers.
    struct Gesture: Equatable {
        let source: Int32
        let kind: InputFrame.TouchpadKind
        let fingers: Int
    }

    case none
    /// Begun, and the server holds `device` until the engine decides; `gesture` is nil once
    /// its end has come. `throughMaster`: the grab that took it is the master pointer's (not
    /// a slave's, `grabsTouchpadSlaves`), which is let go of once the gesture is kept.
    case waiting(device: Int32, throughMaster: Bool, gesture: Gesture?)
    /// Kept: its events come to gestured until its end.
    case kept(Gesture)
    /// Given back: the server replays it to the applications and then ends it for gestured
    /// once more, and none of that is input.
    case replayed

    /// A gesture began on `device` (a master, or a slave whose swipes gestured grabs).
    mutating func begin(device: Int32, _ gesture: Gesture) {
        // Through a master, an event names the slave it came from as its source.
        self = .waiting(device: device, throughMaster: device != gesture.source, gesture: gesture)
    }

    /// Whether an update of the gesture is input for the engine.
    var takesUpdates: Bool { self != .replayed }

    /// The gesture ended; returns whether the end is input for the engine.
    mutating func end() -> Bool {
        switch self {
        case .replayed:
            self = .none
            return false
        case .waiting(let device, let throughMaster, _):
            self = .waiting(device: device, throughMaster: throughMaster, gesture: nil)
        case .kept, .none:
            self = .none
        }
        return true
    }

    /// The engine kept the gesture (`accepted`) or gave it back: the device to answer, and
    /// whether to let go of the master's active grab then; nil when no answer is owed.
    mutating func decide(accepted: Bool) -> (device: Int32, letGoOfMaster: Bool)? {
        guard case .waiting(let device, let throughMaster, let gesture) = self else { return nil }
        if accepted {
            self = gesture.map { .kept($0) } ?? .none
        } else {
            self = .replayed
        }
        return (device, accepted && throughMaster)
    }

    /// The slave `source` went: its gesture under way, to be cancelled, and the device still
    /// owed an answer for it; nil when none of its gestures is under way. No end will come.
    mutating func lose(_ source: Int32) -> (gesture: Gesture, owed: Int32?)? {
        switch self {
        case .waiting(let device, _, let gesture?) where gesture.source == source:
            self = .none
            return (gesture, device)
        case .kept(let gesture) where gesture.source == source:
            self = .none
            return (gesture, nil)
        default:
            return nil
        }
    }

    /// Whether the server still holds the gesture's device for an answer.
    var owesAnswer: Bool {
        if case .waiting = self { true } else { false }
    }

    /// Whether a gesture is under way and comes to gestured: the pointer is gestured's then.
    var holdsPointer: Bool {
        switch self {
        case .waiting(_, _, gesture: .some), .kept: true
        case .waiting, .replayed, .none: false
        }
    }
}
