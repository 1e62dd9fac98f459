import GestureCore
import StrokeEvaluation
import TestSupport
import Testing

@testable import GestureStrokes

/// `bestTwo` leaves templates that cannot change its answer part way through their dot product;
/// the answer must be the one scoring every template in full gives, to the last bit.
@Suite struct StrokeMatcherPruning {
    static let matchers = [
        StrokeMatcher(templates: BuiltinTemplates.all),
        StrokeMatcher(
            templates: BuiltinTemplates.all,
            options: .init(scaling: .adaptive(uniformBelow: 0.2, squareAbove: 0.4))),
        // Blocks that do not divide the points, and rotation tolerated more.
        StrokeMatcher(
            templates: BuiltinTemplates.all,
            options: .init(resampleCount: 21, maximumRotationDegrees: 45)),
    ]

    static func strokes() -> [[Point]] {
        var generator = StrokeGenerator(seed: 7)
        return generator.shapes(count: 1, variations: [.everything]).map(\.points)
            + generator.nonShapes(count: 1).map(\.points)
    }

    @Test(arguments: 0..<matchers.count)
    func prunedAnswerIsTheFullOne(matcher index: Int) {
        let matcher = Self.matchers[index]
        let filters: [Set<String>?] = [
            nil, matcher.templateNames.subtracting(["circle"]), ["v", "caret", "circle"],
        ]
        var compared = 0
        for points in Self.strokes() {
            for filter in filters {
                let pruned = matcher.bestTwo(points, among: filter, pruning: true)
                let full = matcher.bestTwo(points, among: filter, pruning: false)
                #expect(
                    pruned?.best == full?.best,
                    "best of \(points.count) points among \(filter?.count ?? -1)")
                #expect(
                    pruned?.runnerUp == full?.runnerUp,
                    "runner-up of \(points.count) points among \(filter?.count ?? -1)")
                if full?.runnerUp != nil { compared += 1 }
            }
        }
        #expect(compared > 100)
    }
}
