import CSystemd
import GestureCore
import Glibc

/// What clients of gestured's own stream may ask of the daemon, and the signals only those that
/// asked hear. Only this user's programs can connect (`PeerBus.admit`), so only they can ask.
///
/// Methods, on `org.gestured.Gestures1` at `/org/gestured/Gestures1`:
/// - `Listen()`: the daemon runs the catalogue of every gesture it can recognize in place of the
///   config and performs no action, and sends this client `Seen` for each gesture recognized,
///   until `StopListening()` or the client leaves.
/// - `Watch()`: this client hears `NotFired` and `Stroke` too, until it leaves.
/// - `SetPaused(b paused)`: all actions off (nothing grabbed, nothing performed) until a client
///   sets it back; it outlives the client.
/// - `GetState() -> (b paused, b listening)`.
///
/// The daemon reads what is asked (`listeners`, `paused`) once per turn of its loop, does it, and
/// says so to every client with `StateChanged(b paused, b listening)`.
extension GesturedStream {
    func takeCalls() {
        bus.answer = { [unowned self] call in answer(call) }
        bus.left = { [unowned self] client in
            listeners.remove(client)
            watchers.remove(client)
        }
    }

    func answer(_ call: PeerCall) -> PeerCall.Reply {
        guard call.path == GesturedStream.path,
            call.interface == GesturedStream.interface || call.interface.isEmpty
        else {
            return PeerCall.unknown(call)
        }
        switch call.member {
        case "Listen":
            listeners.insert(call.client)
            lastAsker = "pid \(call.pid)"
            return .done
        case "StopListening":
            if listeners.remove(call.client) != nil { lastAsker = "pid \(call.pid)" }
            return .done
        case "Watch":
            if watchers.insert(call.client).inserted {
                log.info(
                    "gestured stream: client \(call.client) (pid \(call.pid)) watches: it hears why each binding does not fire"
                )
            }
            return .done
        case "SetPaused":
            guard let on = call.readBool() else {
                return .error(
                    "org.freedesktop.DBus.Error.InvalidArgs", "SetPaused takes one boolean (b)")
            }
            paused = on
            lastAsker = "pid \(call.pid)"
            return .done
        case "GetState":
            return .bools([paused, !listeners.isEmpty])
        default:
            return PeerCall.unknown(call)
        }
    }

    /// `StateChanged(b paused, b listening)` to every client: what the daemon now does.
    public func stateChanged(paused: Bool, listening: Bool) {
        guard bus.clientCount > 0 else { return }
        bus.emit(
            path: GesturedStream.path, interface: GesturedStream.interface, member: "StateChanged"
        ) { m in
            var r = PeerBus.append(m, "b", Int32(paused ? 1 : 0))
            if r >= 0 { r = PeerBus.append(m, "b", Int32(listening ? 1 : 0)) }
            return r
        }
    }

    /// `Seen(a{ss} binding, t time)` to the listening clients: a gesture recognized while
    /// listening, as the keys of the `[[gesture]]` that binds it (`type`, `source`, `fingers`,
    /// `direction`, `edge`, `shape`, `taps`), each value as the config writes it.
    public func seen(_ binding: [(key: String, value: String)], at time: Double) {
        guard !listeners.isEmpty else { return }
        let listeners = self.listeners
        bus.emit(
            path: GesturedStream.path, interface: GesturedStream.interface, member: "Seen",
            to: listeners.contains
        ) { m in
            var r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "a")), "{ss}")
            for (key, value) in binding where r >= 0 {
                r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "e")), "ss")
                if r >= 0 { r = PeerBus.appendString(m, key) }
                if r >= 0 { r = PeerBus.appendString(m, value) }
                if r >= 0 { r = sd_bus_message_close_container(m) }
            }
            if r >= 0 { r = sd_bus_message_close_container(m) }
            if r >= 0 { r = PeerBus.append(m, "t", UInt64(max(0, time.rounded()))) }
            return r
        }
    }

    /// `NotFired(s name, s type, s source, s state, s reason, t time)` to the watching clients:
    /// a binding's gesture failed or was cancelled, and why, in the engine's words.
    public func notFired(
        _ r: GestureRecognizer, _ state: GestureState, reason: String, at time: Double
    ) {
        guard !watchers.isEmpty else { return }
        bus.emit(
            path: GesturedStream.path, interface: GesturedStream.interface, member: "NotFired",
            to: watchers.contains
        ) { m in
            var r0: Int32 = 0
            for text in [r.name, r.type, r.source.rawValue, state.rawValue, reason] where r0 >= 0 {
                r0 = PeerBus.appendString(m, text)
            }
            if r0 >= 0 { r0 = PeerBus.append(m, "t", UInt64(max(0, time.rounded()))) }
            return r0
        }
    }

    /// `Stroke(s source, a(dd) points, s reading, t time)` to the watching and listening
    /// clients: a drawn stroke's points, and what it read as.
    public func stroke(source: InputSource, points: [Point], reading: String, at time: Double) {
        let to = watchers.union(listeners)
        guard !to.isEmpty else { return }
        bus.emit(
            path: GesturedStream.path, interface: GesturedStream.interface, member: "Stroke",
            to: to.contains
        ) { m in
            var r = PeerBus.appendString(m, source.rawValue)
            if r >= 0 { r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "a")), "(dd)") }
            for p in points where r >= 0 {
                r = sd_bus_message_open_container(m, CChar(UInt8(ascii: "r")), "dd")
                if r >= 0 { r = PeerBus.append(m, "d", p.x) }
                if r >= 0 { r = PeerBus.append(m, "d", p.y) }
                if r >= 0 { r = sd_bus_message_close_container(m) }
            }
            if r >= 0 { r = sd_bus_message_close_container(m) }
            if r >= 0 { r = PeerBus.appendString(m, reading) }
            if r >= 0 { r = PeerBus.append(m, "t", UInt64(max(0, time.rounded()))) }
            return r
        }
    }
}

extension PeerBus {
    static func appendString(_ m: OpaquePointer, _ text: String) -> Int32 {
        text.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0) }
    }
}
