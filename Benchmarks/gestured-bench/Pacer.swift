import Foundation

/// Spaces frames `interval` apart on the wall clock, as a device reports them; a frame that
/// comes late does not make the next ones come in a burst.
struct Pacer {
    let interval: Duration
    private var next = ContinuousClock.now

    init(every interval: Duration) { self.interval = interval }

    mutating func wait() {
        next += interval
        let now = ContinuousClock.now
        if next > now {
            usleep(UInt32((next - now) / .microseconds(1)))
        } else {
            next = now
        }
    }
}
