extension StrokeMatcher {
    /// Points a stroke is resampled to for `middleTurn`: a brace's point in the middle is a few
    /// percent of its length, two or three points at this count.
    public static let middleTurnCount = 64

    /// The sharpest turn in the middle of a stroke, in degrees: of the turns at its middle 30 %
    /// (resampled to `middleTurnCount` points), the largest that five neighbouring points make
    /// together. About 180 where a brace's point turns back, 0 along a bracket's back. Nil for a
    /// degenerate stroke.
    public static func middleTurn(_ points: [Point]) -> Double? {
        let n = middleTurnCount
        guard let v = Geometry.resampled(points, count: n) else { return nil }
        let turns = Geometry.turns(v, count: n)
        var sharpest = 0.0
        for i in (n * 35 / 100)..<(n * 65 / 100) {
            sharpest = max(sharpest, abs(turns[max(0, i - 2)...min(n - 1, i + 2)].reduce(0, +)))
        }
        return sharpest * 180 / Angle.pi
    }

    /// How far a stroke ends from where it began, over the diagonal of its bounding box (resampled
    /// to `count` points): under 0.05 for a closed shape drawn as its template, 0.3 and more for
    /// every open one people drew (docs/strokes.md §5b). Nil for a degenerate stroke.
    public static func endGap(_ points: [Point], count n: Int) -> Double? {
        guard let v = Geometry.resampled(points, count: n) else { return nil }
        var (minX, minY, maxX, maxY) = (v[0], v[1], v[0], v[1])
        for i in 0..<n {
            minX = min(minX, v[2 * i]); maxX = max(maxX, v[2 * i]); minY = min(minY, v[2 * i + 1]); maxY = max(maxY, v[2 * i + 1])
        }
        let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
        let dx = v[2 * n - 2] - v[0], dy = v[2 * n - 1] - v[1]
        return diagonal > 0 ? (dx * dx + dy * dy).squareRoot() / diagonal : nil
    }

    /// How much longer a stroke's path is than the straight line between its ends (resampled to
    /// `count` points): 1 for a line, 1.06 and more for every check people drew, 1.5 and more for
    /// their other shapes. Nil for a degenerate stroke or one that ends where it began.
    public static func pathOverChord(_ points: [Point], count n: Int) -> Double? {
        guard let v = Geometry.resampled(points, count: n) else { return nil }
        var length = 0.0
        for i in 1..<n {
            let dx = v[2 * i] - v[2 * i - 2], dy = v[2 * i + 1] - v[2 * i - 1]
            length += (dx * dx + dy * dy).squareRoot()
        }
        let dx = v[2 * n - 2] - v[0], dy = v[2 * n - 1] - v[1]
        let chord = (dx * dx + dy * dy).squareRoot()
        return chord > 0 ? length / chord : nil
    }

    /// What a shape's templates say of it, for the checks that rule a shape out before scores are
    /// compared (`StrokeBook.ruledOut`).
    public struct ShapeFacts: Equatable, Sendable {
        /// Shapes every template of which ends where it began (`endGap` under 0.05).
        public var closed: Set<String> = []
        /// Shapes no template of which turns back in its middle: none turns there more than a
        /// right angle and a little (`middleTurn` at most 100°).
        public var neverTurningBack: Set<String> = []

        /// Shapes no template of which is straight (`pathOverChord` over 1.01): all but the lines.
        public var bent: Set<String> = []

        init(_ templates: [StrokeTemplate], count n: Int) {
            var open = Set<String>(), turning = Set<String>(), straight = Set<String>(), all = Set<String>()
            for t in templates {
                guard let gap = StrokeMatcher.endGap(t.points, count: n), let turn = StrokeMatcher.middleTurn(t.points) else { continue }
                all.insert(t.name)
                if gap >= 0.05 { open.insert(t.name) }
                if turn > 100 { turning.insert(t.name) }
                if let ratio = StrokeMatcher.pathOverChord(t.points, count: n), ratio <= 1.01 { straight.insert(t.name) }
            }
            bent = all.subtracting(straight)
            closed = all.subtracting(open)
            neverTurningBack = all.subtracting(turning)
        }
    }
}
