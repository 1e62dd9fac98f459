/// What the stroke bindings of one source can match, shared by their recognizers. Every stroke
/// recognizer asks it for the reading of the same stroke; it computes that once per stroke, so
/// that the best-scoring binding wins, never the first in the file.
///
/// A stroke is matched against every template known, bound or not: a rectangle drawn where
/// only `circle` is bound reads as the rectangle it is, and fires nothing. It reads as a bound
/// shape only when that shape is the best and the `Decision` is sure of it.
public final class StrokeBook {
    /// When the best shape is sure enough to fire. Measured on generated strokes (tuning seed
    /// only; docs/strokes.md): a clear winner may score low (a star drawn fast), a close call
    /// must score high (a rounded rectangle against the circle).
    public struct Decision: Equatable, Sendable {
        /// Lowest score that can fire at all (0...1).
        public var minimumScore = 0.5
        /// Per shape, a higher lowest score: the score that shape's own drawings reach. A scribble or
        /// a zigzag across text that reads as a shape reads as it less well than drawings of it do,
        /// but how well those do differs by shape (a star drawn fast scores 0.5, a bracket rarely
        /// below 0.85). The built-in shapes' are the 0.5th percentile of the scores of their
        /// generated strokes read right (seed 2, `gestured-bench strokes sweep --floors`, rounded
        /// down; docs/strokes.md §5a); a shape not listed has `minimumScore`.
        public var shapeMinimumScores: [String: Double] = [
            "arrow": 0.71, "caret": 0.83, "check": 0.87, "circle": 0.84, "delete": 0.82, "left-brace": 0.84,
            "left-bracket": 0.86, "pigtail": 0.79, "question-mark": 0.87, "rectangle": 0.82, "right-brace": 0.83,
            "right-bracket": 0.87, "star": 0.47, "triangle": 0.80, "v": 0.85, "x": 0.79,
        ]
        /// Lead over the best template of another name that is always needed.
        public var margin = 0.01
        /// Score plus lead needed: the lower the score, the larger the lead must be.
        public var confidence = 0.8
        /// How far past the most ink any template of the best shape has (path length over
        /// bounding-box diagonal, `StrokeMatcher.inkRatio`) a stroke may go, meant to stop scribbles
        /// and zigzags across text. Off: on the tuning seed the ones that fire carry no more ink
        /// than the shape they resemble, and it stops almost none before it rejects shapes
        /// (docs/strokes.md §5a).
        public var inkAllowance = Double.infinity
        /// Shapes with no corners, and the most of a stroke's turning its 4 sharpest turns may
        /// carry for it to read as one of them (`StrokeMatcher.cornerShare`; drawn circles
        /// stay below 0.39 in 98 %, rectangles read near `circle` above 0.41 in 90 %, tuning seed).
        public var roundShapes: Set<String> = ["circle"]
        public var cornerShareLimit = 0.45
        /// Shapes drawn turning one way only (a pentagram turns the same way at every point), and
        /// the least share of a stroke's turning that must go one way for it to read as one of them
        /// (`StrokeMatcher.Turning.oneWay`): a scrawl that happens to look like a star turns back
        /// and forth. Chosen on the tuning seed (`gestured-bench strokes sweep --star`).
        public var oneWayShapes: Set<String> = ["star"]
        public var minimumOneWay = 0.5

        public init() {}

        /// The lowest score with which `name` can fire.
        public func minimumScore(for name: String) -> Double {
            max(minimumScore, shapeMinimumScores[name] ?? 0)
        }
    }

    public enum Reading: Equatable {
        case shape(String, score: Double)
        case directions(String)
        /// Below the minimum score (the best shape's own, `Decision.minimumScore(for:)`), or no
        /// template at all.
        case nothing(best: StrokeMatch?)
        /// The best shape is one that no binding names.
        case unbound(StrokeMatch)
        /// The best shape does not lead the next by the margin.
        case unsure(StrokeMatch, runnerUp: StrokeMatch)
    }

    public let matcher: StrokeMatcher
    public let decision: Decision
    let shapes: Set<String>
    let sequences: [DirectionSequence]
    private var cachedAt: (time: Double, count: Int)?
    private var cached = Reading.nothing(best: nil)

    /// `templates`: every template known (built-in and loaded); only the `shapes` named fire.
    public convenience init(templates: [StrokeTemplate], shapes: Set<String>, sequences: [DirectionSequence],
                decision: Decision = Decision()) {
        self.init(matcher: StrokeMatcher(templates: shapes.isEmpty ? [] : templates, threshold: decision.minimumScore),
                  shapes: shapes, sequences: sequences, decision: decision)
    }

