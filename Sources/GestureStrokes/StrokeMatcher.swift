import GestureCore

/// Template matcher for single drawn strokes, in the $1 family: the $1 Unistroke
/// Recognizer (Wobbrock, Wilson & Li, UIST 2007) preprocessing with the closed-form
/// "Protractor" rotation and cosine distance (Li, CHI 2010), comparing the directions a
/// stroke moves in beside its points (`Options.directionWeight`).
///
/// Invariant to position, size and drawing speed. Orientation is kept (only a small
/// rotation, `maximumRotationDegrees`, is tolerated) unless a template is marked
/// rotation-invariant. One-dimensional strokes (straight lines) are handled by
/// scaling uniformly (aspect ratio kept), see `Options.scaling`.
///
/// All templates are normalised once in `init`. `match` allocates only the
/// candidate's resampled buffer.
public struct StrokeMatcher: Sendable {

    /// How strokes are scaled before comparison.
    public enum Scaling: Sendable, Hashable {
        /// Keep the aspect ratio (scale the whole point vector to unit length, as in
        /// Protractor). Straight lines stay lines; a wide and a tall rectangle differ.
        case uniform
        /// Aspect-ratio invariant for clearly two-dimensional strokes, uniform for
        /// thin (one-dimensional) ones, blended continuously in between. With
        /// r = short side / long side of the bounding box: r <= `uniformBelow` keeps
        /// the aspect ratio (a straight line stays a line, the $1 paper's 1D
        /// limitation), r >= `squareAbove` stretches the short side to the long
        /// side ($1's non-uniform scaling), and in between the short side is
        /// stretched part of the way. Equal bounds give $N's hard 1D/2D switch.
        case adaptive(uniformBelow: Double, squareAbove: Double)
    }

    public struct Options: Sendable, Hashable {
        /// Number of points each stroke is resampled to.
        public var resampleCount: Int
        /// Largest rotation (either way) tolerated between a stroke and a template that
        /// is not rotation-invariant.
        public var maximumRotationDegrees: Double
        public var scaling: Scaling
        /// Share (0...1) of the comparison given to the directions the stroke moves in (its
        /// `resampleCount - 1` segments as unit vectors), the rest to where its points lie. Points
        /// alone tell a brace from a bracket by a few points near the middle; the directions tell
        /// them by the way every segment turns. Both are rotated together, so the closed-form
        /// rotation holds: the stroke is one vector of points then directions. Half each: on
        /// people not tuned on (docs/strokes.md §6), 0.3 fired 5.5 points fewer of their strokes
        /// and 0.65 2 points fewer, with more wrong; twice the matching work of points alone.
        public var directionWeight: Double
        /// Segments taken on either side of each segment for its direction: each direction goes
        /// from the point this many before the segment to the point this many after it (fewer at
        /// the ends). A hand's tremor and a mouse's steps turn single segments of a slow stroke
        /// this way and that; over five segments (2) the stroke's course shows through. Chosen
        /// leave-one-person-out among 0, 1 and 2 (docs/strokes.md §6): every fold chose 2.
        public var directionSpan: Int

        public init(
            resampleCount: Int = 32,
            maximumRotationDegrees: Double = 20,
            scaling: Scaling = .uniform,
            directionWeight: Double = 0.5,
            directionSpan: Int = 2
        ) {
            self.resampleCount = resampleCount
            self.maximumRotationDegrees = maximumRotationDegrees
            self.scaling = scaling
            self.directionWeight = max(0, min(1, directionWeight))
            self.directionSpan = max(0, directionSpan)
        }

        /// Complex entries of a stroke's vector: its points, then its directions if weighed.
        public var featureCount: Int { directionWeight > 0 ? 2 * resampleCount - 1 : resampleCount }
    }

    /// Default minimum score, chosen from measurements on human strokes (see the
    /// stroke-matching notes): keeps ~95% of intended built-in shapes and rejects
    /// ~99% of random scribbles.
    public static let defaultThreshold = 0.75

    public let options: Options
    public let threshold: Double
    /// Names of templates that could not be used (fewer than two distinct points).
    public let skippedTemplateNames: [String]

    private let names: [String]
    /// Per template, a number for its name: templates of one name share it.
    private let nameIDs: [Int]
    /// Per name id, the name: what a filter of names is looked up by, once per name.
    private let distinctNames: [String]
    private let nameSet: Set<String>
    private let rotationInvariant: [Bool]
    /// All template vectors back to back, 2 * resampleCount Doubles each.
    private let vectors: [Double]
    /// Per template, `tailNorm` of its vector after each block boundary: `tailCount` each.
    private let tailNorms: [Double]
    /// What the templates say of each shape: which are closed, which never turn back in the
    /// middle, which bend.
    public let facts: ShapeFacts
    private let maxRotation: Double
    private let cosMaxRotation: Double
    private let sinMaxRotation: Double

