import GestureCore

/// What the stroke bindings of one source can match, shared by their recognizers. Every stroke
/// recognizer asks it for the reading of the same stroke; it computes that once per stroke, so
/// that the best-scoring binding wins, never the first in the file.
///
/// A stroke is matched against every template known, bound or not: a rectangle drawn where
/// only `circle` is bound reads as the rectangle it is, and fires nothing. It reads as a bound
/// shape only when that shape is the best and the `Decision` is sure of it.
public final class StrokeBook {
    /// Which shapes a stroke cannot be, and when the best of the others is sure enough to fire.
    /// The minimum score, the distance ratio and whether corners settle and from what score are
    /// swept leave-one-person-out on strokes of six real people (docs/strokes.md §6,
    /// `gestured-bench strokes sweep`): for each person, the values that fire most for the other
    /// five (another shape at most 0.5 %, generated non-shapes at most 1 %); the corners' score is
    /// the one that keeps the report seed's non-shapes under 1 % too. No shape has a lowest score of its
    /// own: those learned from generated drawings refused a quarter of what people drew.
    public struct Decision: Equatable, Sendable {
        /// Lowest score that can fire at all (0...1), the same for every shape.
        public var minimumScore = 0.65
        /// How sure the best shape must be of the best one of another name: its distance from a
        /// perfect score (1 - score) at most this share of the other's.
        public var distanceRatio = 0.7
        /// Shapes with no corners, and the most of a stroke's turning its 4 sharpest turns may
        /// carry for it to be one of them (`StrokeMatcher.cornerShare`; drawn circles stay below
        /// 0.39 in 98 %, rectangles read near `circle` above 0.41 in 90 %, generated strokes).
        public var roundShapes: Set<String> = ["circle"]
        public var cornerShareLimit = 0.45
        /// Shapes drawn turning one way only (a pentagram turns the same way at every point), and
        /// the least share of a stroke's turning that must go one way for it to be one of them
        /// (`StrokeMatcher.Turning.oneWay`): a scrawl that happens to look like a star turns back
        /// and forth.
        public var oneWayShapes: Set<String> = ["star"]
        public var minimumOneWay = 0.5
        /// A stroke whose middle turns back more than this (`StrokeMatcher.middleTurn`, degrees) is
        /// none of the shapes whose templates never turn back there: a brace's point is no bracket
        /// and no L. Halfway between a right angle and turning straight back.
        public var middleTurnBack = 135.0
        /// A stroke that ends farther than this from where it began (`StrokeMatcher.endGap`, over
        /// its diagonal) is none of the closed shapes: an x is no triangle. People's closed shapes
        /// stayed under 0.21, their open ones over 0.33.
        public var openGap = 0.3
        /// A stroke whose path is at most this much longer than the line between its ends
        /// (`StrokeMatcher.pathOverChord`) is straight, and none of the shapes that bend: a drag
        /// or a rubber band drawn at a slant is no check. Dragged lines stayed under 1.03, every
        /// check people drew was over 1.05.
        public var straightness = 1.04
        /// A stroke with more corners than this (`StrokeShape.cornerCount`) is none of the shapes
        /// whose templates have none (`StrokeMatcher.ShapeFacts.cornerless`): a zigzag across
        /// lines of text is no question mark. One corner is let pass, where a round shape drawn
        /// fast bends sharply once.
        public var cornerlessMostCorners = 1
        /// Whether corners settle a close call between two shapes that have a number of them each
        /// (`StrokeMatcher.ShapeFacts.corners`): the best fires, not unsure, when the stroke has
        /// as many corners as it and not as many as the runner-up: a triangle's 2 are no
        /// rectangle's 3, a bracket's 2 no L's 1.
        public var cornersSettle = true
        /// The lowest score from which a shape fires when corners confirm it (the stroke has its
        /// corners; the runner-up has another count or none of its own) and it is sure by the
        /// ratio, or when corners settle a close call: such a stroke has shown the shape's
        /// structure besides its outline: people's stars ahead of the arrow, and their x's far
        /// ahead of a brace, score under the minimum.
        public var cornersMinimumScore = 0.55
        /// The evidence model that decides among the shapes it was taught (`StrokeEvidence`), when
        /// the matcher knows every name it reads and the best shape is one of its classes; nil:
        /// the rules above decide every stroke.
        public var evidence: StrokeEvidence? = LearnedStrokes.evidence
        /// The least probability the evidence model must give the shape it reads for it to fire:
        /// more likely than everything else together.
        public var minimumEvidence = 0.5
        /// The least score against its own templates the shape the evidence model reads must have
        /// to fire: a scribble whose geometry happens to look like something is not near its outline.
        public var minimumScoreWithEvidence = 0.6

        public init() {}
    }

