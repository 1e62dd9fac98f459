import CXInput2
import Foundation
import X11TestSupport

/// Feedback's cost: the daemon's CPU while it draws the window's outline following the fingers
/// and going back, with openbox and no compositor (the shaped outline).
extension LiveBench {
    static let feedbackConfig = """
        [settings]
        feedback = true

        [[gesture]]
        name = "maximize"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "up"
        action = "window maximize"
        """

    struct Animating {
        var swipes = 0
        var ticks = 0
        var seconds = 0.0
        var performed = 0
        /// Wake-ups in the second after the last picture went back.
        var wakeUpsAfter = 0

        var msPerSecond: Double { ProcessStats.milliseconds(ticks) / seconds }
    }

    /// `swipes` three-finger touchpad swipes up over a window, each 30 updates 16 ms apart (as
    /// a touchpad reports at 60 Hz) going to progress 0.9 and back to 0.5, then lifted before
    /// the commit point, so that each picture goes back (200 ms at the most) and nothing is
    /// performed; the daemon's CPU over the whole time, from the first update to the end of the
    /// last return.
    func feedbackCost(swipes: Int) throws -> Animating {
        let w = try TestWindow(displayName: server.displayName, name: "gestured-bench-feedback", x: 300, y: 250, width: 300, height: 200)
        guard w.raiseAndWait() else { throw BenchError("openbox did not show the feedback window") }
        try server.mouse.move(toX: 450, y: 350)
        try server.mouse.sync()
        let d = try daemon(config: Self.feedbackConfig)
        defer { d.stop() }
        try d.waitUntilWaitingForInput()
        let pad = server.touchpad
        let before = try ProcessStats.read(pid: d.child.pid)
        let start = ContinuousClock.now
        for _ in 0..<swipes {
            var pace = Pacer(every: .milliseconds(16))
            try pad.swipe(.begin, fingers: 3)
            // 180 px up and 80 back down: progress 0.9, then 0.5, against a commit distance of 200.
            for i in 0..<30 {
                pace.wait()
                try pad.swipe(.update, fingers: 3, dx: 0, dy: i < 18 ? -10 : 10 * 8 / 12)
                try pad.sync()
            }
            try pad.swipe(.end, fingers: 3)
            try pad.sync()
            usleep(250_000)
        }
        var a = Animating(swipes: swipes)
        a.seconds = Stopwatch.seconds(since: start)
        let after = try ProcessStats.read(pid: d.child.pid)
        a.ticks = after.cpuTicks - before.cpuTicks
        a.performed = Self.performed(["maximize"], in: d)
        usleep(1_000_000)
        a.wakeUpsAfter = try ProcessStats.read(pid: d.child.pid).contextSwitches - after.contextSwitches
        return a
    }

    static func feedbackRow(_ a: Animating) -> (label: String, value: String, detail: String) {
        ("daemon CPU, feedback animating",
         "\(Table.fixed(a.msPerSecond)) ms per second",
         "\(a.swipes) three-finger touchpad swipes up bound to `window maximize` with feedback (openbox, no compositor: the shaped outline), "
            + "each 30 updates 16 ms apart to progress 0.9 and back to 0.5, lifted there, the outline going back; "
            + "\(a.ticks) ticks over \(Table.fixed(a.seconds, 1)) s; \(a.performed) performed (none must be); "
            + "\(a.wakeUpsAfter) wake-ups in the second after" + (a.wakeUpsAfter == 0 ? "" : " (**not none**)"))
    }

    /// `gestured-bench feedback`: the feedback row alone.
    func measureFeedback() throws {
        let row = Self.feedbackRow(try feedbackCost(swipes: 20))
        print("\(row.label): \(row.value); \(row.detail)")
    }
}
