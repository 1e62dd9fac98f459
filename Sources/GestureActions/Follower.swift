import GestureCore

/// Turns the transitions of a gesture bound to `drag`, `pointer`, `window move` or `window
/// resize` into steps, and keeps the one button a drag holds. Pure: time comes in with each call, and the drag lock is
/// a deadline the run loop asks for (`nextDeadline`), never a timer.
///
/// A drag presses its button when the gesture begins, moves the pointer with every change and,
/// when the fingers lift, lets the button go `lock` milliseconds later; fingers that begin the
/// same gesture again before then go on with the same drag. A cancelled gesture, a reload and
/// the daemon's exit let the button go at once (`releaseAll`).
///
/// On a touchpad (no location) the pointer moves by the gesture's translation since the last
/// step, which sums the server's accelerated swipe deltas; on a touchscreen a drag puts it at
/// the fingers' centroid, and `pointer` moves it by their translation, as a trackpad would.
///
/// `window move` and `window resize` take the window where the gesture began and move its
/// frame, or one edge of it, by the whole translation since, to the pixel.
public struct Follower: Sendable {
    /// The button a drag holds down.
    public struct Held: Equatable, Sendable {
        public var gesture: String
        public var button: Int
        /// When the button goes up unless the fingers come back; nil while they are down.
        public var releaseAt: Double?
    }

    public private(set) var held: Held?
    /// Per gesture: the translation already turned into motion, and the fraction of a pixel
    /// not yet sent.
    private var sent: [String: (translation: Point, remainder: Point)] = [:]
    /// Per gesture: how far the taken window has been moved, in whole pixels.
    private var windowMoved: [String: (Int, Int)] = [:]
    /// Per gesture on a touchscreen: where the centroid was when the fingers began.
    private var origin: [String: Point] = [:]
    /// Where the last absolute move put the pointer.
    private var lastPlace: (x: Int, y: Int)?

    public init() {}

    /// When the held button is due to go up.
    public var nextDeadline: Double? { held?.releaseAt }

    /// The steps one transition of `gesture`, bound to a following action, takes.
    public mutating func follow(
        _ action: Action, gesture: String, state: GestureState,
        translation: Point?, location: Point?, time: Double
    ) -> [FollowStep] {
        var steps: [FollowStep] = []
        switch action {
        case .drag(let button, let lock):
            switch state {
            case .began:
                lastPlace = nil
                if let h = held, h.gesture == gesture, h.button == button, h.releaseAt != nil {
                    held!.releaseAt = nil
                    sent[gesture] = (.zero, .zero)
                    origin[gesture] = nil
                    return move(gesture, translation: translation, location: location, speed: 1)
                }
                steps += releaseAll()
                sent[gesture] = (.zero, .zero)
                origin[gesture] = nil
                if let location, let translation { steps += place(location - translation) }
                steps.append(.press(button: button))
                held = Held(gesture: gesture, button: button, releaseAt: nil)
                steps += move(gesture, translation: translation, location: location, speed: 1)
            case .changed:
                guard held?.gesture == gesture else { return [] }
                steps += move(gesture, translation: translation, location: location, speed: 1)
            case .ended:
                guard held?.gesture == gesture else { return [] }
                steps += move(gesture, translation: translation, location: location, speed: 1)
                sent[gesture] = nil
                if lock <= 0 { steps += releaseAll() } else { held!.releaseAt = time + lock }
            case .cancelled:
                sent[gesture] = nil
                if held?.gesture == gesture { steps += releaseAll() }
            case .possible, .failed:
                break
            }
        case .pointer(let speed):
            switch state {
            case .began:
                sent[gesture] = (.zero, .zero)
                steps += move(gesture, translation: translation, location: nil, speed: speed)
            case .changed, .ended:
                steps += move(gesture, translation: translation, location: nil, speed: speed)
                if state == .ended { sent[gesture] = nil }
            case .cancelled:
                sent[gesture] = nil
            case .possible, .failed:
                break
            }
        case .windowMove(let choice), .windowResize(_, let choice):
            func frame() -> [FollowStep] {
                guard let t = translation, t.x.isFinite, t.y.isFinite, abs(t.x) < 1e6,
                    abs(t.y) < 1e6
                else { return [] }
                let d = (Int(t.x.rounded()), Int(t.y.rounded()))
                if let last = windowMoved[gesture], last == d { return [] }
                windowMoved[gesture] = d
                if case .windowResize(let edge, _) = action {
                    return [.resizeWindow(edge, dx: d.0, dy: d.1)]
                }
                return [.moveWindow(dx: d.0, dy: d.1)]
            }
            switch state {
            case .began:
                windowMoved[gesture] = nil
                // Where the fingers were when they began: the window under them.
                let start = location.map { $0 - (translation ?? .zero) }
                steps = [.takeWindow(choice, at: start)] + frame()
            case .changed:
                steps = frame()
            case .ended:
                steps = frame() + [.letGoOfWindow]
                windowMoved[gesture] = nil
            case .cancelled:
                steps = [.letGoOfWindow]
                windowMoved[gesture] = nil
            case .possible, .failed:
                break
            }
        default:
            break
        }
        return steps
    }

    /// Whether `follow` of this transition takes hold of something (a press, a window), without
    /// following it: a drag's begin, unless it goes on with the locked drag it held; a window's.
    public func takesHold(_ action: Action, gesture: String, state: GestureState) -> Bool {
        guard state == .began else { return false }
        switch action {
        case .drag(let button, _):
            guard let h = held else { return true }
            return !(h.gesture == gesture && h.button == button && h.releaseAt != nil)
        case .windowMove, .windowResize:
            return true
        default:
            return false
        }
    }

    /// The release of a locked drag whose time has come.
    public mutating func advance(to time: Double) -> [FollowStep] {
        guard let due = held?.releaseAt, due <= time else { return [] }
        return releaseAll()
    }

    /// Lets go of the held button at once: on cancel, reload and exit.
    public mutating func releaseAll() -> [FollowStep] {
        guard let h = held else { return [] }
        held = nil
        sent[h.gesture] = nil
        return [.release(button: h.button)]
    }

    /// Motion for the translation since the last step: on a touchscreen (a location), to where
    /// the centroid began plus the translation, which a finger lifting before the others does
    /// not make jump as the centroid does; by whole pixels otherwise, carrying the fraction to
    /// the next step.
    private mutating func move(
        _ gesture: String, translation: Point?, location: Point?, speed: Double
    ) -> [FollowStep] {
        if let location {
            let t = translation ?? .zero
            if origin[gesture] == nil { origin[gesture] = location - t }
            return place(origin[gesture]! + t)
        }
        guard let translation else { return [] }
        let before = sent[gesture] ?? (.zero, .zero)
        let exact = (translation - before.translation) * speed + before.remainder
        let whole = Point(x: exact.x.rounded(.towardZero), y: exact.y.rounded(.towardZero))
        sent[gesture] = (translation, exact - whole)
        guard whole != .zero, let dx = Int(exactly: whole.x), let dy = Int(exactly: whole.y) else {
            return []
        }
        return [.moveBy(dx: dx, dy: dy)]
    }

    private mutating func place(_ p: Point) -> [FollowStep] {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e6, abs(p.y) < 1e6 else { return [] }
        let x = Int(p.x.rounded())
        let y = Int(p.y.rounded())
        if let last = lastPlace, last == (x, y) { return [] }
        lastPlace = (x, y)
        return [.moveTo(x: x, y: y)]
    }
}
