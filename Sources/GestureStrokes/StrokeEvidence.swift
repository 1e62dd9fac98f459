import GestureCore
import RealModule

/// How sure a stroke is of each shape, learned across people: a multinomial logistic model over
/// the stroke's best score against each shape's templates (`names`) and measures of its geometry
/// (`StrokeEvidence.geometry`). Its classes are the shapes it was taught and `noShape`. Its
/// figures are computed from strokes of many people (`gestured-bench strokes learn`, held out per
/// set in `gestured-bench strokes`: docs/strokes.md §6); the engine only evaluates it.
///
/// The scores say which templates a stroke is near, the geometry what it is made of (a turn
/// back in the middle, corners, a closed end, straightness), and the model weighs them for
/// every shape at once, as people draw them: a brace with a small point stays a brace, a fast
/// check with a rounded hook stays a check.
public struct StrokeEvidence: Equatable, Sendable {
    /// The class of strokes that are no shape (a zig-zag, a scribble).
    public static let noShape = ""

    /// Template names whose best scores are the first features, in order.
    public var names: [String]
    /// The shapes it tells apart, and `noShape`.
    public var classes: [String]
    /// Per feature, what is taken off and what it is divided by before the weights apply.
    public var mean: [Double]
    public var scale: [Double]
    /// Per class, one weight per feature then its bias: `classes.count * (featureCount + 1)`.
    public let weights: [Double]
    /// Templates learned with the model (means of many people's strokes of a shape): a name's
    /// score is its best over these and the book's templates.
    public let templates: [StrokeTemplate]
    /// The matcher over `templates`.
    let matcher: StrokeMatcher

    public init(
        names: [String], classes: [String], mean: [Double], scale: [Double], weights: [Double],
        templates: [StrokeTemplate] = []
    ) {
        precondition(
            mean.count == names.count + Self.geometryCount && scale.count == mean.count
                && weights.count == classes.count * (mean.count + 1),
            "an evidence model's sizes do not agree")
        self.names = names
        self.classes = classes
        self.mean = mean
        self.scale = scale
        self.weights = weights
        self.templates = templates
        matcher = StrokeMatcher(templates: templates)
    }

    public static func == (a: StrokeEvidence, b: StrokeEvidence) -> Bool {
        (a.names, a.classes, a.mean, a.scale, a.weights, a.templates) == (
            b.names, b.classes, b.mean, b.scale, b.weights, b.templates
        )
    }

    /// The best score of each of `matcher`'s names (`StrokeMatcher.scoredNames`), over its
    /// templates and the model's; nil for a degenerate stroke.
    public func scores(_ points: [Point], matcher: StrokeMatcher) -> [Double]? {
        guard var scores = matcher.nameScores(points) else { return nil }
        if let learned = self.matcher.nameScores(points) {
            for (i, name) in self.matcher.scoredNames.enumerated() {
                if let j = matcher.scoredNames.firstIndex(of: name) {
                    scores[j] = max(scores[j], learned[i])
                }
            }
        }
        return scores
    }

    public var featureCount: Int { names.count + Self.geometryCount }

    /// Measures of a stroke's geometry after the scores: the sharpest turn in its middle (over
    /// 180°), how far it ends from its start (over its diagonal), how much longer its path is than
    /// its chord (log, at most log 10), the share of its turning in its 4 sharpest turns, the share
    /// of its turning that goes one way, its turning in whole turns, its height over width (log),
    /// and its corners (over 3, and one flag each for none to four). Nothing says where it starts
    /// or which way round it goes: people start a shape anywhere, and the scores of the templates
    /// (drawn from every start) already say which ways are a shape's.
    public static let geometryCount = 13

    /// The geometry features of a stroke (`geometryCount` of them).
    public static func geometry(_ shape: StrokeShape, middleTurn: Double) -> [Double] {
        let corners = shape.cornerCount
        let turning = shape.turning
        var out: [Double] = [
            middleTurn / 180, shape.endGap ?? 0, Double.log(min(shape.pathOverChord ?? 10, 10)),
            shape.cornerShare,
            turning.oneWay, turning.total, shape.logAspect, Double(min(corners, 6)) / 3,
        ]
        for k in 0...4 { out.append(corners == k ? 1 : 0) }
        return out
    }

    /// A stroke's features as `matcher` and the model's templates score it (`scores`): its best
    /// score per name of `names` (each a name the matcher knows), then its geometry. Nil for a
    /// degenerate stroke or a name the matcher lacks. What the stroke book computes for the model,
    /// and what learning teaches it on (`names`: the model's to be, `self`: its templates).
    public func features(_ points: [Point], matcher: StrokeMatcher, names: [String]) -> [Double]? {
        let scored = matcher.scoredNames
        let index = names.compactMap { scored.firstIndex(of: $0) }
        guard index.count == names.count, let scores = scores(points, matcher: matcher),
            let shape = StrokeShape(points, count: matcher.options.resampleCount)
        else { return nil }
        let middle = StrokeShape(points, count: StrokeMatcher.middleTurnCount)?.middleTurn ?? 0
        return Self.features(scores: scores, index: index, shape: shape, middleTurn: middle)
    }

    /// The features from the scores per name the matcher gives (`index`: where each of the
    /// model's names is among them), the stroke resampled and the sharpest turn in its middle.
    static func features(scores: [Double], index: [Int], shape: StrokeShape, middleTurn: Double)
        -> [Double]
    {
        index.map { scores[$0] } + geometry(shape, middleTurn: middleTurn)
    }

    /// The probability of each class (in `classes`' order) for a stroke's features: its best
    /// score per name of `names`, then its `geometry`.
    public func probabilities(_ features: [Double]) -> [Double] {
        let n = featureCount
        precondition(features.count == n, "\(features.count) features for a model of \(n)")
        var z = [Double](repeating: 0, count: classes.count)
        var top = -Double.infinity
        for c in 0..<classes.count {
            let row = c * (n + 1)
            var sum = weights[row + n]
            for f in 0..<n { sum += weights[row + f] * (features[f] - mean[f]) / scale[f] }
            z[c] = sum
            top = max(top, sum)
        }
        var total = 0.0
        for c in z.indices {
            z[c] = Double.exp(z[c] - top)
            total += z[c]
        }
        for c in z.indices { z[c] /= total }
        return z
    }
}
