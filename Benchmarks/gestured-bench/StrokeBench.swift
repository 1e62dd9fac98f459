import Foundation
import GestureCore
import X11TestSupport
import StrokeEvaluation
import GestureStrokes

/// Stroke reading on generated strokes (Tests/StrokeEvaluation): the time one match takes against
/// every built-in template, and `gestured-bench strokes` the accuracy figures of docs/strokes.md.
enum StrokeBench {
    /// Strokes the generated figures are reported on; `tuningSeed`'s non-shapes bound the decision's choice.
    static let reportSeed: UInt64 = 13
    static let tuningSeed: UInt64 = 1
    /// Non-shapes of each kind and speed per shape stroke of each shape, variation and speed: 100,
    /// so 3,000 of each kind (1 % is 30 strokes).
    static let nonShapesPerShape = 100

    /// What fires, as gestured decides it, with the built-in templates.
    static var reader: StrokeEvaluation.Reader { StrokeEvaluation.bookReader(templates: BuiltinTemplates.all) }

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

    /// Median time of one reading as the daemon reads a finished stroke (`StrokeBook.read`: the
    /// shapes ruled out, then the best two of the others among every built-in template), in
    /// microseconds.
    static func readingMicroseconds(seed: UInt64 = reportSeed) -> Double {
        var generator = StrokeGenerator(seed: seed)
        let strokes = generator.shapes(count: 4, variations: [.everything]).map(\.points)
        let book = StrokeBook(templates: BuiltinTemplates.all, shapes: Set(ShapeDescriptions.names), sequences: [])
        var fired = 0, time = 0.0
        var runs: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            for s in strokes {
                time += 1
                if case .shape = book.read(s, at: time) { fired += 1 }
            }
            runs.append(Stopwatch.seconds(since: start) / Double(strokes.count) * 1_000_000)
        }
        precondition(fired > 0)
        return Table.percentile(runs, 0.5)
    }

    /// `gestured-bench strokes sweep`: the decision's minimum score and distance ratio, whether
    /// corners settle close calls and from what score, and the segments each direction is taken
    /// over (`StrokeMatcher.Options.directionSpan`), chosen leave-one-person-out. For each person,
    /// the choice that fires most for the other five people
    /// while another shape fires for at most 0.5 % of their strokes, an unbound one for at most 1 %,
    /// no zig-zag fires, and at most 1 % of the tuning seed's generated non-shapes (wanders left
    /// out) fire with 16 or 8 bound; then that person's figures with it.
    static func sweep(count: Int) {
        let strokes: [PeopleStrokes.Stroke]
        do { strokes = try PeopleStrokes.load() } catch {
            print("strokes of people: not measured (\(error))")
            return
        }
        var generator = StrokeGenerator(seed: tuningSeed)
        let shapes = generator.shapes(count: count)
        let nonShapes = generator.nonShapes(count: count * nonShapesPerShape).filter { $0.kind != .wander }
        var grid: [(decision: StrokeBook.Decision, span: Int, people: HeldOutEvaluation, generated: StrokeEvaluation)] = []
        for span in [0, 1, 2] {
          let options = StrokeMatcher.Options(directionSpan: span)
          for minimum in [0.5, 0.55, 0.6, 0.65, 0.7, 0.75] {
            for ratio in [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9] {
              // Corners off, or on with a lower minimum where they settle as well: 0.6 (none lower), 0.55, 0.5.
              for cornersMinimum in [nil, 0.6, 0.55, 0.5] {
                var d = StrokeBook.Decision()
                (d.minimumScore, d.distanceRatio) = (minimum, ratio)
                d.cornersSettle = cornersMinimum != nil
                d.cornersMinimumScore = min(minimum, cornersMinimum ?? minimum)
                let generated = StrokeEvaluation.run(strokes: shapes, nonShapes: nonShapes, splits: 3, seed: tuningSeed, best: best,
                                                     reader: StrokeEvaluation.bookReader(templates: BuiltinTemplates.all, decision: d, options: options))
                grid.append((d, span, HeldOutEvaluation.run(strokes, decision: d, options: options, others: false), generated))
              }
            }
          }
        }
        print("tuning seed \(tuningSeed): \(nonShapes.count) generated non-shapes; \(strokes.count) strokes of people\n")
        print("| held-out person | chosen on the other five: minimum score, distance ratio, corners settle (from score), direction span | their fires | held out: fires | another fires | unbound fires |")
        print("|---|---|---|---|---|---|")
        var total = HeldOutEvaluation.Row()
        for person in grid[0].people.people.map(\.person) {
            var chosen: (index: Int, fires: Double)?
            for (index, g) in grid.enumerated() where g.generated.nonShapeFiresAll.rate <= 0.01 && g.generated.nonShapeFiresHalf.rate <= 0.01 {
                var others = HeldOutEvaluation.Row()
                for (p, row) in g.people.people where p != person { others.add(row) }
                guard others.wrong.rate <= 0.005, others.noShape.hits == 0, others.unbound.rate <= 0.01 else { continue }
                if chosen == nil || others.fires.rate > chosen!.fires { chosen = (index, others.fires.rate) }
            }
            guard let chosen else { print("| \(person) | none passes | | | | |"); continue }
            let g = grid[chosen.index], row = g.people.people.first { $0.person == person }!.row
            total.add(row)
            print("| \(person) | \(g.decision.minimumScore), \(g.decision.distanceRatio), \(g.decision.cornersSettle ? "yes (\(g.decision.cornersMinimumScore))" : "no"), \(g.span) | \(Table.fixed(chosen.fires * 100, 1)) % | \(row.fires.text) | \(row.wrong.text) | \(row.unbound.text) |")
        }
        print("| **all** | | | \(total.fires.text) | \(total.wrong.text) | \(total.unbound.text) |")
    }

    /// The `make bench` row: leave-one-set-out on every set beside the clone, nil without them.
    static func leaveOneSetOut() -> (value: String, about: String)? {
        guard let strokes = try? StrokeSets.load() else { return nil }
        let e = LeaveOneOut.run(strokes, folds: LeaveOneOut.folds(strokes, by: .set), by: .set)
        let low = e.sets.min { $0.row.fires.rate < $1.row.fires.rate }!
        return ("drawn shape fires \(e.all.fires.percent), another \(e.all.wrong.percent), lowest set \(low.row.fires.percent) (asked: 97 %, 0.5 %, 93 %)",
                "\(e.all.fires.total) shape strokes of \(e.people.count) people in \(e.sets.count) sets (../shared/strokes), each set read with templates and the evidence model learned from the other six, all 16 shapes bound (docs/strokes.md §6)")
    }

    /// `gestured-bench strokes sets`: leave-one-set-out and leave-one-person-out on every set
    /// beside the clone, learning in each fold from the others.
    static func setsReport(people: Bool = true) -> String {
        let strokes: [PeopleStrokes.Stroke]
        do { strokes = try StrokeSets.load() } catch { return "Strokes of people, every set: not measured (\(error))" }
        var out: [String] = []
        let start = ContinuousClock.now
        let folds = LeaveOneOut.folds(strokes, by: .set)
        let bySet = LeaveOneOut.run(strokes, folds: folds, by: .set)
        let joined = strokes.filter { $0.penDowns > 1 }
        out.append("\(strokes.count) strokes of \(Set(strokes.map(\.person)).count) people in \(Set(strokes.map(\.set)).count) sets; \(joined.count) recorded as several pen-downs joined, read as their last (as recorded they fire \(bySet.asRecorded.text)); 10 splits of 8 bound shapes per fold; learning \(Table.fixed(Stopwatch.seconds(since: start) / Double(folds.count), 1)) s a fold\n")
        out.append("Leave-one-set-out (templates and evidence learned from the other six sets):\n")
        out.append(bySet.table(bySet.sets, heading: "held-out set"))
        out.append("\nPer person (their set held out): " + bySet.peopleSummary)
        out.append("\nPer device (their set held out):\n")
        out.append(bySet.table(bySet.devices, heading: "device"))
        out.append("\nPer shape (its set held out):\n")
        out.append(bySet.shapeTable)
        out.append("\n" + bySet.misreadingText)
        out.append("\n" + bySet.wrongText(rest: "sets"))
        let baseline = LeaveOneOut.run(strokes, folds: folds.map {
            LeaveOneOut.Fold(held: $0.held, learned: StrokeLearning.Learned(templates: [], evidence: nil))
        }, by: .set)
        out.append("\nThe hand-drawn templates and the rules alone (nothing learned), for comparison:\n")
        out.append(baseline.table(baseline.sets, heading: "set"))
        let seen = LeaveOneOut.shipped(strokes)
        out.append("\nNot held out: every set read with the shipped engine, which learned from all seven, that set too (what the engine reaches on strokes it has learned from):\n")
        out.append(seen.table(seen.sets, heading: "set"))
        out.append("\n" + seen.wrongText(rest: "sets"))
        if people {
            let byPerson = LeaveOneOut.run(strokes, folds: LeaveOneOut.folds(strokes, by: .person), by: .person)
            out.append("\nLeave-one-person-out (learned from the other \(Set(strokes.map(\.person)).count - 1) people):\n")
            out.append(byPerson.table(byPerson.sets, heading: "set of the held-out people"))
            out.append("\nPer person: " + byPerson.peopleSummary)
            out.append("\n" + byPerson.wrongText(rest: "people"))
        }
        return out.joined(separator: "\n")
    }

    /// `gestured-bench strokes learn`: `LearnedStrokes.swift`, learned from every set.
    static func learn() {
        do {
            let strokes = try StrokeSets.load()
            let learned = StrokeLearning.learn(strokes)
            print(StrokeLearning.source(learned, about: "From \(strokes.count) strokes of \(Set(strokes.map(\.person)).count) people in \(Set(strokes.map(\.set)).count) sets (../shared/strokes)."), terminator: "")
        } catch {
            FileHandle.standardError.write("strokes of people: \(error)\n".data(using: .utf8)!)
            exit(1)
        }
    }

    /// `gestured-bench strokes [report|tuning|sweep|sets|learn] [count]` and
    /// `strokes generated [seed]`: the evaluation as markdown.
    static func main(_ arguments: [String]) {
        if arguments.first == "learn" { return learn() }
        // `strokes sets sweep`: leave-one-set-out at each least evidence, the trade between firing
        // the drawn shape and firing another (docs/strokes.md §6).
        if arguments.first == "sets", arguments.dropFirst().first == "sweep" {
            guard let strokes = try? StrokeSets.load() else { return print("no strokes") }
            let folds = LeaveOneOut.folds(strokes, by: .set)
            for minimum in [0.4, 0.5, 0.6, 0.7, 0.8] {
                var d = StrokeBook.Decision()
                d.minimumEvidence = minimum
                let e = LeaveOneOut.run(strokes, folds: folds, by: .set, decision: d, splits: 3)
                let low = e.sets.min { $0.row.fires.rate < $1.row.fires.rate }!
                print("evidence \(minimum): fires \(e.all.fires.text), wrong \(e.all.wrong.text), zig-zag \(e.all.noShape.text), unbound \(e.all.unbound.text); lowest set \(low.name) \(low.row.fires.text); " + e.sets.map { Table.fixed($0.row.fires.rate * 100, 1) }.joined(separator: " "))
            }
            print(LeaveOneOut.run(strokes, folds: folds, by: .set).misreadingText)
            return
        }
        if arguments.first == "sets" {
            print(setsReport(people: arguments.dropFirst().first != "quick"))
            return
        }
        if arguments.first == "sweep" {
            sweep(count: arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10)
            return
        }
        // `strokes generated [SEED]`: §5's tables alone, on the report seed or another.
        let generatedOnly = arguments.first == "generated"
        let number = arguments.dropFirst().first
        let seed = generatedOnly ? number.flatMap { UInt64($0) } ?? reportSeed
            : arguments.first == "tuning" ? tuningSeed : reportSeed
        let count = generatedOnly ? 10 : number.flatMap { Int($0) } ?? 10
        var generator = StrokeGenerator(seed: seed)
        let strokes = generator.shapes(count: count)
        let nonShapes = generator.nonShapes(count: count * nonShapesPerShape)
        let e = StrokeEvaluation.run(strokes: strokes, nonShapes: nonShapes, splits: 10, seed: seed,
                                     best: best, reader: reader)
        let time = matchMicroseconds(seed: seed), reading = readingMicroseconds(seed: seed)
        print("seed \(seed), \(strokes.count) shape strokes (\(count) per shape, variation and speed), \(nonShapes.count) non-shapes, 10 splits of 8 bound shapes; \(BuiltinTemplates.all.count) built-in templates, \(Table.fixed(time.median, 1)) µs per match, \(Table.fixed(reading, 1)) µs per reading as the daemon reads a stroke\n")
        print(e.markdown)
        if generatedOnly { return }
        print("\n" + heldOutReport())
        if seed == reportSeed { print("\n" + setsReport()) }
    }

    /// Leave-one-person-out on the strokes of real people beside the clone (`../shared/strokes`),
    /// as the engine decides by default: each person read with the shipped templates, then with
    /// those and the other five people's strokes.
    static func heldOutReport() -> String {
        do {
            let strokes = try PeopleStrokes.load()
            let about = "\(strokes.count) strokes of \(Set(strokes.map(\.person)).count) people, \(PeopleStrokes.relabelled.count) read as the shape their source file holds; 10 splits of 8 bound shapes per person"
            let shipped = HeldOutEvaluation.run(strokes, others: false)
            let others = HeldOutEvaluation.run(strokes, others: true)
            return "The first set's people, each read with the shipped engine (the \(BuiltinTemplates.all.count) built-in templates and the evidence model, which learned from every set, theirs too: not held out; \(about)):\n\n" + shipped.markdown
                + "\n\nThe same, each read with the built-in templates and the other five people's strokes as templates (informational; not shipped):\n\n" + others.markdown
        } catch {
            return "Strokes of people: not measured (\(error))"
        }
    }

}
