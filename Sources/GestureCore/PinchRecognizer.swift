/// Pinch: two to five fingers closing or spreading. Begins once the scale leaves 1 by
/// `threshold` (in `direction` when one is given: a pinch `in` begins only when the fingers
/// close, and fails if they spread first); changes with every move; ends on lift or at the
/// touchpad gesture's end. On a touchpad it reads the absolute scale of XInput 2.4 pinch
/// events. Reports `scale` relative to the fingers' span when they landed (as a rotation its
/// angle since then, and a pan its translation), and `velocity` in scale per second.
public final class PinchRecognizer: ContinuousGestureRecognizer {
    public static let defaultThreshold = 0.1

    /// How far the scale must leave 1 before the pinch begins (0.1: 10 %).
    public var threshold = PinchRecognizer.defaultThreshold
    /// `in` or `out`; nil for either.
    public let direction: Direction?
    /// The scale a spreading pinch commits at; a closing one commits at its inverse (`Progress`).
    public var commitScale = Progress.defaultScale

    private var scaleAtBegin = 1.0

    public init(
        name: String, source: InputSource, fingers: ClosedRange<Int> = 2...5,
        direction: Direction? = nil
    ) {
        self.direction = direction
        super.init(
            name: name, type: "pinch", source: source, fingers: fingers, touchpadKind: .pinch)
        judgesWholeFrames = true
    }

    public override func verdict(_ event: InputFrame) -> Verdict {
        let s = event.metrics.scale
        let closing = s <= 1 - threshold
        let spreading = s >= 1 + threshold
        switch direction {
        case .in?:
            return closing ? .begin : spreading ? .fail("the fingers spread, not closed") : .wait
        case .out?:
            return spreading ? .begin : closing ? .fail("the fingers closed, not spread") : .wait
        default: return closing || spreading ? .begin : .wait
        }
    }

    public override func didBegin(_ event: InputFrame) { scaleAtBegin = event.metrics.scale }

    public override func reset() { scaleAtBegin = 1 }

    /// `direction`, or the way the fingers went when it began.
    private var heading: Direction {
        (direction ?? (scaleAtBegin < 1 ? .in : .out)) == .in ? .in : .out
    }

    public override var reportedDirection: String? { direction?.rawValue }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        super.report(into: &values, event: event)
        values.scale = event.metrics.scale
        values.scaleVelocity = event.metrics.scaleVelocity
        values.location = event.location
        // Began, changed, ended or cancelled: a failed gesture reports nothing.
        guard currentState != .possible else { return }
        values.heading = heading
        values.progress = Progress.pinch(scale: event.metrics.scale, heading, commit: commitScale)
    }
}
