import CAdwaita

#if canImport(Glibc)
    import Glibc
#endif

/// gestured's own stream as the window uses it, through GIO's GDBusConnection (GTK's own D-Bus):
/// a peer-to-peer connection to the daemon's socket, believed only when the server runs as this
/// user (or root), method calls answered on the main loop, and signals handed over as Swift
/// values. The one place the window speaks GVariant.
final class StreamConnection {
    static let path = "/org/gestured/Gestures1"
    static let interface = "org.gestured.Gestures1"

    /// A signal's arguments, as Swift values: strings, numbers, booleans, string dictionaries,
    /// lists of points.
    enum Value {
        case text(String)
        case number(Double)
        case count(UInt64)
        case flag(Bool)
        case table([(String, String)])
        case values([String: Double])
        case points([(Double, Double)])
        case other

        var text: String { if case .text(let s) = self { s } else { "" } }
        var number: Double {
            switch self {
            case .number(let d): d
            case .count(let n): Double(n)
            default: 0
            }
        }
        var flag: Bool { if case .flag(let b) = self { b } else { false } }
        var table: [(String, String)] { if case .table(let t) = self { t } else { [] } }
        var values: [String: Double] { if case .values(let v) = self { v } else { [:] } }
        var points: [(Double, Double)] { if case .points(let p) = self { p } else { [] } }
    }

    private let connection: OpaquePointer
    private var subscriptions: [UInt32] = []

    /// Connects to `address` (`unix:path=...`); nil, with why, when it cannot or when the server
    /// is another user's.
    static func connect(_ address: String) -> Result<StreamConnection, Failure> {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue)
        guard let c = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        else {
            let why = error.map { String(cString: $0.pointee.message) } ?? "cannot connect"
            if let error { g_error_free(error) }
            return .failure(Failure(why))
        }
        let connection = c
        let stream = g_dbus_connection_get_stream(connection)!
        let socket = g_socket_connection_get_socket(
            UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GSocketConnection.self))
        var uid: Int64 = -1
        if let credentials = g_socket_get_credentials(socket, nil) {
            uid = Int64(g_credentials_get_unix_user(credentials, nil))
            g_object_unref(UnsafeMutableRawPointer(credentials))
        }
        guard uid == Int64(getuid()) || uid == 0 else {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return .failure(Failure("\(address) is served by user \(uid), not by you"))
        }
        return .success(StreamConnection(connection))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    private init(_ connection: OpaquePointer) { self.connection = connection }

    deinit {
        for id in subscriptions { g_dbus_connection_signal_unsubscribe(connection, id) }
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Whether the daemon is still there.
    var isOpen: Bool { g_dbus_connection_is_closed(connection) == 0 }

    // MARK: Calls

    private final class Reply {
        let done: (Result<[Value], Failure>) -> Void
        init(_ done: @escaping (Result<[Value], Failure>) -> Void) { self.done = done }
    }

    private static let replied: GAsyncReadyCallback = { source, result, data in
        let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let value = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        if let value {
            reply.done(.success(StreamConnection.values(of: value)))
            g_variant_unref(value)
        } else {
            var text = error.map { String(cString: $0.pointee.message) } ?? "no reply"
            if let error {
                g_dbus_error_strip_remote_error(error)
                text = String(cString: error.pointee.message)
                g_error_free(error)
            }
            reply.done(.failure(Failure(text)))
        }
    }

    /// Calls `member` (with one boolean, when given); `done` gets the reply's values.
    func call(
        _ member: String, _ flag: Bool? = nil,
        _ done: @escaping (Result<[Value], Failure>) -> Void = { _ in }
    ) {
        var parameters: OpaquePointer?
        if let flag {
            var child: OpaquePointer? = g_variant_new_boolean(flag ? 1 : 0)
            parameters = g_variant_new_tuple(&child, 1)
        }
        g_dbus_connection_call(
            connection, nil, Self.path, Self.interface, member, parameters, nil,
            G_DBUS_CALL_FLAGS_NONE, 5000, nil, Self.replied,
            Unmanaged.passRetained(Reply(done)).toOpaque())
    }

    // MARK: Signals

    private final class Listener {
        let heard: ([Value]) -> Void
        init(_ heard: @escaping ([Value]) -> Void) { self.heard = heard }
    }

    private static let signalled: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
        guard let parameters else { return }
        Unmanaged<Listener>.fromOpaque(data!).takeUnretainedValue().heard(
            StreamConnection.values(of: parameters))
    }

    private static let forget: GDestroyNotify = { data in
        if let data { Unmanaged<Listener>.fromOpaque(data).release() }
    }

    /// Calls `heard` with the arguments of each `member` signal, until the connection goes.
    func subscribe(_ member: String, _ heard: @escaping ([Value]) -> Void) {
        let id = g_dbus_connection_signal_subscribe(
            connection, nil, Self.interface, member, Self.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            Self.signalled, Unmanaged.passRetained(Listener(heard)).toOpaque(), Self.forget)
        subscriptions.append(id)
    }

    /// Calls `gone` once when the daemon closes the connection (it stopped, or its stream went off).
    func onClosed(_ gone: @escaping () -> Void) {
        on(UnsafeMutablePointer<UInt8>(connection), "closed", arguments: 2) { _ in
            gone()
            return 0
        }
    }

    // MARK: GVariant

    /// A tuple's children as Swift values.
    static func values(of tuple: OpaquePointer) -> [Value] {
        (0..<g_variant_n_children(tuple)).map { i in
            let child = g_variant_get_child_value(tuple, i)!
            defer { g_variant_unref(child) }
            return value(child)
        }
    }

    private static func value(_ v: OpaquePointer) -> Value {
        let type = String(cString: g_variant_get_type_string(v))
        switch type {
        case "s": return .text(String(cString: g_variant_get_string(v, nil)))
        case "d": return .number(g_variant_get_double(v))
        case "t": return .count(UInt64(g_variant_get_uint64(v)))
        case "i": return .number(Double(g_variant_get_int32(v)))
        case "b": return .flag(g_variant_get_boolean(v) != 0)
        case "a{ss}":
            return .table(
                children(v).map { e in
                    defer { g_variant_unref(e) }
                    return (string(e, 0), string(e, 1))
                })
        case "a{sv}":
            var out: [String: Double] = [:]
            for e in children(v) {
                defer { g_variant_unref(e) }
                let boxed = g_variant_get_child_value(e, 1)!
                let inner = g_variant_get_variant(boxed)!
                if case .number(let d) = value(inner) { out[string(e, 0)] = d }
                g_variant_unref(inner)
                g_variant_unref(boxed)
            }
            return .values(out)
        case "a(dd)":
            return .points(
                children(v).map { p in
                    defer { g_variant_unref(p) }
                    return (double(p, 0), double(p, 1))
                })
        default:
            return .other
        }
    }

    private static func children(_ v: OpaquePointer) -> [OpaquePointer] {
        (0..<g_variant_n_children(v)).map { g_variant_get_child_value(v, $0)! }
    }

    private static func string(_ v: OpaquePointer, _ i: Int) -> String {
        let c = g_variant_get_child_value(v, gsize(i))!
        defer { g_variant_unref(c) }
        return String(cString: g_variant_get_string(c, nil))
    }

    private static func double(_ v: OpaquePointer, _ i: Int) -> Double {
        let c = g_variant_get_child_value(v, gsize(i))!
        defer { g_variant_unref(c) }
        return g_variant_get_double(c)
    }
}
