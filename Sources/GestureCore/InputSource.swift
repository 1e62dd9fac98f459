/// The kind of device a sequence of input comes from. Each source is its own arena: its
/// recognizers compete only with each other.
public enum InputSource: String, CaseIterable, Sendable {
    /// XInput 2.2 direct touch: touch sequences with ids and positions.
    case touchscreen
    /// XInput 2.4 touchpad gestures: swipe and pinch with finger counts and deltas, no positions.
    case touchpad
    /// A pointer button held down and the motion while it is held; the button is the touch id.
    case pointer
}
