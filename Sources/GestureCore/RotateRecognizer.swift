/// Rotation: two or more fingers turning around their centroid. Begins once they have turned
/// `threshold` radians (in `direction` when one is given); changes with every move; ends on lift
/// or at the touchpad gesture's end. On a touchpad it reads the angle deltas of XInput 2.4 pinch
/// events. Reports `rotation` in radians since the fingers landed, clockwise on screen
/// positive, and `velocity` in radians per second.
public final class RotateRecognizer: ContinuousGestureRecognizer {
    /// 15 degrees.
    public static let defaultThreshold = Angle.pi / 12

    public var threshold = RotateRecognizer.defaultThreshold
    /// `cw` or `ccw`; nil for either.
    public let direction: Direction?
    /// Radians along its direction to the commit point (`Progress`).
    public var commitAngle = Progress.defaultAngle

    private var heading: Direction?

    public init(
        name: String, source: InputSource, fingers: ClosedRange<Int> = 2...5,
        direction: Direction? = nil
    ) {
        self.direction = direction
        super.init(
            name: name, type: "rotate", source: source, fingers: fingers, touchpadKind: .pinch)
        judgesWholeFrames = true
    }

    public override func verdict(_ event: InputFrame) -> Verdict {
        let r = event.metrics.rotation
        let cw = r >= threshold
        let ccw = r <= -threshold
        switch direction {
        case .cw?: return cw ? .begin : ccw ? .fail("turned counter-clockwise") : .wait
        case .ccw?: return ccw ? .begin : cw ? .fail("turned clockwise") : .wait
        default: return cw || ccw ? .begin : .wait
        }
    }

    public override func didBegin(_ event: InputFrame) {
        heading = (direction ?? (event.metrics.rotation < 0 ? .ccw : .cw)) == .ccw ? .ccw : .cw
    }

    public override func reset() { heading = nil }

    public override var reportedDirection: String? { direction?.rawValue }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        super.report(into: &values, event: event)
        values.rotation = event.metrics.rotation
        values.rotationVelocity = event.metrics.rotationVelocity
        values.location = event.location
        if let heading {
            values.heading = heading
            values.progress = Progress.rotation(
                event.metrics.rotation, heading, commit: commitAngle)
        }
    }
}
