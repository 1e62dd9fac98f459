/// Connections refused to other users, kept from costing the daemon its time or its log: the
/// first refusal is said at once, those after it are counted and said in one line at the end
/// of each `window`, and past `perSecond` refusals in a second the listener rests until the
/// second is over (a connection made meanwhile waits in the backlog). A value: times
/// (monotonic microseconds) are passed in.
struct Refusals {
    /// Microseconds between lines about refusals.
    static let window: UInt64 = 5_000_000
    /// Refusals a second before the listener rests.
    static let perSecond = 100

    /// When the counted refusals are said; nil while none are counted and none were said lately.
    private(set) var windowEnd: UInt64?
    /// Refusals counted since the last line, by user, in the order the users came.
    private var counted: [(uid: UInt32, count: Int)] = []
    private var secondStart: UInt64 = 0
    private var inSecond = 0

    /// Notes a refusal; returns the line to log now, if one is due.
    mutating func refused(pid: Int32, uid: UInt32, at now: UInt64) -> String? {
        if now >= secondStart + 1_000_000 {
            secondStart = now
            inSecond = 0
        }
        inSecond += 1
        if let end = windowEnd, now < end {
            if let i = counted.firstIndex(where: { $0.uid == uid }) {
                counted[i].count += 1
            } else {
                counted.append((uid, 1))
            }
            return nil
        }
        windowEnd = now + Refusals.window
        return
            "refused pid \(pid) of user \(uid): only this user's programs may listen (more refusals are counted, and said every \(Refusals.window / 1_000_000) s)"
    }

    /// The line about the refusals counted in the window that ended by `now`; nil when none were.
    mutating func summary(at now: UInt64) -> String? {
        guard let end = windowEnd, now >= end else { return nil }
        guard !counted.isEmpty else {
            windowEnd = nil
            return nil
        }
        let total = counted.reduce(0) { $0 + $1.count }
        let who = counted.map { "\($0.count) of user \($0.uid)" }.joined(separator: ", ")
        counted = []
        windowEnd = now + Refusals.window
        return
            "refused \(total) more connection\(total == 1 ? "" : "s") in \(Refusals.window / 1_000_000) s: \(who)"
    }

    /// Until when the listener rests: the end of a second that had `perSecond` refusals.
    func resting(at now: UInt64) -> UInt64? {
        inSecond >= Refusals.perSecond && now < secondStart + 1_000_000
            ? secondStart + 1_000_000 : nil
    }
}
