import Foundation
import GestureCore
import GestureStrokes
import TestSupport

/// Measures a way of reading strokes on generated ones: how often the best shape is the drawn
/// one (top-1), how often the drawn shape's binding fires when all 16 are bound, and how often a
/// binding fires when the drawn shape is not bound (bind 8, draw the other 8, over random splits)
/// or when the stroke is not a shape at all.
public struct StrokeEvaluation {
    /// What fires when `bound` shapes are bound: made once per set of bound shapes.
    public typealias Reader = (_ bound: Set<String>) -> (_ points: [Point]) -> String?

    public struct Tally: Sendable {
        public var hits = 0, total = 0
        public var rate: Double { total == 0 ? 0 : Double(hits) / Double(total) }
        mutating func add(_ hit: Bool) {
            total += 1
            if hit { hits += 1 }
        }
        public var percent: String { String(format: "%.1f%%", rate * 100) }
        public var text: String { "\(percent) (\(hits)/\(total))" }
    }

    /// Row label -> tally, in the order rows were first seen.
    public struct Table: Sendable {
        public private(set) var rows: [String] = []
        public private(set) var tallies: [String: Tally] = [:]
        mutating func add(_ row: String, _ hit: Bool) {
            if tallies[row] == nil { rows.append(row) }
            tallies[row, default: Tally()].add(hit)
        }
        public subscript(row: String) -> Tally { tallies[row] ?? Tally() }
    }

    /// What fires as gestured decides it: the stroke book of a config that binds the shapes given,
    /// over `templates`, deciding by `decision`.
    public static func bookReader(
        templates: [StrokeTemplate], decision: StrokeBook.Decision = .init(),
        options: StrokeMatcher.Options = .init()
    ) -> Reader {
        { bound in
            let matcher = StrokeMatcher(
                templates: bound.isEmpty ? [] : templates, threshold: decision.minimumScore,
                options: options)
            let book = StrokeBook(
                matcher: matcher, shapes: bound, sequences: [], decision: decision)
            var time = 0.0
            return { points in
                time += 1
                if case .shape(let name, _) = book.read(points, at: time) { return name }
                return nil
            }
        }
    }

    /// Top-1 (best template ignoring thresholds) among all the matcher's names.
    public var topOne = Tally()
    /// The drawn shape's binding fires, all 16 bound.
    public var fires = Tally()
    /// A binding fires for a shape that is not bound (8 bound, the other 8 drawn).
    public var unboundFires = Tally()
    /// A binding fires for a stroke that is no shape, all 16 bound / 8 bound.
    public var nonShapeFiresAll = Tally(), nonShapeFiresHalf = Tally()
    /// Misreadings: "drawn -> read" with counts, all 16 bound (nil read: nothing fired).
    public var confusions: [String: Int] = [:]

    public var topOneBy = (variation: Table(), speed: Table(), shape: Table())
    public var firesBy = (variation: Table(), speed: Table(), shape: Table())
    public var unboundBy = (variation: Table(), shape: Table(), firedAs: [String: Int]())
    public var nonShapeBy = (all: Table(), half: Table(), firedAs: [String: Int]())

    /// - Parameters:
    ///   - best: the best name for a stroke, thresholds ignored.
    ///   - reader: what fires, given the bound shapes.
    ///   - splits: random choices of 8 bound shapes for the unbound figures (seeded by `seed`).
    public static func run(
        strokes: [StrokeGenerator.Stroke],
        nonShapes: [(kind: StrokeGenerator.NonShape, points: [Point])],
        splits: Int, seed: UInt64, best: ([Point]) -> String?, reader: Reader
    ) -> StrokeEvaluation {
        var e = StrokeEvaluation()
        let names = ShapeDescriptions.names
        let all = reader(Set(names))
        for s in strokes {
            let top = best(s.points) == s.name
            e.topOne.add(top)
            e.topOneBy.variation.add(s.variation.rawValue, top)
            e.topOneBy.speed.add(s.speed.rawValue, top)
            e.topOneBy.shape.add(s.name, top)
            let read = all(s.points)
            let hit = read == s.name
            e.fires.add(hit)
            e.firesBy.variation.add(s.variation.rawValue, hit)
            e.firesBy.speed.add(s.speed.rawValue, hit)
            e.firesBy.shape.add(s.name, hit)
            if !hit { e.confusions["\(s.name) -> \(read ?? "nothing")", default: 0] += 1 }
        }
        for n in nonShapes {
            let fired = all(n.points)
            e.nonShapeFiresAll.add(fired != nil)
            e.nonShapeBy.all.add(n.kind.rawValue, fired != nil)
            if let fired { e.nonShapeBy.firedAs["\(n.kind.rawValue) -> \(fired)", default: 0] += 1 }
        }
        var rng = SeededRandom(state: seed)
        for _ in 0..<splits {
            let bound = Set(names.shuffled(using: &rng).prefix(names.count / 2))
            let read = reader(bound)
            for s in strokes where !bound.contains(s.name) {
                let fired = read(s.points)
                e.unboundFires.add(fired != nil)
                e.unboundBy.variation.add(s.variation.rawValue, fired != nil)
                e.unboundBy.shape.add(s.name, fired != nil)
                if let fired { e.unboundBy.firedAs["\(s.name) -> \(fired)", default: 0] += 1 }
            }
            for n in nonShapes {
                let fired = read(n.points) != nil
                e.nonShapeFiresHalf.add(fired)
                e.nonShapeBy.half.add(n.kind.rawValue, fired)
            }
        }
        return e
    }

    /// The figures as markdown tables, for docs/strokes.md.
    public var markdown: String {
        var out: [String] = []
        out.append(
            "| | top-1 | fires its binding (16 bound) | fires a binding when not bound (8 bound) |")
        out.append("|---|---|---|---|")
        out.append(
            "| **all shape strokes** | **\(topOne.text)** | **\(fires.text)** | **\(unboundFires.text)** |"
        )
        for row in topOneBy.variation.rows {
            out.append(
                "| variation: \(row) | \(topOneBy.variation[row].text) | \(firesBy.variation[row].text) | \(unboundBy.variation[row].text) |"
            )
        }
        for row in topOneBy.speed.rows {
            out.append(
                "| speed: \(row) | \(topOneBy.speed[row].text) | \(firesBy.speed[row].text) | |")
        }
        for row in topOneBy.shape.rows {
            out.append(
                "| shape: \(row) | \(topOneBy.shape[row].text) | \(firesBy.shape[row].text) | \(unboundBy.shape[row].text) |"
            )
        }
        out.append("")
        out.append("| not a shape | fires a binding (16 bound) | fires a binding (8 bound) |")
        out.append("|---|---|---|")
        out.append("| **all** | **\(nonShapeFiresAll.text)** | **\(nonShapeFiresHalf.text)** |")
        for row in nonShapeBy.all.rows {
            out.append("| \(row) | \(nonShapeBy.all[row].text) | \(nonShapeBy.half[row].text) |")
        }
        out.append("")
        let top = { (d: [String: Int]) in
            d.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(12).map
            { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        }
        out.append("Misreadings with 16 bound: " + top(confusions))
        out.append("")
        out.append("Unbound shapes fired as: " + top(unboundBy.firedAs))
        out.append("")
        out.append("Non-shapes fired as (16 bound): " + top(nonShapeBy.firedAs))
        return out.joined(separator: "\n")
    }
}
