import GestureCore
import StrokeEvaluation
import Testing

@testable import GestureStrokes

/// The figures of docs/strokes.md, on a small share of the report seed's strokes: generated
/// from shape descriptions of their own (Tests/StrokeEvaluation), never from the templates.
@Suite struct StrokeEvaluationTests {
    /// The seed the figures are reported on (`gestured-bench strokes`); tuning uses another.
    static let reportSeed: UInt64 = 13

    @Test func theGeneratorDrawsTheSameStrokesForTheSameSeed() {
        var a = StrokeGenerator(seed: 5)
        var b = StrokeGenerator(seed: 5)
        var c = StrokeGenerator(seed: 6)
        let one = a.shapes(count: 1, variations: [.everything]).map(\.points)
        #expect(one == b.shapes(count: 1, variations: [.everything]).map(\.points))
        #expect(one != c.shapes(count: 1, variations: [.everything]).map(\.points))
        #expect(one.count == 16 * 3)
    }

    /// Floors, not the figures: 432 strokes here against the 4,320 of the report, whose figures
    /// (top-1, the drawn shape's binding firing, unbound shapes and non-shapes firing) are in
    /// docs/strokes.md §5, measured with `gestured-bench strokes`.
    @Test func generatedStrokesReadAsTheirShapeAndUnboundShapesAndNonShapesFireNothing() {
        var generator = StrokeGenerator(seed: Self.reportSeed)
        let strokes = generator.shapes(count: 1)
        let nonShapes = generator.nonShapes(count: 4).filter { $0.kind != .wander }
        let matcher = StrokeMatcher(templates: BuiltinTemplates.all)
        let e = StrokeEvaluation.run(
            strokes: strokes, nonShapes: nonShapes, splits: 3, seed: Self.reportSeed,
            best: { matcher.bestMatch($0)?.name },
            reader: StrokeEvaluation.bookReader(templates: BuiltinTemplates.all))
        #expect(e.topOne.total == 16 * 3 * StrokeGenerator.Variation.allCases.count)
        #expect(e.topOne.rate >= 0.97, "top-1 \(e.topOne.text)")
        #expect(e.fires.rate >= 0.95, "fires \(e.fires.text)")
        #expect(e.unboundFires.rate <= 0.01, "unbound \(e.unboundFires.text)")
        #expect(e.nonShapeFiresHalf.rate <= 0.02, "non-shapes \(e.nonShapeFiresHalf.text)")
    }
}
