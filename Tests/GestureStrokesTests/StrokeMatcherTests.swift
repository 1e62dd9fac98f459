import Foundation
import GestureCore
import TestSupport
import Testing

@testable import GestureStrokes

@Suite struct StrokeMatcherBehaviour {
    let builtins = StrokeMatcher(templates: BuiltinTemplates.all)

    // x right, y down: a "v" goes down then up; a caret goes up then down.
    let vStroke = Draw.polyline([(0, 0), (50, 100), (100, 0)])
    let caretStroke = Draw.polyline([(0, 100), (50, 0), (100, 100)])

    @Test func vIsNotACaret() throws {
        #expect(builtins.match(vStroke)?.name == "v")
        #expect(builtins.match(caretStroke)?.name == "caret")
        // Even when only the other shape is allowed, nothing matches: the caret is a
        // v upside down, and ordinary templates keep their orientation.
        #expect(builtins.match(vStroke, among: ["caret"]) == nil)
        #expect(builtins.match(caretStroke, among: ["v"]) == nil)
        let vScoreAsCaret = try #require(builtins.bestMatch(vStroke, among: ["caret"])).score
        #expect(vScoreAsCaret < 0.5)
    }

    @Test func scaledAndTranslatedCircleStillMatches() throws {
        for (scale, dx, dy) in [(0.05, 0.0, 0.0), (1.0, 1000.0, 500.0), (8.0, -300.0, 2000.0)] {
            let circle = Draw.transform(
                Draw.circle(cx: 0, cy: 0, r: 50), scale: scale, dx: dx, dy: dy)
            let m = try #require(builtins.match(circle))
            #expect(m.name == "circle")
            #expect(m.score > 0.9)
        }
    }

    @Test func circleMatchesFromAnyStartPointAndDirection() throws {
        for startDegrees in stride(from: 0.0, to: 360.0, by: 45.0) {
            let ccw = Draw.circle(cx: 0, cy: 0, r: 50, start: startDegrees * .pi / 180)
            let cw = Array(ccw.reversed())
            #expect(builtins.match(ccw)?.name == "circle")
            #expect(builtins.match(cw)?.name == "circle")
        }
    }

    @Test func slowAndFastDrawingOfTheSameShapeMatch() throws {
        // Slow: 400 points, bunched at the start (the pen accelerates). Fast: 6 points.
        let corners: [(Double, Double)] = [(0, 0), (30, 100), (60, 20), (90, 100), (120, 0)]
        var slow: [Point] = []
        for i in 0..<(corners.count - 1) {
            for k in 0..<100 {
                let t = Double(k * k) / 10_000 // uneven spacing
                slow.append(
                    Point(
                        x: corners[i].0 + t * (corners[i + 1].0 - corners[i].0),
                        y: corners[i].1 + t * (corners[i + 1].1 - corners[i].1)))
            }
        }
        slow.append(Point(x: 120, y: 0))
        let fast = corners.map { Point(x: $0.0, y: $0.1) } + [Point(x: 120, y: 0)]
        let template = StrokeTemplate(name: "w", points: Draw.polyline(corners, perSegment: 7))
        let other = StrokeTemplate(
            name: "m", points: Draw.polyline(corners.map { ($0.0, 100 - $0.1) }))
        let matcher = StrokeMatcher(templates: [other, template])
        let a = try #require(matcher.match(slow))
        let b = try #require(matcher.match(fast))
        #expect(a.name == "w" && b.name == "w")
        #expect(abs(a.score - b.score) < 0.02)
        #expect(a.score > 0.97)
    }

    @Test func bestScoreWinsNotFirstTemplate() throws {
        // Both templates pass a zero threshold; the second one fits better.
        let loose = StrokeTemplate(
            name: "wide-v", points: Draw.polyline([(0, 0), (100, 40), (200, 0)]))
        let exact = StrokeTemplate(name: "v", points: vStroke)
        let matcher = StrokeMatcher(templates: [loose, exact], threshold: 0)
        let m = try #require(matcher.match(vStroke))
        #expect(m.name == "v")
        let ranked = matcher.rankedMatches(vStroke)
        #expect(ranked.map(\.name) == ["v", "wide-v"])
        #expect(ranked[0].score > ranked[1].score && ranked[1].score > 0)
        // Same with the order reversed.
        let reversed = StrokeMatcher(templates: [exact, loose], threshold: 0)
        #expect(reversed.match(vStroke)?.name == "v")
    }

