import CSystemd
import Glibc
import Logging

/// A peer-to-peer D-Bus server on a Unix socket, as touchegg's daemon serves its gestures:
/// clients connect straight to it, with no message bus between, and hear the signals it emits.
/// The D-Bus protocol (authentication, messages) is sd-bus's; this type accepts connections,
/// keeps one sd-bus connection per client, and lets the daemon's one poll wait on them all.
///
/// It never blocks, never wakes by itself, and does a bounded amount of work each turn of the
/// daemon's loop, so that input always comes first: at most `messagesPerTurn` messages of each
/// client and `acceptsPerTurn` new connections, the rest on the next turn. Each client is
/// bounded: one that lets more than `maxQueued` messages wait (signals, or replies to its own
/// calls: one that stopped reading) is dropped, and the log says so. At most `maxClients` are
/// connected; the listening socket is not polled while they are, nor for a second after the
/// descriptors ran out, nor for the rest of a second that refused `Refusals.perSecond` of
/// another user's connections.
public final class PeerBus {
    /// What a client is and how far it has got.
    final class Client {
        let bus: OpaquePointer
        let fd: Int32
        let number: Int
        let pid: pid_t
        var announced = false
        /// sd-bus had more to do when its turn's work ran out.
        var pending = false
        var closed = false

        init(bus: OpaquePointer, fd: Int32, number: Int, pid: pid_t) {
            self.bus = bus
            self.fd = fd
            self.number = number
            self.pid = pid
        }

        var who: String { "client \(number) (pid \(pid))" }
    }

    /// Messages a client may let wait beyond what its socket holds before it is dropped: with
    /// the socket's forty-odd, three seconds of a touchpad reporting at 100 Hz.
    public static let defaultMaxQueued = 256
    /// Clients at once; more wait in the listening socket's backlog until one leaves.
    public static let defaultMaxClients = 64
    /// Messages read from one client in one turn of the loop.
    static let messagesPerTurn = 16
    /// Connections accepted in one turn of the loop.
    static let acceptsPerTurn = 16
    /// How long the listener rests after the descriptors ran out, in microseconds.
    static let restAfterExhaustion: UInt64 = 1_000_000
    /// Bytes the kernel holds for one client: a few dozen signals.
    static let socketBuffer: Int32 = 16 * 1024

    public let address: StreamAddress
    let label: String
    let listener: Int32
    let serverID: sd_id128_t
    public var maxQueued = PeerBus.defaultMaxQueued
    public var maxClients = PeerBus.defaultMaxClients
    private(set) var clients: [Client] = []
    /// The clients whose descriptors the last `pollDescriptors` added, in order.
    private var polled: [Client] = []
    private var nextNumber = 1
    private let log: Logger
    private let clock: () -> UInt64
    /// The socket file made, to be removed when it is still the one made.
    private var boundFile: (path: String, device: UInt, inode: UInt)?
    private var refusals = Refusals()
    /// Until when the listener rests after accept failed for want of descriptors (monotonic µs).
    private var restUntil: UInt64?
    /// What was said of a full house or of failing accepts, not to be said again until it ends.
    private var saidFull = false, saidAcceptFailure = false
    /// Messages that could not be made, said once each.
    private var saidUnmade: Set<String> = []
    /// Answers the method calls clients make (`PeerCall`); without it, every call is answered
    /// with D-Bus's UnknownMethod error.
    public var answer: ((PeerCall) -> PeerCall.Reply)?
    /// Told the number of each client that leaves (`PeerCall.client`), however it left.
    public var left: ((Int) -> Void)?

