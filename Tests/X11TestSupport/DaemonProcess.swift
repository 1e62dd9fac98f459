import Foundation
import XServerSupport

/// gestured itself, started as a user starts it, on the test X server.
public final class DaemonProcess {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The debug build, which `swift build --build-tests` makes for the tests.
    public static let binary = root.appendingPathComponent(".build/debug/gestured")

    public let child: ChildProcess
    public let directory: URL
    public let logFile: URL
    public let outputFile: URL
    /// From the spawn to the "ready" line in the log.
    public private(set) var startup: Duration = .zero

    /// Starts `gestured <command> --config <config> --display <display> --log-level debug` and
    /// waits until it says it is ready. `@DIR@` in the config and the arguments stands for the
    /// daemon's own temporary folder; a later `--log-level` in `extra` wins. `environment` is
    /// added to DISPLAY, and XDG_RUNTIME_DIR is the daemon's folder unless it says. `journal`: the log file is made the journal's stream, as systemd does
    /// for a service (JOURNAL_STREAM names its device and inode), and the ready line is looked
    /// for as the journal's lines carry it.
    public init(
        display: String, config: String, command: [String] = ["run"], extra: [String] = [],
        binary: URL = DaemonProcess.binary,
        environment: [String: String] = [:], journal: Bool = false
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-daemon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configURL = directory.appendingPathComponent("config.toml")
        try config.replacingOccurrences(of: "@DIR@", with: directory.path).write(
            to: configURL, atomically: true, encoding: .utf8)
        logFile = directory.appendingPathComponent("gestured.log")
        outputFile = directory.appendingPathComponent("gestured.out")
        let dir = directory.path
        var environment = environment.merging(["DISPLAY": display]) { $1 }
        // Its own runtime folder, where gestured's stream puts its socket, unless one is given.
        if environment["XDG_RUNTIME_DIR"] == nil { environment["XDG_RUNTIME_DIR"] = dir }
        if journal {
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            var s = stat()
            guard stat(logFile.path, &s) == 0 else {
                throw TestWindowError("cannot stat \(logFile.path)")
            }
            environment["JOURNAL_STREAM"] = "\(s.st_dev):\(s.st_ino)"
        }
        let spawned = ContinuousClock.now
        child = try ChildProcess.spawn(
            binary,
            (command + ["--config", configURL.path, "--display", display, "--log-level", "debug"]
                + extra)
                .map { $0.replacingOccurrences(of: "@DIR@", with: dir) },
            environment: environment, standardOutput: outputFile, standardError: logFile)
        try waitFor(
            journal ? ">ready on " : "gestured: ready on ", timeout: .seconds(10),
            every: .milliseconds(1))
        startup = ContinuousClock.now - spawned
    }

    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// A log line's message: what follows its time, level and `gestured: `.
    public static func message(_ line: Substring) -> String {
        line.range(of: "gestured: ").map { String(line[$0.upperBound...]) } ?? String(line)
    }
    public var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// Waits until the log contains `text`, looking `every` so often.
    public func waitFor(
        _ text: String, timeout: Duration = .seconds(15), every poll: Duration = .milliseconds(5)
    ) throws {
        let deadline = ContinuousClock.now + timeout
        while !log.contains(text) {
            if !child.isRunning {
                throw TestWindowError(
                    "gestured \(child.exitDescription ?? "exited") before \"\(text)\":\n\(log)")
            }
            if ContinuousClock.now > deadline {
                throw TestWindowError("gestured did not log \"\(text)\" within \(timeout):\n\(log)")
            }
            usleep(UInt32(poll / .microseconds(1)))
        }
    }

    /// Waits until the daemon's main thread sleeps in poll: it has read everything it was sent.
    public func waitUntilWaitingForInput(timeout: Duration = .seconds(15)) throws {
        let deadline = ContinuousClock.now + timeout
        while (try? String(contentsOfFile: "/proc/\(child.pid)/wchan", encoding: .utf8))?.contains(
            "poll") != true
        {
            if ContinuousClock.now > deadline {
                throw TestWindowError("gestured never waited in poll within \(timeout):\n\(log)")
            }
            usleep(1000)
        }
    }

    /// Waits until the daemon's main thread sleeps in poll with no timer of its due within
    /// `within` (none at all by default: no animation's frame, log line's flush or client's
    /// deadline), so that only input can wake it meanwhile. Read from the system call it sleeps
    /// in (/proc/PID/syscall: poll's third argument, milliseconds or -1; ppoll's timespec, none).
    public func waitUntilIdleWithNoTimer(within: Duration? = nil, timeout: Duration = .seconds(15))
        throws
    {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while true {
            last =
                (try? String(contentsOfFile: "/proc/\(child.pid)/syscall", encoding: .utf8)) ?? ""
            let fields = last.split(separator: " ")
            if fields.count > 3, fields[0] == "7",
                let raw = UInt64(fields[3].dropFirst(2), radix: 16)
            {
                let ms = Int32(truncatingIfNeeded: raw)
                if ms < 0 || within.map({ Duration.milliseconds(Int(ms)) >= $0 }) == true { return }
            }
            if fields.count > 3, fields[0] == "271", fields[3] == "0x0" { return }
            if ContinuousClock.now > deadline {
                throw TestWindowError(
                    "gestured never slept without a timer within \(timeout) (\(last)):\n\(log)")
            }
            usleep(1000)
        }
    }

    /// Sends a signal and waits for the exit; returns the exit status.
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM, timeout: Duration = .seconds(5)) -> Int32? {
        child.signal(signal)
        if !child.waitForExit(timeout: timeout) { child.terminate(grace: .seconds(1)) }
        return child.exitStatus
    }

    deinit {
        child.terminate(grace: .seconds(1))
        try? FileManager.default.removeItem(at: directory)
    }
}
