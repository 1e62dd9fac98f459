import GestureActions
import GestureCore
import GestureX11

/// The run loop's timers, by name, each one's deadline and what it does when due side by
/// side, as libinput keeps its timer list: the poll waits until the nearest, and nothing else
/// sets or fires one. Times are the server's, in milliseconds.
extension Daemon {
    enum Timer: CaseIterable {
        /// A recognizer's timer, the arrival window, a touch's timeout.
        case engine
        /// A locked drag's button going up.
        case dragLock
        /// A window the window manager restores before it is placed: looked at every 2 ms, given
        /// up after 1 s (`ActionPerformer+Restoring`).
        case windowRestore
        /// The late-input report's next line: what was given back since the last, at most a
        /// line a second (`LateInput`).
        case lateInputReport
        /// The overlay's next frame, while it changes or fades.
        case overlay
        /// The feedback's next frame, while it animates.
        case feedback
        /// A config write settling: 150 ms, or 2 s for a writer that keeps the file open.
        case configSettle
        /// Each stream's own (sd-bus's: a client's authentication timing out), fired by a poll
        /// that times out, which hands each stream its descriptors and its timeout at once.
        case streams

        /// The list in its order, made once (the loop walks it on every turn).
        static let list: [Timer] = allCases
    }

    /// When `timer` is next due; nil while it is off.
    func deadline(_ timer: Timer, now: Double) -> Double? {
        switch timer {
        case .engine: session.engineDeadline
        case .dragLock: session.dragLockDeadline
        case .windowRestore: performer.nextDeadline
        case .lateInputReport: listener.late.due
        case .overlay: overlay?.deadline
        case .feedback: feedback.deadline
        case .configSettle: reloader?.deadline
        case .streams: streamsDeadline(now: now)
        }
    }

    /// Does what `timer` is for, at `now`, once its deadline has come.
    func fire(_ timer: Timer, at now: Double) {
        switch timer {
        case .engine:
            session.advance(to: now)
            apply(session.effects(in: world()))
        case .dragLock:
            session.releaseLockedDrag(at: now)
            apply(session.effects(in: world()))
        case .windowRestore:
            for waited in performer.advance(to: now) {
                guard let (gesture, action, outcome) = waited.report(at: now, taking: taking) else {
                    continue
                }
                reporter.report(gesture, action, outcome, at: now)
            }
        case .lateInputReport:
            guard let late = listener.late.report(at: now) else { return }
            log.warning(
                "input read \(Int(late.delay.rounded())) ms after it happened, later than touch-timeout: gave back at once, unseen, \(OwnershipDecision.Target.words(late.given))"
            )
        case .overlay:
            overlay?.update(now: now)
        case .feedback:
            feedback.update(now: now)
        case .configSettle:
            reloader?.tick(now: now, screen: bindings.engine.screen)
        case .streams:
            break
        }
    }

    /// Fires every timer due by `now`, in the list's order; returns the nearest deadline left.
    func fireDueTimers(at now: Double) -> Double? {
        var nearest: Double?
        for timer in Timer.list {
            guard var due = deadline(timer, now: now) else { continue }
            if due <= now && timer != .streams {
                fire(timer, at: now)
                guard let next = deadline(timer, now: now) else { continue }
                due = next
            }
            if nearest.map({ due < $0 }) ?? true { nearest = due }
        }
        return nearest
    }

    /// How long the poll may wait from `now` for the `nearest` deadline, in milliseconds: at
    /// least 1 ms and at most 60 s; -1 (no timeout) when no timer runs, so that an idle daemon
    /// never wakes.
    static func pollTimeout(until nearest: Double?, now: Double) -> Int32 {
        guard let nearest, nearest.isFinite else { return -1 }
        return Int32(max(1, min(60_000, (nearest - now).rounded(.up))))
    }

    /// The earliest of the streams' own deadlines, on the server's clock.
    private func streamsDeadline(now: Double) -> Double? {
        let buses = self.buses
        guard !buses.isEmpty else { return nil }
        let micros = MonotonicClock.microseconds()
        var earliest: Double?
        for bus in buses {
            guard let wait = bus.wait(nowMonotonicMicroseconds: micros) else { continue }
            earliest = min(earliest ?? now + wait, now + wait)
        }
        return earliest
    }
}
