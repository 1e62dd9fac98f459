import GestureCore

/// Free-form stroke capture, after UIKit's TouchCaptureGesture: follows its first touch and
/// keeps a sample of every position it passes. Fails if the first event carries more than one
/// touch; ignores touches that come later; begins at once, changes on every move, ends on lift
/// and is cancelled (dropping its samples) on cancel.
public final class StrokeCaptureRecognizer: GestureRecognizer {
    public private(set) var samples: [Point] = []
    /// On the pointer, the button that draws; other buttons fail it at once.
    public var button: Int?
    private var trackedTouch: Int?

    public init(name: String, source: InputSource) {
        super.init(name: name, type: "stroke", source: source, continuous: true)
        samples.reserveCapacity(512)
    }

    public override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if trackedTouch == nil {
            guard touches.count == 1, let first = touches.first else {
                fail("the first event carries \(touches.count) touches")
                return
            }
            if source == .pointer, let button, first.id != button {
                fail("button \(first.id) is not the stroke button \(button)")
                return
            }
            trackedTouch = first.id
            samples.append(first.location)
            state = .began
        } else {
            for t in touches where t.id != trackedTouch { ignore(t) }
        }
    }

    public override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        guard let t = touches.first(where: { $0.id == trackedTouch }) else { return }
        samples.append(t.location)
        state = .changed
    }

    public override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        guard let t = touches.first(where: { $0.id == trackedTouch }) else { return }
        samples.append(t.location)
        state = .ended
    }

    public override func touchesCancelled(_ touches: Touches, with event: InputFrame) {
        samples.removeAll(keepingCapacity: true)
        state = .cancelled
    }

    public override func reset() {
        samples.removeAll(keepingCapacity: true)
        trackedTouch = nil
    }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        values.fingers = 1
        values.points = samples.count
        values.location = samples.last
    }
}
