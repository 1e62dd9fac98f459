import Foundation
import GestureCore
import Testing

@testable import GestureStrokes

/// The decision as people's strokes need it, with the templates and the evidence model learned
/// across people (`LearnedStrokes`): strokes that people of sets no one tuned on drew, in the
/// ways the engine before refused or misread them (docs/strokes.md §6).
@Suite struct StrokeEvidenceTests {
    static let shapes = Set(
        BuiltinTemplates.names.filter { !$0.hasPrefix("line-") && !$0.hasPrefix("l-") })

    func read(_ points: [Point], shapes: Set<String> = StrokeEvidenceTests.shapes)
        -> StrokeBook.Reading
    {
        // The default decision carries the shipped model and its templates.
        StrokeBook(templates: BuiltinTemplates.all, shapes: shapes, sequences: []).read(
            points, at: 1)
    }

    func fired(_ reading: StrokeBook.Reading) -> String? {
        if case .shape(let name, _) = reading { return name }
        return nil
    }

    /// A pen that goes round a triangle twice without lifting (people on a stylus did, 55 times
    /// in one set) drew a triangle, not a star: its second time round retraces the first.
    @Test func aTriangleGoneRoundTwiceInOneStrokeFiresTheTriangle() {
        let once = [(50.0, 0.0), (0, 90), (100, 90), (50, 0)]
        let twice = once + [(2, 88), (98, 91), (51, 3)]
        #expect(fired(read(Draw.polyline(twice))) == "triangle")
        #expect(fired(read(Draw.polyline(once))) == "triangle")
    }

    @Test func aStrokeGoneRoundAgainIsReadAsItsFirstTimeRoundAndAnyOtherWhole() {
        let square = [(0.0, 0.0), (0, 100), (100, 100), (100, 0), (0, 0)]
        let twice = Draw.polyline(square + [(2, 98), (98, 98), (98, 2), (3, 1)])
        let first = Retrace.firstTimeRound(twice)
        #expect(abs(Geometry.pathLength(first) - 400) < 8, "\(Geometry.pathLength(first))")
        // Gone round once with its end run on a little, a pigtail's loop, an x: left whole.
        for whole in [
            Draw.polyline(square + [(0, 20)]),
            Draw.polyline([(0, 100), (60, 60), (70, 20), (50, 10), (40, 30), (60, 70), (100, 100)]),
            Draw.polyline([(0, 0), (90, 100), (90, 0), (0, 100)]),
        ] {
            #expect(Retrace.firstTimeRound(whole) == whole)
        }
    }

    /// A right brace drawn narrow and tall, its point a small tick halfway down and its ends barely
    /// curled (as a whole set of people drew it): a brace, not a bracket and not a line down.
    @Test func aNarrowBraceWithASmallPointFiresTheBrace() {
        let right = Draw.polyline(
            [
                (0, 0), (8, 2), (12, 10), (12, 90), (16, 98), (24, 100), (16, 102), (12, 110),
                (12, 190), (8, 198), (0, 200),
            ],
            perSegment: 8)
        #expect(fired(read(right)) == "right-brace")
        let left = right.map { Point(x: -$0.x, y: $0.y) }
        #expect(fired(read(left)) == "left-brace")
    }

    /// A check drawn fast: a short hook and a long rise with its corner rounded, few points.
    @Test func aFastCheckWithARoundedCornerFiresTheCheck() {
        let check = [
            Point(x: 0, y: 40), Point(x: 14, y: 62), Point(x: 26, y: 70), Point(x: 38, y: 62),
            Point(x: 70, y: 25), Point(x: 100, y: 0),
        ]
        #expect(fired(read(check)) == "check")
    }

    /// A zig-zag drawn down the screen (as a whole set of people drew theirs) is no shape, with
    /// every shape bound.
    @Test func aZigzagDrawnDownTheScreenFiresNothing() {
        let zigzag = Draw.polyline([(0, 0), (100, 30), (0, 60), (100, 90), (0, 120), (100, 150)])
        #expect(fired(read(zigzag)) == nil)
    }

    // MARK: - The decision with a model of one's own

    /// A model over two names, "v" and "check", that reads only the stroke's corners: many
    /// corners' weight on "check", none on "v".
    func model(favouring name: String, by weight: Double) -> StrokeEvidence {
        let names = ["v", "check"]
        let classes = ["v", "check", StrokeEvidence.noShape]
        let n = names.count + StrokeEvidence.geometryCount
        var weights = [Double](repeating: 0, count: classes.count * (n + 1))
        weights[classes.firstIndex(of: name)! * (n + 1) + n] = weight
        return StrokeEvidence(
            names: names, classes: classes, mean: [Double](repeating: 0, count: n),
            scale: [Double](repeating: 1, count: n), weights: weights)
    }

