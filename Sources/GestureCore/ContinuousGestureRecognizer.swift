/// The shared continuous layer: a gesture that begins once a condition holds, changes on every
/// event after that, ends when its input ends and is cancelled when its input is cancelled.
/// Pan, pinch and rotation are a parameter block and `verdict(_:)` on top of it, on a
/// touchscreen and on a touchpad alike.
///
///     possible ──(verdict .begin)──► began ──(input moves)──► changed ──(lift / touchpad end)──► ended
///        │                                                       └─(cancelled input)───────► cancelled
///        └─(verdict .fail, wrong finger count, lifted before it began)─► failed
open class ContinuousGestureRecognizer: GestureRecognizer {
    public enum Verdict {
        case wait
        case begin
        case fail(Reason)
    }

    /// Fewest and most fingers the gesture takes.
    public var minimumFingers: Int { didSet { requiredTouches = minimumFingers } }
    public var maximumFingers: Int
    /// Which touchpad gesture feeds it; nil: none (a touchscreen-only gesture).
    public var touchpadKind: InputFrame.TouchpadKind?
    /// On a touchscreen, whether the verdict waits for a whole frame: every finger down moved
    /// since it was last asked, or one moved again (a finger that stays put sends nothing).
    /// Each finger's move is an event of its own, stamped a millisecond apart when the driver
    /// hands them over one by one, so between the first and the last finger's move of a frame
    /// the span and the angle of the fingers are off by as much as one finger moved: the
    /// fingers of a swipe seem to spread and turn. Pinch and rotation judge whole frames; a
    /// pan's centroid only lags.
    public var judgesWholeFrames = false
    /// The touches that moved since the verdict was last asked (a mask of the arena's slots).
    private var movedInFrame: UInt64 = 0

    public init(
        name: String, type: String, source: InputSource, fingers: ClosedRange<Int>,
        touchpadKind: InputFrame.TouchpadKind?
    ) {
        minimumFingers = fingers.lowerBound
        maximumFingers = fingers.upperBound
        self.touchpadKind = touchpadKind
        super.init(name: name, type: type, source: source, continuous: true)
        requiredTouches = minimumFingers
    }

    /// Whether the input so far is this gesture; asked on every event while possible, once
    /// the finger count is right.
    open func verdict(_ event: InputFrame) -> Verdict { .begin }

    /// Called when the gesture begins, to take baselines (the span at the start of a pinch).
    open func didBegin(_ event: InputFrame) {}

    private func fingerCountProblem(_ fingers: Int) -> Reason? {
        if fingers > maximumFingers { return .tooManyFingers(fingers, most: maximumFingers) }
        return nil
    }

    private func evaluate(_ event: InputFrame) {
        switch currentState {
        case .possible where !isPending:
            let fingers = event.metrics.fingers
            if let problem = fingerCountProblem(fingers) {
                fail(problem)
                return
            }
            guard fingers >= minimumFingers else { return }
            switch verdict(event) {
            case .wait: return
            case .fail(let reason): fail(reason)
            case .begin:
                didBegin(event)
                state = .began
            }
        case .possible:
            state = .changed
        case .began, .changed:
            state = .changed
        default:
            return
        }
    }

    open override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        movedInFrame = 0
        if currentState.isActive && event.touches.count > maximumFingers {
            for t in touches { ignore(t) }
            return
        }
        if currentState == .possible, let problem = fingerCountProblem(event.touches.count) {
            fail(problem)
        }
    }

    open override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        if judgesWholeFrames && source == .touchscreen && currentState == .possible {
            let again = movedInFrame & touches.mask != 0
            movedInFrame |= touches.mask
            guard again || event.touches.mask & ~movedInFrame == 0 else { return }
            movedInFrame = again ? touches.mask : 0
        }
        evaluate(event)
    }

    open override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        movedInFrame &= event.touches.mask
        guard event.touches.isEmpty else { return }
        if currentState.isActive || isPending {
            state = .ended
        } else if currentState == .possible {
            fail("lifted before it began")
        }
    }

    open override func touchpadBegan(with event: InputFrame) {
        guard let kind = touchpadKind, kind == event.touchpadKind else {
            fail("takes no touchpad \(event.touchpadKind?.rawValue ?? "gesture")")
            return
        }
        let fingers = event.metrics.fingers
        if fingers < minimumFingers {
            fail("\(fingers) fingers < \(minimumFingers)")
            return
        }
        if let problem = fingerCountProblem(fingers) { fail(problem) }
    }

    open override func touchpadChanged(with event: InputFrame) { evaluate(event) }

    open override func touchpadEnded(with event: InputFrame) {
        if currentState.isActive || isPending {
            if event.cancelled { cancel(.touchpadCancelled) } else { state = .ended }
        } else if currentState == .possible {
            fail(event.cancelled ? .touchpadCancelled : "ended before it began")
        }
    }
}