    public var templateCount: Int { names.count }
    public var templateNames: Set<String> { nameSet }

    public init(
        templates: [StrokeTemplate],
        threshold: Double = StrokeMatcher.defaultThreshold,
        options: Options = Options()
    ) {
        precondition(options.resampleCount >= 2, "resampleCount must be at least 2")
        self.options = options
        self.threshold = threshold
        let n = options.resampleCount
        let m = options.featureCount
        var names: [String] = []
        var invariant: [Bool] = []
        var vectors: [Double] = []
        var skipped: [String] = []
        vectors.reserveCapacity(templates.count * 2 * m)
        var scratch = [Double](repeating: 0, count: 2 * m)
        for template in templates {
            let ok = scratch.withUnsafeMutableBufferPointer { buf in
                Self.prepare(template.points, options: options, into: buf)
            }
            if ok {
                names.append(template.name)
                invariant.append(template.rotationInvariant)
                vectors.append(contentsOf: scratch)
            } else {
                skipped.append(template.name)
            }
        }
        self.names = names
        var ids: [String: Int] = [:]
        let nameIDs = names.map { name in
            if let id = ids[name] { return id }
            ids[name] = ids.count
            return ids.count - 1
        }
        self.nameIDs = nameIDs
        self.rotationInvariant = invariant
        self.facts = ShapeFacts(templates, count: n)
        self.distinctNames = ids.sorted { $0.value < $1.value }.map(\.key)
        self.nameSet = Set(names)
        self.vectors = vectors
        self.tailNorms = vectors.withUnsafeBufferPointer { v in
            (0..<names.count).flatMap { index in
                let template = UnsafeBufferPointer(
                    rebasing: v[(index * 2 * m)..<((index + 1) * 2 * m)])
                return (0..<Self.tailCount(m)).map { Self.tailNorm(template, after: $0, count: m) }
            }
        }
        self.skippedTemplateNames = skipped
        let maxRotation = Angle.radians(degrees: max(0, min(180, options.maximumRotationDegrees)))
        self.maxRotation = maxRotation
        self.cosMaxRotation = Angle.cos(maxRotation)
        self.sinMaxRotation = Angle.sin(maxRotation)
    }

    /// Resample + normalise into `buf` (2 * `featureCount` Doubles): the points, then (if
    /// `directionWeight` > 0) the unit direction of each segment between them (taken over
    /// `directionSpan` segments either side), the two parts
    /// weighed so that the whole is a unit vector. Returns false for degenerate strokes.
    private static func prepare(
        _ points: [Point], options: Options,
        into buf: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        let n = options.resampleCount
        guard points.count >= 2,
            Geometry.resample(points, count: n, into: buf)
        else { return false }
        let normalized: Bool
        switch options.scaling {
        case .uniform:
            normalized = Geometry.normalize(buf, count: n, uniformBelow: 2, squareAbove: 2)
        case .adaptive(let low, let high):
            normalized = Geometry.normalize(buf, count: n, uniformBelow: low, squareAbove: high)
        }
        guard normalized, options.directionWeight > 0 else { return normalized }
        let w = options.directionWeight
        // Each direction a unit vector (a segment of no length: none), the n - 1 of them together
        // of norm sqrt(w), the points of norm sqrt(1 - w).
        let directionScale = (w / Double(n - 1)).squareRoot()
        let span = options.directionSpan
        for i in 0..<(n - 1) {
            let a = max(0, i - span)
            let b = min(n - 1, i + 1 + span)
            let dx = buf[2 * b] - buf[2 * a]
            let dy = buf[2 * b + 1] - buf[2 * a + 1]
            let length = (dx * dx + dy * dy).squareRoot()
            let k = length > 0 ? directionScale / length : 0
            buf[2 * n + 2 * i] = dx * k
            buf[2 * n + 2 * i + 1] = dy * k
        }
        let pointScale = (1 - w).squareRoot()
        for i in 0..<(2 * n) { buf[i] *= pointScale }
        return true
    }

    /// The best matching template name with its score, or nil when the stroke is
    /// degenerate or no template reaches `threshold`. When several templates could
    /// match, the highest score wins (earlier templates win only exact ties).
    /// - Parameter names: if given, only templates with these names are considered.
    public func match(_ points: [Point], among names: Set<String>? = nil) -> StrokeMatch? {
        guard let best = bestMatch(points, among: names), best.score >= threshold else {
            return nil
        }
        return best
    }

