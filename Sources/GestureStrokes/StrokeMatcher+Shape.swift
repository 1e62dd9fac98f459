import GestureCore

extension StrokeMatcher {
    /// Points a stroke is resampled to for `middleTurn`: a brace's point in the middle is a few
    /// percent of its length, two or three points at this count.
    public static let middleTurnCount = 64

    /// The sharpest turn in the middle of a stroke, in degrees (`StrokeShape.middleTurn`, at
    /// `middleTurnCount` points): about 180 where a brace's point turns back, 0 along a bracket's
    /// back. Nil for a degenerate stroke.
    public static func middleTurn(_ points: [Point]) -> Double? {
        StrokeShape(points, count: middleTurnCount)?.middleTurn
    }

    /// How far a stroke ends from where it began, over the diagonal of its bounding box
    /// (`StrokeShape.endGap`): under 0.05 for a closed shape drawn as its template, 0.3 and more
    /// for every open one people drew (docs/strokes.md §4). Nil for a degenerate stroke.
    public static func endGap(_ points: [Point], count n: Int) -> Double? {
        StrokeShape(points, count: n)?.endGap
    }

    /// How much longer a stroke's path is than the straight line between its ends
    /// (`StrokeShape.pathOverChord`): 1 for a line, 1.06 and more for every check people drew.
    /// Nil for a degenerate stroke or one that ends where it began.
    public static func pathOverChord(_ points: [Point], count n: Int) -> Double? {
        StrokeShape(points, count: n)?.pathOverChord
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
        /// The corners of shapes all of whose templates have the same number of them
        /// (`StrokeShape.cornerCount` at the matcher's count): a triangle 2, a rectangle 3, an L 1,
        /// a circle none. Shapes whose templates differ (a brace drawn with or without its curls)
        /// are left out, and so are the straight ones: a line is told from a bent shape by how
        /// straight it is, and a slight hook where the pen lands is a corner.
        public var corners: [String: Int] = [:]
        /// The shapes of `corners` with none: a circle, a question mark.
        public var cornerless: Set<String> = []

        init(_ templates: [StrokeTemplate], count n: Int) {
            var open = Set<String>()
            var turning = Set<String>()
            var straight = Set<String>()
            var all = Set<String>()
            var cornerCounts: [String: Set<Int>] = [:]
            for t in templates {
                guard let shape = StrokeShape(t.points, count: n), let gap = shape.endGap,
                    let middle = StrokeShape(t.points, count: StrokeMatcher.middleTurnCount)
                else { continue }
                all.insert(t.name)
                cornerCounts[t.name, default: []].insert(shape.cornerCount)
                if gap >= 0.05 { open.insert(t.name) }
                if middle.middleTurn > 100 { turning.insert(t.name) }
                if let ratio = shape.pathOverChord, ratio <= 1.01 { straight.insert(t.name) }
            }
            bent = all.subtracting(straight)
            closed = all.subtracting(open)
            neverTurningBack = all.subtracting(turning)
            for (name, counts) in cornerCounts where counts.count == 1 && bent.contains(name) {
                corners[name] = counts.first!
            }
            cornerless = Set(corners.filter { $0.value == 0 }.keys)
        }
    }
}
