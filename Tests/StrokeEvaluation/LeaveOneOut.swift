import Foundation
import GestureCore
import GestureStrokes
import TestSupport

/// Strokes of people read by an engine that learned nothing from them: for each set (or person)
/// in turn, the templates and the evidence model are learned from all the others
/// (`StrokeLearning`), and its strokes are read as the daemon reads them, with the hand-drawn
/// templates, the ones learned in the fold and its model. Tallies per set, person, shape and device.
public struct LeaveOneOut {
    public typealias Tally = StrokeEvaluation.Tally
    public typealias Row = HeldOutEvaluation.Row

    /// What is held out in turn.
    public enum Unit: String, Sendable { case set, person }

    /// One fold: what is held out and what was learned without it.
    public struct Fold: Sendable {
        public let held: String
        public let learned: StrokeLearning.Learned
        public init(held: String, learned: StrokeLearning.Learned) {
            self.held = held
            self.learned = learned
        }
    }

    /// The folds: per set or person, what is learned from the rest.
    public static func folds(
        _ strokes: [PeopleStrokes.Stroke], by unit: Unit,
        options: StrokeLearning.Options = .init()
    ) -> [Fold] {
        order(strokes, by: unit).map { held in
            Fold(
                held: held,
                learned: StrokeLearning.learn(
                    strokes.filter { key($0, unit) != held }, options: options))
        }
    }

    /// Every set read with the shipped engine (`LearnedStrokes`, learned from every set): not held
    /// out, what the engine reaches on strokes it has learned from.
    public static func shipped(_ strokes: [PeopleStrokes.Stroke], splits: Int = 10) -> LeaveOneOut {
        let learned = StrokeLearning.Learned(
            templates: [], evidence: StrokeBook.Decision().evidence)
        return run(
            strokes, folds: order(strokes, by: .set).map { Fold(held: $0, learned: learned) },
            by: .set, splits: splits)
    }

    static func key(_ s: PeopleStrokes.Stroke, _ unit: Unit) -> String {
        unit == .set ? s.set : s.person
    }

    public static func order(_ strokes: [PeopleStrokes.Stroke], by unit: Unit) -> [String] {
        var order: [String] = []
        var seen = Set<String>()
        for s in strokes where seen.insert(key(s, unit)).inserted { order.append(key(s, unit)) }
        return order
    }

    public private(set) var sets: [(name: String, row: Row)] = []
    public private(set) var people: [(name: String, row: Row)] = []
    public private(set) var devices: [(name: String, row: Row)] = []
    /// Per shape drawn: the drawn shape's binding fires (for `noShape`: nothing fires), 16 bound.
    public private(set) var shapes = StrokeEvaluation.Table()
    /// Per shape drawn: another binding fires, 16 bound.
    public private(set) var shapesWrong = StrokeEvaluation.Table()
    /// The strokes as recorded, every pen-down joined (only where the recorder joined several): fires.
    public private(set) var asRecorded = Tally()
    public private(set) var all = Row()
    /// "drawn -> read" for every stroke that did not do what it should (16 bound).
    public private(set) var misreadings: [String: Int] = [:]

    /// Of the strokes that fired another binding (16 bound), those drawn as the rest draw the
    /// shape that fired: at least half of their `nearest` nearest strokes in the rest (by the
    /// vectors the matcher compares: cosine similarity, no rotation) are of it. What is learned
    /// from the rest is taught to read them as that shape.
    public private(set) var wrongAsTheRestDraw = Tally()
    /// Of the strokes that fired another binding (16 bound), those drawn as the person who drew
    /// them draws the shape that fired: at least half of their `nearest` nearest strokes among
    /// that person's other strokes are of it. What is learned from that very person teaches to
    /// read them as that shape.
    public private(set) var wrongAsTheirDrawerDraws = Tally()
    /// Neighbours `wrongAsTheRestDraw` and `wrongAsTheirDrawerDraws` ask.
    public static let nearest = 10

