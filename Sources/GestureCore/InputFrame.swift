/// What a recognizer is told with each callback: the time, the touches of its arena that are
/// down, the arena's metrics, and the touchpad gesture in progress. The engine owns one per
/// arena and updates it in place.
public final class InputFrame {
    public enum TouchpadKind: String, Sendable, BitwiseCopyable { case swipe, pinch }

    public let source: InputSource
    public internal(set) var time = 0.0
    /// Every touch of the arena that is down (for the pointer: the held buttons).
    public internal(set) var touches: Touches
    public internal(set) var metrics = FrameMetrics()
    /// The touchpad gesture of this sequence.
    public internal(set) var touchpadKind: TouchpadKind?
    /// A touchpad gesture that ended because its finger count changed.
    public internal(set) var cancelled = false
    /// WM_CLASS of the window under the sequence's first event.
    public internal(set) var app: String?
    /// The device of the sequence's first event.
    public internal(set) var device: String?
    public internal(set) var screen: Screen

    /// Where the gesture is on screen: the centroid of the touches; nil on a touchpad, which
    /// reports no position.
    public var location: Point? { source == .touchpad ? nil : metrics.centroid }

    init(source: InputSource, table: TouchTable, screen: Screen) {
        self.source = source
        self.touches = table.touches(0)
        self.screen = screen
    }
}

/// The screen and its monitors, for gestures that start at an edge.
public struct Screen: Equatable, Sendable {
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        public func contains(_ p: Point) -> Bool {
            p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
        }
    }

    public var width: Double
    public var height: Double
    /// Monitor rectangles; one covering the screen when none were given.
    public var monitors: [Rect]

    public init(width: Double = 1920, height: Double = 1080, monitors: [Rect] = []) {
        self.width = width
        self.height = height
        self.monitors =
            monitors.isEmpty ? [Rect(x: 0, y: 0, width: width, height: height)] : monitors
    }

    /// The monitor a point is on, or the whole screen when it is on none.
    public func monitor(at p: Point) -> Rect {
        monitors.first { $0.contains(p) } ?? Rect(x: 0, y: 0, width: width, height: height)
    }
}
