/// The progress the feedback shows, in time: it follows the fingers while they are down; when
/// they lift past the commit point the picture goes at once (the action takes its place);
/// when they lift before it, or the gesture is cancelled, it goes back to 0 over
/// `returnDuration` and is gone. Time is passed in: the run loop polls for `nextDeadline`,
/// which is nil whenever nothing moves on its own, so that a finished animation never wakes
/// the daemon.
///
///     hidden ──(began)──► following ──(changed)──► following
///                             ├──(lift past 1)──────────────────► hidden
///                             └──(lift before 1, cancel)──► returning ──(returnDuration)──► hidden
public struct FeedbackAnimation: Equatable, Sendable {
    /// Milliseconds between two frames of the return.
    public static let frame = 16.0
    /// Milliseconds the picture takes to go back from the commit point to nothing; a return
    /// from further back takes as much less.
    public static let returnDuration = 200.0

    /// The progress shown, 0 to 1; nil when nothing is shown.
    public private(set) var shown: Double?
    private var returning: (from: Double, start: Double)?
    /// When the last frame was drawn, for the next one's deadline.
    private var drawn = -Double.infinity

    public init() {}

    public static func == (a: FeedbackAnimation, b: FeedbackAnimation) -> Bool {
        a.shown == b.shown && a.returning?.from == b.returning?.from
            && a.returning?.start == b.returning?.start
    }

    /// The fingers moved: the picture shows `progress` (clamped to 0...1).
    public mutating func follow(_ progress: Double) {
        shown = progress.isNaN ? 0 : min(max(progress, 0), 1)
        returning = nil
    }

    /// The fingers lifted past the commit point: the action is performed, the picture goes.
    public mutating func commit() {
        shown = nil
        returning = nil
    }

    /// The fingers lifted before the commit point, or the gesture was cancelled: the picture
    /// goes back from where it is.
    public mutating func cancel(at time: Double) {
        guard let from = shown else { return }
        returning = (from, time)
        drawn = time
    }

    /// Moves the return on to `time`; what to show then (nil: nothing, the animation is over).
    public mutating func advance(to time: Double) -> Double? {
        guard let r = returning else { return shown }
        drawn = time
        let left = r.from - (time - r.start) / FeedbackAnimation.returnDuration
        if left <= 0 {
            shown = nil
            returning = nil
        } else {
            shown = left
        }
        return shown
    }

    /// When the next frame of the return is due; nil while the fingers lead and once it is over.
    public var nextDeadline: Double? {
        guard let r = returning else { return nil }
        let end = r.start + r.from * FeedbackAnimation.returnDuration
        return min(drawn + FeedbackAnimation.frame, end)
    }
}