    /// Whether at least half of the `nearest` strokes of `rest` nearest to `vector` (a unit
    /// vector of `StrokeMatcher.vector`) are `name`.
    public static func drawnAs(
        _ name: String, _ vector: [Double], among rest: [(name: String, vector: [Double])]
    ) -> Bool {
        let near = rest.map { (StrokeLearning.dot(vector, $0.vector), $0.name) }
            .sorted { $0.0 > $1.0 }.prefix(nearest)
        return 2 * near.filter { $0.1 == name }.count >= near.count && !near.isEmpty
    }

    /// Reads the held-out strokes of every fold.
    /// - Parameters:
    ///   - decision: applied in every fold, with the fold's evidence model.
    ///   - splits: random choices of 8 bound shapes (of `ShapeDescriptions.names`) per fold.
    public static func run(
        _ strokes: [PeopleStrokes.Stroke], folds: [Fold], by unit: Unit,
        decision: StrokeBook.Decision = .init(), splits: Int = 10, seed: UInt64 = 13
    ) -> LeaveOneOut {
        var e = LeaveOneOut()
        let names = ShapeDescriptions.names
        var rng = SeededRandom(state: seed)
        var rows: [String: Row] = [:]
        var setRows: [String: Row] = [:]
        var deviceRows: [String: Row] = [:]
        // Every stroke as the matcher compares it: what `wrongAsTheRestDraw` and
        // `wrongAsTheirDrawerDraws` find neighbours by.
        let vectors = strokes.map { StrokeMatcher.vector($0.points) }
        let byPerson = Dictionary(grouping: strokes.indices, by: { strokes[$0].person })
        let named = { (indices: [Int]) in
            indices.compactMap { i in vectors[i].map { (strokes[i].name, $0) } }
        }
        for fold in folds {
            var d = decision
            d.evidence = fold.learned.evidence
            let book = StrokeBook(
                matcher: StrokeMatcher(templates: BuiltinTemplates.all, threshold: d.minimumScore),
                shapes: Set(names), sequences: [], decision: d)
            var time = 0.0
            var why: [String] = []
            let read = { (points: [Point]) -> String? in
                time += 1
                let reading = book.read(points, at: time)
                why.append(Self.why(reading))
                if case .shape(let name, _) = reading { return name }
                return nil
            }
            let held = strokes.indices.filter { key(strokes[$0], unit) == fold.held }
            let mine = held.map { strokes[$0] }
            let rest = named(strokes.indices.filter { key(strokes[$0], unit) != fold.held })
            let fired = mine.map { read($0.points) }
            let whys = why
            var bounds: [Set<String>] = []
            for _ in 0..<splits {
                bounds.append(Set(names.shuffled(using: &rng).prefix(names.count / 2)))
            }
            for (((s, got), reason), index) in zip(zip(zip(mine, fired), whys), held) {
                var row = Row()
                if s.name == PeopleStrokes.noShape {
                    row.noShape.add(got != nil)
                    e.shapes.add(s.name, got == nil)
                } else {
                    row.fires.add(got == s.name)
                    row.wrong.add(got != nil && got != s.name)
                    e.shapes.add(s.name, got == s.name)
                    e.shapesWrong.add(s.name, got != nil && got != s.name)
                    if let got, got != s.name, let vector = vectors[index] {
                        e.wrongAsTheRestDraw.add(Self.drawnAs(got, vector, among: rest))
                        let theirs = byPerson[s.person, default: []].filter { $0 != index }
                        e.wrongAsTheirDrawerDraws.add(
                            Self.drawnAs(got, vector, among: named(theirs)))
                    }
                    if s.penDowns > 1 { e.asRecorded.add(read(s.recorded) == s.name) }
                }
                if got != s.name && !(got == nil && s.name == PeopleStrokes.noShape) {
                    e.misreadings["\(s.name) -> \(got ?? "nothing (\(reason))")", default: 0] += 1
                }
                // With fewer shapes bound a stroke fires what it fires with all of them, if that is
                // bound: the decision reads the best shape among every template, bound or not.
                for bound in bounds where !bound.contains(s.name) {
                    row.unbound.add(got.map(bound.contains) ?? false)
                }
                rows[s.person, default: Row()].add(row)
                setRows[s.set, default: Row()].add(row)
                deviceRows[s.device, default: Row()].add(row)
                e.all.add(row)
            }
        }
        e.people = order(strokes, by: .person).compactMap { p in rows[p].map { (p, $0) } }
        e.sets = order(strokes, by: .set).compactMap { p in setRows[p].map { (p, $0) } }
        e.devices = deviceRows.keys.sorted().map { ($0, deviceRows[$0]!) }
        return e
    }

