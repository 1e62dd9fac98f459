import Glibc

/// Where a stream listens: an abstract Unix socket, which any local user may bind or connect to
/// (touchegg's, whose address its clients fix), or a socket file in a folder only this user can
/// open (gestured's own).
public enum StreamAddress: Equatable, Sendable, CustomStringConvertible {
    case abstract(String)
    case file(String)

    /// The D-Bus address a client connects to: `unix:abstract=touchegg`,
    /// `unix:path=/run/user/1000/gestured/stream`.
    public var dbus: String {
        switch self {
        case .abstract(let name): "unix:abstract=\(Self.escaped(name))"
        case .file(let path): "unix:path=\(Self.escaped(path))"
        }
    }

    public var description: String { dbus }

    /// A D-Bus address value: bytes other than `-0-9A-Za-z_/.\*` as `%XX`.
    static func escaped(_ value: String) -> String {
        var out = ""
        for b in value.utf8 {
            let c = Unicode.Scalar(b)
            if ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
                || "-_/.\\*".unicodeScalars.contains(c)
            {
                out.unicodeScalars.append(c)
            } else {
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16)
            }
        }
        return out
    }

    /// How `/proc/net/unix` shows the address: `@touchegg`, or the path.
    var procName: String {
        switch self {
        case .abstract(let name): "@" + name
        case .file(let path): path
        }
    }

    /// The socket address and its length; throws when it does not fit.
    func socketAddress() throws(StreamError) -> (sockaddr_un, socklen_t) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes: [UInt8]
        switch self {
        case .abstract(let name): bytes = [0] + Array(name.utf8)
        case .file(let path): bytes = Array(path.utf8)
        }
        let room = MemoryLayout.size(ofValue: addr.sun_path) - 1
        guard bytes.count <= room else {
            throw StreamError(dbus, "the address is longer than \(room) bytes")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { p in
            for (i, b) in bytes.enumerated() { p[i] = b }
        }
        let extra = if case .file = self { 1 } else { 0 }
        return (
            addr, socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + extra)
        )
    }
}
