/// One input event as the X11 listener or a trace delivers it. Time is data: milliseconds on
/// any monotonic clock, never read inside the engine.
public struct InputEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case touchBegin(id: Int, at: Point)
        case touchMove(id: Int, at: Point)
        case touchEnd(id: Int, at: Point)
        case touchCancel(id: Int)
        case buttonPress(button: Int, at: Point)
        case motion(at: Point)
        case buttonRelease(button: Int, at: Point)
        case swipeBegin(fingers: Int)
        /// `delta` is the accelerated motion the pointer would make; `unaccelerated` the
        /// physical motion (libinput's unaccelerated delta: on a touchpad about 10.5 units to a millimetre),
        /// nil where the source gives only one, which then stands for both.
        case swipeUpdate(fingers: Int, delta: Point, unaccelerated: Point? = nil)
        case swipeEnd(fingers: Int, cancelled: Bool)
        case pinchBegin(fingers: Int)
        /// `scale` is absolute since the begin; `angle` is a delta in degrees, clockwise positive.
        case pinchUpdate(
            fingers: Int, delta: Point, unaccelerated: Point? = nil, scale: Double, angle: Double)
        case pinchEnd(fingers: Int, cancelled: Bool)
        /// Nothing happens; time passes and deadlines fire.
        case idle
    }

    public var time: Double
    public var kind: Kind
    /// The name of the device the event came from, for per-device bindings.
    public var device: String?
    /// The WM_CLASS of the window under the event, for per-application bindings.
    public var app: String?

    public init(time: Double, _ kind: Kind, device: String? = nil, app: String? = nil) {
        self.time = time
        self.kind = kind
        self.device = device
        self.app = app
    }

    /// The arena the event belongs to; nil for `idle`.
    public var source: InputSource? {
        switch kind {
        case .touchBegin, .touchMove, .touchEnd, .touchCancel: return .touchscreen
        case .buttonPress, .motion, .buttonRelease: return .pointer
        case .swipeBegin, .swipeUpdate, .swipeEnd, .pinchBegin, .pinchUpdate, .pinchEnd:
            return .touchpad
        case .idle: return nil
        }
    }
}
