import CXInput2
import GestureCore

/// Lateness: input read longer than touch-timeout after it happened is given back at once,
/// unseen by the engine (`drain(lateAfter:)`), so that it still gets its answer in time.
extension XInputListener {
    /// Gives back at once what begins at server time `t` when that was more than `lateLimit`
    /// ago; the rest of it is then the application's and no longer comes to gestured.
    func givenBackAsLate(_ target: OwnershipDecision.Target, _ t: Time) -> Bool {
        _ = clock.time(t)
        guard clock.delay > lateLimit else { return false }
        carry(target, accepted: false)
        late.add(target, delay: clock.delay)
        return true
    }

    /// Whether the last input read came later than `lateAfter` after it happened: gestured is
    /// behind, and the server may hold more for it than the socket shows (its own output
    /// buffers fill while gestured does not read). A round trip now would read all of that at
    /// once, since the reply comes after it; input read on time says that what comes after it
    /// happened within `lateAfter`.
    public var behind: Bool { clock.delay > lateLimit }
}
