/// Waiting for the window manager to restore a maximized or fullscreen window before it is
/// placed: a maximized frame has other extents (no borders), and the placement must count the
/// restored ones. The performer looks at the window when `nextLook` comes, with the time passed
/// in, so that the wait never holds the run loop: input goes on being read meanwhile.
///
/// The state goes first and the frame's extents after it (openbox): the window is restored once
/// its state says so and its extents changed, or, for a window manager whose restored frame has
/// the maximized one's extents, once its state has said so for `sameExtents` ms. A window that
/// is not restored within `limit` ms (a client that keeps maximizing itself) is given up.
public struct RestoreWait: Equatable, Sendable {
    /// The most it waits, in ms: openbox restores in a few milliseconds on an idle machine, and
    /// 200 ms was too short once in ten on a loaded one.
    public static let limit = 1000.0
    /// How long, in ms, a restored window may keep its maximized frame's extents before they
    /// are taken to be its own.
    public static let sameExtents = 100.0
    /// How often it looks, in ms.
    public static let interval = 2.0

    public enum Verdict: Equatable, Sendable {
        case restored
        case waiting
        /// Not restored within `limit` ms.
        case givenUp
    }

    /// When the first look was: the wait began then.
    public private(set) var started: Double?
    /// Since when the state has said restored, without a change of extents.
    private var restoredSince: Double?
    /// When to look next; the first look is due at once.
    public private(set) var nextLook = -Double.infinity

    public init() {}

    /// One look at `time`: whether the state says restored, and whether the frame's extents
    /// differ from the maximized frame's.
    public mutating func look(at time: Double, stateRestored: Bool, extentsChanged: Bool) -> Verdict
    {
        let start = started ?? time
        started = start
        if stateRestored {
            let since = restoredSince ?? time
            restoredSince = since
            if extentsChanged || time - since >= RestoreWait.sameExtents { return .restored }
        } else {
            restoredSince = nil
        }
        if time - start >= RestoreWait.limit { return .givenUp }
        nextLook = time + RestoreWait.interval
        return .waiting
    }
}
