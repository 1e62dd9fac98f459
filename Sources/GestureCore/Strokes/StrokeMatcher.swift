/// Template matcher for single drawn strokes, in the $1 family: the $1 Unistroke
/// Recognizer (Wobbrock, Wilson & Li, UIST 2007) preprocessing with the closed-form
/// "Protractor" rotation and cosine distance (Li, CHI 2010).
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

        public init(resampleCount: Int = 32,
                    maximumRotationDegrees: Double = 30,
                    scaling: Scaling = .uniform) {
            self.resampleCount = resampleCount
            self.maximumRotationDegrees = maximumRotationDegrees
            self.scaling = scaling
        }
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
    private let rotationInvariant: [Bool]
    /// All template vectors back to back, 2 * resampleCount Doubles each.
    private let vectors: [Double]
    /// Per name id, the largest ink ratio (`inkRatio`) of its templates.
    private let maximumInk: [Double]
    private let maxRotation: Double
    private let cosMaxRotation: Double
    private let sinMaxRotation: Double

    public var templateCount: Int { names.count }
    public var templateNames: Set<String> { Set(names) }

    public init(templates: [StrokeTemplate],
                threshold: Double = StrokeMatcher.defaultThreshold,
                options: Options = Options()) {
        precondition(options.resampleCount >= 2, "resampleCount must be at least 2")
        self.options = options
        self.threshold = threshold
        let n = options.resampleCount
        var names: [String] = []
        var invariant: [Bool] = []
        var vectors: [Double] = []
        var skipped: [String] = []
        vectors.reserveCapacity(templates.count * 2 * n)
        var scratch = [Double](repeating: 0, count: 2 * n)
        for template in templates {
            let ok = scratch.withUnsafeMutableBufferPointer { buf in
                Self.prepare(template.points, count: n, scaling: options.scaling, into: buf)
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
        var ink = [Double](repeating: 0, count: ids.count)
        for (index, id) in nameIDs.enumerated() {
            let base = index * 2 * n
            ink[id] = max(ink[id], Self.inkRatio(Array(vectors[base..<base + 2 * n])))
        }
        self.maximumInk = ink
        self.vectors = vectors
        self.skippedTemplateNames = skipped
        let maxRotation = Angle.radians(degrees: max(0, min(180, options.maximumRotationDegrees)))
        self.maxRotation = maxRotation
        self.cosMaxRotation = Angle.cos(maxRotation)
        self.sinMaxRotation = Angle.sin(maxRotation)
    }

    /// Resample + normalise into `buf`. Returns false for degenerate strokes.
    private static func prepare(_ points: [Point], count n: Int, scaling: Scaling,
                                into buf: UnsafeMutableBufferPointer<Double>) -> Bool {
        guard points.count >= 2,
              Geometry.resample(points, count: n, into: buf) else { return false }
        switch scaling {
        case .uniform:
            return Geometry.normalize(buf, count: n, uniformBelow: 2, squareAbove: 2)
        case .adaptive(let low, let high):
            return Geometry.normalize(buf, count: n, uniformBelow: low, squareAbove: high)
        }
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
        withScores(points, among: names) { index, score in
            if result == nil || score > result!.score {
                result = StrokeMatch(name: self.names[index], score: score)
            }
        }
        return result
    }

    /// The best template and the best one of another name, thresholds ignored: what a decision
    /// by margin needs, in one pass over the templates.
    public func bestTwo(_ points: [Point], among names: Set<String>? = nil) -> (best: StrokeMatch, runnerUp: StrokeMatch?)? {
        var best = (index: -1, score: -1.0), second = (index: -1, score: -1.0)
        withScores(points, among: names) { index, score in
            if score > best.score {
                if best.index >= 0 && self.nameIDs[best.index] != self.nameIDs[index] { second = best }
                best = (index, score)
            } else if score > second.score && self.nameIDs[index] != self.nameIDs[best.index] {
                second = (index, score)
            }
        }
        guard best.index >= 0 else { return nil }
        return (StrokeMatch(name: self.names[best.index], score: best.score),
                second.index >= 0 ? StrokeMatch(name: self.names[second.index], score: second.score) : nil)
    }

    /// Path length over bounding-box diagonal of the stroke resampled to `resampleCount` points
    /// (which smooths tremor away): 1 for a line, about 3.3 for a circle, most for a star; a
    /// scribble or a zigzag across text goes far past any shape's. Nil for a degenerate stroke.
    public func inkRatio(_ points: [Point]) -> Double? {
        let n = options.resampleCount
        var buffer = [Double](repeating: 0, count: 2 * n)
        let ok = buffer.withUnsafeMutableBufferPointer { Geometry.resample(points, count: n, into: $0) }
        return ok ? Self.inkRatio(buffer) : nil
    }

    /// Share of all the turning of the stroke resampled to `count` points that its 4 sharpest
    /// turns carry: about 0.2 for a circle, 0.6 for a rectangle. Nil for a degenerate stroke.
    public static func cornerShare(_ points: [Point], count n: Int) -> Double? {
        var v = [Double](repeating: 0, count: 2 * n)
        guard n >= 3, v.withUnsafeMutableBufferPointer({ Geometry.resample(points, count: n, into: $0) }) else { return nil }
        var turns: [Double] = []
        turns.reserveCapacity(n - 2)
        for i in 1..<(n - 1) {
            let ax = v[2 * i] - v[2 * i - 2], ay = v[2 * i + 1] - v[2 * i - 1]
            let bx = v[2 * i + 2] - v[2 * i], by = v[2 * i + 3] - v[2 * i + 1]
            turns.append(abs(Angle.atan2(ax * by - ay * bx, ax * bx + ay * by)))
        }
        let total = turns.reduce(0, +)
        guard total > 0 else { return 0 }
        return turns.sorted(by: >).prefix(4).reduce(0, +) / total
    }

    /// The largest ink ratio among the templates named `name` (nil if there are none).
    public func maximumInkRatio(of name: String) -> Double? {
        guard let index = names.firstIndex(of: name) else { return nil }
        return maximumInk[nameIDs[index]]
    }

    static func inkRatio(_ v: [Double]) -> Double {
        var length = 0.0
        var (minX, minY, maxX, maxY) = (v[0], v[1], v[0], v[1])
        var i = 2
        while i < v.count {
            let dx = v[i] - v[i - 2], dy = v[i + 1] - v[i - 1]
            length += (dx * dx + dy * dy).squareRoot()
            minX = min(minX, v[i]); maxX = max(maxX, v[i]); minY = min(minY, v[i + 1]); maxY = max(maxY, v[i + 1])
            i += 2
        }
        let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
        return diagonal > 0 ? length / diagonal : 0
    }

    /// Best score per template name, best first (ignores the threshold).
    public func rankedMatches(_ points: [Point], among names: Set<String>? = nil) -> [StrokeMatch] {
        var best: [String: Double] = [:]
        withScores(points, among: names) { index, score in
            let name = self.names[index]
            if score > best[name, default: -1] { best[name] = score }
        }
        return best.map { StrokeMatch(name: $0.key, score: $0.value) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }

    /// Calls `body(templateIndex, score)` for every eligible template.
    private func withScores(_ points: [Point], among filter: Set<String>?,
                            _ body: (Int, Double) -> Void) {
        let n = options.resampleCount
        guard points.count >= 2 else { return }
        // The one allocation per match: the candidate's resampled vector.
        var candidate = [Double](repeating: 0, count: 2 * n)
        candidate.withUnsafeMutableBufferPointer { c in
            guard Self.prepare(points, count: n, scaling: options.scaling, into: c) else { return }
            vectors.withUnsafeBufferPointer { t in
                for index in 0..<self.names.count {
                    if let filter, !filter.contains(self.names[index]) { continue }
                    let base = index * 2 * n
                    // a = sum(t . c), b = sum(t x c): the cosine similarity after
                    // rotating the candidate by theta is a cos(theta) + b sin(theta).
                    var a = 0.0, b = 0.0
                    var i = 0
                    while i < 2 * n {
                        let tx = t[base + i], ty = t[base + i + 1]
                        let cx = c[i], cy = c[i + 1]
                        a += tx * cx + ty * cy
                        b += ty * cx - tx * cy
                        i += 2
                    }
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
                    body(index, Self.score(fromCosine: similarity))
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
