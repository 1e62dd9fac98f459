import GestureCore

extension Bindings {
    /// What the listener must grab for these bindings: nothing more, so that input no binding
    /// can use never waits for gestured.
    public var touchscreenNeeded: Bool { gestures.contains { $0.sources.contains(.touchscreen) } }
    public var touchpadSwipeNeeded: Bool {
        gestures.contains { $0.sources.contains(.touchpad) && ($0.type == .swipe || $0.type == .pan) }
    }
    public var touchpadPinchNeeded: Bool {
        gestures.contains { $0.sources.contains(.touchpad) && ($0.type == .pinch || $0.type == .rotate) }
    }
    /// Whether some binding has an `app` rule, so that the window class under a gesture matters.
    public var windowClassesNeeded: Bool { gestures.contains { $0.app != nil } }
    /// Pointer buttons that draw strokes.
    public var strokeButtons: Set<Int> {
        Set(gestures.compactMap { g in
            if case .stroke(let s) = g.kind, g.sources.contains(.pointer) { s.button } else { nil }
        })
    }
}