    /// Like `match` but ignores the threshold (for diagnostics and calibration).
    public func bestMatch(_ points: [Point], among names: Set<String>? = nil) -> StrokeMatch? {
        var result: StrokeMatch? = nil
        withScores(points, among: names, floor: { _ in -.infinity }) { index, _, score in
            if result == nil || score > result!.score {
                result = StrokeMatch(name: self.names[index], score: score)
            }
        }
        return result
    }

    /// The best template and the best one of another name, thresholds ignored: what a decision
    /// by margin needs, in one pass over the templates.
    public func bestTwo(_ points: [Point], among names: Set<String>? = nil) -> (
        best: StrokeMatch, runnerUp: StrokeMatch?
    )? {
        bestTwo(points, among: names, pruning: true)
    }

    /// `bestTwo`, leaving the templates that cannot change the answer part way (`pruning`), or
    /// scoring every one in full: the same answer, which a test holds it to.
    func bestTwo(_ points: [Point], among names: Set<String>?, pruning: Bool) -> (
        best: StrokeMatch, runnerUp: StrokeMatch?
    )? {
        var best = (index: -1, score: -1.0, similarity: -Double.infinity)
        var second = best
        // The comparisons below are strict and the score grows with the similarity, so a template
        // changes nothing unless its similarity exceeds the runner-up's, or, of the best's name,
        // the best's.
        let floor = { (index: Int) -> Double in
            guard pruning, best.index >= 0 else { return -.infinity }
            return self.nameIDs[index] == self.nameIDs[best.index]
                ? best.similarity : second.similarity
        }
        withScores(points, among: names, floor: floor) { index, similarity, score in
            if score > best.score {
                if best.index >= 0 && self.nameIDs[best.index] != self.nameIDs[index] {
                    second = best
                }
                best = (index, score, similarity)
            } else if score > second.score && self.nameIDs[index] != self.nameIDs[best.index] {
                second = (index, score, similarity)
            }
        }
        guard best.index >= 0 else { return nil }
        return (
            StrokeMatch(name: self.names[best.index], score: best.score),
            second.index >= 0
                ? StrokeMatch(name: self.names[second.index], score: second.score) : nil
        )
    }

    /// The names of the templates, each once, in the order `nameScores` gives their scores.
    public var scoredNames: [String] { distinctNames }

    /// The best score of each name of `scoredNames` (every template scored in full, thresholds
    /// ignored), or nil for a degenerate stroke: what the evidence model reads.
    public func nameScores(_ points: [Point]) -> [Double]? {
        var best = [Double](repeating: -1, count: distinctNames.count)
        var similarity = [Double](repeating: -.infinity, count: distinctNames.count)
        var scored = false
        // A template is left part way once it cannot beat the best of its own name.
        withScores(points, among: nil, floor: { similarity[self.nameIDs[$0]] }) { index, s, score in
            scored = true
            let id = self.nameIDs[index]
            if score > best[id] {
                best[id] = score
                similarity[id] = s
            }
        }
        return scored ? best : nil
    }

    /// The vector a stroke is compared by (its points, then its directions, of unit length: 2 *
    /// `featureCount` Doubles), or nil for a degenerate stroke: what learning clusters strokes by.
    public static func vector(_ points: [Point], options: Options = Options()) -> [Double]? {
        var v = [Double](repeating: 0, count: 2 * options.featureCount)
        let ok = v.withUnsafeMutableBufferPointer { prepare(points, options: options, into: $0) }
        return ok ? v : nil
    }

    /// Share of all the turning of the stroke resampled to `count` points that its 4 sharpest
    /// turns carry: about 0.2 for a circle, 0.6 for a rectangle. Nil for a degenerate stroke.
    public static func cornerShare(_ points: [Point], count n: Int) -> Double? {
        StrokeShape(points, count: n)?.cornerShare
    }

    /// Best score per template name, best first (ignores the threshold).
    public func rankedMatches(_ points: [Point], among names: Set<String>? = nil) -> [StrokeMatch] {
        var best: [String: Double] = [:]
        withScores(points, among: names, floor: { _ in -.infinity }) { index, _, score in
            let name = self.names[index]
            if score > best[name, default: -1] { best[name] = score }
        }
        return best.map { StrokeMatch(name: $0.key, score: $0.value) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }

    /// Points per block of the dot product. After each block but the last, a template that can no
    /// longer reach its floor is left: a check per 8 points costs little next to the points.
    private static let block = 8
    /// Far more than the rounding of sums of 2 * resampleCount products of unit vectors' parts
    /// (about 1e-14): a template is left only when its bound is below the floor by this much.
    private static let roundingMargin = 1e-9

    /// Block boundaries inside a vector of `n` points: the points after each are its tail.
    private static func tailCount(_ n: Int) -> Int { (n - 1) / block }

    /// The Euclidean norm of the points of `v` after block boundary `boundary`.
    private static func tailNorm(
        _ v: UnsafeBufferPointer<Double>, after boundary: Int, count n: Int
    ) -> Double {
        var sum = 0.0
        for i in ((boundary + 1) * block)..<n {
            sum += v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1]
        }
        return sum.squareRoot()
    }

