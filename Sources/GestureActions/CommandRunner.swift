import GestureCore
import Glibc

/// The gesture a fired action belongs to, for `exec` commands' environment.
public struct GestureContext: Sendable {
    public var name: String
    public var type: String
    public var state: String
    public var fingers: Int?
    public var direction: String?
    public var dx: Double?
    public var dy: Double?
    public var scale: Double?
    public var rotation: Double?
    public var x: Double?
    public var y: Double?
    /// For `repeat` bindings: the step reached, and the progress (pixels, scale or degrees).
    public var step: Int?
    public var progress: Double?

    public init(name: String, type: String, state: String) {
        self.name = name
        self.type = type
        self.state = state
    }

    /// `GESTURE_NAME=...` and the rest; values are never spliced into the command string.
    public var environment: [String] {
        var env = ["GESTURE_NAME=\(name)", "GESTURE_TYPE=\(type)", "GESTURE_STATE=\(state)"]
        func add(_ key: String, _ v: Double?) {
            if let v { env.append("GESTURE_\(key)=\(NumberText.rounded(v))") }
        }
        if let fingers { env.append("GESTURE_FINGERS=\(fingers)") }
        if let direction { env.append("GESTURE_DIRECTION=\(direction)") }
        add("DX", dx)
        add("DY", dy)
        add("SCALE", scale)
        add("ROTATION", rotation)
        add("X", x)
        add("Y", y)
        if let step { env.append("GESTURE_STEP=\(step)") }
        add("PROGRESS", progress)
        return env
    }
}

/// Runs `exec` actions: `/bin/sh -c` in a session of its own, never waiting for it, with the
/// gesture in the environment. Children are reaped by `reap()`, which the run loop calls; at
/// most `limit` run at once, so that a binding that fires on and on (a continuous step, a
/// command that hangs) cannot fill the process table.
public enum CommandRunner {
    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), hidden from Swift behind _GNU_SOURCE.
    static let spawnSetsid: Int32 = 0x80
    /// The commands that may run at once.
    public static let limit = 64
    /// The commands started and not yet reaped.
    nonisolated(unsafe) private static var running: Set<pid_t> = []
    /// How many commands started here run now.
    public static var runningCount: Int { running.count }

    /// Starts the command; returns its pid, or an error message.
    public static func spawn(_ command: String, context: GestureContext) -> Result<
        pid_t, ActionError
    > {
        reap()
        guard running.count < limit else {
            return .failure(
                ActionError(
                    message:
                        "\(limit) commands started by gestured still run: not starting another until one ends"
                ))
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        // A session of its own, and default signal handling whatever the daemon set.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGCHLD, SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, s) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setsigmask(&attr, &mask)
        posix_spawnattr_setflags(
            &attr, Int16(spawnSetsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env: [String] = []
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if !s.hasPrefix("GESTURE_") { env.append(s) }
            p += 1
        }
        env += context.environment
        let argv = ["/bin/sh", "-c", command]
        var pid: pid_t = 0
        let status = withCStrings(argv) { a in
            withCStrings(env) { e in posix_spawn(&pid, "/bin/sh", nil, &attr, a, e) }
        }
        guard status == 0 else {
            return .failure(
                ActionError(message: "cannot start /bin/sh: \(String(cString: strerror(status)))"))
        }
        running.insert(pid)
        return .success(pid)
    }

    /// Collects every command that has exited (only those: a child of anyone else's in the
    /// process is theirs to wait for).
    public static func reap() {
        var status: Int32 = 0
        for pid in running where waitpid(pid, &status, WNOHANG) != 0 { running.remove(pid) }
    }

    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
