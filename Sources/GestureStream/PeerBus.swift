import CSystemd
import Glibc
import Logging

/// A peer-to-peer D-Bus server on an abstract Unix socket (`unix:abstract=<name>`), as
/// touchegg's daemon serves its gestures: clients connect straight to it, with no message bus
/// between, and hear the signals it emits. The D-Bus protocol (authentication, messages) is
/// sd-bus's; this type accepts connections, keeps one sd-bus connection per client, and lets
/// the daemon's one poll wait on them all.
///
/// It never blocks and never wakes by itself: a client's socket is polled for writing only
/// while signals wait for it, and a client that lets more than `maxQueued` signals wait (one
/// that stopped reading) is dropped, and the log says so.
public final class PeerBus {
    /// What a client is and how far it has got.
    final class Client {
        let bus: OpaquePointer
        let fd: Int32
        let number: Int
        let pid: pid_t
        var announced = false

        init(bus: OpaquePointer, fd: Int32, number: Int, pid: pid_t) {
            self.bus = bus
            self.fd = fd
            self.number = number
            self.pid = pid
        }

        var who: String { "client \(number) (pid \(pid))" }
    }

    /// Signals a client may let wait beyond what its socket holds before it is dropped: with
    /// the socket's forty-odd, three seconds of a touchpad reporting at 100 Hz.
    public static let defaultMaxQueued = 256
    /// Bytes the kernel holds for one client: a few dozen signals.
    static let socketBuffer: Int32 = 16 * 1024

    /// `unix:abstract=touchegg`
    public let address: String
    let label: String
    let listener: Int32
    let serverID: sd_id128_t
    public var maxQueued = PeerBus.defaultMaxQueued
    private(set) var clients: [Client] = []
    private var nextNumber = 1
    private let log: Logger

