import Foundation
import GestureCore
import Testing

@testable import GestureStrokes

/// When the stroke book fires a bound shape: best of every template known, bound or not, of the
/// shapes the stroke can be, sure enough by score and by how far ahead it is (`StrokeBook.Decision`).
@Suite struct StrokeDecisionTests {
    let all: Set<String> = ["circle", "rectangle", "v", "check"]

    func two(_ best: (String, Double), _ runnerUp: (String, Double)?) -> (
        best: StrokeMatch, runnerUp: StrokeMatch?
    ) {
        (
            StrokeMatch(name: best.0, score: best.1),
            runnerUp.map { StrokeMatch(name: $0.0, score: $0.1) }
        )
    }

    @Test func aClearWinnerFiresAndACloseCallOrAWeakOneDoesNot() {
        let d = StrokeBook.Decision()
        let cases: [((best: StrokeMatch, runnerUp: StrokeMatch?)?, StrokeBook.Reading)] = [
            // 0.08 from a perfect score against the other's 0.20: well inside 0.7 of it, fires.
            (two(("v", 0.92), ("check", 0.80)), .shape("v", score: 0.92)),
            // A low score far ahead (a star drawn fast): 0.33 against 0.65, fires.
            (two(("v", 0.67), ("check", 0.35)), .shape("v", score: 0.67)),
            // A high score with the next shape close behind: 0.05 against 0.055, unsure.
            (
                two(("v", 0.95), ("check", 0.945)),
                .unsure(
                    StrokeMatch(name: "v", score: 0.95),
                    runnerUp: StrokeMatch(name: "check", score: 0.945))
            ),
            // Just short of the ratio: 0.29 against 0.40 (0.725 of it), unsure; 0.27 (0.675), fires.
            (
                two(("v", 0.71), ("check", 0.60)),
                .unsure(
                    StrokeMatch(name: "v", score: 0.71),
                    runnerUp: StrokeMatch(name: "check", score: 0.60))
            ),
            (two(("v", 0.73), ("check", 0.60)), .shape("v", score: 0.73)),
            // Below the minimum score, whatever the lead: nothing.
            (
                two(("v", 0.64), nil),
                .nothing(best: StrokeMatch(name: "v", score: 0.64), minimum: 0.65)
            ),
            // No template at all.
            (nil, .nothing(best: nil, minimum: 0.65)),
        ]
        #expect(cases.map { StrokeBook.decide($0.0, shapes: all, decision: d) } == cases.map(\.1))
        #expect((d.minimumScore, d.distanceRatio) == (0.65, 0.7))
    }

    @Test func everyShapeFiresFromTheSameMinimumScore() {
        // No shape has a lowest score of its own: a rectangle, a star and a user's shape at 0.67,
        // far ahead of the next, all fire; at 0.63 none does.
        let shapes: Set<String> = ["rectangle", "star", "zigzag"]
        let fired = [0.67, 0.63].map { score in
            shapes.sorted().map {
                StrokeBook.decide(two(($0, score), ("x", 0.1)), shapes: shapes, decision: .init())
                    == .shape($0, score: score)
            }
        }
        #expect(fired == [[true, true, true], [false, false, false]])
    }

    @Test func aBracesPointTurnsBackInTheMiddleAndABracketsBackDoesNot() throws {
        let brace = Draw.polyline([
            (62, 0), (47, 0), (45, 10), (45, 46), (30, 50), (45, 54), (45, 90), (47, 100),
            (62, 100),
        ])
        let bracket = Draw.polyline([(45, 0), (20, 0), (20, 100), (45, 100)])
        #expect(try #require(StrokeMatcher.middleTurn(brace)) > 135)
        #expect(try #require(StrokeMatcher.middleTurn(bracket)) < 1)
        #expect(StrokeMatcher.middleTurn([Point(x: 1, y: 1), Point(x: 1, y: 1)]) == nil)
    }

    @Test func aClosedShapeEndsWhereItBeganAndAnXFarFromIt() throws {
        let triangle = Draw.polyline([(50, 0), (0, 90), (100, 90), (50, 0)])
        let x = Draw.polyline([(0, 0), (90, 100), (90, 0), (0, 100)])
        #expect(try #require(StrokeMatcher.endGap(triangle, count: 32)) < 0.01)
        let gap = try #require(StrokeMatcher.endGap(x, count: 32))
        let diagonal: Double = (90.0 * 90 + 100 * 100).squareRoot()
        #expect(abs(gap - 100 / diagonal) < 0.01)
    }

