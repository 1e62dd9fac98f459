import Foundation

/// A real Xorg server on a free display with the dummy video driver and
/// inputtest devices, for end-to-end tests.
///
///     let server = try XServer.start()                 // touchscreen, touchpad, mouse, keyboard
///     defer { server.stop() }
///     try server.startWindowManager()                  // optional: openbox
///     try server.touchpad.swipe(.begin, fingers: 3)
///     try server.touchpad.swipe(.update, fingers: 3, dx: 40, dy: 0)
///     try server.touchpad.swipe(.end, fingers: 3)
///     try server.touchpad.sync()                       // server has processed all of it
///
/// Run clients against `server.environment` (DISPLAY=:N). Needs root (or an
/// Xorg allowed to open the console) and the Debian packages listed in NOTES.md.
public final class XServer: @unchecked Sendable {
    /// Display number N (DISPLAY=:N).
    public let display: Int
    public let screen: ScreenSize
    /// Devices in the order given to `start`.
    public let devices: [InputTestDevice]
    /// Wall time from spawning Xorg to all device sockets having completed their handshake.
    public let startupDuration: Duration
    /// Temporary directory with xorg.conf, sockets and logs; removed by `stop()`.
    public let directory: URL
    public var logFile: URL { serverDirectory.xorgLog }
    public var configFile: URL { serverDirectory.configFile }
    public var displayName: String { ":\(display)" }
    /// Environment for client processes: DISPLAY=:N.
    public var environment: [String: String] { ["DISPLAY": displayName] }
    /// openbox, once `startWindowManager()` has returned.
    public var windowManager: WindowManager? { lock.withLock { manager } }

    private let serverDirectory: ServerDirectory
    private let process: ChildProcess
    private let lock = NSLock()
    private var stopped = false
    private var manager: WindowManager?

    private init(
        display: Int, screen: ScreenSize, devices: [InputTestDevice], startupDuration: Duration,
        serverDirectory: ServerDirectory, process: ChildProcess
    ) {
        self.display = display
        self.screen = screen
        self.devices = devices
        self.startupDuration = startupDuration
        self.serverDirectory = serverDirectory
        self.directory = serverDirectory.url
        self.process = process
    }

    deinit { stop() }

    /// The Xorg process, for measuring what it holds.
    public var pid: pid_t { process.pid }

    // MARK: Devices

    /// The device with `name` (the InputDevice Identifier / XInput name).
    public func device(named name: String) -> InputTestDevice? {
        devices.first { $0.name == name }
    }

    /// The first device of `type`; traps if the server was started without one.
    public func device(ofType type: InputTestDeviceType) -> InputTestDevice {
        guard let device = devices.first(where: { $0.type == type }) else {
            preconditionFailure(
                "XServer on :\(display) has no inputtest device of type \(type.rawValue); pass one to XServer.start(devices:)"
            )
        }
        return device
    }

    public var touchscreen: InputTestDevice { device(ofType: .touch) }
    public var touchpad: InputTestDevice { device(ofType: .pointerGesture) }
    public var mouse: InputTestDevice { device(ofType: .pointer) }
    public var keyboard: InputTestDevice { device(ofType: .keyboard) }

    /// The server's view of its input devices (`xinput list --short`).
    public func xinputDevices(timeout: Duration = .seconds(10)) throws -> [XInputDevice] {
        XInputDevice.parse(listShort: try run("xinput", ["list", "--short"], timeout: timeout))
    }

    /// Runs an X client (xprop, xinput, xdotool, ...) against this display and returns its stdout.
    public func run(_ command: String, _ arguments: [String], timeout: Duration = .seconds(10))
        throws -> String
    {
        try ExternalCommand.run(command, arguments, environment: environment, timeout: timeout)
    }

    /// The last `lines` lines of Xorg.log (handy in test failure messages).
    public func logTail(lines: Int = 30) -> String {
        Self.tail(of: [serverDirectory.xorgLog, serverDirectory.xorgOutput], lines: lines)
    }

