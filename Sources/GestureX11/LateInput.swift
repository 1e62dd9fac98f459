import GestureCore

/// Input given back because it was read later than touch-timeout after it happened, gathered
/// for the log: one line at once, then at most one a second while more comes, so that a daemon
/// catching up after being held up does not flood the log. Times are the server's, in
/// milliseconds, passed in.
public struct LateInput: Equatable {
    /// What was given back since the last report, in the order it came.
    public private(set) var given: [OwnershipDecision.Target] = []
    /// The longest delay among them.
    public private(set) var delay = 0.0
    private var reportedAt = -Double.infinity
    public static let interval = 1000.0

    public init() {}

    mutating func add(_ target: OwnershipDecision.Target, delay: Double) {
        given.append(target)
        self.delay = max(self.delay, delay)
    }

    /// When the next report is due; nil while nothing waits to be reported.
    public var due: Double? { given.isEmpty ? nil : reportedAt + Self.interval }

    /// What to report at `now`, when a report is due; the next one is a second later.
    public mutating func report(at now: Double) -> (
        given: [OwnershipDecision.Target], delay: Double
    )? {
        guard let due, now >= due else { return nil }
        defer {
            given = []
            delay = 0
            reportedAt = now
        }
        return (given, delay)
    }
}
