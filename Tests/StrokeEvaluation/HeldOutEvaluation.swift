import Foundation
import GestureCore
import GestureStrokes
import TestSupport

/// Leave-one-person-out on strokes drawn by real people (`PeopleStrokes`): for each person in
/// turn, the templates are the built-in ones (the shipped set) or those and the strokes of the
/// other people, and that person's strokes are read with them, as the engine decides by default.
/// Nothing of the person read is used to read them.
public struct HeldOutEvaluation {
    public typealias Tally = StrokeEvaluation.Tally

    /// The templates for reading `person`'s strokes: the built-in ones and every stroke of the
    /// others but those of `PeopleStrokes.noShape`, turned the way the built-in ones of their shape are.
    public static func templates(without person: String, from strokes: [PeopleStrokes.Stroke])
        -> [StrokeTemplate]
    {
        let invariant = Set(BuiltinTemplates.all.filter(\.rotationInvariant).map(\.name))
        return BuiltinTemplates.all
            + strokes.filter { $0.person != person && $0.name != PeopleStrokes.noShape }.map {
                StrokeTemplate(
                    name: $0.name, points: $0.points, rotationInvariant: invariant.contains($0.name)
                )
            }
    }

    public struct Row: Sendable {
        public init() {}
        /// The drawn shape's binding fires (every shape bound; the shapes with a template).
        public var fires = Tally()
        /// Another shape's binding fires (every shape bound; the shapes with a template).
        public var wrong = Tally()
        /// Strokes of `PeopleStrokes.noShape` that fire a binding (every shape bound).
        public var noShape = Tally()
        /// A binding fires for a stroke whose shape is not bound (8 of 16 bound, over random splits;
        /// `noShape` strokes included).
        public var unbound = Tally()

        public mutating func add(_ other: Row) {
            for (mine, theirs) in [
                (\Row.fires, other.fires), (\Row.wrong, other.wrong), (\Row.noShape, other.noShape),
                (\Row.unbound, other.unbound),
            ] {
                self[keyPath: mine].hits += theirs.hits
                self[keyPath: mine].total += theirs.total
            }
        }
    }

    /// Per person, in the order first seen.
    public private(set) var people: [(person: String, row: Row)] = []
    /// Per shape drawn: the drawn shape's binding fires (for `noShape`: nothing fires).
    public private(set) var shapes = StrokeEvaluation.Table()
    public private(set) var all = Row()
    /// "drawn -> read" for every stroke that did not do what it should.
    public private(set) var misreadings: [String: Int] = [:]

    /// - Parameters:
    ///   - splits: random choices of 8 bound shapes (of `ShapeDescriptions.names`) per person, seeded by `seed`.
    ///   - others: whether the templates hold the other people's strokes (else the built-in ones only).
    public static func run(
        _ strokes: [PeopleStrokes.Stroke], decision: StrokeBook.Decision = .init(),
        options: StrokeMatcher.Options = .init(), others: Bool = true,
        splits: Int = 10, seed: UInt64 = 13
    ) -> HeldOutEvaluation {
        var e = HeldOutEvaluation()
        let names = ShapeDescriptions.names
        var rng = SeededRandom(state: seed)
        var order: [String] = []
        for s in strokes where !order.contains(s.person) { order.append(s.person) }
        for person in order {
            let known = others ? templates(without: person, from: strokes) : BuiltinTemplates.all
            let book = StrokeBook(
                matcher: StrokeMatcher(
                    templates: known, threshold: decision.minimumScore, options: options),
                shapes: Set(names), sequences: [], decision: decision)
            let mine = strokes.filter { $0.person == person }
            let fired: [String?] = mine.enumerated().map { index, s in
                if case .shape(let name, _) = book.read(s.points, at: Double(index)) { return name }
                return nil
            }
            var row = Row()
            for (s, read) in zip(mine, fired) {
                if s.name == PeopleStrokes.noShape {
                    row.noShape.add(read != nil)
                    e.shapes.add(s.name, read == nil)
                } else {
                    row.fires.add(read == s.name)
                    row.wrong.add(read != nil && read != s.name)
                    e.shapes.add(s.name, read == s.name)
                }
                if read != s.name && !(read == nil && s.name == PeopleStrokes.noShape) {
                    e.misreadings["\(s.name) -> \(read ?? "nothing")", default: 0] += 1
                }
            }
            // With fewer shapes bound a stroke fires what it fires with all of them, if that is bound:
            // the decision reads the best shape among every template, bound or not.
            for _ in 0..<splits {
                let bound = Set(names.shuffled(using: &rng).prefix(names.count / 2))
                for (s, read) in zip(mine, fired) where !bound.contains(s.name) {
                    row.unbound.add(read.map(bound.contains) ?? false)
                }
            }
            e.people.append((person, row))
            e.all.add(row)
        }
        return e
    }

    /// The figures as markdown tables, for docs/strokes.md.
    public var markdown: String {
        var out: [String] = []
        out.append(
            "| held-out person | the drawn shape's binding fires (16 bound) | another binding fires (16 bound) | \(PeopleStrokes.noShape) fires a binding (16 bound) | a shape not bound fires a binding (8 bound) |"
        )
        out.append("|---|---|---|---|---|")
        for (person, row) in people + [("**all**", all)] {
            out.append(
                "| \(person) | \(row.fires.text) | \(row.wrong.text) | \(row.noShape.text) | \(row.unbound.text) |"
            )
        }
        out.append("")
        out.append(
            "| shape drawn | does what it should (fires its binding; \(PeopleStrokes.noShape): fires nothing) |"
        )
        out.append("|---|---|")
        for name in shapes.rows.sorted() { out.append("| \(name) | \(shapes[name].text) |") }
        out.append("")
        let sorted = misreadings.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
        }
        out.append(
            "Misreadings (16 bound): "
                + sorted.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        return out.joined(separator: "\n")
    }
}
