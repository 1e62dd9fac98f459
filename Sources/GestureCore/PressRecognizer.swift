/// Long press: `fingers` fingers held still for `duration`, after `taps` quick taps. Begins once
/// the time is up without any finger moving more than `movement`; changes as they move after
/// that; ends on lift. Fails if a finger moves too far or lifts before the time is up.
/// A touchscreen gesture: XInput 2.4 has no touchpad hold event.
public final class PressRecognizer: GestureRecognizer {
    public static let defaultDuration = 500.0
    public static let defaultMovement = 10.0
    public static let defaultTapInterval = 200.0

    public let fingers: Int
    /// Quick taps before the press (1: tap then hold).
    public let taps: Int
    /// Milliseconds the fingers must stay down.
    public var duration = PressRecognizer.defaultDuration
    /// Pixels a finger may move before the press begins.
    public var movement = PressRecognizer.defaultMovement
    /// Milliseconds between a tap's lift and the next touch.
    public var interval = PressRecognizer.defaultTapInterval

    private var tapsDone = 0
    private var down = false
    private var location = Point.zero

    public init(name: String, fingers: Int = 1, taps: Int = 0) {
        self.fingers = fingers
        self.taps = taps
        super.init(name: name, type: "press", source: .touchscreen, continuous: true)
        requiredTouches = fingers
    }

    private var pressing: Bool { tapsDone == taps }

    public override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if currentState.isActive {
            for t in touches { ignore(t) }
            return
        }
        if event.touches.count > fingers {
            fail(.tooManyFingers(event.touches.count, most: fingers))
            return
        }
        if !down {
            down = true
            location = event.touches.centroid
            // A tap must lift within the interval; the press must last the duration.
            deadline = event.time + (pressing ? duration : interval)
        }
    }

    public override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        if currentState.isActive {
            state = .changed
            return
        }
        for t in touches where t.distanceFromStart > movement {
            fail("moved \(t.distanceFromStart.rounded()) px > \(movement) px before \(duration) ms")
            return
        }
    }

    public override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        guard event.touches.isEmpty else { return }
        down = false
        if currentState.isActive || isPending {
            state = .ended
        } else if pressing {
            fail(
                "lifted after \((event.time - event.metrics.startTime).rounded()) ms < \(duration) ms"
            )
        } else if event.metrics.maxFingers < fingers {
            fail("\(event.metrics.maxFingers) of \(fingers) fingers tapped")
        } else {
            tapsDone += 1
            deadline = event.time + interval
        }
    }

    public override func deadlineReached(with event: InputFrame) {
        guard currentState == .possible else { return }
        if !down {
            fail("no touch within \(interval) ms after tap \(tapsDone)")
        } else if pressing {
            state = .began
        } else {
            fail("tap \(tapsDone + 1) held longer than \(interval) ms")
        }
    }

    public override func reset() {
        tapsDone = 0
        down = false
    }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        values.fingers = fingers
        if taps > 0 { values.taps = taps }
        values.location =
            currentState.isActive || currentState == .ended ? event.location : location
        values.translation = event.metrics.translation
    }
}
