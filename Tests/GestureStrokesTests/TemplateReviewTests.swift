import GestureCore
import Testing

@testable import GestureStrokes

@Suite struct TemplateReviewTests {
    let zigzag = Draw.polyline([(0, 0), (20, 60), (40, 0), (60, 60), (80, 0), (100, 60)])
    let circle = Draw.circle(cx: 0, cy: 0, r: 50)

    @Test func aVariantCloserToAnotherShapeThanToItsOwnIsReportedAndTheOthersAreNot() throws {
        let user = [
            StrokeTemplate(name: "zz", points: zigzag),
            StrokeTemplate(name: "zz", points: Draw.transform(zigzag, scale: 2, dx: 30)),
            StrokeTemplate(name: "zz", points: circle),
        ]
        let found = TemplateReview.confusions(of: user, others: BuiltinTemplates.all)
        #expect(
            found.map { "\($0.name) \($0.variant)/\($0.variants) -> \($0.closest.name)" } == [
                "zz 3/3 -> circle"
            ])
        let c = try #require(found.first)
        #expect(c.closest.score > c.own.score && c.own.name == "zz")
    }

    @Test func aTemplateWithoutOtherVariantsHasNothingToBeCloserToAndIsNotReported() {
        let user = [StrokeTemplate(name: "round", points: circle)]
        #expect(TemplateReview.confusions(of: user, others: BuiltinTemplates.all) == [])
    }
}
