import GestureActions
import TestSupport
import Testing

/// The catalogue is the one description of the actions: docs/config.md's table is rendered from
/// it, and every verb the parser takes is in it.
@Suite struct ActionCatalogueTests {
    @Test func theActionTableOfTheConfigPageIsRenderedFromTheCatalogue() {
        let written = Docs.renderedPart(
            of: "docs/config.md", from: ActionCatalogue.docsBegin, to: ActionCatalogue.docsEnd,
            rendered: ActionCatalogue.markdown)
        #expect(
            written == ActionCatalogue.markdown,
            "docs/config.md's action table differs from the catalogue; it should read:\n\(ActionCatalogue.markdown)"
        )
    }

    @Test func everyVerbTheParserTakesIsInTheCatalogueAndNoOther() {
        #expect(Set(ActionCatalogue.all.map(\.verb)) == Set(ActionParser.verbs))
    }
}