    /// Listens on the abstract socket `name`; `label` names the stream in the log. Throws
    /// when the name is taken (touchegg's own daemon, another gestured) or sockets fail.
    public init(abstract name: String, label: String, log: Logger) throws(StreamError) {
        address = "unix:abstract=\(name)"
        self.label = label
        self.log = log
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StreamError(address, "socket: \(String(cString: strerror(errno)))") }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        let room = MemoryLayout.size(ofValue: addr.sun_path) - 1
        guard bytes.count <= room else { close(fd); throw StreamError(address, "the name is longer than \(room) bytes") }
        withUnsafeMutableBytes(of: &addr.sun_path) { p in
            p[0] = 0
            for (i, b) in bytes.enumerated() { p[i + 1] = b }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + 1 + bytes.count)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0 else {
            let why = errno == EADDRINUSE ? "taken by another server (touchegg's daemon, or another gestured?)" : String(cString: strerror(errno))
            close(fd)
            throw StreamError(address, why)
        }
        guard listen(fd, 16) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw StreamError(address, "listen: \(why)")
        }
        listener = fd
        serverID = Self.randomID()
    }

    /// A random (version 4) id for this server, drawn without libsystemd: sd_id128_randomize
    /// would load it at start, and the stream is on by default, so that every daemon would map
    /// it and the seven libraries it pulls in (0.9 MiB) before any client connects.
    static func randomID() -> sd_id128_t {
        var random = SystemRandomNumberGenerator()
        var id = sd_id128_t()
        id.qwords = (random.next(), random.next())
        id.bytes.6 = (id.bytes.6 & 0x0F) | 0x40
        id.bytes.8 = (id.bytes.8 & 0x3F) | 0x80
        return id
    }

    deinit {
        for c in clients { _ = sd_bus_close_unref(c.bus) }
        close(listener)
    }

    /// How many clients are connected (authenticated or not).
    public var clientCount: Int { clients.count }

    // MARK: Polling

    /// What to poll: the listening socket, then each client's socket for what sd-bus waits for.
    public func pollDescriptors(into fds: inout [pollfd]) {
        fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
        for c in clients {
            let events = sd_bus_get_events(c.bus)
            fds.append(pollfd(fd: c.fd, events: Int16(truncatingIfNeeded: max(0, events)), revents: 0))
        }
    }

    /// Milliseconds until sd-bus wants to be called again (a client's authentication timing
    /// out); nil when it does not.
    public func wait(nowMonotonicMicroseconds now: UInt64) -> Double? {
        var earliest: UInt64?
        for c in clients {
            var usec: UInt64 = 0
            guard sd_bus_get_timeout(c.bus, &usec) >= 0, usec != UInt64.max else { continue }
            earliest = min(earliest ?? usec, usec)
        }
        guard let earliest else { return nil }
        return earliest <= now ? 0 : Double(earliest - now) / 1000
    }

    /// Acts on what the poll found, `fds` being what `pollDescriptors` added in the same order:
    /// accepts new clients, and lets sd-bus read, write and authenticate for the others.
    public func handle(_ fds: ArraySlice<pollfd>, timedOut: Bool = false) {
        guard let first = fds.first else { return }
        let polled = Array(clients)
        for (c, p) in zip(polled, fds.dropFirst()) where p.revents != 0 || timedOut {
            process(c)
        }
        if first.revents & Int16(POLLIN) != 0 { acceptAll() }
    }

    private func acceptAll() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    log.warning("\(label): accept: \(String(cString: strerror(errno)))")
                }
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            admit(fd)
        }
    }

    /// Takes a new connection: only from this user (or root), as the stream says what the user
    /// does with their hands.
    private func admit(_ fd: Int32) {
        var cred = PeerCredentials()
        var size = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &size) == 0 else {
            log.warning("\(label): a client whose credentials cannot be read was refused")
            close(fd)
            return
        }
        guard cred.uid == getuid() || cred.uid == 0 else {
            log.warning("\(label): refused pid \(cred.pid) of user \(cred.uid): only this user's programs may listen")
            close(fd)
            return
        }
        var bus: OpaquePointer?
        var r = sd_bus_new(&bus)
        if r >= 0 { r = sd_bus_set_fd(bus, fd, fd) }
        if r >= 0 { r = sd_bus_set_server(bus, 1, serverID) }
        if r >= 0 { r = sd_bus_start(bus) }
        guard r >= 0, let bus else {
            log.warning("\(label): could not start a connection for pid \(cred.pid): \(String(cString: strerror(-r)))")
            if let bus { _ = sd_bus_close_unref(bus) } else { close(fd) }
            return
        }
        // sd-bus asks for 8 MB of socket buffer, a minute of signals: a client that stopped
        // reading would be found out only that late. A small buffer and `maxQueued` bound it.
        var buffer = PeerBus.socketBuffer
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
        let c = Client(bus: bus, fd: fd, number: nextNumber, pid: cred.pid)
        nextNumber += 1
        clients.append(c)
        process(c)
    }

    /// Lets sd-bus do what it can for `c` without blocking; drops it when it has gone.
    private func process(_ c: Client) {
        var r: Int32 = 1
        while r > 0 { r = sd_bus_process(c.bus, nil) }
        if r < 0 || sd_bus_is_open(c.bus) <= 0 {
            drop(c, r < 0 && r != -ECONNRESET && r != -ENOTCONN ? "gone (\(String(cString: strerror(-r))))" : "disconnected")
            return
        }
        if !c.announced && sd_bus_is_ready(c.bus) > 0 {
            c.announced = true
            log.info("\(label): \(c.who) connected; \(clients.count) listening")
        }
    }

    private func drop(_ c: Client, _ why: String) {
        clients.removeAll { $0 === c }
        _ = sd_bus_close_unref(c.bus)
        log.info("\(label): \(c.who) \(why); \(clients.count) listening")
    }

    // MARK: Emitting

    /// Sends the signal `member` of `interface` at `path` to every client that has finished
    /// connecting; `append` writes its arguments. A client that lets too many wait is dropped.
    public func emit(path: String, interface: String, member: String, _ append: (OpaquePointer) -> Int32) {
        for c in clients where c.announced {
            var message: OpaquePointer?
            var r = sd_bus_message_new_signal(c.bus, &message, path, interface, member)
            if r >= 0, let message { r = append(message) }
            if r >= 0 { r = sd_bus_send(c.bus, message, nil) }
            if let message { sd_bus_message_unref(message) }
            if r < 0 {
                drop(c, "could not be sent to (\(String(cString: strerror(-r))))")
                continue
            }
            var queued: UInt64 = 0
            if sd_bus_get_n_queued_write(c.bus, &queued) >= 0, queued > UInt64(maxQueued) {
                log.warning("\(label): \(c.who) stopped reading: \(queued) signals wait for it")
                drop(c, "dropped")
            }
        }
    }
}

/// Linux's `struct ucred`, which Glibc shows Swift only with _GNU_SOURCE.
struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}

/// Why a stream could not be served: its address and what went wrong.
public struct StreamError: Error, CustomStringConvertible {
    public let address: String
    public let why: String

    init(_ address: String, _ why: String) {
        self.address = address
        self.why = why
    }

    public var description: String { "\(address): \(why)" }
}
