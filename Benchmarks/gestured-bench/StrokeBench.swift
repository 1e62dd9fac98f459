import GestureCore
import X11TestSupport
import StrokeEvaluation

/// Stroke reading on generated strokes (Tests/StrokeEvaluation): the time one match takes against
/// every built-in template, and `gestured-bench strokes` the accuracy figures of docs/strokes.md.
enum StrokeBench {
    /// Strokes the figures are reported on; templates and decision rules are tuned on `tuningSeed` only.
    static let reportSeed: UInt64 = 13
    static let tuningSeed: UInt64 = 1

    /// What fires, as gestured decides it: the stroke book of a config that binds `bound`.
    static func reader(_ bound: Set<String>) -> ([Point]) -> String? {
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: bound, sequences: [])
        var time = 0.0
        return { points in
            time += 1
            if case let .shape(name, _) = book.read(points, at: time) { return name }
            return nil
        }
    }

    static func best(_ points: [Point]) -> String? { allTemplates.bestMatch(points)?.name }
    static let allTemplates = StrokeMatcher(templates: BuiltinTemplates.all)

    /// Median time of one match against every built-in template, in microseconds.
    static func matchMicroseconds(seed: UInt64 = reportSeed) -> (median: Double, strokes: Int, templates: Int) {
        var generator = StrokeGenerator(seed: seed)
        let strokes = generator.shapes(count: 4, variations: [.everything]).map(\.points)
        let matcher = StrokeMatcher(templates: BuiltinTemplates.all)
        var found = 0
        var runs: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            for s in strokes where matcher.match(s) != nil { found += 1 }
            runs.append(Stopwatch.seconds(since: start) / Double(strokes.count) * 1_000_000)
        }
        precondition(found > 0)
        return (Table.percentile(runs, 0.5), strokes.count, matcher.templateCount)
    }

    /// `gestured-bench strokes [report|tuning] [count]`: the evaluation as markdown.
    static func main(_ arguments: [String]) {
        let seed = arguments.first == "tuning" ? tuningSeed : reportSeed
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
        var generator = StrokeGenerator(seed: seed)
        let strokes = generator.shapes(count: count)
        let nonShapes = generator.nonShapes(count: count * 10)
        let e = StrokeEvaluation.run(strokes: strokes, nonShapes: nonShapes, splits: 10, seed: seed,
                                     best: best, reader: reader)
        let time = matchMicroseconds(seed: seed)
        print("seed \(seed), \(strokes.count) shape strokes (\(count) per shape, variation and speed), \(nonShapes.count) non-shapes, 10 splits of 8 bound shapes; \(BuiltinTemplates.all.count) built-in templates, \(Table.fixed(time.median, 1)) µs per match\n")
        print(e.markdown)
    }
}
