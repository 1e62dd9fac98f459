import Foundation
import Glibc
import X11TestSupport
import XServerSupport

/// From a touchpad event to the touchegg stream's signal in a client that does what GNOME's
/// X11 Gestures extension does (Tests/X11Tests/touchegg-client.py: Gio, its main loop).
extension LiveBench {
    static let streamConfig = """
        gesture = []

        [settings]
        touchegg-stream = true
        """

    static func monotonicNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Milliseconds from before each of `samples` swipe updates is written to the server to the
    /// client's handler holding its OnGestureUpdate, both read on CLOCK_MONOTONIC; one update
    /// at a time, the next once the client has the last.
    func streamLatency(samples: Int) throws -> [Double] {
        let d = try daemon(config: Self.streamConfig)
        defer { d.stop() }
        let output = d.directory.appendingPathComponent("client.out")
        let script = Bench.packageRoot.appendingPathComponent("Tests/X11Tests/touchegg-client.py")
        let client = try ChildProcess.spawn(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, "--times"], standardOutput: output)
        defer { client.terminate(grace: .seconds(1)) }
        try d.waitFor("(pid \(client.pid)) connected", timeout: .seconds(10))
        // Connected is not yet subscribed: signals before the subscription are not handed over.
        let subscribed = ContinuousClock.now + .seconds(10)
        while !((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("subscribed\n") {
            if ContinuousClock.now > subscribed { throw BenchError("the stream's client never subscribed") }
            usleep(1000)
        }
        /// The updates the client has printed whole (a line may be read while it is written).
        func updates() -> [Substring] {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return text[..<(text.lastIndex(of: "\n") ?? text.startIndex)].split(separator: "\n").filter { $0.hasPrefix("OnGestureUpdate") }
        }
        let pad = server.touchpad
        try server.mouse.move(toX: 400, y: 300)
        try pad.swipe(.begin, fingers: 3)
        try pad.swipe(.update, fingers: 3, dx: -20, dy: 0)
        try pad.sync()
        var latencies: [Double] = []
        for i in 1...samples {
            // The driver takes the event as soon as it is written: the clock starts before.
            let sent = Self.monotonicNanoseconds()
            try pad.swipe(.update, fingers: 3, dx: -1, dy: 0)
            try pad.sync()
            let deadline = ContinuousClock.now + .seconds(2)
            var got = updates()
            while got.count < i {
                if ContinuousClock.now > deadline { throw BenchError("update \(i) never reached the client:\n\(d.log.suffix(2000))") }
                got = updates()
            }
            guard let heard = got[i - 1].split(separator: " ").last.flatMap({ UInt64($0) }) else {
                throw BenchError("the client's line has no time: \(got[i - 1])")
            }
            latencies.append(Double(Int64(heard) - Int64(sent)) / 1_000_000)
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        return latencies
    }
}
