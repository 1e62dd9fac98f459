import Foundation
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
        // The lead rule alone: without the shapes' own minimum scores (pinned below).
        var d = StrokeBook.Decision()
        d.shapeMinimumScores = [:]
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

    @Test func aShapeFiresOnlyFromTheScoreItsOwnDrawingsReachAndAShapeWithoutOneFromTheMinimumScore() {
        let d = StrokeBook.Decision()
        let shapes: Set<String> = ["rectangle", "star", "zigzag"]
        let cases: [((best: StrokeMatch, runnerUp: StrokeMatch?)?, StrokeBook.Reading)] = [
            // A rectangle drawn scores 0.82 or more: a stroke that reads as one at 0.80 fires nothing,
            // however clear its lead.
            (two(("rectangle", 0.80), ("circle", 0.40)), .nothing(best: StrokeMatch(name: "rectangle", score: 0.80))),
            (two(("rectangle", 0.83), ("circle", 0.40)), .shape("rectangle", score: 0.83)),
            // A star drawn fast scores as low as 0.5: its own minimum is below the one for every shape.
            (two(("star", 0.55), ("arrow", 0.25)), .shape("star", score: 0.55)),
            (two(("star", 0.48), ("arrow", 0.10)), .nothing(best: StrokeMatch(name: "star", score: 0.48))),
            // A user's shape has no minimum of its own.
            (two(("zigzag", 0.60), ("x", 0.30)), .shape("zigzag", score: 0.60)),
        ]
        #expect(cases.map { StrokeBook.decide($0.0, shapes: shapes, decision: d) } == cases.map(\.1))
        #expect(["rectangle", "star", "zigzag", "line-left"].map(d.minimumScore(for:)) == [0.82, 0.5, 0.5, 0.5])
    }

    /// The reading's name, or what fired nothing and why, for comparing whole lists.
    func summary(_ reading: StrokeBook.Reading) -> String {
        switch reading {
        case let .shape(name, _): name
        case let .directions(directions): "directions \(directions)"
        case let .nothing(best): "nothing (best \(best?.name ?? "none"))"
        case let .unbound(best): "unbound \(best.name)"
        case let .unsure(best, runnerUp): "unsure \(best.name) or \(runnerUp.name)"
        }
    }

    @Test func aZigzagAcrossThreeLinesOfTextThatReadAsAQuestionMarkFiresNothingNow() {
        // Across a line, down to the next, back, down, a little left, down: the points fall near a
        // question mark's (0.78, a lead of 0.14), but a question mark drawn scores 0.87 or more.
        let zigzag = Draw.polyline([(0, 0), (160, 0), (155, 60), (40, 60), (45, 120), (0, 120), (5, 180)])
        let all = Set(BuiltinTemplates.names)
        var before = StrokeBook.Decision()
        before.shapeMinimumScores = [:]
        let readings = [before, StrokeBook.Decision()].map {
            summary(StrokeBook(templates: BuiltinTemplates.all, shapes: all, sequences: [], decision: $0).read(zigzag, at: 1))
        }
        #expect(readings == ["question-mark", "nothing (best question-mark)"])
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: all, sequences: [])
        guard case let .nothing(best?) = book.read(zigzag, at: 0) else { Issue.record("the zigzag fired"); return }
        #expect(book.refusal(of: best, zigzag) == .score(minimum: 0.87))
    }

    @Test func shapesDrawnWithTheirCornersSharpOrCutStillFire() {
        func point(_ degrees: Double) -> (Double, Double) {
            (100 + 100 * Foundation.sin(degrees * .pi / 180), 100 - 100 * Foundation.cos(degrees * .pi / 180))
        }
        let drawn: [(String, [(Double, Double)])] = [
            ("rectangle", [(0, 0), (0, 140), (200, 140), (200, 0), (0, 0)]),
            ("rectangle", [(0, 20), (0, 120), (20, 140), (180, 140), (200, 120), (200, 20), (180, 0), (20, 0), (0, 20)]),
            ("triangle", [(100, 0), (0, 170), (200, 170), (100, 0)]),
            ("star", [point(216), point(0), point(144), point(288), point(72), point(216)]),
            ("x", [(0, 0), (150, 150), (150, 0), (0, 150)]),
            ("arrow", [(0, 150), (200, 40), (110, 40), (200, 40), (180, 140)]),
            ("check", [(0, 90), (60, 170), (170, 0)]),
            ("v", [(0, 0), (80, 160), (160, 0)]),
            ("caret", [(0, 160), (80, 0), (160, 160)]),
            ("delete", [(0, 0), (150, 150), (0, 150), (150, 0)]),
            ("left-bracket", [(100, 0), (0, 0), (0, 200), (100, 200)]),
        ]
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: Set(BuiltinTemplates.names), sequences: [])
        let readings = drawn.enumerated().map { summary(book.read(Draw.polyline($0.element.1), at: Double($0.offset))) }
        #expect(readings == drawn.map(\.0))
    }

    /// A point of a pentagram of radius 100 about (100, 100), clockwise from the top.
    func starPoint(_ degrees: Double) -> (Double, Double) {
        (100 + 100 * Foundation.sin(degrees * .pi / 180), 100 - 100 * Foundation.cos(degrees * .pi / 180))
    }

    @Test func aScrawlRoundAStarsPointsThatTurnsBackAndForthFiresNothingWhileAStarDrawnBadlyStillFires() {
        // From point to point of a star, but doubling back on itself halfway along every line:
        // close enough to a star's points to read as one (0.79, a lead of 0.44), but a pentagram
        // turns one way only, and only 0.38 of this stroke's turning does.
        let order = [216.0, 0, 144, 288, 72, 216].map(starPoint)
        var scrawl: [(Double, Double)] = [order[0]]
        for (a, b) in zip(order, order.dropFirst()) {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1), side = 0.12
            scrawl += [(a.0 + 0.55 * dx - side * dy, a.1 + 0.55 * dy + side * dx),
                       (a.0 + 0.4 * dx + side * dy, a.1 + 0.4 * dy - side * dx), b]
        }
        // A star drawn badly: past every point, a corner cut, a hook where the pen lifts.
        let badStar = [starPoint(216), (100, -12), (166, 196), starPoint(288), (40, 30), starPoint(72),
                       (8, 180), (30, 170)]
        let all = Set(BuiltinTemplates.names)
        var before = StrokeBook.Decision()
        before.minimumOneWay = 0
        let readings = [before, StrokeBook.Decision()].map { decision in
            let book = StrokeBook(templates: BuiltinTemplates.all, shapes: all, sequences: [], decision: decision)
            return [scrawl, badStar].enumerated().map { summary(book.read(Draw.polyline($0.element), at: Double($0.offset))) }
        }
        #expect(readings == [["star", "star"], ["nothing (best star)", "star"]])
        // What refused it is the turning, not a score it passed.
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: all, sequences: [])
        let points = Draw.polyline(scrawl)
        guard case let .nothing(best?) = book.read(points, at: 0) else { Issue.record("the scrawl fired"); return }
        guard case let .turning(oneWay, minimum) = book.refusal(of: best, points) else {
            Issue.record("refused for \(book.refusal(of: best, points))")
            return
        }
        #expect(oneWay < 0.4 && minimum == 0.5)
    }

    @Test func aPentagramTurnsOneWayAndAZigzagBothWays() throws {
        let star = try #require(StrokeMatcher.turning(Draw.polyline([216.0, 0, 144, 288, 72, 216].map(starPoint)), count: 32))
        #expect(star.oneWay > 0.95)
        #expect(star.corners.count == 4)
        let zigzag = try #require(StrokeMatcher.turning(Draw.polyline([(0, 0), (100, 30), (0, 60), (100, 90), (0, 120), (100, 150)]), count: 32))
        #expect(zigzag.oneWay < 0.1)
        #expect(zigzag.corners.count == 4)
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
        // Where the two meet, both score below what drawn ones do (the shapes' own minimum scores
        // would refuse it anyway); without those, the lead alone must.
        var decision = StrokeBook.Decision()
        decision.shapeMinimumScores = [:]
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: ["v", "check"], sequences: [], decision: decision)
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