    /// Calls `body(templateIndex, similarity, score)` for every eligible template whose
    /// similarity could exceed `floor(templateIndex)` (-infinity: every eligible template).
    ///
    /// With t and c the template's and the candidate's points as complex numbers,
    /// a + ib = sum t_k conj(c_k); by Cauchy-Schwarz the points after k add at most
    /// |t_rest| |c_rest| to |a + ib|, and the similarity is at most |a + ib| (it is |a + ib|
    /// rotated by an angle, or a projection of it). A template whose bound falls below its floor
    /// part way cannot reach it and is left there; every other one is scored in full, the same
    /// sums in the same order as without the floor.
    @inline(__always)
    private func withScores(
        _ points: [Point], among filter: Set<String>?,
        floor: (Int) -> Double,
        _ body: (Int, Double, Double) -> Void
    ) {
        let n = options.featureCount
        guard points.count >= 2 else { return }
        let allowed = filter.map { filter in distinctNames.map { filter.contains($0) } }
        let tailCount = Self.tailCount(n)
        // One allocation per match (and with a filter one flag per name): the candidate's
        // resampled vector, then its tail norms.
        var candidate = [Double](repeating: 0, count: 2 * n + tailCount)
        candidate.withUnsafeMutableBufferPointer { c in
            guard Self.prepare(points, options: options, into: c) else { return }
            for boundary in 0..<tailCount {
                c[2 * n + boundary] = Self.tailNorm(
                    UnsafeBufferPointer(c), after: boundary, count: n)
            }
            vectors.withUnsafeBufferPointer { t in
                tailNorms.withUnsafeBufferPointer { tails in
                    for index in 0..<self.names.count {
                        if let allowed, !allowed[self.nameIDs[index]] { continue }
                        let limit = floor(index)
                        // a = sum(t . c), b = sum(t x c): the cosine similarity after
                        // rotating the candidate by theta is a cos(theta) + b sin(theta).
                        var a = 0.0
                        var b = 0.0
                        var tp = t.baseAddress.unsafelyUnwrapped + index &* 2 &* n
                        var cp = UnsafePointer(c.baseAddress.unsafelyUnwrapped)
                        var i = 0
                        var boundary = 0
                        var abandoned = false
                        while i < n {
                            let end = Swift.min(i &+ Self.block, n)
                            while i < end {
                                let tx = tp[0]
                                let ty = tp[1]
                                let cx = cp[0]
                                let cy = cp[1]
                                a += tx * cx + ty * cy
                                b += ty * cx - tx * cy
                                tp += 2
                                cp += 2
                                i &+= 1
                            }
                            if i < n && limit > -.infinity {
                                let most =
                                    (a * a + b * b).squareRoot()
                                    + tails[index &* tailCount &+ boundary] * c[2 &* n &+ boundary]
                                if most + Self.roundingMargin < limit {
                                    abandoned = true
                                    break
                                }
                            }
                            boundary &+= 1
                        }
                        if abandoned { continue }
                        let similarity: Double
                        if self.rotationInvariant[index] {
                            similarity = (a * a + b * b).squareRoot()
                        } else {
                            // Optimal angle atan2(b, a), clamped to +-maxRotation. The
                            // similarity is unimodal in theta, so clamping is optimal.
                            let r = (a * a + b * b).squareRoot()
                            if r == 0 {
                                similarity = 0
                            } else {
                                // cos/sin of the optimal angle without calling atan2.
                                let cosOpt = a / r
                                if cosOpt >= self.cosMaxRotation {
                                    similarity = r
                                } else {
                                    let s = b >= 0 ? self.sinMaxRotation : -self.sinMaxRotation
                                    similarity = a * self.cosMaxRotation + b * s
                                }
                            }
                        }
                        body(index, similarity, Self.score(fromCosine: similarity))
                    }
                }
            }
        }
    }

    /// Maps a cosine similarity of unit vectors to 0...1: 1 - angle / (pi/2),
    /// i.e. 1 for identical shapes, 0 for orthogonal (or worse) ones.
    @inline(__always)
    static func score(fromCosine c: Double) -> Double {
        if c <= 0 { return 0 }
        // Rounding can take the cosine of two unit vectors just past 1, where acos has no value.
        let angle = Angle.acos(min(1, c))
        return max(0, 1 - angle / (Angle.pi / 2))
    }
}
