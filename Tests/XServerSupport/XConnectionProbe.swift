import Foundation

/// Readiness check without Xlib: performs the X11 connection setup on the
/// display's Unix socket and reports whether the server accepted it. Xorg
/// only answers the setup once it is in its dispatch loop, i.e. after the
/// screen and all input devices are initialised.
enum XConnectionProbe {
    enum Outcome {
        case accepted
        /// The server answered but refused (e.g. authorisation); carries its reason.
        case refused(String)
        /// Another process owns the display's socket (we lost a race for the number).
        case otherServer(pid_t?)
    }

    static func socketPath(display: Int) -> String { "/tmp/.X11-unix/X\(display)" }

    /// Throws `.socket` when nobody listens yet, `.timeout` when the server does not answer in time.
    /// With `serverPID`, a socket created by any other process yields `.otherServer`.
    static func probe(display: Int, serverPID: pid_t? = nil, timeout: Duration) throws -> Outcome {
        let socket = try UnixSocket.connect(path: socketPath(display: display))
        defer { socket.close() }
        if let serverPID, socket.peerProcessID != serverPID {
            return .otherServer(socket.peerProcessID)
        }
        // xConnClientPrefix: byteOrder 'l', pad, major 11, minor 0, no auth name/data, pad.
        var request: [UInt8] = [0x6C, 0]
        for value: UInt16 in [11, 0, 0, 0, 0] {
            request += [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        try socket.write(request, timeout: timeout)
        // xConnSetupPrefix: success(1), reasonLength(1), major(2), minor(2), additional length in 4-byte units(2).
        let prefix = try socket.read(exactly: 8, timeout: timeout)
        if prefix[0] == 1 { return .accepted }
        let reasonLength = Int(prefix[1])
        let reason =
            reasonLength > 0
            ? (try? socket.read(exactly: reasonLength, timeout: timeout)) ?? [] : []
        return .refused(String(decoding: reason, as: UTF8.self))
    }
}