    public enum Reading: Equatable {
        case shape(String, score: Double)
        case directions(String)
        /// Below the minimum score that applied (`minimum`: the decision's, or the lower one its
        /// corners allow), or no template left at all.
        case nothing(best: StrokeMatch?, minimum: Double)
        /// The best shape is one that no binding names.
        case unbound(StrokeMatch)
        /// The best shape is not far enough ahead of the best of another name (`Decision.distanceRatio`).
        case unsure(StrokeMatch, runnerUp: StrokeMatch)
        /// The evidence model is not sure enough (`Decision.minimumEvidence`) of the shape it reads
        /// (`shape`; nil: no shape at all), `best` being the best template's.
        case doubtful(StrokeMatch, shape: String?, evidence: Double, minimum: Double)
    }

    public let matcher: StrokeMatcher
    public let decision: Decision
    let shapes: Set<String>
    let sequences: [DirectionSequence]
    /// Where the evidence model's classes and names are among the matcher's names; nil when there
    /// is no model or the matcher lacks a name it reads.
    private let evidenceIndex: EvidenceIndex?
    /// Per name the matcher scores: its class in the evidence model (nil: not one of its classes)
    /// and whether the model reads its score; per name the model reads, where its score is.
    private typealias EvidenceIndex = (classOf: [Int?], read: [Bool], feature: [Int])
    private var cachedAt: (time: Double, count: Int)?
    private var cached = Reading.nothing(best: nil, minimum: 1)

    /// `templates`: every template known (built-in and loaded); only the `shapes` named fire.
    public convenience init(
        templates: [StrokeTemplate], shapes: Set<String>, sequences: [DirectionSequence],
        decision: Decision = Decision()
    ) {
        self.init(
            matcher: StrokeMatcher(
                templates: shapes.isEmpty ? [] : templates, threshold: decision.minimumScore),
            shapes: shapes, sequences: sequences, decision: decision)
    }

