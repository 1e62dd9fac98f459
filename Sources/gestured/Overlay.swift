import GestureCore
import GestureOverlay
import GestureX11

/// The debug overlay in the run loop: feeds the model what the engine is fed and reports, and
/// draws at most once a frame, and while something fades. With nothing live or fading it
/// asks for no wake-up.
final class Overlay {
    /// Milliseconds between two drawings at most.
    static let frame = 16.0
    /// Milliseconds between the steps of a fade, when the overlay is translucent.
    static let fadeStep = 50.0

    let model = OverlayModel()
    private(set) var window: OverlayWindow
    private var dirty = false
    private var lastDraw = -Double.infinity
    private var fadeDue: Double?

    init(_ x: XConnection, recognizers: [GestureRecognizer]) {
        window = OverlayWindow(x)
        model.configure(recognizers)
    }

    func input(_ event: InputEvent) {
        model.input(event)
        dirty = true
    }

    func output(_ o: EngineOutput, in engine: GestureEngine) {
        if case .illegalTransition = o.kind { return }
        model.output(o, in: engine)
        dirty = true
    }

    func action(_ text: String, at time: Double, failed: Bool = false) {
        model.action(text, at: time, failed: failed)
        dirty = true
    }

    /// Remakes the window when a compositor came or went, and draws on it at the next frame;
    /// true when it did.
    func followCompositor() -> Bool {
        guard let remade = window.followingCompositor() else { return false }
        window = remade
        dirty = true
        return true
    }

    /// When `update` next has something to draw; nil when nothing changes on its own.
    var deadline: Double? { dirty ? lastDraw + Overlay.frame : fadeDue }

    /// Draws if something changed a frame or more ago, or a fade moved on.
    func update(now: Double) {
        guard let due = deadline, now >= due else { return }
        model.advance(to: now)
        window.draw(model.scene(at: now, window.layout))
        lastDraw = now
        dirty = false
        fadeDue = model.nextRedraw(
            after: now, step: window.translucent ? Overlay.fadeStep : .infinity)
    }
}
