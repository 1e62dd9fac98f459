/// The input a set of bindings can use: what the listener grabs, so that input no binding can
/// use never waits for gestured. Worked out from the bindings in one place
/// (`GestureSession/Bindings+Needs`), taken by the listener (`XInputListener.init`, `regrab`).
public struct InputNeeds: Equatable, Sendable {
    public var touchscreen = false
    public var touchpadSwipe = false
    public var touchpadPinch = false
    /// Pointer buttons that draw strokes.
    public var strokeButtons: Set<Int> = []
    /// Whether some binding has an `app` rule: only then is the window class under a
    /// gesture worth its round trips to the server.
    public var windowClasses = false
    /// Touchscreen touches followed by their raw events instead of a grab (observe mode):
    /// the applications get every touch at once and unchanged, and gestured only watches.
    public var observeTouches = false
    /// Stroke buttons followed by their raw events instead of a grab (observe mode).
    public var observeButtons: Set<Int> = []

    public init(
        touchscreen: Bool = false, touchpadSwipe: Bool = false, touchpadPinch: Bool = false,
        strokeButtons: Set<Int> = [], windowClasses: Bool = false, observeTouches: Bool = false,
        observeButtons: Set<Int> = []
    ) {
        self.observeTouches = observeTouches
        self.observeButtons = observeButtons
        self.touchscreen = touchscreen
        self.touchpadSwipe = touchpadSwipe
        self.touchpadPinch = touchpadPinch
        self.strokeButtons = strokeButtons
        self.windowClasses = windowClasses
    }

    /// Whether some touchpad gesture is bound.
    public var touchpad: Bool { touchpadSwipe || touchpadPinch }

    /// The grabs this asks for that `other` does not (the window classes are no grab).
    public func minus(_ other: InputNeeds) -> InputNeeds {
        InputNeeds(
            touchscreen: touchscreen && !other.touchscreen,
            touchpadSwipe: touchpadSwipe && !other.touchpadSwipe,
            touchpadPinch: touchpadPinch && !other.touchpadPinch,
            strokeButtons: strokeButtons.subtracting(other.strokeButtons))
    }
}
