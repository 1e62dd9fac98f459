/// The states of a gesture recognizer, as UIKit's UIGestureRecognizer.State.
///
///     discrete:    possible ──► ended (recognized)
///                      └─────► failed
///
///     continuous:  possible ──► began ──► changed ──► ended
///                      │          │  ▲      │  └────► cancelled
///                      │          │  └──────┘
///                      │          ├─────────────────► ended | cancelled
///                      └─────► failed
///
/// After ended, cancelled or failed the engine resets the recognizer to possible once the input
/// sequence it took part in is over.
public enum GestureState: String, Sendable, BitwiseCopyable {
    case possible, began, changed, ended, cancelled, failed

    // The questions below match cases rather than compare with `==`: a String-backed enum's `==`
    // goes through stack slots, and the optimizer then kept every recognizer asked alive with a
    // retain and a release around the question.

    /// ended, cancelled and failed: the recognizer waits for its reset.
    public var isFinal: Bool {
        switch self {
        case .ended, .cancelled, .failed: true
        case .possible, .began, .changed: false
        }
    }

    /// began and changed: a continuous gesture is under way.
    public var isActive: Bool {
        switch self {
        case .began, .changed: true
        case .possible, .ended, .cancelled, .failed: false
        }
    }

    /// The one place that says which transitions a recognizer may ask for.
    public static func isLegal(from: GestureState, to: GestureState, continuous: Bool) -> Bool {
        switch (from, to) {
        case (.possible, .failed): return true
        case (.possible, .ended): return !continuous
        case (.possible, .began): return continuous
        case (.began, .changed), (.changed, .changed),
            (.began, .ended), (.changed, .ended),
            (.began, .cancelled), (.changed, .cancelled):
            return continuous
        default: return false
        }
    }
}
