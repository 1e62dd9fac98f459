import GestureActions
import GestureConfig
import GestureCore
import GestureFeedback
import GestureOverlay
import GestureSession
import GestureX11

/// Feedback in the run loop: takes the transitions of gestures with feedback the session
/// returns, reads the picture of the action when one begins, and draws it at the progress the
/// animation shows, at most once a frame. With nothing following the fingers or going back it
/// asks for no wake-up. Its window is made at the first gesture with feedback.
final class Feedback {
    private let x: XConnection
    private let performer: ActionPerformer
    private(set) var window: OverlayWindow?
    private var picture: FeedbackPicture?
    private var animation = FeedbackAnimation()
    private var dirty = false
    private var lastDraw = -Double.infinity

    /// The gesture under way shows nothing: the screen was locked when it began or since.
    private var hidden = false

    init(_ x: XConnection, performer: ActionPerformer) {
        self.x = x
        self.performer = performer
    }

    /// Takes one transition at `now` (the server's time); returns, once per gesture, the line
    /// that says its feedback is not drawn and why.
    func show(_ t: FeedbackTransition, now: Double) -> String? {
        let binding = t.binding
        let state = t.state
        let values = t.values
        if state == .began { hidden = false }
        var notDrawn: String?
        // Nothing is drawn over a locked screen: what is drawn goes, and the rest of the
        // gesture shows nothing.
        if !hidden, state == .began || state == .changed, let why = t.heldElsewhere {
            hidden = true
            notDrawn = "\"\(binding.name)\": feedback not drawn: \(why)"
            picture = nil
            animation = FeedbackAnimation()
            dirty = true
        }
        if hidden { return notDrawn }
        switch state {
        case .began:
            picture = performer.feedbackPicture(
                for: binding.actions, heading: values.heading, location: values.location)
            animation.follow(values.progress ?? 0)
        case .changed:
            // A drag's path: where its fingers are on a touchscreen, the pointer on a touchpad
            // (as it was before this move's step).
            if case .path(var points) = picture {
                points.append(values.location ?? performer.ask.pointer())
                picture = .path(points)
            }
            animation.follow(values.progress ?? 0)
        case .ended where t.commits || binding.follows:
            animation.commit()
        case .ended, .cancelled:
            animation.cancel(at: now)
        case .possible, .failed:
            return nil
        }
        dirty = true
        return nil
    }

    /// When `update` next has something to draw; nil when nothing moves on its own.
    var deadline: Double? { dirty ? lastDraw + Overlay.frame : animation.nextDeadline }

    /// Draws what the animation shows now, if a frame is due.
    func update(now: Double) {
        guard let due = deadline, now >= due else { return }
        dirty = false
        lastDraw = now
        let shown = animation.advance(to: now)
        guard let picture, let shown else {
            window?.draw(OverlayScene())
            if shown == nil { self.picture = nil }
            return
        }
        let window = self.window ?? OverlayWindow(x, name: "gestured-feedback")
        self.window = window
        window.draw(picture.drawing(at: shown).scene(filled: window.translucent))
    }

    /// Remakes the window, once made, when a compositor came or went, and draws on it at the
    /// next frame; true when it did.
    func followCompositor() -> Bool {
        guard let remade = window?.followingCompositor() else { return false }
        window = remade
        dirty = true
        return true
    }

    /// Takes the window away, at exit.
    func close() { window?.close() }
}
