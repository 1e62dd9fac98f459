import GestureConfig
import GestureCore

extension Bindings {
    /// What the listener must grab for these bindings, and nothing more, so that input no
    /// binding can use never waits for gestured.
    public var needs: InputNeeds {
        var needs = InputNeeds()
        for g in gestures {
            if g.sources.contains(.touchscreen) {
                if config.settings.observes(.touchscreen) {
                    needs.observeTouches = true
                } else {
                    needs.touchscreen = true
                }
            }
            if g.sources.contains(.touchpad) {
                if g.type == .swipe || g.type == .pan { needs.touchpadSwipe = true }
                if g.type == .pinch || g.type == .rotate { needs.touchpadPinch = true }
            }
            if case .stroke(let s) = g.kind, g.sources.contains(.pointer) {
                if config.settings.observes(.pointer) {
                    needs.observeButtons.insert(s.button)
                } else {
                    needs.strokeButtons.insert(s.button)
                }
            }
            if g.app != nil { needs.windowClasses = true }
        }
        return needs
    }
}