    /// A book over a matcher already made (its templates normalised once, shared by many books).
    public init(
        matcher: StrokeMatcher, shapes: Set<String>, sequences: [DirectionSequence],
        decision: Decision = Decision()
    ) {
        self.matcher = matcher
        self.decision = decision
        self.shapes = shapes
        self.sequences = sequences
        evidenceIndex = decision.evidence.flatMap { model in
            let scored = matcher.scoredNames
            let position = Dictionary(
                scored.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a }
            )
            let feature = model.names.compactMap { position[$0] }
            guard feature.count == model.names.count else { return nil }
            return (
                scored.map { model.classes.firstIndex(of: $0) }, scored.map(model.names.contains),
                feature
            )
        }
    }

    /// The reading of a finished stroke: a direction sequence bound exactly, else the best
    /// shape if it is bound and the decision is sure of it, else why not.
    public func read(_ points: [Point], at time: Double) -> Reading {
        if let at = cachedAt, at.time == time, at.count == points.count { return cached }
        cachedAt = (time, points.count)
        if let s = sequences.first(where: { $0.matches(points) }) {
            cached = .directions(s.description)
        } else {
            let points = Retrace.firstTimeRound(points)
            let shape = StrokeShape(points, count: matcher.options.resampleCount)
            let middle = StrokeShape(points, count: StrokeMatcher.middleTurnCount)?.middleTurn
            let out = ruledOut(shape, middleTurn: middle)
            if let index = evidenceIndex, let shape, let model = decision.evidence,
                let scores = model.scores(points, matcher: matcher),
                let reading = weigh(
                    shape, middleTurn: middle ?? 0, scores, ruledOut: out, model: model,
                    index: index)
            {
                cached = reading
            } else {
                let two = matcher.bestTwo(
                    points, among: out.isEmpty ? nil : matcher.templateNames.subtracting(out))
                cached = Self.decide(
                    two, shapes: shapes, decision: decision,
                    corners: shape.map { ($0.cornerCount, matcher.facts.corners) })
            }
        }
        return cached
    }

    /// The evidence model's reading, or nil where the rules decide: the best shape not ruled out
    /// is one the model does not read (a user's template), or one it reads but was not taught (a
    /// line, an L) and the model is not sure of a shape it was taught.
    private func weigh(
        _ shape: StrokeShape, middleTurn: Double, _ scores: [Double], ruledOut: Set<String>,
        model: StrokeEvidence, index: EvidenceIndex
    ) -> Reading? {
        let names = matcher.scoredNames
        var best: Int?
        var other: Int?
        for i in names.indices where !ruledOut.contains(names[i]) {
            if best == nil || scores[i] > scores[best!] { best = i }
            if !index.read[i], other == nil || scores[i] > scores[other!] { other = i }
        }
        guard let best, index.read[best] else { return nil }
        let bestMatch = StrokeMatch(name: names[best], score: scores[best])
        // A shape of the user's close behind is weighed as the rules weigh it: the model knows nothing of it.
        if let other, 1 - scores[best] > decision.distanceRatio * (1 - scores[other]) {
            return .unsure(
                bestMatch, runnerUp: StrokeMatch(name: names[other], score: scores[other]))
        }
        let p = model.probabilities(
            StrokeEvidence.features(
                scores: scores, index: index.feature, shape: shape, middleTurn: middleTurn))
        var read = 0
        for c in p.indices where !ruledOut.contains(model.classes[c]) && p[c] > p[read] { read = c }
        let name = model.classes[read]
        let score = names.firstIndex(of: name).map { scores[$0] } ?? 0
        let sure =
            name != StrokeEvidence.noShape && p[read] >= decision.minimumEvidence
            && !ruledOut.contains(name)
            && score >= decision.minimumScoreWithEvidence
        // Not sure enough, but of the shape the templates score best: the rules decide, as they
        // would with no model (a rectangle with its corners cut); the model only refuses what it
        // reads as another shape or as none.
        // A line or an L scoring best (a name the model reads but was not taught): the model's shape
        // only where the line or L is not clearly ahead of it by the ratio (a narrow brace whose
        // best template is a line down), else the rules decide (an L drawn as one).
        let lineAhead = 1 - scores[best] <= decision.distanceRatio * (1 - score)
        guard index.classOf[best] != nil || sure && !lineAhead, sure || name != names[best] else {
            return nil
        }
        guard sure else {
            return .doubtful(
                bestMatch,
                shape: name == StrokeEvidence.noShape || ruledOut.contains(name) ? nil : name,
                evidence: p[read], minimum: decision.minimumEvidence)
        }
        let match = StrokeMatch(name: name, score: score)
        return shapes.contains(name) ? .shape(name, score: match.score) : .unbound(match)
    }

    /// The shapes `points` cannot be, whatever they score: the round ones when its turning is in
    /// a few sharp turns, those with no corner when it has two or more, the one-way ones when it turns back and forth, those never turning back in the
    /// middle when its middle turns back, the closed ones when it ends far from where it began, all
    /// but the lines when it is straight.
    public func ruledOut(_ points: [Point]) -> Set<String> {
        ruledOut(
            StrokeShape(points, count: matcher.options.resampleCount),
            middleTurn: StrokeShape(points, count: StrokeMatcher.middleTurnCount)?.middleTurn)
    }

    private func ruledOut(_ shape: StrokeShape?, middleTurn: Double?) -> Set<String> {
        let d = decision
        let facts = matcher.facts
        var out = Set<String>()
        guard let shape else { return out }
        if !d.roundShapes.isEmpty, shape.cornerShare > d.cornerShareLimit {
            out.formUnion(d.roundShapes)
        }
        if !d.oneWayShapes.isEmpty, shape.turning.oneWay < d.minimumOneWay {
            out.formUnion(d.oneWayShapes)
        }
        if !facts.neverTurningBack.isEmpty, let turn = middleTurn, turn > d.middleTurnBack {
            out.formUnion(facts.neverTurningBack)
        }
        if !facts.closed.isEmpty, let gap = shape.endGap, gap > d.openGap {
            out.formUnion(facts.closed)
        }
        if !facts.bent.isEmpty, let ratio = shape.pathOverChord, ratio <= d.straightness {
            out.formUnion(facts.bent)
        }
        if !facts.cornerless.isEmpty, shape.cornerCount > d.cornerlessMostCorners {
            out.formUnion(facts.cornerless)
        }
        return out
    }

    /// The decision on the best two readings of the shapes not ruled out, apart so that
    /// evaluations can sweep its parameters. `corners`: the stroke's corners and those of the
    /// shapes that have a number of them (`Decision.cornersSettle`).
    public static func decide(
        _ two: (best: StrokeMatch, runnerUp: StrokeMatch?)?, shapes: Set<String>,
        decision: Decision, corners: (stroke: Int, shapes: [String: Int])? = nil
    ) -> Reading {
        guard let (best, runnerUp) = two else {
            return .nothing(best: nil, minimum: decision.minimumScore)
        }
        let sure =
            runnerUp.map { 1 - best.score <= decision.distanceRatio * (1 - $0.score) } ?? true
        // Corners confirm the best shape when the stroke has its count and the runner-up has
        // another count or none of its own; they settle a close call only against another count.
        var confirmed = false
        var settled = false
        if decision.cornersSettle, let corners, let mine = corners.shapes[best.name],
            corners.stroke == mine
        {
            let theirs = runnerUp.flatMap { corners.shapes[$0.name] }
            confirmed = theirs != mine
            settled = theirs.map { $0 != mine } ?? false
        }
        let minimum =
            sure && confirmed || settled
            ? min(decision.minimumScore, decision.cornersMinimumScore) : decision.minimumScore
        guard best.score >= minimum else { return .nothing(best: best, minimum: minimum) }
        guard shapes.contains(best.name) else { return .unbound(best) }
        if let runnerUp, !sure && !settled { return .unsure(best, runnerUp: runnerUp) }
        return .shape(best.name, score: best.score)
    }
}
