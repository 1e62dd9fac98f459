import Foundation
import GestureConfig
import GestureX11
import TestSupport
import Testing

@testable import GestureImport

/// Each fixture in Fixtures/ through the importer: the config it makes loads as `gestured
/// check` loads it, every gesture of the fixture is in it (as a binding or a `# not imported:`
/// line), and it is the text beside the fixture (`NAME.expected.toml`). Set
/// GESTURED_UPDATE_FIXTURES=1 to rewrite the expectations after a deliberate change, then read
/// the diff.
@Suite struct ImportFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let fixtures: [(name: String, format: ImportFormat)] = [
        ("touchegg-2.conf", .touchegg), ("touchegg-1.conf", .touchegg),
        ("libinput-gestures.conf", .libinputGestures),
        ("libinput-gestures-diagonal.conf", .libinputGestures),
        ("fusuma.yml", .fusuma),
    ]

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    static func imported(_ name: String, _ format: ImportFormat) throws -> ImportedConfig {
        try Importer.read(
            format, bytes: Array(text(name).utf8), file: name, knowsKey: XKeysym.isKnown)
    }

    @Test func everyFixtureInTheFolderIsTested() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            !$0.hasSuffix(".expected.toml")
        }
        #expect(Set(files) == Set(Self.fixtures.map(\.name)))
    }

    @Test(arguments: fixtures)
    func theImportedConfigLoadsAsCheckLoadsItWithEveryBinding(
        fixture: (name: String, format: ImportFormat)
    ) throws {
        let imported = try Self.imported(fixture.name, fixture.format)
        let config = try ConfigLoader.load(
            imported.text, file: "imported.toml", knowsKey: XKeysym.isKnown)
        #expect(config.gestures.map(\.name) == imported.names)
        #expect(imported.importedCount > 0 && imported.importedCount < imported.sources.count)
    }

    /// The lines where the fixture's gestures start, found without the importer: touchegg's
    /// `<gesture` elements, libinput-gestures' `gesture` lines, and fusuma's lines marked
    /// `# gesture`.
    static func gestureLines(_ name: String, _ format: ImportFormat) throws -> Set<Int> {
        let lines = try text(name).split(separator: "\n", omittingEmptySubsequences: false)
        return Set(
            lines.indices.filter { i in
                let l = lines[i].drop { $0 == " " || $0 == "\t" }
                switch format {
                case .touchegg: return l.hasPrefix("<gesture ")
                case .libinputGestures: return l.hasPrefix("gesture ") || l.hasPrefix("gesture:")
                case .fusuma: return lines[i].hasSuffix("# gesture")
                }
            }.map { $0 + 1 })
    }

    @Test(arguments: fixtures)
    func everyGestureOfTheFixtureIsImportedOrSaidNotToBeWithItsLine(
        fixture: (name: String, format: ImportFormat)
    ) throws {
        let imported = try Self.imported(fixture.name, fixture.format)
        let expected = try Self.gestureLines(fixture.name, fixture.format)
        let places = Set(imported.sources.map { Int($0.place.split(separator: ":").last!)! })
        #expect(places == expected)
        let text = imported.text
        for line in expected {
            let place = "\(fixture.name):\(line): "
            #expect(
                text.contains("\n# " + place) || text.contains("\n# not imported: " + place),
                "\(place)")
        }
        let notImported = imported.sources.filter { !$0.isImported }.count
        #expect(text.components(separatedBy: "\n# not imported: ").count - 1 == notImported)
        #expect(
            imported.summary.hasPrefix(
                "imported \(imported.importedCount) of \(imported.sources.count) gestures from \(fixture.name); \(notImported) not imported: "
            ))
    }

    @Test(arguments: fixtures)
    func theImportedConfigIsTheTextBesideTheFixture(fixture: (name: String, format: ImportFormat))
        throws
    {
        let actual = try Self.imported(fixture.name, fixture.format).text
        let url = Self.folder.appendingPathComponent(fixture.name + ".expected.toml")
        if ProcessInfo.processInfo.environment["GESTURED_UPDATE_FIXTURES"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(actual == (try String(contentsOf: url, encoding: .utf8)))
    }
}

/// docs/import.md's examples: each source block imports to the TOML block after it.
@Suite struct ImportDocsTests {
    @Test func theExamplesOfDocsImportAreWhatTheImportMakes() throws {
        let sources: [(String, ImportFormat, String)] = [
            (Docs.blocks("docs/import.md", language: "xml")[0], .touchegg, "touchegg.conf"),
            (
                Docs.blocks("docs/import.md", language: "conf")[0], .libinputGestures,
                "libinput-gestures.conf"
            ),
            (Docs.blocks("docs/import.md", language: "yaml")[0], .fusuma, "config.yml"),
        ]
        let results = Docs.blocks("docs/import.md", language: "toml")
        #expect(results.count == 3)
        for ((source, format, file), expected) in zip(sources, results) {
            let imported = try Importer.read(
                format, bytes: Array((source + "\n").utf8), file: file, knowsKey: XKeysym.isKnown)
            #expect(imported.text == expected + "\n")
            _ = try ConfigLoader.load(expected, file: file, knowsKey: XKeysym.isKnown)
        }
    }
}
