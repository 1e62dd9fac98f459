import CXInput2
import Foundation
import X11TestSupport

/// Three-finger drag: from a touchpad swipe update to the pointer's motion as another X client
/// sees it, while the drag holds button 1.
extension LiveBench {
    static let dragConfig = """
        [[gesture]]
        name = "drag"
        type = "pan"
        source = "touchpad"
        fingers = 3
        action = "drag lock=0"
        """

    /// Milliseconds for `samples` updates of one long drag, each timed from before the sync
    /// that hands the update to the server until a window of its own (which selects motion)
    /// has a new MotionNotify with button 1 held, checked without pause. The updates go right
    /// and left by turns, so that the pointer stays over the window.
    func dragLatency(samples: Int) throws -> [Double] {
        let w = try TestWindow(displayName: server.displayName, name: "gestured-bench-drag", width: 1024, height: 768, motion: true)
        guard w.raiseAndWait() else { throw BenchError("openbox did not show the drag window") }
        try server.mouse.move(toX: 500, y: 400)
        try server.mouse.sync()
        let d = try daemon(config: Self.dragConfig)
        defer { d.stop() }
        w.drain(waiting: .milliseconds(100))
        w.clear()
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 3)
        try pad.swipe(.update, fingers: 3, dx: 12, dy: 0)
        try pad.sync()
        guard w.wait(until: { w.received.contains { $0.type == "ButtonPress" } }) else {
            throw BenchError("the drag never pressed button 1:\n\(d.log.suffix(2000))")
        }
        func motions() -> Int { w.received.count { $0.type == "Motion" && $0.detail == 1 } }
        var times: [Double] = []
        for i in 0..<samples {
            w.drain(waiting: .zero)
            let before = motions()
            try pad.swipe(.update, fingers: 3, dx: i % 2 == 0 ? -4 : 4, dy: 0)
            let start = ContinuousClock.now
            try pad.sync()
            var seen = false
            while ContinuousClock.now - start < .seconds(2) {
                w.drain(waiting: .zero)
                if motions() > before { seen = true; break }
            }
            guard seen else { throw BenchError("update \(i) of the drag moved nothing within 2 s:\n\(d.log.suffix(2000))") }
            times.append(Stopwatch.milliseconds(ContinuousClock.now - start))
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        guard w.wait(until: { w.received.contains { $0.type == "ButtonRelease" } }) else {
            throw BenchError("the drag never let go of button 1:\n\(d.log.suffix(2000))")
        }
        return times
    }

    static func dragRow(_ samples: [Double]) -> (label: String, value: String, detail: String) {
        ("drag latency, `drag` on a three-finger touchpad pan",
         "\(Table.fixed(Table.percentile(samples, 0.5))) ms median, \(Table.fixed(Table.percentile(samples, 0.99))) ms p99",
         "a swipe update (4 px, right and left by turns) to the pointer's motion with button 1 held as another client sees it (XI_Motion in a window of its own), \(samples.count) updates of one drag")
    }

    /// `gestured-bench drag`: the drag row alone.
    func measureDrag() throws {
        let row = Self.dragRow(try dragLatency(samples: Bench.latencySamples))
        print("\(row.label): \(row.value); \(row.detail)")
    }
}
