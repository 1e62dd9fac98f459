import Foundation
import XServerSupport

/// How long an action takes, timed from the input event that completes a gesture to its effect
/// as another client sees it; for the latency measurement and the benchmark.
public enum SwipeTiming {
    /// Swipes `fingers` fingers left on the touchpad: three updates of 25 px, then a fourth that
    /// passes a swipe's 80 px, then the lift. The clock starts before the sync that hands the
    /// fourth update to the server (or the lift, with `fromLift`: clicks and scrolls wait for
    /// it) and stops when `effect` holds, checked without pause. Nil when nothing shows in 2 s.
    public static func swipeLeft(
        _ server: XServer, fingers: Int, fromLift: Bool = false, effect: () -> Bool
    ) throws -> Duration? {
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: fingers)
        for _ in 1...3 {
            try pad.swipe(.update, fingers: fingers, dx: -25, dy: 0)
            try pad.sync()
        }
        try pad.swipe(.update, fingers: fingers, dx: -25, dy: 0)
        if fromLift { try pad.swipe(.end, fingers: fingers) }
        let start = ContinuousClock.now
        try pad.sync()
        var elapsed: Duration?
        while ContinuousClock.now - start < .seconds(2) {
            if effect() {
                elapsed = ContinuousClock.now - start
                break
            }
        }
        if !fromLift {
            try pad.swipe(.end, fingers: fingers)
            try pad.sync()
        }
        return elapsed
    }
}
