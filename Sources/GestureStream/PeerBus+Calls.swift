import CSystemd
import Glibc

/// A method call a client of a `PeerBus` made: who made it, what it names, its arguments as
/// the answer reads them. Valid only while `PeerBus.answer` runs.
public struct PeerCall {
    /// What the call is answered with.
    public enum Reply: Equatable {
        /// A return with no value.
        case done
        /// A return of booleans (`b`, `bb`...).
        case bools([Bool])
        /// A D-Bus error: its name (`org.freedesktop.DBus.Error.InvalidArgs`) and message.
        case error(String, String)
    }

    /// The client's number, as the log says it (`client 3`) and `PeerBus.left` is told.
    public let client: Int
    public let pid: pid_t
    public let path: String
    public let interface: String
    public let member: String
    let message: OpaquePointer

    /// The call's next argument, read as a boolean; nil when it is not one.
    public func readBool() -> Bool? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &value) > 0
            ? value != 0 : nil
    }

    public static func unknown(_ call: PeerCall) -> Reply {
        .error(
            "org.freedesktop.DBus.Error.UnknownMethod",
            "no method \(call.member) on \(call.interface) at \(call.path)")
    }
}

extension PeerBus {
    /// A message that came from `c` and no handler of sd-bus's took: a method call is answered
    /// (`answer`, or UnknownMethod), anything else is let go.
    func take(_ message: OpaquePointer, from c: Client) {
        var type: UInt8 = 0
        guard sd_bus_message_get_type(message, &type) >= 0,
            type == UInt8(SD_BUS_MESSAGE_METHOD_CALL)
        else { return }
        let text = { (p: UnsafePointer<CChar>?) in p.map { String(cString: $0) } ?? "" }
        let call = PeerCall(
            client: c.number, pid: c.pid, path: text(sd_bus_message_get_path(message)),
            interface: text(sd_bus_message_get_interface(message)),
            member: text(sd_bus_message_get_member(message)), message: message)
        let reply = answer?(call) ?? PeerCall.unknown(call)
        guard sd_bus_message_get_expect_reply(message) > 0 else { return }
        var out: OpaquePointer?
        var r: Int32
        switch reply {
        case .done, .bools:
            r = sd_bus_message_new_method_return(message, &out)
            if r >= 0, let out, case .bools(let values) = reply {
                for v in values where r >= 0 { r = PeerBus.append(out, "b", Int32(v ? 1 : 0)) }
            }
        case .error(let name, let text):
            r = name.withCString { n in
                text.withCString { t in
                    var e = sd_bus_error(name: n, message: t, _need_free: 0)
                    return sd_bus_message_new_method_error(message, &out, &e)
                }
            }
        }
        defer { if let out { sd_bus_message_unref(out) } }
        guard r >= 0, let out else { return }
        if sd_bus_send(c.bus, out, nil) < 0 { c.pending = true }
    }
}
