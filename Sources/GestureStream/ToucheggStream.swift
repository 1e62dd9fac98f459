import CSystemd
import GestureCore
import Logging

/// touchegg's gesture stream, served as touchegg's daemon serves it, for the desktop shells
/// that animate with it (GNOME's X11 Gestures extension, Cinnamon, Gala): the gestures the
/// bindings stream go to every client as they run.
public final class ToucheggStream: ServedStream {
    public static let abstractName = "touchegg"
    public static let path = "/io/github/joseexposito/Touchegg"
    public static let interface = "io.github.joseexposito.Touchegg"

    public let bus: PeerBus
    private var translator = ToucheggTranslator()
    private let log: Logger

    /// Serves at the abstract socket `abstractName`; `clock` gives monotonic microseconds.
    public init(
        log: Logger, clock: @escaping () -> UInt64,
        abstractName: String = ToucheggStream.abstractName
    ) throws(StreamError) {
        bus = try PeerBus(.abstract(abstractName), label: "touchegg stream", log: log, clock: clock)
        self.log = log
    }

    public func stream(
        _ r: GestureRecognizer, to state: GestureState, values: GestureValues, at time: Double
    ) {
        for s in translator.signals(r.id, type: r.type, to: state, values: values, at: time) {
            log.trace("touchegg stream: \(r.name): \(s)")
            bus.emit(
                path: ToucheggStream.path, interface: ToucheggStream.interface,
                member: s.member.rawValue
            ) { m in
                var r = PeerBus.append(m, "u", s.type)
                if r >= 0 { r = PeerBus.append(m, "u", s.direction) }
                if r >= 0 { r = PeerBus.append(m, "d", s.percentage) }
                if r >= 0 { r = PeerBus.append(m, "i", s.fingers) }
                if r >= 0 { r = PeerBus.append(m, "u", s.device) }
                if r >= 0 { r = PeerBus.append(m, "t", s.elapsed) }
                return r
            }
        }
    }
}

/// A stream the daemon serves: the transitions the session returns for it go out on its bus.
public protocol ServedStream: AnyObject {
    var bus: PeerBus { get }
    /// A transition of a streamed gesture (began, changed, ended or cancelled; a discrete one
    /// only ends), with its values and their progress.
    func stream(
        _ recognizer: GestureRecognizer, to state: GestureState, values: GestureValues,
        at time: Double)
}

extension PeerBus {
    /// Appends one basic value of D-Bus type `code` (`u`, `i`, `t`, `d`, whose Swift type it
    /// must be) to a message.
    static func append<T: BitwiseCopyable>(_ m: OpaquePointer, _ code: Unicode.Scalar, _ value: T)
        -> Int32
    {
        withUnsafePointer(to: value) {
            sd_bus_message_append_basic(m, CChar(UInt8(ascii: code)), $0)
        }
    }
}
