import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Minimal blocking AF_UNIX stream socket with deadline-bounded reads and
/// writes. Writes use MSG_NOSIGNAL so a dead peer is an error, not SIGPIPE.
final class UnixSocket {
    let path: String
    private(set) var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close() }

    /// Connects once; throws `.socket` with the errno (ENOENT, ECONNREFUSED, ...) on failure.
    static func connect(path: String) throws -> UnixSocket {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw XServerError.socket(operation: "socket()", path: path, errno: errno)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            Glibc.close(fd)
            throw XServerError.socket(
                operation: "connect() (path longer than \(capacity - 1) bytes)", path: path,
                errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[path.utf8.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw XServerError.socket(operation: "connect()", path: path, errno: code)
        }
        return UnixSocket(path: path, fd: fd)
    }

    /// Pid of the process that created the listening end (SO_PEERCRED; `struct ucred` is pid, uid, gid).
    var peerProcessID: pid_t? {
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            return nil
        }
        return credentials.pid
    }

    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    func write(_ bytes: [UInt8], timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            try waitFor(
                events: Int16(POLLOUT), deadline: deadline, timeout: timeout, operation: "write")
            let sent = bytes[offset...].withUnsafeBytes {
                send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw XServerError.socket(operation: "send()", path: path, errno: errno)
            }
            offset += sent
        }
    }

    /// Reads exactly `count` bytes or throws (timeout, EOF as ECONNRESET, or errno).
    func read(exactly count: Int, timeout: Duration) throws -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            try waitFor(
                events: Int16(POLLIN), deadline: deadline, timeout: timeout, operation: "read")
            let received = buffer[offset...].withUnsafeMutableBytes {
                recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if received < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw XServerError.socket(operation: "recv()", path: path, errno: errno)
            }
            if received == 0 {
                throw XServerError.socket(
                    operation: "recv() (peer closed the connection)", path: path, errno: ECONNRESET)
            }
            offset += received
        }
        return buffer
    }

    private func waitFor(
        events: Int16, deadline: ContinuousClock.Instant, timeout: Duration, operation: String
    ) throws {
        guard fd >= 0 else {
            throw XServerError.socket(operation: operation, path: path, errno: EBADF)
        }
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else {
                throw XServerError.timeout(
                    what: "socket \(operation) on \(path)", after: timeout,
                    details: "peer did not respond")
            }
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(min(remaining.milliseconds, Int64(Int32.max)))
            let ready = poll(&descriptor, 1, max(milliseconds, 1))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw XServerError.socket(
                    operation: "poll() before \(operation)", path: path, errno: errno)
            }
        }
    }
}

extension Duration {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