    /// Xorg's error lines plus the end of its log.
    public func logDigest() -> String { Self.logDigest(serverDirectory) }

    // MARK: Lifecycle

    /// Set to 1 by `make check`, which runs only the tests that need no X server: there, every
    /// start fails, so that a test that starts one cannot slip into the quick loop unnoticed.
    public static let refusingVariable = "GESTURED_NO_X_SERVER"

    /// Starts Xorg with `devices` and waits until it accepts X connections and
    /// every device socket has completed the inputtest handshake.
    public static func start(
        devices: [InputDeviceSpec] = InputDeviceSpec.standard,
        screen: ScreenSize = .xga,
        installation: XorgInstallation = .debian,
        timeout: Duration = .seconds(15)
    ) throws -> XServer {
        if ProcessInfo.processInfo.environment[refusingVariable] == "1" {
            throw XServerError.refused(variable: refusingVariable)
        }
        precondition(
            Set(devices.map(\.name)).count == devices.count, "inputtest device names must be unique"
        )
        try installation.verify(needsKeyboard: devices.contains { $0.type == .keyboard })
        ServerDirectory.reapOrphans()
        let directory = try ServerDirectory.create()
        let socketPaths = Dictionary(
            uniqueKeysWithValues: devices.enumerated().map {
                ($0.element.name, directory.socketPath(index: $0.offset, for: $0.element))
            })
        let configuration = XorgConfiguration(
            screen: screen, devices: devices, socketPaths: socketPaths,
            modulesDirectory: installation.modulesDirectory)
        try configuration.text.write(to: directory.configFile, atomically: false, encoding: .utf8)

        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var display: Int? = nil
        for _ in 0..<5 {
            let number = try DisplayNumberPool.reserve(after: display)
            display = number
            let started = clock.now
            let process = try ChildProcess.spawn(
                URL(fileURLWithPath: installation.xorg),
                [
                    ":\(number)", "-config", directory.configFile.path, "-configdir",
                    directory.configDirectory.path,
                    "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts", "-logfile",
                    directory.xorgLog.path,
                ],
                standardOutput: directory.xorgOutput)
            try directory.recordPids(xorg: process.pid)
            do {
                try waitUntilAccepting(
                    display: number, process: process, directory: directory,
                    deadline: deadline, timeout: timeout)
                let connected = try devices.map { spec in
                    let socketPath = socketPaths[spec.name]!
                    do {
                        return try InputTestDevice(
                            spec: spec, socketPath: socketPath, screen: screen,
                            timeout: clock.now.duration(to: deadline))
                    } catch {
                        throw XServerError.serverFailed(
                            display: number,
                            reason:
                                "inputtest device '\(spec.name)' is not usable at \(socketPath): \(error)",
                            logFile: directory.xorgLog.path, logTail: logDigest(directory))
                    }
                }
                let server = XServer(
                    display: number, screen: screen, devices: connected,
                    startupDuration: started.duration(to: clock.now), serverDirectory: directory,
                    process: process)
                running.withLock { $0[":\(number)"] = directory }
                return server
            } catch let error as XServerError {
                process.terminate()
                DisplayNumberPool.release(number)
                let output = (try? String(contentsOf: directory.xorgOutput, encoding: .utf8)) ?? ""
                if case .serverFailed = error,
                    output.contains("Server is already active for display \(number)")
                {
                    continue // another process took this display first; try the next number
                }
                throw error
            }
        }
        throw XServerError.serverFailed(
            display: display ?? 0, reason: "every display number tried was taken by another server",
            logFile: directory.xorgLog.path, logTail: logDigest(directory))
    }

    /// Starts openbox on this display and waits until it manages windows
    /// (see `WindowManager` for why _NET_SUPPORTING_WM_CHECK alone is not enough).
    @discardableResult
    public func startWindowManager(configFile: URL? = nil, timeout: Duration = .seconds(10)) throws
        -> WindowManager
    {
        if let windowManager { return windowManager }
        let started = try WindowManager.startOpenbox(
            server: self, configFile: configFile, log: serverDirectory.windowManagerLog,
            home: serverDirectory.url, timeout: timeout)
        lock.withLock { manager = started }
        return started
    }

