import GestureActions
import GestureConfig
import GestureCore
import GestureDispatch
import GestureFeedback
import GestureOverlay
import GestureX11

/// Feedback in the run loop: hears the transitions of gestures with feedback from the
/// dispatcher, reads the picture of the action when one begins, and draws it at the progress
/// the animation shows, at most once a frame. With nothing following the fingers or going back
/// it asks for no wake-up. Its window is made at the first gesture with feedback.
final class Feedback: FeedbackShowing {
    private let x: XConnection
    private let performer: ActionPerformer
    /// Now, on the clock of the input events.
    private let now: () -> Double
    private(set) var window: OverlayWindow?
    private var picture: FeedbackPicture?
    private var animation = FeedbackAnimation()
    private var dirty = false
    private var lastDraw = -Double.infinity

    /// Why nothing may be drawn at an event's time (another client holds the keyboard: a
    /// locked screen); nil when feedback may show.
    private let withheld: (Double) -> String?
    /// Told once per gesture that its feedback is not drawn, and why.
    private let report: (String) -> Void
    /// The gesture under way shows nothing: the screen was locked when it began or since.
    private var hidden = false

    init(_ x: XConnection, performer: ActionPerformer, now: @escaping () -> Double,
         withheld: @escaping (Double) -> String? = { _ in nil }, report: @escaping (String) -> Void = { _ in }) {
        self.x = x
        self.performer = performer
        self.now = now
        self.withheld = withheld
        self.report = report
    }

    func show(_ binding: GestureBinding, _ r: GestureRecognizer, to state: GestureState,
              values: GestureValues, commits: Bool, at time: Double) {
        if state == .began { hidden = false }
        // Nothing is drawn over a locked screen: what is drawn goes, and the rest of the
        // gesture shows nothing.
        if !hidden, state == .began || state == .changed, let why = withheld(time) {
            hidden = true
            report("\"\(binding.name)\": feedback not drawn: \(why)")
            picture = nil
            animation = FeedbackAnimation()
            dirty = true
        }
        if hidden { return }
        switch state {
        case .began:
            picture = performer.feedbackPicture(for: binding.actions, heading: values.heading, location: values.location)
            animation.follow(values.progress ?? 0)
        case .changed:
            // A drag's path: where its fingers are on a touchscreen, the pointer on a touchpad
            // (as it was before this move's step).
            if case .path(var points) = picture {
                points.append(values.location ?? performer.ask.pointer())
                picture = .path(points)
            }
            animation.follow(values.progress ?? 0)
        case .ended where commits || binding.follows:
            animation.commit()
        case .ended, .cancelled:
            animation.cancel(at: now())
        case .possible, .failed:
            return
        }
        dirty = true
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
