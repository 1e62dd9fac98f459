import GestureCore
import TestSupport
import Testing

@testable import GestureStrokes

@Suite struct StrokeRecognizerTests {
    /// One stroke binding per shape, sharing a book, as the config makes them.
    func strokes(
        _ shapes: [String], source: InputSource = .pointer, decision: StrokeBook.Decision = .init()
    ) -> [StrokeRecognizer] {
        let book = StrokeBook(
            templates: BuiltinTemplates.all, shapes: Set(shapes), sequences: [], decision: decision)
        let rs = shapes.map {
            StrokeRecognizer(name: $0, source: source, target: .shape($0), book: book)
        }
        for r in rs { for o in rs where o !== r { r.recognizeSimultaneously(with: o) } }
        return rs
    }

    /// The first template of `shape`, scaled to about 300 px at (400, 300).
    func drawn(_ shape: String) -> [Point] {
        let t = BuiltinTemplates.all.first { $0.name == shape }!.points
        let xs = t.map(\.x)
        let ys = t.map(\.y)
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        return t.map {
            Point(
                x: 400 + ($0.x - xs.min()!) / size * 300, y: 300 + ($0.y - ys.min()!) / size * 300)
        }
    }

    func draw(_ s: Scenario, _ points: [Point], button: Int = 3) {
        s.send(.buttonPress(button: button, at: points[0]))
        for p in points.dropFirst() { s.after(5).send(.motion(at: p)) }
        s.after(5).send(.buttonRelease(button: button, at: points.last!))
    }