    @Test func scribbleMatchesNothing() {
        // A tight back-and-forth scrawl.
        let scrawl = Draw.polyline(
            [
                (0, 0), (100, 10), (5, 25), (95, 30), (0, 45), (100, 60),
                (10, 70), (90, 85), (0, 100), (70, 20), (20, 90),
            ], perSegment: 8)
        #expect(builtins.match(scrawl) == nil)
        // And statistically: random zig-zags of 6 to 14 vertices are rarely accepted.
        var rng = SeededRandom(state: 2024)
        var accepted = 0
        let trials = 500
        for _ in 0..<trials {
            let k = Int.random(in: 6...14, using: &rng)
            let pts = (0..<k).map { _ in
                Point(
                    x: Double.random(in: 0...200, using: &rng),
                    y: Double.random(in: 0...200, using: &rng))
            }
            if builtins.match(pts) != nil { accepted += 1 }
        }
        #expect(Double(accepted) / Double(trials) < 0.03, "accepted \(accepted) of \(trials)")
    }

    @Test func straightLinesAreRecognizedDespiteZeroHeight() throws {
        let cases: [([(Double, Double)], String)] = [
            ([(0, 50), (300, 50)], "line-right"),
            ([(300, 50), (0, 50)], "line-left"),
            ([(50, 0), (50, 300)], "line-down"),
            ([(50, 300), (50, 0)], "line-up"),
        ]
        for (corners, name) in cases {
            for pts in [
                Draw.polyline(corners),
                Draw.jitter(Draw.polyline(corners, perSegment: 60), amount: 3),
            ] {
                let m = try #require(builtins.match(pts))
                #expect(m.name == name)
                // A shaky hand's segments point every which way a little: the directions weigh it.
                #expect(m.score > 0.85)
            }
        }
        // Two points are enough, and a short line matches like a long one.
        #expect(builtins.match([Point(x: 0, y: 0), Point(x: 0, y: 12)])?.name == "line-down")
    }

    @Test func lShapesFollowTheirFirstThenSecondMove() {
        let cases: [([(Double, Double)], String)] = [
            ([(0, 0), (0, 100), (100, 100)], "l-down-right"),
            ([(100, 0), (100, 100), (0, 100)], "l-down-left"),
            ([(0, 100), (0, 0), (100, 0)], "l-up-right"),
            ([(100, 100), (100, 0), (0, 0)], "l-up-left"),
        ]
        for (corners, name) in cases {
            #expect(builtins.match(Draw.polyline(corners))?.name == name)
        }
    }

    @Test func orientationIsKeptUnlessTheTemplateIsRotationInvariant() throws {
        let arrowhead = Draw.polyline([(0, 0), (100, 50), (0, 100)]) // ">"
        let turned = Draw.transform(arrowhead, rotateDegrees: 90) // "v"-like
        let fixed = StrokeMatcher(templates: [StrokeTemplate(name: "gt", points: arrowhead)])
        let free = StrokeMatcher(templates: [
            StrokeTemplate(name: "gt", points: arrowhead, rotationInvariant: true)
        ])
        #expect(fixed.match(turned) == nil)
        let m = try #require(free.match(turned))
        #expect(m.score > 0.99)
        // Small tilts are tolerated even for ordinary templates.
        #expect(fixed.match(Draw.transform(arrowhead, rotateDegrees: 20))!.score > 0.99)
    }

    @Test func amongRestrictsTheCandidates() {
        let circle = Draw.circle(cx: 0, cy: 0, r: 50)
        #expect(builtins.match(circle, among: ["circle", "v"])?.name == "circle")
        #expect(builtins.match(circle, among: []) == nil)
        #expect(builtins.match(circle, among: ["no-such-shape"]) == nil)
        if let m = builtins.bestMatch(circle, among: ["rectangle", "triangle"]) {
            #expect(m.name != "circle")
        }
    }

    @Test func degenerateStrokesMatchNothing() {
        #expect(builtins.match([]) == nil)
        #expect(builtins.match([Point(x: 3, y: 4)]) == nil)
        #expect(builtins.match(Array(repeating: Point(x: 3, y: 4), count: 10)) == nil)
        let withBadTemplate = StrokeMatcher(templates: [
            StrokeTemplate(name: "dot", points: [Point(x: 1, y: 1), Point(x: 1, y: 1)]),
            StrokeTemplate(name: "line", points: [Point(x: 0, y: 0), Point(x: 9, y: 0)]),
        ])
        #expect(withBadTemplate.skippedTemplateNames == ["dot"])
        #expect(withBadTemplate.templateCount == 1)
    }

    @Test func scoresAreBetweenZeroAndOneAndThresholdIsApplied() {
        let strict = StrokeMatcher(templates: BuiltinTemplates.all, threshold: 0.999)
        #expect(strict.match(Draw.jitter(vStroke, amount: 4)) == nil)
        #expect(strict.bestMatch(Draw.jitter(vStroke, amount: 4))?.name == "v")
        for m in builtins.rankedMatches(Draw.jitter(caretStroke, amount: 5)) {
            #expect((0.0...1.0).contains(m.score))
        }
    }

