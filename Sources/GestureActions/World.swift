/// What the world is when actions are judged: what the session cannot know from its input. The
/// daemon asks the X server; replay and the tests say it.
public struct World: Equatable, Sendable {
    /// Whether another client holds the keyboard.
    public enum Keyboard: Equatable, Sendable {
        /// Not asked: nothing judged needs it (`Session.asksAboutKeyboard(in:)`).
        case notAsked
        case free
        /// Another client holds it (a screen locker, a menu open), and why, in words: what
        /// gestured sends would reach that client, not the session.
        case heldElsewhere(String)
    }

    /// A touchpad gesture or a stroke holds the pointer: a click sent now would come back to
    /// gestured's own grab instead of reaching the application.
    public var pointerBusy: Bool
    public var keyboard: Keyboard

    public init(pointerBusy: Bool = false, keyboard: Keyboard = .free) {
        self.pointerBusy = pointerBusy
        self.keyboard = keyboard
    }

    /// Why what gestured sends now would not reach the session; nil when it would, or when
    /// nobody asked.
    public var heldElsewhere: String? {
        if case .heldElsewhere(let why) = keyboard { why } else { nil }
    }
}
