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
        var v = [Double](repeating: 0, count: 2 * n)
        guard v.withUnsafeMutableBufferPointer({ Geometry.resample(points, count: n, into: $0) }) else { return nil }
        var turns = [Double](repeating: 0, count: n)
        for i in 1..<(n - 1) {
            let ax = v[2 * i] - v[2 * i - 2], ay = v[2 * i + 1] - v[2 * i - 1]
            let bx = v[2 * i + 2] - v[2 * i], by = v[2 * i + 3] - v[2 * i + 1]
            turns[i] = Angle.atan2(ax * by - ay * bx, ax * bx + ay * by)
        }
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
        var v = [Double](repeating: 0, count: 2 * n)
        guard v.withUnsafeMutableBufferPointer({ Geometry.resample(points, count: n, into: $0) }) else { return nil }
        var (minX, minY, maxX, maxY) = (v[0], v[1], v[0], v[1])
        for i in 0..<n {
            minX = min(minX, v[2 * i]); maxX = max(maxX, v[2 * i]); minY = min(minY, v[2 * i + 1]); maxY = max(maxY, v[2 * i + 1])
        }
        let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
        let dx = v[2 * n - 2] - v[0], dy = v[2 * n - 1] - v[1]
        return diagonal > 0 ? (dx * dx + dy * dy).squareRoot() / diagonal : nil
    }

    /// What a shape's templates say of it, for the checks that rule a shape out before scores are
    /// compared (`StrokeBook.ruledOut`).
    public struct ShapeFacts: Equatable, Sendable {
        /// Shapes every template of which ends where it began (`endGap` under 0.05).
        public var closed: Set<String> = []
        /// Shapes no template of which turns in its middle (`middleTurn` under 45°).
        public var withoutMiddleTurn: Set<String> = []

        init(_ templates: [StrokeTemplate], count n: Int) {
            var open = Set<String>(), turning = Set<String>(), all = Set<String>()
            for t in templates {
                guard let gap = StrokeMatcher.endGap(t.points, count: n), let turn = StrokeMatcher.middleTurn(t.points) else { continue }
                all.insert(t.name)
                if gap >= 0.05 { open.insert(t.name) }
                if turn >= 45 { turning.insert(t.name) }
            }
            closed = all.subtracting(open)
            withoutMiddleTurn = all.subtracting(turning)
        }
    }
}