    @Test func theBuiltInTemplatesSayWhichShapesAreClosedAndWhichNeverTurnBackInTheMiddle() {
        let facts = StrokeMatcher(templates: BuiltinTemplates.all).facts
        #expect(facts.closed == ["circle", "rectangle", "star", "triangle"])
        #expect(
            facts.neverTurningBack == [
                "circle", "left-bracket", "right-bracket", "question-mark", "rectangle",
                "line-left", "line-right", "line-up", "line-down",
                "l-down-right", "l-down-left", "l-up-right", "l-up-left",
            ])
    }

    @Test func cornersAreTheSharpTurnsBetweenTheEnds() throws {
        func corners(_ points: [Point]) throws -> Int {
            try #require(StrokeShape(points, count: 32)).cornerCount
        }
        let triangle = Draw.polyline([(50, 0), (0, 90), (100, 90), (50, 0)])
        let rectangle = Draw.polyline([(0, 0), (0, 80), (100, 80), (100, 0), (0, 0)])
        // The same rectangle with each corner cut over a tenth of its side: a turn spread over a
        // few points is still one corner.
        let rounded = Draw.polyline([
            (0, 0), (0, 72), (10, 80), (90, 80), (100, 72), (100, 8), (90, 0), (0, 0),
        ])
        let l = Draw.polyline([(0, 0), (0, 100), (60, 100)])
        // The same L with a hook where the pen lifts: no corner.
        let hooked = Draw.polyline([(0, 0), (0, 100), (60, 100), (56, 94)])
        let line = Draw.polyline([(0, 0), (100, 30)])
        let circle = Draw.circle(cx: 50, cy: 50, r: 40)
        #expect(
            try [triangle, rectangle, rounded, l, hooked, line, circle].map(corners) == [
                2, 3, 3, 1, 1, 0, 0,
            ])
    }

    @Test func theBuiltInTemplatesSayHowManyCornersEachShapeHas() {
        // Braces (with or without curls) and the pigtail differ from template to template, and
        // lines are told apart by how straight they are: corners settle nothing for those.
        let facts = StrokeMatcher(templates: BuiltinTemplates.all).facts
        #expect(
            facts.corners == [
                "arrow": 3, "caret": 1, "check": 1, "circle": 0, "delete": 2, "left-bracket": 2,
                "question-mark": 0, "rectangle": 3,
                "right-bracket": 2, "star": 4, "triangle": 2, "v": 1, "x": 2,
                "l-down-right": 1, "l-down-left": 1, "l-up-right": 1, "l-up-left": 1,
            ])
    }

    @Test func aCloseCallBetweenShapesWithDifferentCornersGoesToTheBestWhenTheStrokeHasItsCorners()
    {
        let shapes: Set<String> = ["triangle", "rectangle", "left-brace", "left-bracket"]
        let counts = ["triangle": 2, "rectangle": 3, "left-bracket": 2, "l-down-right": 1]
        let close = two(("triangle", 0.75), ("rectangle", 0.70))
        let unsure = StrokeBook.Reading.unsure(
            StrokeMatch(name: "triangle", score: 0.75),
            runnerUp: StrokeMatch(name: "rectangle", score: 0.70))
        var off = StrokeBook.Decision()
        off.cornersSettle = false
        let readings = [
            // A triangle's 2 corners: the triangle fires.
            StrokeBook.decide(close, shapes: shapes, decision: .init(), corners: (2, counts)),
            // A rectangle's 3: still unsure; corners never fire the runner-up.
            StrokeBook.decide(close, shapes: shapes, decision: .init(), corners: (3, counts)),
            // Neither's: unsure.
            StrokeBook.decide(close, shapes: shapes, decision: .init(), corners: (4, counts)),
            // Turned off, or no corners known: unsure, as by the ratio alone.
            StrokeBook.decide(close, shapes: shapes, decision: off, corners: (2, counts)),
            StrokeBook.decide(close, shapes: shapes, decision: .init()),
            // A shape whose templates do not agree on their corners (a brace): unsure.
            StrokeBook.decide(
                two(("left-bracket", 0.75), ("left-brace", 0.70)), shapes: shapes,
                decision: .init(), corners: (2, counts)),
            // A bracket's 2 against an L's 1, drawn with 2: the bracket fires.
            StrokeBook.decide(
                two(("left-bracket", 0.72), ("l-down-right", 0.70)), shapes: shapes,
                decision: .init(), corners: (2, counts)),
        ]
        #expect(
            readings == [
                .shape("triangle", score: 0.75), unsure, unsure, unsure, unsure,
                .unsure(
                    StrokeMatch(name: "left-bracket", score: 0.75),
                    runnerUp: StrokeMatch(name: "left-brace", score: 0.70)),
                .shape("left-bracket", score: 0.72),
            ])
    }

    @Test func aShapeWhoseCornersSettleItOrConfirmItWhenSureFiresFromALowerScore() {
        // A star drawn fast scores under the minimum, ahead of the arrow: with a star's 4 corners
        // it fires from 0.55, sure by the ratio or not (the corners settle it against the arrow's
        // 3). Without them, or under 0.55, nothing fires; nor when the ratio is not sure and the
        // runner-up has no count of its own (the pigtail), so that corners settle nothing.
        let counts = ["star": 4, "arrow": 3]
        func read(
            _ score: Double, _ runnerUp: Double, corners: Int?, against other: String = "arrow"
        ) -> StrokeBook.Reading {
            StrokeBook.decide(
                two(("star", score), (other, runnerUp)), shapes: ["star"], decision: .init(),
                corners: corners.map { ($0, counts) })
        }
        let star = StrokeMatch(name: "star", score: 0.6)
        #expect(
            [
                read(0.6, 0.36, corners: 4), read(0.6, 0.5, corners: 4),
                read(0.6, 0.36, corners: 3),
                read(0.6, 0.36, corners: nil), read(0.53, 0.20, corners: 4),
                read(0.6, 0.5, corners: 4, against: "pigtail"),
            ]
                == [
                    .shape("star", score: 0.6), .shape("star", score: 0.6),
                    .nothing(best: star, minimum: 0.65),
                    .nothing(best: star, minimum: 0.65),
                    .nothing(best: StrokeMatch(name: "star", score: 0.53), minimum: 0.55),
                    .nothing(best: star, minimum: 0.65),
                ])
        #expect(StrokeBook.Decision().cornersMinimumScore == 0.55)
    }

    @Test func cornersConfirmAShapeSureByTheRatioAgainstARunnerUpWithNoCountOfItsOwn() {
        // An x drawn loosely scores under the minimum, far ahead of a brace or the pigtail, whose
        // templates have no one corner count: an x's 2 corners confirm it from 0.55. A runner-up
        // with the same count confirms nothing; nor does a stroke with other corners.
        let counts = ["x": 2, "v": 1, "delete": 2]
        func read(_ runnerUp: String, corners: Int) -> StrokeBook.Reading {
            StrokeBook.decide(
                two(("x", 0.6), (runnerUp, 0.34)), shapes: ["x"], decision: .init(),
                corners: (corners, counts))
        }
        let x = StrokeMatch(name: "x", score: 0.6)
        #expect(
            [
                read("right-brace", corners: 2), read("pigtail", corners: 2), read("v", corners: 2),
                read("delete", corners: 2), read("right-brace", corners: 3),
            ]
                == [
                    .shape("x", score: 0.6), .shape("x", score: 0.6), .shape("x", score: 0.6),
                    .nothing(best: x, minimum: 0.65),
                    .nothing(best: x, minimum: 0.65),
                ])
        // With no runner-up at all (every other shape ruled out), the same.
        #expect(
            StrokeBook.decide(
                (StrokeMatch(name: "x", score: 0.6), nil), shapes: ["x"], decision: .init(),
                corners: (2, counts))
                == .shape("x", score: 0.6))
    }

    /// The reading's name, or what fired nothing and why, for comparing whole lists.
    func summary(_ reading: StrokeBook.Reading) -> String {
        switch reading {
        case .shape(let name, _): name
        case .directions(let directions): "directions \(directions)"
        case .nothing(let best, _): "nothing (best \(best?.name ?? "none"))"
        case .unbound(let best): "unbound \(best.name)"
        case .unsure(let best, let runnerUp): "unsure \(best.name) or \(runnerUp.name)"
        case .doubtful(let best, let shape, _, _):
            "doubtful \(shape ?? "no shape") (best \(best.name))"
        }
    }

    /// The best shape a reading names, fired or not.
    func bestName(_ reading: StrokeBook.Reading) -> String? {
        switch reading {
        case .shape(let name, _): name
        case .unsure(let best, _), .unbound(let best), .doubtful(let best, _, _, _): best.name
        case .nothing(let best, _): best?.name
        case .directions: nil
        }
    }

    @Test func aStrokeIsReadAmongTheShapesItCanBeAndNoOthers() {
        // A brace with a sharp point and one short end: the bracket's points lie nearer, but a
        // bracket never turns back in its middle.
        let brace = Draw.polyline([
            (70, 0), (45, 0), (45, 46), (33, 50), (45, 54), (45, 100), (50, 100),
        ])
        // An x drawn askew: a triangle's points lie nearer, but it ends far from where it began.
        let x = Draw.polyline([(2, 15), (111, 120), (80, -6), (2, 91)])
        // Something dragged at a slant, bowed a little: a check's points lie nearer, but it is straight.
        let drag = Draw.polyline([(0, 212), (61, 167), (117, 117), (167, 61), (212, 0)])
        let shapes = Set(BuiltinTemplates.names)
        var off = StrokeBook.Decision()
        var on = StrokeBook.Decision()
        (off.middleTurnBack, off.openGap, off.straightness) = (.infinity, .infinity, 0)
        // The rules alone: no evidence model.
        (off.evidence, on.evidence) = (nil, nil)
        // Each direction over its own segment only (`directionSpan` 0), where these strokes lie
        // nearest the wrong shape.
        let books = [off, on].map { d in
            StrokeBook(
                matcher: StrokeMatcher(
                    templates: BuiltinTemplates.all, threshold: d.minimumScore,
                    options: .init(directionSpan: 0)),
                shapes: shapes, sequences: [], decision: d)
        }
        let read = books.map { book in
            [brace, x, drag].enumerated().map {
                bestName(book.read($0.element, at: Double($0.offset))) ?? "none"
            }
        }
        #expect(read[0] == ["left-bracket", "triangle", "check"])
        #expect(read[1][0...1] == ["left-brace", "x"])
        #expect(read[1][2].hasPrefix("line-"), "\(read[1][2])")
        #expect(books[1].ruledOut(brace).isSuperset(of: ["left-bracket", "right-bracket"]))
        #expect(books[1].ruledOut(x).isSuperset(of: ["triangle", "rectangle"]))
        #expect(books[1].ruledOut(drag) == books[1].matcher.facts.bent)
    }

    @Test func aStrokeDrawnWithATremorFiresWithDirectionsTakenOverFiveSegments() {
        // An L drawn with a tremor (±10 px across a 300 px stroke): each segment's own direction
        // swings this way and that, and the brace comes close enough to leave it unsure; taken
        // from two points before each segment to two after (the default), the L fires. (Scores
        // alone: the rules that rule shapes out are not asked.)
        let base = Draw.polyline([(0, 0), (0, 300), (200, 300)], perSegment: 30)
        let shaky = base.enumerated().map { i, q in
            Point(x: q.x + (i % 2 == 0 ? 10 : -10), y: q.y + (i % 3 == 0 ? 10 : -5))
        }
        let readings = [0, 2].map { span in
            let matcher = StrokeMatcher(
                templates: BuiltinTemplates.all, options: .init(directionSpan: span))
            return StrokeBook.decide(
                matcher.bestTwo(shaky), shapes: Set(BuiltinTemplates.names), decision: .init())
        }
        #expect(readings.map(summary) == ["unsure l-down-right or left-brace", "l-down-right"])
        #expect(StrokeMatcher.Options().directionSpan == 2)
    }

    @Test func aStrokeWithCornersIsNoShapeThatHasNone() throws {
        // A zigzag across lines of text (generated, seed 13): a question mark's points lie
        // nearest, but it turns sharply twice and a question mark's templates never do.
        let zigzag = Draw.polyline([
            (1006, 632), (1054, 633), (1122, 642), (1215, 657), (1317, 663), (1425, 650),
            (1480, 707),
            (1510, 810), (1441, 844), (1356, 862), (1375, 958), (1390, 1025), (1402, 1067),
        ])
        // Question marks with one corner, which is let pass: a round hook that meets its stem
        // sharply, and a hook drawn as three straight strokes.
        let hook = (0...12).map { k in
            let a = (200 + 22.5 * Double(k)) * .pi / 180
            return (50 + 25 * cos(a), 30 + 25 * sin(a))
        }
        let question = Draw.polyline(hook + [(50, 80)])
        let bent = Draw.polyline([(25, 25), (40, 5), (75, 10), (50, 45), (50, 80)])
        let shapes = Set(BuiltinTemplates.names)
        var off = StrokeBook.Decision()
        var on = StrokeBook.Decision()
        off.cornerlessMostCorners = .max
        // The rules alone: no evidence model.
        (off.evidence, on.evidence) = (nil, nil)
        let books = [off, on].map {
            StrokeBook(templates: BuiltinTemplates.all, shapes: shapes, sequences: [], decision: $0)
        }
        // The best shape each reads as, fired or not.
        let best = books.map { book in
            [zigzag, question, bent].enumerated().map {
                bestName(book.read($0.element, at: Double($0.offset))) ?? "none"
            }
        }
        #expect(best[0] == ["question-mark", "question-mark", "question-mark"])
        #expect(
            best[1][0] != "question-mark" && best[1][1...] == ["question-mark", "question-mark"],
            "\(best[1])")
        #expect(
            [zigzag, question, bent].map { books[1].ruledOut($0).contains("question-mark") } == [
                true, false, false,
            ])
        #expect(
            [zigzag, question, bent].map { StrokeShape($0, count: 32)?.cornerCount } == [2, 1, 1])
        #expect(
            StrokeMatcher(templates: BuiltinTemplates.all).facts.cornerless == [
                "circle", "question-mark",
            ])
    }

    @Test func aStraightStrokeIsALineAndEveryOtherShapeBends() throws {
        let facts = StrokeMatcher(templates: BuiltinTemplates.all).facts
        #expect(
            Set(BuiltinTemplates.names).subtracting(facts.bent) == [
                "line-left", "line-right", "line-up", "line-down",
            ])
        let line = try #require(
            StrokeMatcher.pathOverChord(Draw.polyline([(0, 0), (300, 0)]), count: 32))
        let check = try #require(
            StrokeMatcher.pathOverChord(Draw.polyline([(0, 40), (10, 52), (100, 0)]), count: 32))
        #expect(abs(line - 1) < 1e-9)
        #expect(check > 1.05)
        #expect(
            StrokeMatcher.pathOverChord(Draw.polyline([(0, 0), (100, 0), (0, 0)]), count: 32) == nil
        )
    }

    @Test func shapesDrawnWithTheirCornersSharpOrCutStillFire() {
        func point(_ degrees: Double) -> (Double, Double) {
            (
                100 + 100 * Foundation.sin(degrees * .pi / 180),
                100 - 100 * Foundation.cos(degrees * .pi / 180)
            )
        }
        let drawn: [(String, [(Double, Double)])] = [
            ("rectangle", [(0, 0), (0, 140), (200, 140), (200, 0), (0, 0)]),
            (
                "rectangle",
                [
                    (0, 20), (0, 120), (20, 140), (180, 140), (200, 120), (200, 20), (180, 0),
                    (20, 0), (0, 20),
                ]
            ),
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
        let book = StrokeBook(
            templates: BuiltinTemplates.all, shapes: Set(BuiltinTemplates.names), sequences: [])
        let readings = drawn.enumerated().map {
            summary(book.read(Draw.polyline($0.element.1), at: Double($0.offset)))
        }
        #expect(readings == drawn.map(\.0))
    }

    /// An arrow drawn from its head: a barb, the tip, the other barb, back to the tip, then the
    /// shaft down to the tail, either barb first; and from its tail as before.
    @Test func anArrowFiresDrawnFromItsHeadAsFromItsTail() {
        let drawn: [[(Double, Double)]] = [
            [(105, 38), (200, 30), (190, 125), (200, 30), (10, 160)],
            [(185, 130), (200, 35), (100, 45), (200, 35), (0, 150)],
            [(0, 150), (200, 40), (110, 40), (200, 40), (180, 140)],
        ]
        let book = StrokeBook(
            templates: BuiltinTemplates.all, shapes: Set(BuiltinTemplates.names), sequences: [])
        let readings = drawn.enumerated().map {
            summary(book.read(Draw.polyline($0.element), at: Double($0.offset)))
        }
        #expect(readings == ["arrow", "arrow", "arrow"])
    }

    /// A point of a pentagram of radius 100 about (100, 100), clockwise from the top.
    func starPoint(_ degrees: Double) -> (Double, Double) {
        (
            100 + 100 * Foundation.sin(degrees * .pi / 180),
            100 - 100 * Foundation.cos(degrees * .pi / 180)
        )
    }

    @Test
    func aScrawlRoundAStarsPointsThatTurnsBackAndForthFiresNothingWhileAStarDrawnBadlyStillFires() {
        // From point to point of a star, but doubling back on itself halfway along every line:
        // close enough to a star's points to read as one (0.79, a lead of 0.44), but a pentagram
        // turns one way only, and only 0.38 of this stroke's turning does.
        let order = [216.0, 0, 144, 288, 72, 216].map(starPoint)
        var scrawl: [(Double, Double)] = [order[0]]
        for (a, b) in zip(order, order.dropFirst()) {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1)
            let side = 0.12
            scrawl += [
                (a.0 + 0.55 * dx - side * dy, a.1 + 0.55 * dy + side * dx),
                (a.0 + 0.4 * dx + side * dy, a.1 + 0.4 * dy - side * dx), b,
            ]
        }
        // A star drawn badly: past every point, a corner cut, a hook where the pen lifts.
        let badStar = [
            starPoint(216), (100, -12), (166, 196), starPoint(288), (40, 30), starPoint(72),
            (8, 180), (30, 170),
        ]
        let all = Set(BuiltinTemplates.names)
        var before = StrokeBook.Decision()
        before.minimumOneWay = 0
        let readings = [before, StrokeBook.Decision()].map { decision in
            let book = StrokeBook(
                templates: BuiltinTemplates.all, shapes: all, sequences: [], decision: decision)
            return [scrawl, badStar].enumerated().map {
                summary(book.read(Draw.polyline($0.element), at: Double($0.offset)))
            }
        }
        #expect(readings == [["star", "star"], ["doubtful no shape (best arrow)", "star"]])
        // The star is ruled out by its turning, not by a score.
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: all, sequences: [])
        #expect(book.ruledOut(Draw.polyline(scrawl)).contains("star"))
        #expect(!book.ruledOut(Draw.polyline(badStar)).contains("star"))
    }

    @Test func aPentagramTurnsOneWayAndAZigzagBothWaysWithFourCornersEach() throws {
        let starPoints = Draw.polyline([216.0, 0, 144, 288, 72, 216].map(starPoint))
        let zigzagPoints = Draw.polyline([
            (0, 0), (100, 30), (0, 60), (100, 90), (0, 120), (100, 150),
        ])
        let star = try #require(StrokeMatcher.turning(starPoints, count: 32))
        let zigzag = try #require(StrokeMatcher.turning(zigzagPoints, count: 32))
        #expect(star.oneWay > 0.95)
        #expect(zigzag.oneWay < 0.1)
        #expect(
            [starPoints, zigzagPoints].map { StrokeShape($0, count: 32)?.cornerCount } == [4, 4])
    }

    @Test func theBestShapeFiresNothingWhenNoBindingNamesIt() {
        let reading = StrokeBook.decide(
            two(("rectangle", 0.93), ("circle", 0.86)), shapes: ["circle"], decision: .init())
        #expect(reading == .unbound(StrokeMatch(name: "rectangle", score: 0.93)))
    }

    @Test func aRectangleWhereOnlyTheCircleIsBoundReadsAsTheRectangleItIs() {
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: ["circle"], sequences: [])
        let rectangle = Draw.polyline([(0, 0), (0, 140), (200, 140), (200, 0), (0, 0)])
        guard case .unbound(let best) = book.read(rectangle, at: 1) else {
            Issue.record("read as \(book.read(rectangle, at: 1))")
            return
        }
        #expect(best.name == "rectangle")
    }

    @Test func aStrokeHalfwayBetweenTwoBoundShapesFiresNeither() throws {
        // Morph a v into a check; where the best reading flips, the two are as close as can be.
        // As the rules read it: the evidence model does not leave it halfway (it fires the check).
        let v = [(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)]
        let check = [(0.0, 45.0), (32.0, 90.0), (90.0, 0.0)]
        var rules = StrokeBook.Decision()
        rules.evidence = nil
        let book = StrokeBook(
            templates: BuiltinTemplates.all, shapes: ["v", "check"], sequences: [], decision: rules)
        func morph(_ t: Double) -> [Point] {
            Draw.polyline(
                zip(v, check).map { (a, b) in (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)) })
        }
        var (low, high) = (0.0, 1.0)
        #expect(book.matcher.bestMatch(morph(low))?.name == "v")
        #expect(book.matcher.bestMatch(morph(high))?.name == "check")
        for _ in 0..<30 {
            let mid = (low + high) / 2
            if book.matcher.bestMatch(morph(mid))?.name == "v" { low = mid } else { high = mid }
        }
        guard case .unsure(let best, let runnerUp) = book.read(morph(low), at: 1) else {
            Issue.record("read as \(book.read(morph(low), at: 1))")
            return
        }
        #expect(Set([best.name, runnerUp.name]) == ["v", "check"])
        #expect(best.score - runnerUp.score < 0.01)
    }
}