    @Test func aDrawnShapeEndsTheBindingOfThatShapeAndOnlyThatOne() {
        let s = Scenario(strokes(["circle", "v", "caret"]))
        draw(s, drawn("v"))
        let outcome = s.log.filter { $0.contains("ended") || $0.contains("cancelled") }
        #expect(
            outcome.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == [
                "circle cancelled", "v ended", "caret cancelled",
            ])
    }

    /// Three fingers landing a few milliseconds apart and spreading: the first finger alone
    /// would read as a line up, but a second finger before it moved its distance makes it no
    /// stroke, and the pinch is the gesture.
    @Test func onATouchscreenAFingerThatLandsBeforeTheStrokeMovedFailsItAndThePinchWins() {
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: ["line-up"], sequences: [])
        let stroke = StrokeRecognizer(
            name: "line-up", source: .touchscreen, target: .shape("line-up"), book: book)
        let s = Scenario([
            stroke, PinchRecognizer(name: "spread", source: .touchscreen, fingers: 3...3),
        ])
        s.showReasons = true
        s.send(.touchBegin(id: 1, at: Point(x: 600, y: 360)))
        s.after(2).send(.touchBegin(id: 2, at: Point(x: 635, y: 420)))
        s.after(2).send(.touchBegin(id: 3, at: Point(x: 565, y: 420)))
        for step in 1...8 {
            let r = 40 + Double(step) * 12
            s.after(8).send(.touchMove(id: 1, at: Point(x: 600, y: 400 - r)))
            s.send(.touchMove(id: 2, at: Point(x: 600 + 0.87 * r, y: 400 + 0.5 * r)))
            s.send(.touchMove(id: 3, at: Point(x: 600 - 0.87 * r, y: 400 + 0.5 * r)))
        }
        #expect(
            s.log.contains(
                "2 line-up failed: another finger landed before it moved 10 px: a stroke is drawn with one finger"
            ), "\(s.log)")
        #expect(s.log.contains { $0.hasSuffix("spread began") }, "\(s.log)")
    }

    @Test func theBestScoringShapeWinsNotTheFirstInTheFile() {
        for shape in ["caret", "v", "check"] {
            let s = Scenario(strokes(["check", "caret", "v"]))
            draw(s, drawn(shape))
            #expect(
                s.log.filter { $0.hasSuffix(" ended") }.map { String($0.split(separator: " ")[1]) }
                    == [shape])
        }
    }

    @Test func aShapeThatNoBindingDrawsCancelsEveryBindingAndSaysWhatItWas() {
        let s = Scenario(strokes(["circle", "left-brace"]))
        s.showReasons = true
        draw(s, drawn("rectangle"))
        #expect(
            s.log.filter { !$0.contains("changed") } == [
                "5 circle began", "5 left-brace began", "5 button 3 accept (recognized)",
                "25 circle cancelled: read as \"rectangle\" (100 %), which no binding draws",
                "25 left-brace cancelled: read as \"rectangle\" (100 %), which no binding draws",
            ])
    }

    @Test func aStrokeThatReadsAsNoShapeWellEnoughOrAsTwoAtOnceCancelsEveryBindingAndSaysWhy() {
        // A scrawl back and forth across itself.
        let scrawl = [
            (400, 300), (700, 320), (420, 360), (680, 300), (450, 420), (600, 250), (400, 400),
        ].map { Point(x: Double($0.0), y: Double($0.1)) }
        // A v morphed towards a check, where the best reading flips from one to the other.
        let v = [(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)]
        let check = [(0.0, 45.0), (32.0, 90.0), (90.0, 0.0)]
        func morph(_ t: Double) -> [Point] {
            Draw.polyline(
                zip(v, check).map { a, b in
                    (400 + 3 * (a.0 + t * (b.0 - a.0)), 300 + 3 * (a.1 + t * (b.1 - a.1)))
                }, perSegment: 10)
        }
        let matcher = strokes(["v"])[0].book.matcher
        var (low, high) = (0.0, 1.0)
        for _ in 0..<30 {
            let mid = (low + high) / 2
            if matcher.bestMatch(morph(mid))?.name == "v" { low = mid } else { high = mid }
        }
        var cancelled: [String] = []
        // As the rules read them, with no evidence model (a user's shapes are read so).
        var rules = StrokeBook.Decision()
        rules.evidence = nil
        for points in [Draw.polyline(scrawl.map { ($0.x, $0.y) }, perSegment: 10), morph(low)] {
            let s = Scenario(strokes(["v", "check"], decision: rules))
            s.showReasons = true
            draw(s, points)
            cancelled += s.log.filter { $0.contains("cancelled") }.map {
                $0.split(separator: " ").dropFirst().joined(separator: " ")
            }
        }
        #expect(
            cancelled == [
                "v cancelled: matches nothing: best \"arrow\" at 31 % < 65 %",
                "check cancelled: matches nothing: best \"arrow\" at 31 % < 65 %",
                "v cancelled: unsure: \"v\" 91 % against \"check\" 91 %",
                "check cancelled: unsure: \"v\" 91 % against \"check\" 91 %",
            ])
    }

    @Test func aPressThatDoesNotMoveIsAClickAndGoesBackToTheApplication() {
        let s = Scenario(strokes(["circle"]))
        s.showReasons = true
        s.send(.buttonPress(button: 3, at: Point(x: 10, y: 10))).after(5).send(
            .motion(at: Point(x: 13, y: 12)))
        s.after(80).send(.buttonRelease(button: 3, at: Point(x: 13, y: 12)))
        #expect(
            s.log == [
                "85 circle failed: moved 4 px < 10 px: a click, not a stroke",
                "85 button 3 reject (unused)",
            ])
    }

    @Test func aStrokeIsKeptByTheGestureLayerOnceItMoves() {
        let s = Scenario(strokes(["circle"]))
        let points = drawn("circle")
        s.send(.buttonPress(button: 3, at: points[0])).after(5).send(
            .motion(at: points[0] + Point(x: 30, y: 0)))
        #expect(s.log == ["5 circle began", "5 button 3 accept (recognized)"])
    }

    @Test func aStrokeUnderTheMinimumSaysWhichMinimumItMissed() {
        // The usual one, with the score cut so that it never reads as the minimum itself; the
        // one its corners lowered, with the usual beside it.
        let star = { (score: Double) in StrokeMatch(name: "star", score: score) }
        #expect(
            [
                StrokeRecognizer.belowMinimum(star(0.6496), minimum: 0.65, usual: 0.65),
                StrokeRecognizer.belowMinimum(star(0.29), minimum: 0.65, usual: 0.65),
                StrokeRecognizer.belowMinimum(star(0.53), minimum: 0.55, usual: 0.65),
            ].map(\.description) == [
                "matches nothing: best \"star\" at 64 % < 65 %",
                "matches nothing: best \"star\" at 29 % < 65 %",
                "matches nothing: best \"star\" at 53 % < 55 % (65 % lowered by its corners)",
            ])
    }

    @Test func aScribbleMatchesNothingAndIsCancelled() {
        let s = Scenario(strokes(["circle", "star"]))
        s.showReasons = true
        draw(
            s,
            [
                Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 0, y: 10), Point(x: 200, y: 20),
                Point(x: 0, y: 30), Point(x: 200, y: 200),
            ])
        #expect(s.log.last?.contains("cancelled: reads as no shape") == true, "\(s.log.last ?? "")")
    }

    @Test func otherButtonsAreNotStrokes() {
        let s = Scenario(strokes(["circle"]))
        s.send(.buttonPress(button: 1, at: Point(x: 10, y: 10)))
        #expect(s.log == ["0 circle failed", "0 button 1 reject (unused)"])
    }

    @Test func onATouchscreenOneFingerDrawsAndTwoFingersAreNotAStroke() {
        let s = Scenario(strokes(["v"], source: .touchscreen))
        let points = drawn("v")
        s.down(1, points[0].x, points[0].y)
        for p in points.dropFirst() { s.after(5).move(1, p.x, p.y) }
        s.after(5).up(1, points.last!.x, points.last!.y)
        #expect(s.log.filter { $0.contains("ended") }.count == 1)
        let two = Scenario(strokes(["v"], source: .touchscreen))
        two.down(1, 10, 10).down(2, 50, 10)
        #expect(
            two.log == ["0 v failed", "0 touch 1 reject (unused)", "0 touch 2 reject (unused)"])
    }

    @Test func aDirectionalStrokeMatchesItsSequence() {
        let book = StrokeBook(
            templates: [], shapes: [],
            sequences: [
                try! DirectionSequence(parsing: "DR"), try! DirectionSequence(parsing: "L"),
            ])
        let dr = StrokeRecognizer(
            name: "down-right", source: .pointer,
            target: .directions(try! DirectionSequence(parsing: "DR")), book: book)
        let l = StrokeRecognizer(
            name: "left", source: .pointer,
            target: .directions(try! DirectionSequence(parsing: "L")), book: book)
        dr.recognizeSimultaneously(with: l)
        let s = Scenario(dr, l)
        draw(
            s,
            [
                Point(x: 100, y: 100), Point(x: 100, y: 150), Point(x: 102, y: 200),
                Point(x: 150, y: 201), Point(x: 200, y: 200),
            ])
        #expect(
            s.log.filter { $0.hasSuffix("ended") || $0.hasSuffix("cancelled") } == [
                "25 down-right ended", "25 left cancelled",
            ])
    }
}