    @Test func builtinTemplatesHaveTheRequiredNames() {
        let required: Set<String> = [
            "arrow", "caret", "check", "circle", "delete", "left-brace", "left-bracket", "pigtail",
            "question-mark", "rectangle", "right-brace", "right-bracket", "star", "triangle", "v",
            "x",
            "line-left", "line-right", "line-up", "line-down",
            "l-down-right", "l-down-left", "l-up-right", "l-up-left",
        ]
        #expect(Set(BuiltinTemplates.names) == required)
        #expect(BuiltinTemplates.names.count == required.count)
        // One template per way of drawing: from either end, from every corner either way round
        // (closed shapes, sharp and with cut corners), from every corner of the x, barbs in
        // either order from the tail or from the head.
        let counts = Dictionary(grouping: BuiltinTemplates.all, by: \.name).mapValues(\.count)
        #expect(
            counts == [
                "arrow": 12, "caret": 2, "check": 4, "circle": 2, "delete": 2, "left-brace": 8,
                "left-bracket": 6,
                "pigtail": 6, "question-mark": 1, "rectangle": 24, "right-brace": 8,
                "right-bracket": 6, "star": 20,
                "triangle": 12, "v": 4, "x": 4,
                "line-left": 1, "line-right": 1, "line-up": 1, "line-down": 1,
                "l-down-right": 1, "l-down-left": 1, "l-up-right": 1, "l-up-left": 1,
            ])
        #expect(builtins.skippedTemplateNames.isEmpty)
        // Only the circle is matched at any angle.
        #expect(Set(BuiltinTemplates.all.filter(\.rotationInvariant).map(\.name)) == ["circle"])
    }

    @Test func aCosineRoundedJustPastOneScoresAsIdenticalShapes() {
        #expect(StrokeMatcher.score(fromCosine: 1.0000000000000002) == 1)
        #expect(StrokeMatcher.score(fromCosine: 0) == 0)
    }

    @Test func aClosedShapeReadsAsItselfFromEveryCornerEitherWayRound() throws {
        let shapes: [(String, [(Double, Double)])] = [
            ("rectangle", [(0, 0), (0, 140), (200, 140), (200, 0)]),
            ("triangle", [(100, 0), (0, 170), (200, 170)]),
            // A pentagram: every second point of a regular five-pointed star.
            (
                "star",
                [2, 4, 1, 3, 0].map { k in
                    let a = (-90 + 72 * Double(k)) * .pi / 180
                    return (100 + 100 * Foundation.cos(a), 100 + 100 * Foundation.sin(a))
                }
            ),
        ]
        for (name, corners) in shapes {
            for order in [corners, corners.reversed()] {
                for start in order.indices {
                    let cycle = (0...order.count).map { order[(start + $0) % order.count] }
                    #expect(
                        builtins.bestMatch(Draw.polyline(cycle))?.name == name,
                        "\(name) from \(cycle[0])")
                }
            }
        }
    }

    @Test func openShapesReadAsThemselvesFromEitherEnd() throws {
        let shapes: [(String, [(Double, Double)])] = [
            ("v", [(0, 0), (60, 120), (120, 0)]),
            ("caret", [(0, 120), (60, 0), (120, 120)]),
            ("left-bracket", [(60, 0), (0, 0), (0, 150), (60, 150)]),
            ("right-bracket", [(0, 0), (60, 0), (60, 150), (0, 150)]),
            ("delete", [(0, 0), (120, 120), (0, 120), (120, 0)]),
        ]
        for (name, corners) in shapes {
            #expect(builtins.bestMatch(Draw.polyline(corners))?.name == name)
            #expect(
                builtins.bestMatch(Draw.polyline(corners.reversed()))?.name == name,
                "\(name) from the other end")
        }
        // The one-stroke x from each corner, up or down a vertical side; along a horizontal side it is `delete`.
        for corners in [
            [(0.0, 0.0), (100, 100), (100, 0), (0, 100)], [(100, 0), (0, 100), (0, 0), (100, 100)],
            [(0, 100), (100, 0), (100, 100), (0, 0)], [(100, 100), (0, 0), (0, 100), (100, 0)],
        ] {
            #expect(builtins.bestMatch(Draw.polyline(corners))?.name == "x", "x from \(corners[0])")
        }
    }

    @Test func theRunnerUpIsTheBestTemplateOfAnotherName() throws {
        let rectangle = Draw.polyline([(0, 0), (0, 140), (200, 140), (200, 0), (0, 0)])
        let two = try #require(builtins.bestTwo(rectangle))
        let ranked = builtins.rankedMatches(rectangle)
        #expect(two.best == ranked[0])
        #expect(two.runnerUp == ranked[1])
        #expect(two.best.name == "rectangle" && two.runnerUp?.name != "rectangle")
        // With one name only there is no runner-up.
        #expect(try #require(builtins.bestTwo(rectangle, among: ["rectangle"])).runnerUp == nil)
    }

    @Test func everyBuiltinTemplateRecognizesItsOwnPoints() throws {
        for template in BuiltinTemplates.all {
            let m = try #require(builtins.match(template.points))
            #expect(m.name == template.name)
            #expect(m.score > 0.999)
        }
    }
}