    /// Why a reading fired nothing, in a word or two.
    static func why(_ reading: StrokeBook.Reading) -> String {
        switch reading {
        case .shape, .directions: return ""
        case .nothing(let best, _): return "below the minimum, \(best?.name ?? "no template")"
        case .unbound(let m): return "unbound \(m.name)"
        case .unsure(let a, let b): return "unsure \(a.name)/\(b.name)"
        case .doubtful(_, let shape, _, _): return "doubtful \(shape ?? "none")"
        }
    }

    /// Per set, as markdown.
    public func table(_ rows: [(name: String, row: Row)], heading: String) -> String {
        var out: [String] = []
        out.append(
            "| \(heading) | the drawn shape's binding fires (16 bound) | another binding fires (16 bound) | \(PeopleStrokes.noShape) fires a binding (16 bound) | a shape not bound or a \(PeopleStrokes.noShape) fires a binding (8 bound) |"
        )
        out.append("|---|---|---|---|---|")
        for (name, row) in rows + [("**all**", all)] {
            out.append(
                "| \(name) | \(row.fires.text) | \(row.wrong.text) | \(row.noShape.text) | \(row.unbound.text) |"
            )
        }
        return out.joined(separator: "\n")
    }

    /// Per person: the lowest, the median and the highest share of a person's strokes that fire
    /// their binding, and the people under 93 %.
    public var peopleSummary: String {
        let rates = people.map { ($0.name, $0.row.fires.rate) }.sorted { $0.1 < $1.1 }
        guard !rates.isEmpty else { return "no people" }
        let under = rates.filter { $0.1 < 0.93 }
        let pct = { (r: Double) in String(format: "%.1f %%", r * 100) }
        return
            "\(rates.count) people: lowest \(pct(rates.first!.1)), median \(pct(rates[rates.count / 2].1)), highest \(pct(rates.last!.1)); "
            + "\(under.count) under 93 %"
            + (under.isEmpty
                ? "" : " (" + under.map { "\($0.0) \(pct($0.1))" }.joined(separator: ", ") + ")")
    }

    /// Per shape drawn, as markdown.
    public var shapeTable: String {
        var out = [
            "| shape drawn | does what it should (fires its binding; \(PeopleStrokes.noShape): fires nothing) | another binding fires |",
            "|---|---|---|",
        ]
        for name in shapes.rows.sorted() {
            out.append(
                "| \(name) | \(shapes[name].text) | \(name == PeopleStrokes.noShape ? "" : shapesWrong[name].text) |"
            )
        }
        return out.joined(separator: "\n")
    }

    /// How many of the strokes that fired another binding the rest (`rest`: "sets", "people"), and
    /// the person who drew them, draw as the shape that fired.
    public func wrongText(rest: String) -> String {
        "Of the strokes that fired another binding, \(wrongAsTheRestDraw.text) are drawn as the other \(rest) draw the shape that fired (at least \(Self.nearest / 2) of their \(Self.nearest) nearest strokes there are of it), and \(wrongAsTheirDrawerDraws.text) as the person who drew them draws it (the same among that person's other strokes)."
    }

    /// The most frequent misreadings.
    public var misreadingText: String {
        let sorted = misreadings.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
        }
        return "Misreadings (16 bound): "
            + sorted.prefix(20).map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
}
