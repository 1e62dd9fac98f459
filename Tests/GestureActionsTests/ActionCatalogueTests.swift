import Foundation
import Testing
import TestSupport
import GestureActions

/// The catalogue is the one description of the actions: docs/config.md's table is rendered from
/// it, and every verb the parser takes is in it.
@Suite struct ActionCatalogueTests {
    @Test func theActionTableOfTheConfigPageIsRenderedFromTheCatalogue() throws {
        let page = Docs.text("docs/config.md")
        let begin = try #require(page.range(of: ActionCatalogue.docsBegin), "docs/config.md has no line \(ActionCatalogue.docsBegin)")
        let end = try #require(page.range(of: ActionCatalogue.docsEnd), "docs/config.md has no line \(ActionCatalogue.docsEnd)")
        let written = String(page[begin.lowerBound..<end.upperBound])
        if Docs.updating, written != ActionCatalogue.markdown {
            Docs.write(page.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: ActionCatalogue.markdown), to: "docs/config.md")
        }
        #expect(written == ActionCatalogue.markdown, "docs/config.md's action table differs from the catalogue; it should read:\n\(ActionCatalogue.markdown)")
    }

    @Test func everyVerbTheParserTakesIsInTheCatalogueAndNoOther() {
        #expect(Set(ActionCatalogue.all.map(\.verb)) == Set(ActionParser.verbs))
    }
}
