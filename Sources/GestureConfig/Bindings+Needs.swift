import GestureCore

extension Bindings {
    /// What the listener must grab for these bindings, and nothing more, so that input no
    /// binding can use never waits for gestured.
    public var needs: InputNeeds {
        var needs = InputNeeds()
        for g in gestures {
            if g.sources.contains(.touchscreen) { needs.touchscreen = true }
            if g.sources.contains(.touchpad) {
                if g.type == .swipe || g.type == .pan { needs.touchpadSwipe = true }
                if g.type == .pinch || g.type == .rotate { needs.touchpadPinch = true }
            }
            if case .stroke(let s) = g.kind, g.sources.contains(.pointer) { needs.strokeButtons.insert(s.button) }
            if g.app != nil { needs.windowClasses = true }
        }
        return needs
    }
}
