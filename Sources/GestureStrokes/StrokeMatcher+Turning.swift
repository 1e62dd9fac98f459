import GestureCore

extension StrokeMatcher {
    /// How a stroke turns, on the stroke resampled to `count` points (tremor smoothed away).
    public struct Turning: Equatable, Sendable {
        /// All the turning but at the ends, in whole turns (a pentagram: its four or five points of
        /// 0.4 turn each, 1.6 to 2).
        public var total: Double
        /// How much of the turning goes one way: |signed sum| / total (1 for a pentagram or a
        /// circle, near 0 for a scrawl that turns back and forth).
        public var oneWay: Double
    }

    /// Resampled points at each end whose turning `Turning.oneWay` and `total` leave out.
    public static let endsLeftOut = 2

    /// The turning of `points` resampled to `count` points; nil for a degenerate stroke.
    public static func turning(_ points: [Point], count n: Int) -> Turning? {
        StrokeShape(points, count: n)?.turning
    }
}
