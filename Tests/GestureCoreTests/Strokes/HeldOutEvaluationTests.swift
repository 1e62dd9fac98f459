import Testing
import StrokeEvaluation
@testable import GestureCore

/// Strokes of real people (`../shared/strokes`, beside the clone), read leave-one-person-out
/// as the engine decides by default: each person's strokes with the shipped (built-in) templates,
/// and, for comparison, with those and the other people's strokes. Floors a little below the
/// figures of docs/strokes.md §5b (`gestured-bench strokes`).
@Suite struct HeldOutEvaluationTests {
    static let strokes = Result { try PeopleStrokes.load() }

    @Test func theSharedStrokesReadAsSixPeopleDrawingSixteenShapesTenTimes() throws {
        let strokes = try Self.strokes.get()
        #expect(strokes.count == 960)
        #expect(Set(strokes.map(\.person)).count == 6)
        #expect(Dictionary(grouping: strokes, by: \.name).mapValues(\.count)["zig-zag"] == 60)
        #expect(strokes.allSatisfy { $0.points.count >= 32 })
    }

    /// The shipped engine, held out: built-in templates and the default decision. Short of the
    /// 97 % aimed at (docs/strokes.md §5b): the templates, drawn by one hand, hold it back.
    @Test func aHeldOutPersonsStrokesReadWithTheShippedTemplatesFireTheirBindingOrNothing() throws {
        let e = HeldOutEvaluation.run(try Self.strokes.get(), others: false)
        #expect(e.people.count == 6)
        #expect(e.all.fires.total == 900)
        #expect(e.all.fires.rate >= 0.755, "fires \(e.all.fires.text)")
        #expect(e.all.wrong.rate <= 0.024, "wrong \(e.all.wrong.text)")
        #expect(e.all.noShape.hits == 0, "zig-zags \(e.all.noShape.text)")
        #expect(e.all.unbound.rate <= 0.014, "unbound \(e.all.unbound.text)")
        for (person, row) in e.people { #expect(row.fires.rate >= 0.67, "\(person): \(row.fires.text)") }
    }

    /// Templates drawn by many hands: the other five people's strokes beside the built-in ones.
    @Test func aHeldOutPersonsStrokesReadWithTheOtherPeoplesFireTheirBindingAndRarelyAnother() throws {
        let e = HeldOutEvaluation.run(try Self.strokes.get(), others: true)
        #expect(e.people.count == 6)
        #expect(e.all.fires.total == 900)
        #expect(e.all.fires.rate >= 0.962, "fires \(e.all.fires.text)")
        #expect(e.all.wrong.rate <= 0.013, "wrong \(e.all.wrong.text)")
        #expect(e.all.noShape.hits == 0, "zig-zags \(e.all.noShape.text)")
        #expect(e.all.unbound.rate <= 0.008, "unbound \(e.all.unbound.text)")
        for (person, row) in e.people { #expect(row.fires.rate >= 0.90, "\(person): \(row.fires.text)") }
    }

    @Test func templatesForAPersonHoldNoneOfTheirStrokes() throws {
        let strokes = try Self.strokes.get()
        let mine = Set(strokes.filter { $0.person == "s03" }.map(\.points))
        let templates = HeldOutEvaluation.templates(without: "s03", from: strokes)
        #expect(templates.count == BuiltinTemplates.all.count + 5 * 150)
        #expect(!templates.contains { mine.contains($0.points) })
    }
}
