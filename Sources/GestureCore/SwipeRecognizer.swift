/// Swipe: `fingers` fingers move in `direction` for at least `distance` pixels at a speed of at
/// least `speed` pixels per second, within `duration` (on a touchpad, the fingers' unaccelerated
/// units instead of pixels: `FrameMetrics`). Discrete: recognized during the movement
/// as soon as both hold, not only at lift. Fails if the fingers lift (or the touchpad gesture
/// ends) first, if the movement heads elsewhere, or if it takes too long. On a touchpad it reads
/// the accumulated unaccelerated deltas of XInput 2.4 swipe events; a cancelled touchpad swipe fails.
public final class SwipeRecognizer: GestureRecognizer {
    public static let defaultDistance = 80.0
    public static let defaultSpeed = 150.0
    public static let defaultDuration = 800.0
    public static let defaultTolerance = Angle.pi / 8

    public let fingers: Int
    public let direction: Direction
    /// Pixels the fingers must travel.
    public var distance = SwipeRecognizer.defaultDistance
    /// Pixels per second, over the last 100 ms, when it is recognized.
    public var speed = SwipeRecognizer.defaultSpeed
    /// Milliseconds from the first touch within which it must be recognized.
    public var duration = SwipeRecognizer.defaultDuration
    /// Radians the movement may deviate from `direction` (22.5 degrees: the eight directions
    /// share the circle without overlap).
    public var tolerance = SwipeRecognizer.defaultTolerance
    /// Pixels along its direction to the commit point (`Progress`).
    public var commitDistance: Double

    /// Follows the fingers from recognition to the lift (continuous) rather than ending when
    /// recognized.
    public let untilLift: Bool

    public init(
        name: String, source: InputSource, fingers: Int, direction: Direction,
        untilLift: Bool = false
    ) {
        self.fingers = fingers
        self.direction = direction
        self.untilLift = untilLift
        commitDistance = Progress.defaultDistance(for: source)
        super.init(name: name, type: "swipe", source: source, continuous: untilLift)
        requiredTouches = fingers
    }

    private func evaluate(_ event: InputFrame) {
        if untilLift && (currentState.isActive || isPending) {
            state = .changed
            return
        }
        guard currentState == .possible, !isPending else { return }
        let fingersNow = event.metrics.fingers
        if fingersNow > fingers {
            fail(.tooManyFingers(fingersNow, most: fingers))
            return
        }
        guard fingersNow == fingers else { return }
        let moved = event.metrics.translation
        let length = moved.length
        if length >= distance * 0.4 && direction.deviation(of: moved) > tolerance {
            fail(.movedAnotherWay(moved, not: direction))
            return
        }
        guard length >= distance else { return }
        let v = event.metrics.velocity.length
        guard v >= speed else { return }
        if untilLift {
            deadline = nil
            state = .began
        } else {
            state = .ended
        }
    }

    public override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if deadline == nil { deadline = event.metrics.startTime + duration }
        if event.touches.count > fingers {
            fail(.tooManyFingers(event.touches.count, most: fingers))
        }
    }

    public override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        evaluate(event)
    }

    public override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        if untilLift && (currentState.isActive || isPending) {
            if event.touches.isEmpty { state = .ended }
            return
        }
        guard currentState == .possible, !isPending else { return }
        fail(liftReason(event))
    }

    public override func touchpadBegan(with event: InputFrame) {
        guard event.touchpadKind == .swipe else {
            fail("takes no touchpad pinch")
            return
        }
        if event.metrics.fingers != fingers {
            fail("\(event.metrics.fingers) fingers, not \(fingers)")
            return
        }
        deadline = event.time + duration
    }

    public override func touchpadChanged(with event: InputFrame) { evaluate(event) }

    public override func touchpadEnded(with event: InputFrame) {
        if untilLift && (currentState.isActive || isPending) {
            if event.cancelled { cancel(.touchpadCancelled) } else { state = .ended }
            return
        }
        guard currentState == .possible, !isPending else { return }
        fail(event.cancelled ? .touchpadCancelled : liftReason(event))
    }

    public override func deadlineReached(with event: InputFrame) {
        fail("took longer than \(duration) ms")
    }

    private func liftReason(_ event: InputFrame) -> Reason {
        let length = event.metrics.translation.length
        if length < distance { return "lifted after \(length.rounded()) px < \(distance) px" }
        return "lifted at \(event.metrics.velocity.length.rounded()) px/s < \(speed) px/s"
    }

    public override var reportedDirection: String? { direction.rawValue }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        values.fingers = fingers
        values.translation = event.metrics.translation
        values.pointerTranslation = event.metrics.movedThePointerOtherwise
        values.velocity = event.metrics.velocity
        guard untilLift || currentState == .ended else { return }
        values.heading = direction
        values.progress = Progress.along(
            event.metrics.translation, direction, distance: commitDistance)
    }
}
