import Foundation
import XServerSupport

/// gestured itself, started as a user starts it, on the test X server.
final class DaemonProcess {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/gestured")

    let child: ChildProcess
    let directory: URL
    let logFile: URL
    let outputFile: URL

    /// Starts `gestured <command> --config <config> --display <display> --log-level debug` and
    /// waits until it says it is ready. `@DIR@` in the config and the arguments stands for the
    /// daemon's own temporary folder.
    init(display: String, config: String, command: [String] = ["run"], extra: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-daemon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configURL = directory.appendingPathComponent("config.toml")
        try config.replacingOccurrences(of: "@DIR@", with: directory.path).write(to: configURL, atomically: true, encoding: .utf8)
        logFile = directory.appendingPathComponent("gestured.log")
        outputFile = directory.appendingPathComponent("gestured.out")
        let dir = directory.path
        child = try ChildProcess.spawn(Self.binary, (command + ["--config", configURL.path, "--display", display, "--log-level", "debug"] + extra)
                                        .map { $0.replacingOccurrences(of: "@DIR@", with: dir) },
                                       environment: ["DISPLAY": display], standardOutput: outputFile, standardError: logFile)
        try waitFor("] ready", timeout: .seconds(10))
    }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
    var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// Waits until the log contains `text`.
    func waitFor(_ text: String, timeout: Duration = .seconds(5)) throws {
        let deadline = ContinuousClock.now + timeout
        while !log.contains(text) {
            if !child.isRunning { throw TestWindowError("gestured \(child.exitDescription ?? "exited") before \"\(text)\":\n\(log)") }
            if ContinuousClock.now > deadline { throw TestWindowError("gestured did not log \"\(text)\" within \(timeout):\n\(log)") }
            usleep(5_000)
        }
    }

    /// Sends a signal and waits for the exit; returns the exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, timeout: Duration = .seconds(5)) -> Int32? {
        child.signal(signal)
        if !child.waitForExit(timeout: timeout) { child.terminate(grace: .seconds(1)) }
        return child.exitStatus
    }

    deinit {
        child.terminate(grace: .seconds(1))
        try? FileManager.default.removeItem(at: directory)
    }
}