    let vTemplates = [
        StrokeTemplate(name: "v", points: Draw.polyline([(0, 0), (50, 100), (100, 0)])),
        StrokeTemplate(name: "check", points: Draw.polyline([(0, 45), (32, 90), (90, 0)])),
    ]
    let aV = Draw.polyline([(0, 0), (50, 100), (100, 0)])

    func book(
        _ model: StrokeEvidence?, minimum: Double = 0.5, extra: [StrokeTemplate] = [],
        shapes: Set<String> = ["v", "check"]
    ) -> StrokeBook {
        var d = StrokeBook.Decision()
        d.evidence = model
        d.minimumEvidence = minimum
        return StrokeBook(templates: vTemplates + extra, shapes: shapes, sequences: [], decision: d)
    }

    @Test func theShapeTheEvidenceModelReadsFiresEvenWhereAnotherTemplateScoresBest() {
        // The model gives "check" e^4 / (e^4 + 2), 0.96; the v's best template is "v".
        #expect(fired(book(model(favouring: "check", by: 4)).read(aV, at: 1)) == "check")
        #expect(fired(book(model(favouring: "v", by: 4)).read(aV, at: 1)) == "v")
        // Without a model the rules decide: the best template.
        #expect(fired(book(nil).read(aV, at: 1)) == "v")
    }

    @Test func aShapeTheModelIsNotSureEnoughOfOrReadsAsNoShapeFiresNothingAndSaysWhatItRead() {
        // The check a little ahead of the v and of no shape: e^0.5 / (e^0.5 + 2), 0.45, under the half asked.
        guard
            case .doubtful(let best, let shape, let evidence, let minimum) = book(
                model(favouring: "check", by: 0.5)
            ).read(aV, at: 1)
        else {
            Issue.record("not doubtful")
            return
        }
        #expect(best.name == "v" && minimum == 0.5 && shape == "check")
        #expect(abs(evidence - Foundation.exp(0.5) / (Foundation.exp(0.5) + 2)) < 1e-9)
        // Not sure enough of the shape the templates score best: the rules decide, and the v fires.
        #expect(fired(book(model(favouring: "v", by: 0.5)).read(aV, at: 1)) == "v")
        guard
            case .doubtful(_, let none, _, _) = book(
                model(favouring: StrokeEvidence.noShape, by: 4)
            ).read(aV, at: 1)
        else {
            Issue.record("not doubtful")
            return
        }
        #expect(none == nil)
    }

    @Test func theModelsShapeWhenNotBoundFiresNothing() {
        #expect(
            book(model(favouring: "check", by: 4), shapes: ["v"]).read(aV, at: 1)
                == .unbound(
                    StrokeMatch(
                        name: "check",
                        score: StrokeMatcher(templates: vTemplates).rankedMatches(aV).first {
                            $0.name == "check"
                        }!.score)))
    }

    @Test
    func aUsersShapeCloseBehindIsWeighedByTheRulesAndAMatcherWithoutTheModelsNamesIsLeftToThem() {
        // A user's "w" almost the v: the model knows nothing of it, and the reading is unsure.
        let w = StrokeTemplate(name: "w", points: Draw.polyline([(0, 0), (50, 98), (100, 2)]))
        let between = Draw.polyline([(0, 0), (50, 99), (100, 1)])
        let withW = book(model(favouring: "v", by: 4), extra: [w], shapes: ["v", "w"]).read(
            between, at: 1)
        guard case .unsure = withW else {
            Issue.record("not unsure: \(withW)")
            return
        }
        // A matcher that lacks "check": the model cannot read its features, and the rules decide.
        var d = StrokeBook.Decision()
        d.evidence = model(favouring: "check", by: 4)
        let onlyV = StrokeBook(
            templates: [vTemplates[0]], shapes: ["v", "check"], sequences: [], decision: d)
        #expect(fired(onlyV.read(aV, at: 1)) == "v")
    }

    @Test func theShippedModelReadsEveryBuiltInShapeAndNoShapeFromEveryBuiltInName() throws {
        let model = try #require(LearnedStrokes.evidence)
        #expect(Set(model.classes) == Set(ShapeNames.sixteen).union([StrokeEvidence.noShape]))
        #expect(model.names == BuiltinTemplates.names)
        // Every learned template is a mean, never one stroke of the sets: its points are the
        // matcher's resampled count.
        #expect(
            !model.templates.isEmpty
                && model.templates.allSatisfy {
                    $0.points.count == StrokeMatcher.Options().resampleCount
                })
    }
}

/// The 16 shapes of the $1 study and the question mark's set, as the sets name them.
enum ShapeNames {
    static let sixteen = [
        "arrow", "caret", "check", "circle", "delete", "left-brace", "left-bracket", "pigtail",
        "question-mark",
        "rectangle", "right-brace", "right-bracket", "star", "triangle", "v", "x",
    ]
}
