extension StrokeMatcher {
    /// How a stroke turns, on the stroke resampled to `count` points (tremor smoothed away).
    public struct Turning: Equatable, Sendable {
        /// All the turning but at the ends, in whole turns (a pentagram: its four or five points of
        /// 0.4 turn each, 1.6 to 2).
        public var total: Double
        /// How much of the turning goes one way: |signed sum| / total (1 for a pentagram or a
        /// circle, near 0 for a scrawl that turns back and forth).
        public var oneWay: Double
        /// Sharp corners: places where the turning over 3 neighbouring points passes 90°, by the
        /// index of their resampled point.
        public var corners: [Int]
    }

    /// Resampled points at each end whose turning `Turning.oneWay` and `total` leave out.
    public static let endsLeftOut = 2

    /// The turning of `points` resampled to `count` points; nil for a degenerate stroke.
    public static func turning(_ points: [Point], count n: Int) -> Turning? {
        guard n >= 3, let v = Geometry.resampled(points, count: n) else { return nil }
        let turns = Geometry.turns(v, count: n)
        // The last few points at either end are left out of the share: a hook where the pen lands
        // or lifts turns back, in a star drawn well as in anything else.
        let inner = turns[min(endsLeftOut + 1, n / 2)..<max(n - 1 - endsLeftOut, n / 2)]
        let total = inner.reduce(0) { $0 + abs($1) }
        guard total > 0 else { return Turning(total: 0, oneWay: 1, corners: []) }
        let signed = inner.reduce(0, +)
        // A corner: a local largest turning over a window of 3, above a right angle.
        let window = (0..<n).map { i in abs((i > 0 ? turns[i - 1] : 0) + turns[i] + (i < n - 1 ? turns[i + 1] : 0)) }
        var corners: [Int] = [], i = 1
        while i < n - 1 {
            if window[i] > .pi / 2 && window[i] >= window[i - 1] && window[i] >= window[i + 1] {
                corners.append(i)
                i += 3
            } else {
                i += 1
            }
        }
        return Turning(total: total / (2 * .pi), oneWay: abs(signed) / total, corners: corners)
    }
}
