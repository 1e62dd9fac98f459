import Glibc

/// The program that holds a stream's address, found so that the log can say who it is and
/// whether it is the user's own: a connection's peer credentials (the pid and uid of whoever
/// listens), or else the socket's inode in `/proc/net/unix` and the process with that socket
/// among its descriptors.
struct SocketHolder: Equatable {
    var pid: pid_t
    var uid: uid_t?
    /// `/proc/PID/comm`
    var command: String?

    /// What a look at a taken address found.
    enum Finding: Equatable {
        case holder(SocketHolder)
        /// Connecting to a socket file was refused: a server left it and has gone.
        case nobodyListens
        /// The holder could not be seen (it is another user's: only root reads every process's
        /// descriptors).
        case unseen
    }

    /// Who holds `address`. Connects without blocking and closes at once.
    static func find(_ address: StreamAddress) -> Finding {
        guard let (addr, length) = try? address.socketAddress() else { return .unseen }
        let fd = socket(
            AF_UNIX,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .unseen }
        defer { close(fd) }
        var a = addr
        let connected = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        let refused = connected != 0 && errno == ECONNREFUSED
        if connected == 0 {
            var cred = PeerCredentials()
            var size = socklen_t(MemoryLayout<PeerCredentials>.size)
            if getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &size) == 0, cred.pid > 0 {
                return .holder(
                    SocketHolder(pid: cred.pid, uid: cred.uid, command: command(of: cred.pid)))
            }
        }
        // A file nobody listens on is left over (only this user can make one in its folder);
        // an abstract name bound and never listened on is held all the same.
        if refused, case .file = address { return .nobodyListens }
        if let pid = pidHolding(address.procName) {
            return .holder(SocketHolder(pid: pid, uid: owner(of: pid), command: command(of: pid)))
        }
        return .unseen
    }

    /// The first process with a listening socket named `name` (`@touchegg`) among its descriptors.
    static func pidHolding(_ name: String) -> pid_t? {
        let inodes = Set(
            lines(of: "/proc/net/unix").dropFirst().compactMap { line -> Substring? in
                // Num RefCount Protocol Flags Type St Inode Path
                let f = line.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: true)
                return f.count == 8 && f[7] == name ? f[6] : nil
            }.map { "socket:[\($0)]" })
        guard !inodes.isEmpty, let proc = opendir("/proc") else { return nil }
        defer { closedir(proc) }
        while let entry = readdir(proc) {
            let pidText = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(pidText), let fds = opendir("/proc/\(pid)/fd") else { continue }
            defer { closedir(fds) }
            while let fd = readdir(fds) {
                let fdText = withUnsafeBytes(of: fd.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                var target = [CChar](repeating: 0, count: 64)
                let n = readlink("/proc/\(pid)/fd/\(fdText)", &target, target.count - 1)
                if n > 0,
                    inodes.contains(
                        String(decoding: target[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
                {
                    return pid
                }
            }
        }
        return nil
    }

    static func owner(of pid: pid_t) -> uid_t? {
        var s = stat()
        return stat("/proc/\(pid)", &s) == 0 ? s.st_uid : nil
    }

    static func command(of pid: pid_t) -> String? {
        lines(of: "/proc/\(pid)/comm").first.map(String.init)
    }

    static func lines(of path: String) -> [Substring] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            text += buffer[..<n]
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n")
    }

    /// `pid 4242 (touchegg) of user 0 (root)`
    func describe() -> String {
        let name = command.map { " (\($0))" } ?? ""
        guard let uid else { return "pid \(pid)\(name)" }
        let user =
            getpwuid(uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }.map {
                " (\($0))"
            } ?? ""
        return "pid \(pid)\(name) of user \(uid)\(user)"
    }
}

extension SocketHolder.Finding {
    /// Why an address is taken, for the log: who holds it, and plainly when that is not one of
    /// `me`'s programs, whose clients then hear a stranger.
    func takenText(_ address: StreamAddress, me: uid_t) -> String {
        switch self {
        case .holder(let h) where h.uid == me:
            return
                "taken by \(h.describe()), one of yours (touchegg's daemon or client, or another gestured?)"
        case .holder(let h):
            let hint =
                h.uid == 0
                ? " (touchegg's daemon runs as root: `sudo systemctl disable --now touchegg`)" : ""
            return
                "taken by \(h.describe()), NOT one of yours: clients connecting to \(address.dbus) hear that program, not gestured\(hint)"
        case .nobodyListens:
            return "taken by a socket nobody listens on"
        case .unseen:
            return
                "taken by a program gestured cannot see, so NOT one of yours: clients connecting to \(address.dbus) hear it, not gestured"
        }
    }
}