    /// A book over a matcher already made (its templates normalised once, shared by many books).
    public init(matcher: StrokeMatcher, shapes: Set<String>, sequences: [DirectionSequence],
                decision: Decision = Decision()) {
        self.matcher = matcher
        self.decision = decision
        self.shapes = shapes
        self.sequences = sequences
    }

    /// The reading of a finished stroke: a direction sequence bound exactly, else the best
    /// shape if it is bound and the decision is sure of it, else why not.
    public func read(_ points: [Point], at time: Double) -> Reading {
        if let at = cachedAt, at.time == time, at.count == points.count { return cached }
        cachedAt = (time, points.count)
        if let s = sequences.first(where: { $0.matches(points) }) {
            cached = .directions(s.description)
        } else {
            var two = matcher.bestTwo(points)
            if let best = two?.best.name, decision.roundShapes.contains(best),
               let share = StrokeMatcher.cornerShare(points, count: matcher.options.resampleCount),
               share > decision.cornerShareLimit {
                two = matcher.bestTwo(points, among: matcher.templateNames.subtracting(decision.roundShapes))
            }
            cached = Self.decide(two, shapes: shapes, decision: decision, excessInk: two.map { excessInk(points, over: $0.best.name) } ?? 1,
                                 oneWay: two.map { oneWay(points, for: $0.best.name) } ?? 1)
        }
        return cached
    }

    /// The stroke's ink ratio over the largest of the templates named `name` (1 when unknown).
    public func excessInk(_ points: [Point], over name: String) -> Double {
        guard decision.inkAllowance.isFinite, let ink = matcher.inkRatio(points),
              let most = matcher.maximumInkRatio(of: name), most > 0 else { return 1 }
        return ink / most
    }

    /// How much of the stroke's turning goes one way, if `name` must turn one way (1 otherwise).
    public func oneWay(_ points: [Point], for name: String) -> Double {
        guard decision.minimumOneWay > 0, decision.oneWayShapes.contains(name) else { return 1 }
        return StrokeMatcher.turning(points, count: matcher.options.resampleCount)?.oneWay ?? 1
    }

    /// Which check of the decision refused a stroke that reads as `.nothing(best)`.
    public enum Refusal: Equatable, Sendable {
        /// Below the shape's own minimum score.
        case score(minimum: Double)
        /// A shape drawn turning one way (`Decision.oneWayShapes`) that turns back and forth.
        case turning(oneWay: Double, minimum: Double)
        /// More ink than any template of the shape (`Decision.inkAllowance`).
        case ink(ratio: Double, allowance: Double)
    }

    /// The check that `best`, the best reading of `points`, failed, with what it was held to;
    /// asked only when a stroke fires nothing, to say why.
    public func refusal(of best: StrokeMatch, _ points: [Point]) -> Refusal {
        let minimum = decision.minimumScore(for: best.name)
        if best.score < minimum { return .score(minimum: minimum) }
        let oneWay = oneWay(points, for: best.name)
        if oneWay < decision.minimumOneWay { return .turning(oneWay: oneWay, minimum: decision.minimumOneWay) }
        return .ink(ratio: excessInk(points, over: best.name), allowance: decision.inkAllowance)
    }

    /// The decision on the best two readings, apart so that evaluations can sweep its parameters.
    /// `excessInk`: the stroke's ink ratio over the most of the best shape's templates; `oneWay`: the
    /// share of its turning that goes one way (`oneWay(_:for:)`).
    public static func decide(_ two: (best: StrokeMatch, runnerUp: StrokeMatch?)?, shapes: Set<String>,
                              decision: Decision, excessInk: Double = 1, oneWay: Double = 1) -> Reading {
        guard let (best, runnerUp) = two, best.score >= decision.minimumScore(for: best.name),
              excessInk <= decision.inkAllowance,
              oneWay >= decision.minimumOneWay || !decision.oneWayShapes.contains(best.name) else { return .nothing(best: two?.best) }
        guard shapes.contains(best.name) else { return .unbound(best) }
        if let runnerUp {
            let lead = best.score - runnerUp.score
            if lead < decision.margin || best.score + lead < decision.confidence { return .unsure(best, runnerUp: runnerUp) }
        }
        return .shape(best.name, score: best.score)
    }
}
