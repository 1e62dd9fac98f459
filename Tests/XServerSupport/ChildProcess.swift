import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process spawned with posix_spawn and a *clean* signal state.
///
/// Why not Foundation.Process: swift-corelibs-foundation spawns children with
/// the calling thread's signal mask, and the threads Swift Testing/Dispatch run
/// tests on block nearly every signal. Such children (Xorg, openbox, your
/// daemon) never see SIGTERM, so a polite stop hangs. Here the mask is emptied
/// and every handler reset to SIG_DFL (POSIX_SPAWN_SETSIGMASK|SETSIGDEF).
///
/// A dedicated thread blocks in waitpid(), so exit is observed without polling.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    public let commandLine: String

    private let exited = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var waitStatus: Int32?

    private init(pid: pid_t, commandLine: String) {
        self.pid = pid
        self.commandLine = commandLine
    }

    /// Starts `executable` with stdin from /dev/null and stdout/stderr appended
    /// to the given files (stderr to `standardOutput` when nil). `environment`
    /// is added to (and overrides) the current process environment.
    public static func spawn(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
        standardOutput: URL, standardError: URL? = nil
    ) throws -> ChildProcess {
        let commandLine = ([executable.path] + arguments).joined(separator: " ")
        let outFD = try openForAppend(standardOutput)
        defer { Glibc.close(outFD) }
        let errFD = try standardError.map(openForAppend) ?? outFD
        defer { if errFD != outFD { Glibc.close(errFD) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let mergedEnvironment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = mergedEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        var result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        // ETXTBSY: a script written just now may still be open for writing in a
        // child that another thread forked meanwhile; that clears within moments.
        for _ in 0..<50 where result == ETXTBSY {
            usleep(10_000)
            result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        }
        guard result == 0 else {
            throw XServerError.spawnFailed(command: commandLine, errno: result)
        }
        let child = ChildProcess(pid: pid, commandLine: commandLine)
        Thread.detachNewThread { child.reap() }
        return child
    }

    public var isRunning: Bool { lock.withLock { waitStatus == nil } }

    /// Exit code, or 128 + signal number when killed by a signal; nil while running.
    public var exitStatus: Int32? {
        lock.withLock { waitStatus.map { ($0 & 0x7F) == 0 ? ($0 >> 8) & 0xFF : 128 + ($0 & 0x7F) } }
    }

    /// "exited with status N" or "was killed by signal N"; nil while running.
    public var exitDescription: String? {
        lock.withLock {
            waitStatus.map {
                ($0 & 0x7F) == 0
                    ? "exited with status \(($0 >> 8) & 0xFF)" : "was killed by signal \($0 & 0x7F)"
            }
        }
    }

    /// Waits up to `timeout` for the process to exit; returns whether it has.
    @discardableResult
    public func waitForExit(timeout: Duration) -> Bool {
        if !isRunning { return true }
        guard
            exited.wait(
                timeout: .now()
                    + .nanoseconds(
                        Int(timeout.components.seconds) * 1_000_000_000
                            + Int(timeout.components.attoseconds / 1_000_000_000))) == .success
        else { return false }
        exited.signal() // keep it signalled for later waiters
        return true
    }

    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// SIGTERM, then SIGKILL if it is still running after `grace`; returns once it has exited.
    public func terminate(grace: Duration = .seconds(5)) {
        guard isRunning else { return }
        signal(SIGTERM)
        if !waitForExit(timeout: grace) {
            signal(SIGKILL)
            waitForExit(timeout: .seconds(3600))
        }
    }

    private func reap() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        lock.withLock { waitStatus = status }
        exited.signal()
    }

    private static func openForAppend(_ file: URL) throws -> Int32 {
        let fd = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw XServerError.spawnFailed(command: "open(\(file.path))", errno: errno)
        }
        return fd
    }
}
