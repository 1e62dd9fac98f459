/// The kind of device a sequence of input comes from. Each source is its own arena: its
/// recognizers compete only with each other.
public enum InputSource: String, CaseIterable, Sendable, BitwiseCopyable {
    /// XInput 2.2 direct touch: touch sequences with ids and positions.
    case touchscreen
    /// XInput 2.4 touchpad gestures: swipe and pinch with finger counts and deltas, no positions.
    case touchpad
    /// A pointer button held down and the motion while it is held; the button is the touch id.
    case pointer

    /// Its place in `allCases`: a key for tables kept per source that costs no hash.
    public var position: Int {
        switch self {
        case .touchscreen: return 0
        case .touchpad: return 1
        case .pointer: return 2
        }
    }
}
