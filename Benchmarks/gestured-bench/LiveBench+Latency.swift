import Foundation
import X11TestSupport

/// From the input event that completes a gesture to its effect as another X client sees it,
/// measured as the action latency test does (Tests/X11Tests/ActionLatency.swift), with
/// SwipeTiming.
extension LiveBench {
    static let latencyConfig = """
        [[gesture]]
        name = "keys"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "left"
        action = "keys ctrl+alt+Home"

        [[gesture]]
        name = "exec"
        type = "swipe"
        source = "touchpad"
        fingers = 4
        direction = "left"
        action = "exec touch @DIR@/done"
        """

    /// Milliseconds for `samples` key chords and as many commands, one daemon for all.
    func latency(samples: Int) throws -> (keys: [Double], exec: [Double]) {
        let d = try daemon(config: Self.latencyConfig)
        defer { d.stop() }
        let done = d.directory.appendingPathComponent("done")
        try server.mouse.move(toX: 400, y: 300)
        try server.mouse.sync()
        window.drain(waiting: .milliseconds(100))
        let keys = try (0..<samples).map { _ in
            try latency(fingers: 3, d) { self.window.drain(waiting: .zero); return self.window.keys.contains("ctrl+alt+Home") }
        }
        let exec = try (0..<samples).map { _ in
            try latency(fingers: 4, d) { FileManager.default.fileExists(atPath: done.path) }
        }
        return (keys, exec)
    }

    /// One swipe left, timed (SwipeTiming), from a clean slate.
    private func latency(fingers: Int, _ d: DaemonProcess, effect: () -> Bool) throws -> Double {
        window.drain(waiting: .milliseconds(20))
        window.clear()
        try? FileManager.default.removeItem(at: d.directory.appendingPathComponent("done"))
        guard let elapsed = try SwipeTiming.swipeLeft(server, fingers: fingers, effect: effect) else {
            throw BenchError("a \(fingers)-finger swipe had no effect within 2 s:\n\(d.log.suffix(2000))")
        }
        return Stopwatch.milliseconds(elapsed)
    }
}
