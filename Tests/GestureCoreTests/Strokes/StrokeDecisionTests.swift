import Testing
@testable import GestureCore

/// When the stroke book fires a bound shape: best of every template known, bound or not, sure
/// enough by score and lead (`StrokeBook.Decision`).
@Suite struct StrokeDecisionTests {
    let all: Set<String> = ["circle", "rectangle", "v", "check"]

    func two(_ best: (String, Double), _ runnerUp: (String, Double)?) -> (best: StrokeMatch, runnerUp: StrokeMatch?) {
        (StrokeMatch(name: best.0, score: best.1), runnerUp.map { StrokeMatch(name: $0.0, score: $0.1) })
    }

    @Test func aClearWinnerFiresAndACloseCallOrAWeakOneDoesNot() {
        let d = StrokeBook.Decision()
        let cases: [((best: StrokeMatch, runnerUp: StrokeMatch?)?, StrokeBook.Reading)] = [
            // A high score with a lead: fires.
            (two(("v", 0.92), ("check", 0.80)), .shape("v", score: 0.92)),
            // A low score with a large lead (a star drawn fast): fires, score + lead = 0.85.
            (two(("v", 0.60), ("check", 0.35)), .shape("v", score: 0.60)),
            // A high score but the next shape as close as the margin: unsure.
            (two(("v", 0.95), ("check", 0.945)), .unsure(StrokeMatch(name: "v", score: 0.95), runnerUp: StrokeMatch(name: "check", score: 0.945))),
            // Score + lead short of the confidence: unsure.
            (two(("v", 0.70), ("check", 0.65)), .unsure(StrokeMatch(name: "v", score: 0.70), runnerUp: StrokeMatch(name: "check", score: 0.65))),
            // Below the minimum score, whatever the lead: nothing.
            (two(("v", 0.45), nil), .nothing(best: StrokeMatch(name: "v", score: 0.45))),
            // No template at all.
            (nil, .nothing(best: nil)),
        ]
        for (input, expected) in cases {
            #expect(StrokeBook.decide(input, shapes: all, decision: d) == expected)
        }
        #expect((d.minimumScore, d.margin, d.confidence) == (0.5, 0.01, 0.8))
    }

    @Test func aStrokeWithMoreInkThanTheAllowanceOverItsShapeFiresNothingAndTheAllowanceIsOffByDefault() {
        var d = StrokeBook.Decision()
        #expect(d.inkAllowance == .infinity)
        d.inkAllowance = 1.2
        #expect(StrokeBook.decide(two(("v", 0.92), ("check", 0.80)), shapes: all, decision: d, excessInk: 1.1) == .shape("v", score: 0.92))
        #expect(StrokeBook.decide(two(("v", 0.92), ("check", 0.80)), shapes: all, decision: d, excessInk: 1.3) == .nothing(best: StrokeMatch(name: "v", score: 0.92)))
    }

    @Test func inkRatioIsPathLengthOverTheBoundingBoxDiagonal() {
        let matcher = StrokeMatcher(templates: [StrokeTemplate(name: "line", points: [Point(x: 0, y: 0), Point(x: 100, y: 0)])])
        let square = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 0, y: 0)]
        #expect(abs(matcher.inkRatio(square)! - 4 / 2.0.squareRoot()) < 0.1)
        #expect(abs(matcher.maximumInkRatio(of: "line")! - 1) < 1e-9)
        #expect(matcher.maximumInkRatio(of: "circle") == nil)
    }

    @Test func theBestShapeFiresNothingWhenNoBindingNamesIt() {
        let reading = StrokeBook.decide(two(("rectangle", 0.93), ("circle", 0.86)), shapes: ["circle"], decision: .init())
        #expect(reading == .unbound(StrokeMatch(name: "rectangle", score: 0.93)))
    }

    @Test func aRectangleWhereOnlyTheCircleIsBoundReadsAsTheRectangleItIs() {
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: ["circle"], sequences: [])
        let rectangle = Draw.polyline([(0, 0), (0, 140), (200, 140), (200, 0), (0, 0)])
        guard case let .unbound(best) = book.read(rectangle, at: 1) else {
            Issue.record("read as \(book.read(rectangle, at: 1))")
            return
        }
        #expect(best.name == "rectangle")
    }

    @Test func aStrokeHalfwayBetweenTwoBoundShapesFiresNeither() throws {
        // Morph a v into a check; where the best reading flips, the two are as close as can be.
        let v = [(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)], check = [(0.0, 45.0), (32.0, 90.0), (90.0, 0.0)]
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: ["v", "check"], sequences: [])
        func morph(_ t: Double) -> [Point] {
            Draw.polyline(zip(v, check).map { (a, b) in (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)) })
        }
        var (low, high) = (0.0, 1.0)
        #expect(book.matcher.bestMatch(morph(low))?.name == "v")
        #expect(book.matcher.bestMatch(morph(high))?.name == "check")
        for _ in 0..<30 {
            let mid = (low + high) / 2
            if book.matcher.bestMatch(morph(mid))?.name == "v" { low = mid } else { high = mid }
        }
        guard case let .unsure(best, runnerUp) = book.read(morph(low), at: 1) else {
            Issue.record("read as \(book.read(morph(low), at: 1))")
            return
        }
        #expect(Set([best.name, runnerUp.name]) == ["v", "check"])
        #expect(best.score - runnerUp.score < 0.01)
    }
}
