/// Tap: `fingers` fingers touch and lift `taps` times, each without moving more than
/// `movement` and within `duration`, with at most `interval` between one lift and the next
/// touch. Discrete: ended at the last lift, failed otherwise.
public final class TapRecognizer: GestureRecognizer {
    public static let defaultMovement = 10.0
    public static let defaultDuration = 200.0
    public static let defaultInterval = 200.0

    /// Taps in a row (2 for a double tap).
    public let taps: Int
    /// Fingers each tap uses.
    public let fingers: Int
    /// Pixels a touch may move from where it landed.
    public var movement = TapRecognizer.defaultMovement
    /// Milliseconds a tap may stay down.
    public var duration = TapRecognizer.defaultDuration
    /// Milliseconds from one tap's lift to the next tap's touch.
    public var interval = TapRecognizer.defaultInterval

    private var count = 0
    private var down = false
    private var location = Point.zero

    public init(name: String, source: InputSource, taps: Int = 1, fingers: Int = 1) {
        self.taps = taps
        self.fingers = fingers
        super.init(name: name, type: "tap", source: source, continuous: false)
        requiredTouches = fingers
    }

    public override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if event.touches.count > fingers {
            fail(.tooManyFingers(event.touches.count, most: fingers))
            return
        }
        if !down {
            down = true
            deadline = event.time + duration
            if count == 0 { location = event.touches.centroid }
        }
    }

    public override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        for t in touches where t.distanceFromStart > movement {
            fail("moved \(t.distanceFromStart.rounded()) px > \(movement) px")
            return
        }
    }

    public override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        guard event.touches.isEmpty else { return }
        down = false
        if event.metrics.maxFingers < fingers {
            fail("\(event.metrics.maxFingers) of \(fingers) fingers")
            return
        }
        count += 1
        if count == taps {
            deadline = nil
            state = .ended
        } else {
            deadline = event.time + interval
        }
    }

    public override func deadlineReached(with event: InputFrame) {
        if down {
            fail("held longer than \(duration) ms")
        } else {
            fail("no tap \(count + 1) within \(interval) ms")
        }
    }

    public override func reset() {
        count = 0
        down = false
    }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        values.fingers = fingers
        values.taps = count
        values.location = location
    }
}
