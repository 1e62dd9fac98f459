import GestureCore

/// One signal of touchegg's stream, `(u gesture_type, u gesture_direction, d percentage,
/// i fingers, u performed_on_device_type, t elapsed_time)`, with touchegg's enums and meaning
/// (its src/daemon and src/gesture-gatherer).
public struct ToucheggSignal: Equatable, Sendable, CustomStringConvertible {
    public enum Member: String, Sendable {
        case begin = "OnGestureBegin", update = "OnGestureUpdate", end = "OnGestureEnd"
    }

    public var member: Member
    /// 1 swipe, 2 pinch, 3 tap.
    public var type: UInt32
    /// 0 unknown, 1 up, 2 down, 3 left, 4 right, 5 in, 6 out.
    public var direction: UInt32
    /// 0 where the gesture began, 100 at its commit point; touchegg caps it at 100.
    public var percentage: Double
    public var fingers: Int32
    /// 1 touchpad, 2 touchscreen, 0 unknown.
    public var device: UInt32
    /// Milliseconds since the gesture began.
    public var elapsed: UInt64

    /// `OnGestureUpdate 1 3 42 3 1 120`, the percentage to 4 decimals
    public var description: String {
        "\(member.rawValue) \(type) \(direction) \(NumberText.plain((percentage * 10_000).rounded() / 10_000)) \(fingers) \(device) \(elapsed)"
    }
}

/// Turns the transitions of streamed gestures into touchegg's signals: a continuous gesture's
/// begin, changes and end (or cancellation) into OnGestureBegin, OnGestureUpdate and
/// OnGestureEnd; a discrete one (a tap, a swipe bound to `stream`) into a begin and an end at
/// once. A value: the times are the events', passed in.
public struct ToucheggTranslator {
    private var began: [GestureRecognizer.ID: Double] = [:]

    public init() {}

    /// touchegg's gesture type for a recognizer type; nil for those touchegg has no type for
    /// (rotate, press, stroke), which are not sent.
    public static func type(of recognizerType: String) -> UInt32? {
        switch recognizerType {
        case "pan", "swipe", "edge": return 1
        case "pinch": return 2
        case "tap": return 3
        default: return nil
        }
    }

    public static func direction(_ h: Direction?) -> UInt32 {
        switch h {
        case .up?: return 1
        case .down?: return 2
        case .left?: return 3
        case .right?: return 4
        case .in?: return 5
        case .out?: return 6
        default: return 0
        }
    }

    public static func device(_ s: InputSource) -> UInt32 {
        switch s {
        case .touchpad: return 1
        case .touchscreen: return 2
        case .pointer: return 0
        }
    }

    /// The signals one transition of the recognizer `id` (of `type`, on `source`) sends.
    public mutating func signals(
        _ id: GestureRecognizer.ID, type recognizerType: String, to state: GestureState,
        values v: GestureValues, at time: Double
    ) -> [ToucheggSignal] {
        guard let type = ToucheggTranslator.type(of: recognizerType) else { return [] }
        let percentage = type == 3 ? 100 : max(0, (v.progress ?? 0) * 100)
        func signal(_ member: ToucheggSignal.Member, since start: Double) -> ToucheggSignal {
            ToucheggSignal(
                member: member, type: type, direction: ToucheggTranslator.direction(v.heading),
                percentage: percentage, fingers: Int32(clamping: v.fingers ?? 0),
                device: ToucheggTranslator.device(id.source),
                elapsed: UInt64(max(0, (time - start).rounded())))
        }
        switch state {
        case .began:
            began[id] = time
            return [signal(.begin, since: time)]
        case .changed:
            return [signal(.update, since: began[id] ?? time)]
        case .ended, .cancelled:
            guard let start = began.removeValue(forKey: id) else {
                return [signal(.begin, since: time), signal(.end, since: time)]
            }
            return [signal(.end, since: start)]
        case .possible, .failed:
            return []
        }
    }
}
