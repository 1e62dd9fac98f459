import GestureCore
import StrokeEvaluation
import Testing

@testable import GestureStrokes

/// Strokes of real people (`../shared/strokes`, beside the clone), read leave-one-person-out
/// as the engine decides by default: each person's strokes with the shipped (built-in) templates,
/// and, for comparison, with those and the other people's strokes. Floors a little below the
/// figures of docs/strokes.md §6 (`gestured-bench strokes`).
@Suite(.enabled(if: PeopleStrokes.present, Comment(rawValue: PeopleStrokes.absent)))
struct HeldOutEvaluationTests {
    static let strokes = Result { try PeopleStrokes.load() }

    @Test func theSharedStrokesReadAsSixPeopleDrawingSixteenShapesTenTimes() throws {
        let strokes = try Self.strokes.get()
        #expect(strokes.count == 960)
        #expect(Set(strokes.map(\.person)).count == 6)
        #expect(Dictionary(grouping: strokes, by: \.name).mapValues(\.count)["zig-zag"] == 60)
        #expect(strokes.allSatisfy { $0.points.count >= 32 })
    }

    /// What a template set must reach on people it was not drawn from, a little under what it
    /// reaches (docs/strokes.md §6).
    struct Floors: Sendable, CustomStringConvertible {
        /// With the other five people's strokes beside the built-in templates, or the built-ins alone.
        var others: Bool
        var fires, wrong, unbound, eachPerson: Double
        var description: String {
            others ? "built-ins and the other five people's strokes" : "the shipped templates"
        }
    }

    /// The shipped engine (built-in templates and the default decision) fires about 96 % of the
    /// time, short of the 97 % aimed at; braces, brackets and carets are most of the rest.
    /// With the other five people's strokes beside the built-in templates, about 96 %.
    @Test(arguments: [
        Floors(others: false, fires: 0.965, wrong: 0.005, unbound: 0.003, eachPerson: 0.93),
        Floors(others: true, fires: 0.935, wrong: 0.003, unbound: 0.002, eachPerson: 0.91),
    ])
    func aHeldOutPersonsStrokesFireTheirBindingRarelyAnotherAndZigzagsNothing(_ floors: Floors)
        throws
    {
        let e = HeldOutEvaluation.run(try Self.strokes.get(), others: floors.others)
        #expect(e.people.count == 6)
        #expect(e.all.fires.total == 900)
        #expect(e.all.fires.rate >= floors.fires, "fires \(e.all.fires.text)")
        #expect(e.all.wrong.rate <= floors.wrong, "wrong \(e.all.wrong.text)")
        #expect(e.all.noShape.hits == 0, "zig-zags \(e.all.noShape.text)")
        #expect(e.all.unbound.rate <= floors.unbound, "unbound \(e.all.unbound.text)")
        for (person, row) in e.people {
            #expect(row.fires.rate >= floors.eachPerson, "\(person): \(row.fires.text)")
        }
    }

    @Test func templatesForAPersonHoldNoneOfTheirStrokes() throws {
        let strokes = try Self.strokes.get()
        let mine = Set(strokes.filter { $0.person == "s03" }.map(\.points))
        let templates = HeldOutEvaluation.templates(without: "s03", from: strokes)
        #expect(templates.count == BuiltinTemplates.all.count + 5 * 150)
        #expect(!templates.contains { mine.contains($0.points) })
    }
}
