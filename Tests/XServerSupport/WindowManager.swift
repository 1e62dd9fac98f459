import Foundation

/// openbox running on an `XServer`, started by `XServer.startWindowManager()`.
public final class WindowManager: @unchecked Sendable {
    /// _NET_WM_NAME of the window named by the root's _NET_SUPPORTING_WM_CHECK ("Openbox").
    public let name: String
    /// The EWMH supporting-WM-check window.
    public let checkWindow: UInt32
    public let log: URL
    /// Wall time from spawning openbox until it was seen managing (and unmanaging) a probe window.
    public let startupDuration: Duration

    private let process: ChildProcess

    private init(
        name: String, checkWindow: UInt32, log: URL, startupDuration: Duration,
        process: ChildProcess
    ) {
        self.name = name
        self.checkWindow = checkWindow
        self.log = log
        self.startupDuration = startupDuration
        self.process = process
    }

    public var isRunning: Bool { process.isRunning }

    /// `openbox --sm-disable`, with XDG config/cache dirs inside `home` so a
    /// user's ~/.config/openbox cannot change test behaviour.
    ///
    /// Ready means more than "_NET_SUPPORTING_WM_CHECK is set": openbox 3.6.1
    /// sets it before entering its main loop, and X events that arrive in
    /// between can sit unread in its Xlib queue until some later event wakes
    /// it (a window mapped then stays unmanaged). So after the check window
    /// appears, a probe client (xlogo) is mapped while a root property is
    /// poked until openbox has managed the probe; then the probe is removed.
    static func startOpenbox(
        server: XServer, configFile: URL?, log: URL, home: URL, timeout: Duration
    ) throws -> WindowManager {
        let openbox = try ExternalCommand.locate("openbox")
        let probeClient = try ExternalCommand.locate("xlogo")
        _ = try ExternalCommand.locate("xprop")
        let started = ContinuousClock.now
        let deadline = started + timeout
        var arguments = ["--sm-disable"]
        if let configFile { arguments += ["--config-file", configFile.path] }
        let environment = server.environment.merging([
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        ]) { $1 }
        let process = try ChildProcess.spawn(
            openbox, arguments, environment: environment, standardOutput: log)
        do {
            let window = try poll(
                "openbox on \(server.displayName) to set _NET_SUPPORTING_WM_CHECK", process, log,
                deadline, timeout
            ) {
                try supportingWindow(on: server)
            }
            let name = try windowName(window, on: server)
            let probe = try ChildProcess.spawn(
                probeClient, ["-geometry", "16x16+0+0", "-name", "gestured-harness-probe"],
                environment: server.environment, standardOutput: log)
            defer { probe.terminate() }
            var pokes = 0
            try poll(
                "openbox on \(server.displayName) to manage a probe window", process, log, deadline,
                timeout
            ) { () -> Bool? in
                pokes += 1
                _ = try server.run(
                    "xprop",
                    [
                        "-root", "-f", "_GESTURED_HARNESS_PING", "32c", "-set",
                        "_GESTURED_HARNESS_PING", "\(pokes)",
                    ])
                return try clientList(on: server).isEmpty ? nil : true
            }
            probe.terminate()
            try poll(
                "openbox on \(server.displayName) to unmanage the probe window", process, log,
                deadline, timeout
            ) {
                try clientList(on: server).isEmpty ? true : nil
            }
            _ = try server.run("xprop", ["-root", "-remove", "_GESTURED_HARNESS_PING"])
            return WindowManager(
                name: name, checkWindow: window, log: log,
                startupDuration: started.duration(to: .now), process: process)
        } catch {
            process.terminate(grace: .zero)
            throw error
        }
    }

    /// Calls `probe` until it returns a value, openbox exits, or `deadline` passes.
    @discardableResult
    private static func poll<T>(
        _ what: String, _ process: ChildProcess, _ log: URL, _ deadline: ContinuousClock.Instant,
        _ timeout: Duration, _ probe: () throws -> T?
    ) throws -> T {
        while true {
            guard process.isRunning else {
                throw XServerError.commandFailed(
                    command: process.commandLine, status: process.exitStatus ?? -1,
                    output: XServer.tail(of: [log], lines: 20))
            }
            if let value = try probe() { return value }
            guard ContinuousClock.now < deadline else {
                throw XServerError.timeout(
                    what: what, after: timeout,
                    details: "openbox log: " + XServer.tail(of: [log], lines: 20))
            }
            // Poll interval; returns early if openbox exits.
            process.waitForExit(timeout: .milliseconds(20))
        }
    }

    /// Window ids in the root's _NET_CLIENT_LIST (empty prints as "window id # ").
    static func clientList(on server: XServer) throws -> [String] {
        let output = try server.run("xprop", ["-root", "_NET_CLIENT_LIST"])
        guard let range = output.range(of: "window id # ") else { return [] }
        return output[range.upperBound...].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.hasPrefix("0x") }
    }

    func stop() {
        process.terminate()
    }

    /// Parses `_NET_SUPPORTING_WM_CHECK(WINDOW): window id # 0x20020b`; nil while unset.
    private static func supportingWindow(on server: XServer) throws -> UInt32? {
        let output = try server.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"])
        guard let range = output.range(of: "window id # 0x") else { return nil }
        let hex = output[range.upperBound...].prefix { $0.isHexDigit }
        return UInt32(hex, radix: 16)
    }

    /// Parses `_NET_WM_NAME(UTF8_STRING) = "Openbox"`.
    private static func windowName(_ window: UInt32, on server: XServer) throws -> String {
        let output = try server.run(
            "xprop", ["-id", "0x" + String(window, radix: 16), "_NET_WM_NAME"])
        let parts = output.split(separator: "\"")
        return parts.count >= 2
            ? String(parts[1]) : output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
