import CXInput2

/// The server clock, as the events carry it: milliseconds in 32 bits, unwrapped, and how late
/// each event is read.
///
/// The offset between the local monotonic clock and the server's is the smallest difference
/// seen, not the latest: an event read late says nothing about the clocks, only about the
/// delay. The offset may grow by at most 1 ms a second, so that a server whose clock runs
/// slower than this one (a remote display) is followed, while a delay, which grows far faster
/// when input waits unread, still shows as one.
public struct ServerClock {
    private var last: UInt32?
    private var wraps: Double = 0
    /// Local monotonic milliseconds minus server milliseconds, the least seen.
    private var offset: Double?
    /// Local time of the last event.
    private var seenAt: Double = 0
    /// How long before reading it the latest event happened, in milliseconds.
    public private(set) var delay: Double = 0

    public init() {}

    /// The server time `t` in unwrapped milliseconds, read at local monotonic time `local`.
    public mutating func time(_ t: Time, readAt local: Double) -> Double {
        let raw = UInt32(truncatingIfNeeded: t)
        if let last, raw < last, last - raw > 1 << 31 { wraps += 4_294_967_296 }
        last = raw
        let server = wraps + Double(raw)
        let seen = local - server
        if let offset {
            self.offset = min(seen, offset + max(0, local - seenAt) / 1000)
        } else {
            offset = seen
        }
        seenAt = local
        delay = seen - offset!
        return server
    }

    mutating func time(_ t: Time) -> Double { time(t, readAt: MonotonicClock.milliseconds()) }

    /// Now, on the server's clock, at local monotonic time `local`.
    public func now(at local: Double) -> Double { local - (offset ?? 0) }

    /// Now, on the server's clock.
    func now() -> Double { now(at: MonotonicClock.milliseconds()) }
}