    /// Stops the window manager and Xorg (SIGTERM, SIGKILL after 5 s), closes
    /// the device connections and removes the temporary directory. Idempotent.
    public func stop() {
        let alreadyStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return }
        XServer.running.withLock { $0[displayName] = nil }
        windowManager?.stop()
        process.terminate()
        // Only now: closing a device connection while Xorg runs leaves the driver spinning on EOF.
        devices.forEach { $0.close() }
        DisplayNumberPool.release(display)
        serverDirectory.remove()
    }

    // MARK: Private

    private static func waitUntilAccepting(
        display: Int, process: ChildProcess, directory: ServerDirectory,
        deadline: ContinuousClock.Instant, timeout: Duration
    ) throws {
        func failure(_ reason: String) -> XServerError {
            .serverFailed(
                display: display, reason: reason, logFile: directory.xorgLog.path,
                logTail: logDigest(directory))
        }
        while true {
            guard process.isRunning else {
                throw failure(
                    "Xorg \(process.exitDescription ?? "exited") before accepting connections")
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else {
                throw XServerError.timeout(
                    what: "Xorg on :\(display) to accept connections", after: timeout,
                    details: "log \(directory.xorgLog.path): " + logDigest(directory))
            }
            do {
                switch try XConnectionProbe.probe(
                    display: display, serverPID: process.pid, timeout: remaining)
                {
                case .accepted: return
                case .refused(let reason):
                    throw failure("server refused the X connection setup: \(reason)")
                case .otherServer:
                    // Ours should exit: "already active".
                    process.waitForExit(timeout: .milliseconds(10))
                }
            } catch XServerError.socket {
                // Socket not there yet (or the server died mid-setup): wait a moment,
                // returning early if Xorg exits.
                process.waitForExit(timeout: .milliseconds(10))
            }
        }
    }

    /// The servers started and not stopped, by display name: a client that loses its server
    /// can say what the server's log says (a crash leaves its backtrace there).
    private static let running = LockedValue<[String: ServerDirectory]>([:])

    /// What the log of the server on `displayName` says, while it has not been stopped.
    /// A server that is going down writes its backtrace as it goes: wait up to a second for the
    /// log's last line.
    public static func logDigest(display displayName: String) -> String? {
        guard let directory = running.withLock({ $0[displayName] }) else { return nil }
        for _ in 0..<100 {
            let log = (try? String(contentsOf: directory.xorgLog, encoding: .utf8)) ?? ""
            if log.contains("Closing log file") { break }
            usleep(10_000)
        }
        return logDigest(directory)
    }

    /// The "(EE)" lines of an Xorg log (minus the harmless dbus-core complaint
    /// and blank markers) followed by its last lines; falls back to Xorg's stderr.
    static func logDigest(_ directory: ServerDirectory) -> String {
        guard let log = try? String(contentsOf: directory.xorgLog, encoding: .utf8), !log.isEmpty
        else {
            return tail(of: [directory.xorgOutput], lines: 30)
        }
        let errors = log.split(separator: "\n").filter {
            $0.contains("(EE)") && !$0.contains("dbus-core") && !$0.contains("(EE) error,")
                && !$0.trimmingCharacters(in: .whitespaces).hasSuffix("(EE)")
        }.suffix(20)
        let summary =
            errors.isEmpty ? "" : "errors:\n" + errors.joined(separator: "\n") + "\nlast lines:\n"
        return summary + tail(of: [directory.xorgLog], lines: 12)
    }

    static func tail(of files: [URL], lines: Int) -> String {
        for file in files {
            if let text = try? String(contentsOf: file, encoding: .utf8), !text.isEmpty {
                return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
                    .joined(separator: "\n")
            }
        }
        return "(no output in \(files.map(\.path).joined(separator: ", ")))"
    }
}

/// A value behind a lock, for statics shared by the tests' threads.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
