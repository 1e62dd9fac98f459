/// Screen-edge pan: begins only when the first touch lands within `margin` pixels of `edge` of
/// the monitor it is on, then behaves as a pan moving away from that edge. A touch landing
/// anywhere else fails it at once, so the application gets the touch without delay.
public final class EdgeRecognizer: ContinuousGestureRecognizer {
    public enum Edge: String, CaseIterable, Sendable {
        case left, right, top, bottom

        /// Away from the edge, into the screen.
        public var inward: Direction {
            switch self {
            case .left: .right
            case .right: .left
            case .top: .down
            case .bottom: .up
            }
        }
    }

    public static let defaultMargin = 20.0
    public static let defaultDistance = 20.0

    public let edge: Edge
    /// Pixels from the monitor's edge within which the first touch must land.
    public var margin = EdgeRecognizer.defaultMargin
    /// Pixels it must move away from the edge before it begins.
    public var beginDistance = EdgeRecognizer.defaultDistance
    /// Pixels away from the edge to the commit point (`Progress`).
    public var commitDistance = Progress.defaultScreenDistance

    public init(name: String, edge: Edge, fingers: ClosedRange<Int> = 1...1) {
        self.edge = edge
        super.init(
            name: name, type: "edge", source: .touchscreen, fingers: fingers, touchpadKind: nil)
    }

    /// How far `p` is from the edge of its monitor.
    func distanceFromEdge(_ p: Point, on m: Screen.Rect) -> Double {
        switch edge {
        case .left: return p.x - m.x
        case .right: return m.x + m.width - 1 - p.x
        case .top: return p.y - m.y
        case .bottom: return m.y + m.height - 1 - p.y
        }
    }

    public override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if currentState == .possible && event.metrics.maxFingers == touches.count,
            let first = touches.first
        {
            let d = distanceFromEdge(first.location, on: event.screen.monitor(at: first.location))
            if d > margin || d < 0 {
                fail("began \(d.rounded()) px from the \(edge.rawValue) edge > \(margin) px")
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    public override func verdict(_ event: InputFrame) -> Verdict {
        let t = event.metrics.translation
        let away: Double
        switch edge {
        case .left: away = t.x
        case .right: away = -t.x
        case .top: away = t.y
        case .bottom: away = -t.y
        }
        if away < -beginDistance / 2 { return .fail("moved towards the \(edge.rawValue) edge") }
        return away >= beginDistance ? .begin : .wait
    }

    public override var reportedDirection: String? { edge.rawValue }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        super.report(into: &values, event: event)
        values.translation = event.metrics.translation
        values.velocity = event.metrics.velocity
        values.location = event.location
        // Began, changed, ended or cancelled: a failed gesture reports nothing.
        guard currentState != .possible else { return }
        values.heading = heading
        values.progress = Progress.along(
            event.metrics.translation, heading, distance: commitDistance)
    }

    /// Away from its edge.
    var heading: Direction { edge.inward }
}
