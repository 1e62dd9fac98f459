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
        // The client writes into a pipe that the bench reads blocked in poll: a bench that
        // read a file over and over while it waited took a core from the server, the daemon and
        // the client (two cores here), and the figure's tail with it.
        let output = d.directory.appendingPathComponent("client.pipe")
        guard mkfifo(output.path, 0o600) == 0 else { throw BenchError("mkfifo \(output.path): \(String(cString: strerror(errno)))") }
        let fd = open(output.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("open \(output.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let script = Bench.packageRoot.appendingPathComponent("Tests/X11Tests/touchegg-client.py")
        let client = try ChildProcess.spawn(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, "--times"], standardOutput: output)
        defer { client.terminate(grace: .seconds(1)) }
        var pending: [UInt8] = []
        /// The client's next whole line, waiting in poll at most until `deadline`.
        func nextLine(by deadline: ContinuousClock.Instant) throws -> String? {
            while true {
                if let nl = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[..<nl], as: UTF8.self)
                    pending.removeSubrange(...nl)
                    return line
                }
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return nil }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, Int32(max(1, left / .milliseconds(1))))
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = read(fd, &buffer, buffer.count)
                if n > 0 { pending += buffer[..<n] }
            }
        }
        try d.waitFor("(pid \(client.pid)) connected", timeout: .seconds(10))
        // Connected is not yet subscribed: signals before the subscription are not handed over.
        let subscribed = ContinuousClock.now + .seconds(10)
        while try nextLine(by: subscribed).map({ $0 != "subscribed" }) ?? { throw BenchError("the stream's client never subscribed") }() {}
        /// The time in the client's next OnGestureUpdate line.
        func nextUpdate(by deadline: ContinuousClock.Instant) throws -> UInt64? {
            while let line = try nextLine(by: deadline) {
                guard line.hasPrefix("OnGestureUpdate") else { continue }
                guard let t = line.split(separator: " ").last.flatMap({ UInt64($0) }) else {
                    throw BenchError("the client's line has no time: \(line)")
                }
                return t
            }
            return nil
        }
        let pad = server.touchpad
        try server.mouse.move(toX: 400, y: 300)
        try pad.swipe(.begin, fingers: 3)
        try pad.swipe(.update, fingers: 3, dx: -20, dy: 0)
        try pad.sync()
        // That first update begins the swipe: its OnGestureBegin is passed over by nextUpdate.
        var latencies: [Double] = []
        for i in 1...samples {
            // The driver takes the event as soon as it is written: the clock starts before.
            let sent = Self.monotonicNanoseconds()
            try pad.swipe(.update, fingers: 3, dx: -1, dy: 0)
            try pad.sync()
            guard let heard = try nextUpdate(by: ContinuousClock.now + .seconds(2)) else {
                throw BenchError("update \(i) never reached the client:\n\(d.log.suffix(2000))")
            }
            latencies.append(Double(Int64(heard) - Int64(sent)) / 1_000_000)
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        return latencies
    }
}
