/// Pan: one or more fingers dragging. Begins once the fingers have moved `beginDistance`,
/// changes with every move, ends when all fingers lift, fails if they lift before it began. On
/// a touchpad it follows swipe events, so a three-finger drag can be bound continuously.
/// Reports `translation` (pixels since the touches began; on a touchpad, the fingers'
/// unaccelerated units) and `velocity` (the same per second);
/// on a touchpad also `pointerTranslation`, the accelerated motion that a drag follows.
public final class PanRecognizer: ContinuousGestureRecognizer {
    public static let defaultBeginDistance = 10.0

    /// Pixels (touchpad: unaccelerated units) the centroid must travel before the pan begins.
    public var beginDistance = PanRecognizer.defaultBeginDistance
    /// When set, the pan begins only when the fingers head this way (within 45 degrees), and
    /// fails when they head elsewhere, so that pans in different directions do not race.
    public var direction: Direction?
    /// Pixels along its heading to the commit point (`Progress`).
    public var commitDistance: Double

    /// `direction`, or the one of the four the fingers mostly moved along when it began.
    private var heading: Direction?

    private var offset = Point.zero, pointerOffset = Point.zero
    /// The fingers' translation, and the pointer's, at the last report, before the offsets:
    /// what `setTranslation` moves the baselines from.
    private var reportedRaw = Point.zero, reportedPointerRaw = Point.zero

    public init(name: String, source: InputSource, fingers: ClosedRange<Int> = 1...Int.max) {
        commitDistance = Progress.defaultDistance(for: source)
        super.init(name: name, type: "pan", source: source, fingers: fingers, touchpadKind: .swipe)
    }

    public override func didBegin(_ event: InputFrame) {
        heading = direction ?? Direction(mostlyAlong: event.metrics.translation)
    }

    public override func verdict(_ event: InputFrame) -> Verdict {
        let t = event.metrics.translation
        guard t.length >= beginDistance else { return .wait }
        if let direction, direction.deviation(of: t) > Angle.pi / 4 {
            return .fail(.movedAnotherWay(t, not: direction))
        }
        return .begin
    }

    /// The translation now: pixels, or on a touchpad the fingers' unaccelerated units.
    public func translation(in event: InputFrame) -> Point { event.metrics.translation - offset }

    /// Makes the translation last reported read `value` (as UIKit's setTranslation(_:in:)), so
    /// that the next reports count from there: a handler that consumes the movement on each
    /// change sets it back to zero. On a touchpad the pointer's translation counts from there
    /// too.
    public func setTranslation(_ value: Point) {
        offset = reportedRaw - value
        pointerOffset = reportedPointerRaw - value
    }

    public override func reset() {
        offset = .zero
        pointerOffset = .zero
        reportedRaw = .zero
        reportedPointerRaw = .zero
        heading = nil
    }

    public override var reportedDirection: String? { direction?.rawValue }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        super.report(into: &values, event: event)
        reportedRaw = event.metrics.translation
        reportedPointerRaw = event.metrics.pointerTranslation
        values.translation = translation(in: event)
        values.pointerTranslation = event.metrics.movedThePointerOtherwise.map {
            $0 - pointerOffset
        }
        values.velocity = event.metrics.velocity
        values.location = event.location
        if let heading {
            values.heading = heading
            values.progress = Progress.along(
                event.metrics.translation, heading, distance: commitDistance)
        }
    }
}
