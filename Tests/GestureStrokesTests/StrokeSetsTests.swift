import Foundation
import GestureCore
import StrokeEvaluation
import Testing

@testable import GestureStrokes

/// Every set of people's strokes beside the clone (`../shared/strokes`), and learning from them
/// as the folds of `gestured-bench strokes` do. The held-out figures themselves are the bench's
/// (docs/strokes.md §6): a fold learns for seconds in a release build.
@Suite struct StrokeSetsTests {
    static let strokes = Result { try StrokeSets.load() }

    @Test(.enabled(if: PeopleStrokes.present, Comment(rawValue: PeopleStrokes.absent)))
    func theSharedStrokesReadAsFortyThreePeopleInSevenSets() throws {
        let strokes = try Self.strokes.get()
        #expect(strokes.count == 9_806)
        #expect(Set(strokes.map(\.person)).count == 43)
        #expect(Set(strokes.map(\.set)).count == 7)
        #expect(Set(strokes.map(\.device)) == ["mouse", "stylus", "touchscreen-finger", "unknown"])
        #expect(strokes.filter { $0.penDowns > 1 }.count == 421)
    }

    @Test func aRecordingOfSeveralPenDownsIsReadAsItsLast() {
        let points = [
            Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 100, y: 100), Point(x: 110, y: 100),
            Point(x: 120, y: 100),
        ]
        // A pause of 300 ms with a jump of 127 px: the pen was lifted.
        let lifted = StrokeSets.lastPenDown(points, times: [0, 10, 310, 320, 330])
        #expect(lifted.penDowns == 2 && lifted.points == Array(points[2...]))
        // The same jump without a pause is a fast mouse; without times nothing can be told.
        #expect(StrokeSets.lastPenDown(points, times: [0, 10, 20, 30, 40]).penDowns == 1)
        #expect(StrokeSets.lastPenDown(points, times: [nil, nil, nil, nil, nil]).points == points)
    }

    @Test(.enabled(if: PeopleStrokes.present, Comment(rawValue: PeopleStrokes.absent)))
    func templatesAreLearnedOnlyFromShapesThatThreePeopleDrew() throws {
        let strokes = try Self.strokes.get().filter { $0.set == "six-people" && $0.name == "check" }
        let people = Array(Set(strokes.map(\.person)).sorted().prefix(2))
        #expect(StrokeLearning.clusters(strokes.filter { people.contains($0.person) }).isEmpty)
        let learned = StrokeLearning.clusters(strokes)
        #expect(!learned.isEmpty && learned.count <= StrokeLearning.Options().clustersPerShape)
        #expect(learned.allSatisfy { $0.name == "check" })
        // A mean: no stroke's own points.
        let mine = Set(strokes.compactMap { StrokeMatcher.vector($0.points) })
        #expect(!learned.contains { StrokeMatcher.vector($0.points).map(mine.contains) ?? false })
    }

    @Test(.enabled(if: PeopleStrokes.present, Comment(rawValue: PeopleStrokes.absent)))
    func aFoldLearnsFromEverySetButTheOneItReads() throws {
        // Two sets, a few strokes of each shape per person, a short training: the folds' shape.
        var few: [String: Int] = [:]
        let strokes = try Self.strokes.get().filter { s in
            guard s.set == "six-people" || s.set == "hat359+HCIRA" else { return false }
            few["\(s.person) \(s.name)", default: 0] += 1
            return few["\(s.person) \(s.name)"]! <= 2
        }
        var options = StrokeLearning.Options()
        options.steps = 10
        options.generatedNonShapes = 1
        let folds = LeaveOneOut.folds(strokes, by: .set, options: options)
        #expect(folds.map(\.held) == ["six-people", "hat359+HCIRA"])
        for fold in folds {
            let read = Set(
                strokes.filter { $0.set == fold.held }.compactMap {
                    StrokeMatcher.vector($0.points)
                })
            #expect(!fold.learned.templates.isEmpty)
            #expect(
                !fold.learned.templates.contains {
                    StrokeMatcher.vector($0.points).map(read.contains) ?? false
                })
            #expect(fold.learned.evidence?.classes.last == StrokeEvidence.noShape)
        }
        let e = LeaveOneOut.run(strokes, folds: folds, by: .set, splits: 1)
        #expect(e.all.fires.total == strokes.filter { $0.name != PeopleStrokes.noShape }.count)
        #expect(e.sets.map(\.name) == ["six-people", "hat359+HCIRA"])
    }

    /// No shape is taught on as many rows as the generator and the turned zig-zags make: however
    /// many, they weigh together `noShapeWeight` times as much as the average shape's rows, and
    /// the model is the same.
    @Test func theRowsOfNoShapeWeighTheSameHoweverManyTheyAre() {
        func shapeAtHalfway(copies: Int) -> Double {
            let shape: [[Double]] = [[-1], [1], [3]]
            let copied: [[[Double]]] = Array(repeating: [[-3], [-1], [1]], count: copies)
            let none = copied.flatMap { $0 }
            let labels = [0, 0, 0] + Array(repeating: 1, count: none.count)
            let (mean, scale, weights) = StrokeLearning.logisticRegression(
                shape + none, labels: labels, classes: 2, options: StrokeLearning.Options())
            // Each class's score at x = 0, halfway between the two: weight * (0 - mean) / scale + bias.
            let z: [Double] = (0..<2).map { c in
                let slope: Double = weights[c * 2] / scale[0]
                return slope * (0 - mean[0]) + weights[c * 2 + 1]
            }
            return 1 / (1 + Foundation.exp(z[1] - z[0]))
        }
        let once = shapeAtHalfway(copies: 1)
        let often = shapeAtHalfway(copies: 20)
        #expect(abs(once - often) < 0.02, "\(once) \(often)")
        // Halfway the odds are those of the weights: one shape against `noShapeWeight` of them.
        let odds = 1 / (1 + StrokeLearning.Options().noShapeWeight)
        #expect(abs(once - odds) < 0.05, "\(once), \(odds) asked")
    }

    /// A stroke that fired another shape is drawn as the rest draw that shape when at least half
    /// of its ten nearest strokes there are of it (`LeaveOneOut.wrongAsTheRestDraw`), and is not
    /// when fewer are, however many strokes of it the rest holds farther away.
    @Test func aMisreadStrokeIsDrawnAsTheRestDrawWhatFiredWhenHalfItsNearestAreOfIt() {
        let vector = { (corners: [(Double, Double)]) in
            StrokeMatcher.vector(Draw.polyline(corners))!
        }
        // A v drawn with a short first leg, as others draw checks.
        let stroke = vector([(0, 40), (32, 90), (105, 0)])
        let checks = (0..<6).map { i in
            ("check", vector([(0, 50), (30, 90 + Double(i)), (100, 0)]))
        }
        let vs = (0..<20).map { i in ("v", vector([(0, 0), (50, 90 + Double(i)), (100, 0)])) }
        let farChecks = (0..<20).map { i in
            ("check", vector([(0, 0), (80, 90 + Double(i)), (90, 0)]))
        }
        let drawnAs = [
            LeaveOneOut.drawnAs("check", stroke, among: checks.prefix(5) + vs),
            LeaveOneOut.drawnAs("check", stroke, among: checks + vs + farChecks),
            LeaveOneOut.drawnAs("check", stroke, among: checks.prefix(4) + vs + farChecks),
            LeaveOneOut.drawnAs("v", stroke, among: checks + vs),
            LeaveOneOut.drawnAs("check", stroke, among: []),
        ]
        #expect(drawnAs == [true, true, false, false, false])
    }

    /// Held out by set, the strokes that fire another binding are counted as the other sets draw
    /// them when those sets draw the shape that fired so, and as the person who drew them draws
    /// it when that person's own strokes of it are drawn so; the strokes that fire their own are
    /// not counted at all.
    @Test func theStrokesThatFireAnotherBindingAreCountedAsTheOtherSetsAndTheirDrawerDrawThem() {
        func stroke(_ person: String, _ name: String, _ corners: [(Double, Double)])
            -> PeopleStrokes.Stroke
        {
            var s = PeopleStrokes.Stroke(
                person: person, name: name, file: "",
                points: Draw.polyline(corners.map { (300 + 3 * $0.0, 300 + 3 * $0.1) }))
            s.set = String(person.prefix(1))
            return s
        }
        // Set a draws its v's with a short first leg, as set b draws its checks. Of set a, p1
        // draws its checks as its v's; p2 draws no checks.
        let checkLike = (0..<3).map { i in [(0.0, 40.0 + Double(i)), (32, 90), (105, 0)] }
        let strokes =
            checkLike.map { stroke("a/p1", "v", $0) }
            + checkLike.map { stroke("a/p1", "check", $0) }
            + checkLike.map { stroke("a/p2", "v", $0) }
            + checkLike.map { stroke("b/p1", "check", $0) }
            + (0..<3).map { i in stroke("b/p1", "v", [(0, 0), (50, 90 + Double(i)), (100, 0)]) }
        let folds = ["a", "b"].map {
            LeaveOneOut.Fold(
                held: $0, learned: StrokeLearning.Learned(templates: [], evidence: nil))
        }
        let e = LeaveOneOut.run(strokes, folds: folds, by: .set, splits: 1)
        let counted: [Int] = [
            e.all.fires.hits, e.all.wrong.hits, e.wrongAsTheRestDraw.hits,
            e.wrongAsTheRestDraw.total, e.wrongAsTheirDrawerDraws.hits,
            e.wrongAsTheirDrawerDraws.total,
        ]
        #expect(counted == [9, 6, 6, 6, 3, 6])
    }

    /// The shipped engine on every set: not held out (it learned from all of them), a floor
    /// under what it reaches; the held-out figures are the bench's.
    @Test(.enabled(if: PeopleStrokes.present, Comment(rawValue: PeopleStrokes.absent)))
    func theShippedEngineReadsEverySetsStrokes() throws {
        let all = LeaveOneOut.shipped(try Self.strokes.get(), splits: 1).all
        #expect(all.fires.rate >= 0.97, "\(all.fires.text)")
        #expect(all.wrong.rate <= 0.01, "\(all.wrong.text)")
        #expect(all.noShape.hits <= 3, "\(all.noShape.text) zig-zags fired")
    }
}
