import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// A FIFO that the test holds open at both ends: standard error or standard output for the
/// daemon that nobody reads until the test says so.
final class UnreadPipe {
    let path: URL
    private let fd: Int32

    init(in folder: URL) throws {
        path = folder.appendingPathComponent("pipe")
        guard mkfifo(path.path, 0o600) == 0 else {
            throw TestWindowError("mkfifo: \(String(cString: strerror(errno)))")
        }
        fd = open(path.path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw TestWindowError("open the FIFO: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    /// Writes into the pipe until it takes no more: a reader that stopped reading.
    func fill() {
        let line = Array("filler: the reader is away\n".utf8)
        while write(fd, line, line.count) > 0 {}
    }

    /// What the pipe holds now.
    func read() -> String {
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            text += buffer[..<n]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads until what was read contains `text`; returns what was read.
    func read(until text: String, timeout: Duration = .seconds(10)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        var all = ""
        while !all.contains(text) {
            guard ContinuousClock.now < deadline else {
                throw TestWindowError(
                    "\"\(text)\" never came through the pipe; it said:\n\(all.suffix(3000))")
            }
            all += read()
            usleep(2_000)
        }
        return all
    }
}

/// A terminal that is paused or a pipe that nobody reads: the daemon must go on without them.
extension LiveTests {
    /// The daemon of `command` with standard error (or, with `stdout`, standard output) into
    /// an unread pipe; stopped and removed by the caller.
    func daemonWithUnreadPipe(
        _ command: [String], intoStandardOutput: Bool = false,
        level: String = "debug"
    ) throws -> (child: ChildProcess, pipe: UnreadPipe, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-unread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        let file = folder.appendingPathComponent("other")
        try Self.config.replacingOccurrences(of: "@DIR@", with: folder.path).write(
            to: config, atomically: true, encoding: .utf8)
        let pipe = try UnreadPipe(in: folder)
        let child = try ChildProcess.spawn(
            DaemonProcess.binary,
            command + [
                "--config", config.path, "--display", server.displayName, "--log-level", level,
            ],
            standardOutput: intoStandardOutput ? pipe.path : file,
            standardError: intoStandardOutput ? file : pipe.path)
        return (child, pipe, folder)
    }

    /// A right click, which the daemon holds until it knows it is no stroke, reaches the test
    /// window. Made as a hand makes it, held for a few milliseconds: a press let go within the
    /// round trip that begins following it is the application's unseen, and no trace has it.
    func rightClickReachesTheWindow() throws -> Bool {
        window.clear()
        try server.mouse.move(toX: 500, y: 400)
        try server.mouse.button(3, pressed: true)
        try server.mouse.sync()
        usleep(30_000)
        try server.mouse.button(3, pressed: false)
        try server.mouse.sync()
        let got = window.drain(waiting: .seconds(10)) {
            $0.contains { $0.type == "ButtonRelease" && $0.detail == 3 }
        }
        return got.filter { $0.detail == 3 }.map(\.type) == ["ButtonPress", "ButtonRelease"]
    }

    @Test
    func withStandardErrorUnreadTheDaemonDropsLogLinesAndNeitherHoldsTheMouseNorIgnoresSigterm()
        throws
    {
        let (child, pipe, folder) = try daemonWithUnreadPipe(["run"], level: "trace")
        defer {
            child.terminate(grace: .seconds(1))
            try? FileManager.default.removeItem(at: folder)
        }
        _ = try pipe.read(until: "gestured: ready")
        pipe.fill()
        #expect(try rightClickReachesTheWindow(), "a right click was held while the log was unread")
        // A long stroke logs far more than the log keeps for its reader: lines are dropped. It
        // goes straight left, so that it is `back` whatever the server's pointer acceleration
        // makes of its pace (a wiggle in place drifted a few pixels one way or another, and was
        // then a click or a stroke that matches nothing, by chance).
        window.clear()
        try server.mouse.button(3, pressed: true)
        for i in 1...1000 {
            try server.mouse.move(dx: -1, dy: 0)
            if i % 100 == 0 { try server.mouse.sync() }
        }
        try server.mouse.button(3, pressed: false)
        try server.mouse.sync()
        let result = folder.appendingPathComponent("result.txt")
        let deadline = ContinuousClock.now + .seconds(10)
        while !((try? String(contentsOf: result, encoding: .utf8)) ?? "").hasSuffix("\n")
            && ContinuousClock.now < deadline
        { usleep(5_000) }
        #expect((try? String(contentsOf: result, encoding: .utf8)) == "back\n")
        // Nothing of it reached the window: the sentinel key comes after all of it.
        #expect(try receivedBeforeASentinelKey().filter { $0.detail == 3 } == [])
        #expect(
            try rightClickReachesTheWindow(), "a right click was held after the log dropped lines")
        // The reader is back: the count of what was dropped comes, then the lines after it.
        let caughtUp = try pipe.read(until: "log lines were dropped: standard error was not read")
        #expect(
            caughtUp.contains(
                /gestured: \d+ log lines were dropped: standard error was not read\n/),
            "\(caughtUp.suffix(2000))")
        // Away again: SIGTERM still ends the daemon, whose last lines wait half a second at most.
        pipe.fill()
        child.signal(SIGTERM)
        #expect(child.waitForExit(timeout: .seconds(10)), "SIGTERM did not end the daemon")
        #expect(child.exitStatus == 0)
    }

    @Test
    func recordToAnUnreadStandardOutputNeitherHoldsTheMouseNorIgnoresSigtermAndLosesNothingItKept()
        throws
    {
        let (child, pipe, folder) = try daemonWithUnreadPipe(
            ["record", "-"], intoStandardOutput: true)
        defer {
            child.terminate(grace: .seconds(1))
            try? FileManager.default.removeItem(at: folder)
        }
        let log = folder.appendingPathComponent("other")
        let deadline = ContinuousClock.now + .seconds(10)
        while !((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("gestured: ready") {
            guard ContinuousClock.now < deadline, child.isRunning else {
                throw TestWindowError("record never got ready")
            }
            usleep(2_000)
        }
        _ = try pipe.read(until: #"{"trace":"#)
        pipe.fill()
        #expect(
            try rightClickReachesTheWindow(), "a right click was held while the record was unread")
        let trace = try pipe.read(until: #""ev":"button-release","button":3"#)
        let events = trace.split(separator: "\n").compactMap {
            $0.contains("button-press") ? "press" : $0.contains("button-release") ? "release" : nil
        }
        #expect(events == ["press", "release"], "\(trace.suffix(500))")
        pipe.fill()
        try server.mouse.click(3)
        try server.mouse.sync()
        child.signal(SIGTERM)
        #expect(
            child.waitForExit(timeout: .seconds(10)), "SIGTERM did not end the recording daemon")
        #expect(child.exitStatus == 0)
    }
}