    /// Listens at `address`; `label` names the stream in the log. Throws when the address is
    /// taken, saying by whom (a socket file nobody listens on any more is replaced), or when
    /// sockets fail. `clock` gives monotonic microseconds (the daemon's `MonotonicClock`).
    public init(_ address: StreamAddress, label: String, log: Logger, clock: @escaping () -> UInt64)
        throws(StreamError)
    {
        self.address = address
        self.label = label
        self.log = log
        self.clock = clock
        let fd = socket(
            AF_UNIX,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw StreamError(address.dbus, "socket: \(String(cString: strerror(errno)))")
        }
        var (addr, length) = (sockaddr_un(), socklen_t(0))
        do throws(StreamError) { (addr, length) = try address.socketAddress() } catch {
            close(fd)
            throw error
        }
        func bindIt() -> Int32 {
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
        }
        var bound = bindIt()
        if bound != 0 && errno == EADDRINUSE {
            let finding = SocketHolder.find(address)
            if case .file(let path) = address, finding == .nobodyListens {
                unlink(path)
                bound = bindIt()
            }
            if bound != 0 && errno == EADDRINUSE {
                close(fd)
                throw StreamError(address.dbus, finding.takenText(address, me: getuid()))
            }
        }
        guard bound == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw StreamError(address.dbus, why)
        }
        if case .file(let path) = address {
            var s = stat()
            _ = chmod(path, 0o600)
            if stat(path, &s) == 0 { boundFile = (path, UInt(s.st_dev), UInt(s.st_ino)) }
        }
        guard listen(fd, 16) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw StreamError(address.dbus, "listen: \(why)")
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
        var s = stat()
        if let f = boundFile, lstat(f.path, &s) == 0, UInt(s.st_dev) == f.device,
            UInt(s.st_ino) == f.inode
        {
            unlink(f.path)
        }
    }

    /// How many clients are connected (authenticated or not).
    public var clientCount: Int { clients.count }

    // MARK: Polling

    /// Whether new connections are taken now.
    private func listening(at now: UInt64) -> Bool {
        clients.count < maxClients && (restUntil.map { now >= $0 } ?? true)
            && refusals.resting(at: now) == nil
    }

    /// What to poll: the listening socket (as -1, which poll skips, while it rests), then each
    /// client's socket for what sd-bus waits for.
    public func pollDescriptors(into fds: inout [pollfd]) {
        fds.append(
            pollfd(fd: listening(at: clock()) ? listener : -1, events: Int16(POLLIN), revents: 0))
        polled = clients
        for c in clients {
            let events = sd_bus_get_events(c.bus)
            fds.append(
                pollfd(fd: c.fd, events: Int16(truncatingIfNeeded: max(0, events)), revents: 0))
        }
    }

    /// Milliseconds until this bus wants to be called again: a client with work left from the
    /// last turn (0), a client's authentication timing out, the listener's rest ending, refusals
    /// to be said; nil when nothing is due.
    public func wait(nowMonotonicMicroseconds now: UInt64) -> Double? {
        var earliest: UInt64? = clients.contains { $0.pending } ? now : nil
        func due(_ t: UInt64?) { if let t { earliest = min(earliest ?? t, t) } }
        for c in clients {
            var usec: UInt64 = 0
            guard sd_bus_get_timeout(c.bus, &usec) >= 0, usec != UInt64.max else { continue }
            due(usec)
        }
        if clients.count < maxClients {
            due(restUntil)
            due(refusals.resting(at: now))
        }
        due(refusals.windowEnd)
        guard let earliest else { return nil }
        return earliest <= now ? 0 : Double(earliest - now) / 1000
    }

    /// Acts on what the poll found, `fds` being what `pollDescriptors` added in the same order:
    /// lets sd-bus read, write and authenticate for the clients (a bounded amount each), accepts
    /// new ones, and says what was refused.
    public func handle(_ fds: ArraySlice<pollfd>, timedOut: Bool = false) {
        guard let first = fds.first else { return }
        let now = clock()
        if let line = refusals.summary(at: now) { log.warning("\(label): \(line)") }
        if let r = restUntil, now >= r { restUntil = nil }
        for (c, p) in zip(polled, fds.dropFirst())
        where !c.closed && (p.revents != 0 || timedOut || c.pending) {
            process(c)
        }
        if first.fd >= 0 && first.revents & Int16(POLLIN) != 0 { acceptSome(at: now) }
    }

    private func acceptSome(at now: UInt64) {
        for _ in 0..<PeerBus.acceptsPerTurn {
            guard clients.count < maxClients else {
                if !saidFull {
                    log.warning(
                        "\(label): \(clients.count) clients, the most it takes: more wait until one leaves"
                    )
                }
                saidFull = true
                return
            }
            guard refusals.resting(at: now) == nil else { return }
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                let e = errno
                if e == EAGAIN || e == EWOULDBLOCK { return }
                if e == EINTR || e == ECONNABORTED { continue }
                // Out of descriptors (EMFILE, ENFILE) or memory: the connection stays in the
                // backlog and the listener stays readable, so it rests rather than spin.
                if !saidAcceptFailure {
                    log.warning(
                        "\(label): accept: \(String(cString: strerror(e))); taking no client for a second at a time until it works"
                    )
                }
                saidAcceptFailure = true
                restUntil = now + PeerBus.restAfterExhaustion
                return
            }
            if saidAcceptFailure { log.info("\(label): accepting clients again") }
            saidAcceptFailure = false
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            admit(fd, at: now)
        }
    }

    /// Takes a new connection: only from this user (or root), as the stream says what the user
    /// does with their hands.
    private func admit(_ fd: Int32, at now: UInt64) {
        var cred = PeerCredentials()
        var size = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &size) == 0 else {
            log.warning("\(label): a client whose credentials cannot be read was refused")
            close(fd)
            return
        }
        guard cred.uid == getuid() || cred.uid == 0 else {
            close(fd)
            if let line = refusals.refused(pid: cred.pid, uid: cred.uid, at: now) {
                log.warning("\(label): \(line)")
            }
            return
        }
        var bus: OpaquePointer?
        var r = sd_bus_new(&bus)
        if r >= 0 { r = sd_bus_set_fd(bus, fd, fd) }
        if r >= 0 { r = sd_bus_set_server(bus, 1, serverID) }
        if r >= 0 { r = sd_bus_start(bus) }
        guard r >= 0, let bus else {
            log.warning(
                "\(label): could not start a connection for pid \(cred.pid): \(String(cString: strerror(-r)))"
            )
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

    /// Lets sd-bus do what it can for `c` without blocking, `messagesPerTurn` messages at most;
    /// drops it when it has gone or lets too many wait.
    private func process(_ c: Client) {
        var r: Int32 = 1
        var n = 0
        while r > 0 && n < PeerBus.messagesPerTurn {
            // A message no handler of sd-bus's took comes back: a method call is answered here.
            var message: OpaquePointer?
            r = sd_bus_process(c.bus, &message)
            if let message {
                take(message, from: c)
                sd_bus_message_unref(message)
            }
            n += 1
        }
        c.pending = r > 0
        if r < 0 || sd_bus_is_open(c.bus) <= 0 {
            drop(
                c,
                r < 0 && r != -ECONNRESET && r != -ENOTCONN
                    ? "gone (\(String(cString: strerror(-r))))" : "disconnected")
            return
        }
        guard bounded(c) else { return }
        if !c.announced && sd_bus_is_ready(c.bus) > 0 {
            c.announced = true
            log.info("\(label): \(c.who) connected; \(clients.count) listening")
        }
    }

    /// Drops `c` when more than `maxQueued` messages wait for it; false when it did.
    private func bounded(_ c: Client) -> Bool {
        var queued: UInt64 = 0
        guard sd_bus_get_n_queued_write(c.bus, &queued) >= 0, queued > UInt64(maxQueued) else {
            return true
        }
        log.warning("\(label): \(c.who) stopped reading: \(queued) messages wait for it")
        drop(c, "dropped")
        return false
    }

    private func drop(_ c: Client, _ why: String) {
        c.closed = true
        clients.removeAll { $0 === c }
        _ = sd_bus_close_unref(c.bus)
        log.info("\(label): \(c.who) \(why); \(clients.count) listening")
        left?(c.number)
        if saidFull && clients.count < maxClients {
            saidFull = false
            log.info("\(label): taking clients again")
        }
    }

    // MARK: Emitting

    /// Sends the signal `member` of `interface` at `path` to every client that has finished
    /// connecting; `append` writes its arguments. A signal that cannot be made (a value D-Bus
    /// refuses) is not sent, and said once; a client that lets too many wait is dropped.
    /// `to`, when given, picks the clients by number.
    public func emit(
        path: String, interface: String, member: String, to: ((Int) -> Bool)? = nil,
        _ append: (OpaquePointer) -> Int32
    ) {
        for c in clients where c.announced && to?(c.number) != false {
            var message: OpaquePointer?
            var r = sd_bus_message_new_signal(c.bus, &message, path, interface, member)
            if r >= 0, let message { r = append(message) }
            defer { if let message { sd_bus_message_unref(message) } }
            if r < 0 {
                let why =
                    "a \(member) signal could not be made (\(String(cString: strerror(-r)))); it is not sent"
                if saidUnmade.insert(why).inserted { log.warning("\(label): \(why)") }
                return
            }
            r = sd_bus_send(c.bus, message, nil)
            if r < 0 {
                drop(c, "could not be sent to (\(String(cString: strerror(-r))))")
                continue
            }
            _ = bounded(c)
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
public struct StreamError: Error, Equatable, CustomStringConvertible {
    public let address: String
    public let why: String

    init(_ address: String, _ why: String) {
        self.address = address
        self.why = why
    }

    public var description: String { "\(address): \(why)" }
}
