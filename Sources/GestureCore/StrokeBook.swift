/// What the stroke bindings of one source can match, shared by their recognizers: one matcher
/// over the shapes they name and the direction sequences they name. Every stroke recognizer asks
/// it for the best reading of the same stroke; it computes that once per stroke, so that the
/// best-scoring binding wins, never the first in the file.
public final class StrokeBook {
    public enum Reading: Equatable {
        case shape(String, score: Double)
        case directions(String)
        case nothing(best: StrokeMatch?)
    }

    public let matcher: StrokeMatcher
    let shapes: Set<String>
    let sequences: [DirectionSequence]
    private var cachedAt: (time: Double, count: Int)?
    private var cached = Reading.nothing(best: nil)

    /// `templates`: every template known (built-in and loaded); only the `shapes` named match.
    public init(templates: [StrokeTemplate], shapes: Set<String>, sequences: [DirectionSequence],
                threshold: Double = StrokeMatcher.defaultThreshold) {
        matcher = StrokeMatcher(templates: templates.filter { shapes.contains($0.name) }, threshold: threshold)
        self.shapes = shapes
        self.sequences = sequences
    }

    /// The best reading of a finished stroke: a direction sequence bound exactly, else the
    /// best-scoring bound shape above the threshold, else nothing.
    public func read(_ points: [Point], at time: Double) -> Reading {
        if let at = cachedAt, at.time == time, at.count == points.count { return cached }
        cachedAt = (time, points.count)
        if let s = sequences.first(where: { $0.matches(points) }) {
            cached = .directions(s.description)
        } else if let m = matcher.match(points) {
            cached = .shape(m.name, score: m.score)
        } else {
            cached = .nothing(best: shapes.isEmpty ? nil : matcher.bestMatch(points))
        }
        return cached
    }
}
