import CSystemd
import GestureCore
import Glibc
import Logging

/// gestured's own stream (`gestured-stream = true`): every transition of every gesture the
/// engine recognizes, bound or not, streamed or performed, with its name and values, so that
/// scripts and panels can follow gestures without reading the log.
///
/// A peer-to-peer server, as touchegg's stream is, rather than a name on the session bus: it is
/// there whenever the daemon is, whether or not the X session started a session bus or put its
/// address in gestured's environment; no bus daemon sits between the input and the client; and
/// each client is bounded as touchegg's clients are. Its socket is a file in a folder only this
/// user can open (`$XDG_RUNTIME_DIR/gestured/stream`), so that no other user can take its
/// address before gestured does, nor connect to it.
///
/// The signal `Gesture(s name, s type, s source, s state, s heading, d progress, a{sv} values,
/// t time)` at `/org/gestured/Gestures1` on `org.gestured.Gestures1`; `heading` is "" and
/// `progress` 0 for a gesture without them, and `values` holds those the gesture reports
/// (`fingers`, `x`, `y`, `dx`, `dy`, `scale`, `rotation`, `taps`, `points`, `score`).
///
/// Its clients may also ask the daemon to listen, to pause, and to say why bindings did not
/// fire (`GesturedStream+Control`): the settings window's live pages.
public final class GesturedStream: ServedStream {
    public static let path = "/org/gestured/Gestures1"
    public static let interface = "org.gestured.Gestures1"

    public let bus: PeerBus
    let log: Logger
    /// Clients that asked the daemon to listen (`Listen`), by number: while any does, it runs
    /// the catalogue of every gesture it knows in place of the config, and performs nothing.
    public internal(set) var listeners: Set<Int> = []
    /// Clients that asked to hear why each binding did not fire (`Watch`).
    public internal(set) var watchers: Set<Int> = []
    /// Whether a client paused the daemon (`SetPaused`): all actions off until one resumes it.
    public internal(set) var paused = false
    /// Who asked for the last change of `listeners` or `paused`, for the log: `pid 4242`.
    public internal(set) var lastAsker = ""

    /// Serves at `address`, or else in this user's folder (`folder(runtimeDirectory:uid:)` of
    /// the environment's XDG_RUNTIME_DIR), made when missing and refused when not this user's.
    /// `clock` gives monotonic microseconds.
    public init(log: Logger, clock: @escaping () -> UInt64, address: StreamAddress? = nil)
        throws(StreamError)
    {
        self.log = log
        if let address {
            bus = try PeerBus(address, label: "gestured stream", log: log, clock: clock)
            takeCalls()
            return
        }
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        let folder = GesturedStream.folder(runtimeDirectory: runtime, uid: getuid())
        let file = StreamAddress.file(folder + "/stream")
        if GesturedStream.usable(runtime) == nil {
            log.warning(
                "gestured stream: XDG_RUNTIME_DIR is not set (or not an absolute path): serving in \(folder), a folder only you can open"
            )
        }
        try GesturedStream.makePrivate(folder, for: file)
        bus = try PeerBus(file, label: "gestured stream", log: log, clock: clock)
        takeCalls()
    }

    /// `$XDG_RUNTIME_DIR/gestured`; without it (unset, empty or relative, which the XDG base
    /// directory specification says to ignore), `/tmp/gestured-<uid>`.
    public static func folder(runtimeDirectory: String?, uid: uid_t) -> String {
        usable(runtimeDirectory).map { $0 + "/gestured" } ?? "/tmp/gestured-\(uid)"
    }

    static func usable(_ runtimeDirectory: String?) -> String? {
        guard let r = runtimeDirectory, r.hasPrefix("/") else { return nil }
        return r.count > 1 && r.hasSuffix("/") ? String(r.dropLast()) : r
    }

    /// Makes `folder` (mode 0700), or takes it when it is this user's own folder (not a link),
    /// closing it to others if it was open to them.
    public static func makePrivate(_ folder: String, for address: StreamAddress) throws(StreamError)
    {
        if mkdir(folder, 0o700) == 0 { return }
        guard errno == EEXIST else {
            throw StreamError(
                address.dbus, "cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        var s = stat()
        guard lstat(folder, &s) == 0 else {
            throw StreamError(address.dbus, "\(folder): \(String(cString: strerror(errno)))")
        }
        guard s.st_mode & S_IFMT == S_IFDIR else {
            throw StreamError(address.dbus, "\(folder) is not a folder: not serving there")
        }
        guard s.st_uid == getuid() else {
            throw StreamError(
                address.dbus,
                "\(folder) belongs to user \(s.st_uid), not to you: not serving there (set XDG_RUNTIME_DIR)"
            )
        }
        if s.st_mode & 0o077 != 0, chmod(folder, 0o700) != 0 {
            throw StreamError(
                address.dbus,
                "cannot close \(folder) to other users: \(String(cString: strerror(errno))); not serving there"
            )
        }
    }

    public func stream(
        _ r: GestureRecognizer, to state: GestureState, values v: GestureValues, at time: Double
    ) {
        guard bus.clientCount > 0 else { return }
        bus.emit(path: GesturedStream.path, interface: GesturedStream.interface, member: "Gesture")
        { m in
            var r0: Int32 = 0
            for text in [
                r.name, r.type, r.source.rawValue, state.rawValue, v.heading?.rawValue ?? "",
            ] where r0 >= 0 {
                r0 = text.withCString {
                    sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0)
                }
            }
            if r0 >= 0 { r0 = PeerBus.append(m, "d", v.progress ?? 0) }
            if r0 >= 0 { r0 = GesturedStream.appendValues(m, v) }
            if r0 >= 0 { r0 = PeerBus.append(m, "t", UInt64(max(0, time.rounded()))) }
            return r0
        }
    }

    /// The values a gesture reports, as `a{sv}`: numbers as `d`, counts as `i`.
    static func appendValues(_ m: OpaquePointer, _ v: GestureValues) -> Int32 {
        var entries: [(String, Double?, Int?)] = [("fingers", nil, v.fingers)]
        if let p = v.location { entries += [("x", p.x, nil), ("y", p.y, nil)] }
        if let t = v.translation { entries += [("dx", t.x, nil), ("dy", t.y, nil)] }
        entries += [
            ("scale", v.scale, nil), ("rotation", v.rotation, nil), ("taps", nil, v.taps),
            ("points", nil, v.points), ("score", v.score, nil),
        ]
        var r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "a")), "{sv}")
        for (key, number, count) in entries where r >= 0 && (number != nil || count != nil) {
            r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "e")), "sv")
            if r >= 0 {
                r = key.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0) }
            }
            if let number {
                if r >= 0 { r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "v")), "d") }
                if r >= 0 { r = PeerBus.append(m, "d", number) }
            } else if let count {
                if r >= 0 { r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "v")), "i") }
                if r >= 0 { r = PeerBus.append(m, "i", Int32(clamping: count)) }
            }
            if r >= 0 { r = sd_bus_message_close_container(m) }
            if r >= 0 { r = sd_bus_message_close_container(m) }
        }
        if r >= 0 { r = sd_bus_message_close_container(m) }
        return r
    }
}
