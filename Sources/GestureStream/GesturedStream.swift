import CSystemd
import GestureCore
import GestureDispatch
import Logging

/// gestured's own stream (`gestured-stream = true`): every transition of every gesture the
/// engine recognizes, bound or not, streamed or performed, with its name and values, so that
/// scripts and panels can follow gestures without reading the log.
///
/// A peer-to-peer server at `unix:abstract=gestured`, as touchegg's stream is, rather than a
/// name on the session bus: it is there whenever the daemon is, whether or not the X session
/// started a session bus or put its address in gestured's environment; no bus daemon sits
/// between the input and the client; and each client is bounded as touchegg's clients are.
///
/// The signal `Gesture(s name, s type, s source, s state, s heading, d progress, a{sv} values,
/// t time)` at `/org/gestured/Gestures1` on `org.gestured.Gestures1`; `heading` is "" and
/// `progress` 0 for a gesture without them, and `values` holds those the gesture reports
/// (`fingers`, `x`, `y`, `dx`, `dy`, `scale`, `rotation`, `taps`, `points`, `score`).
public final class GesturedStream: ServedStream {
    public static let abstractName = "gestured"
    public static let path = "/org/gestured/Gestures1"
    public static let interface = "org.gestured.Gestures1"

    public let bus: PeerBus

    public init(log: Logger, abstractName: String = GesturedStream.abstractName) throws(StreamError) {
        bus = try PeerBus(abstract: abstractName, label: "gestured stream", log: log)
    }

    public func stream(_ r: GestureRecognizer, to state: GestureState, values v: GestureValues, at time: Double) {
        guard bus.clientCount > 0 else { return }
        bus.emit(path: GesturedStream.path, interface: GesturedStream.interface, member: "Gesture") { m in
            var r0: Int32 = 0
            for text in [r.name, r.type, r.source.rawValue, state.rawValue, v.heading?.rawValue ?? ""] where r0 >= 0 {
                r0 = text.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0) }
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
        entries += [("scale", v.scale, nil), ("rotation", v.rotation, nil), ("taps", nil, v.taps),
                    ("points", nil, v.points), ("score", v.score, nil)]
        var r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "a")), "{sv}")
        for (key, number, count) in entries where r >= 0 && (number != nil || count != nil) {
            r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "e")), "sv")
            if r >= 0 { r = key.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0) } }
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
