import GestureX11
import Testing

@testable import GestureImport

/// Files no peer would write: each is refused with the place libxml2, libyaml or the importer
/// found the problem at, after bounded work (libxml2's depth and entity limits, the importer's
/// limits on size, depth, aliases followed and gestures), and nothing is imported.
@Suite struct HostileInputTests {
    func refusal(_ format: ImportFormat, _ bytes: [UInt8], file: String = "hostile") -> ImportError?
    {
        do {
            _ = try Importer.read(format, bytes: bytes, file: file, knowsKey: XKeysym.isKnown)
            return nil
        } catch {
            return error
        }
    }

    func refusal(_ format: ImportFormat, _ text: String) -> ImportError? {
        refusal(format, Array(text.utf8))
    }

    @Test(arguments: ImportFormat.allCases)
    func aFileLargerThanAnyConfigIsRefusedBeforeItIsParsed(format: ImportFormat) {
        #expect(
            refusal(format, [UInt8](repeating: 0x20, count: ImportLimits.bytes + 1))
                == ImportError(
                    file: "hostile", line: nil, column: nil,
                    message:
                        "is \(ImportLimits.bytes + 1) bytes, more than the \(ImportLimits.bytes) a gesture config is read to"
                ))
    }

    @Test func xmlNestedDeeperThanLibxml2AllowsIsRefusedWhereItGetsTooDeep() {
        let e = refusal(
            .touchegg,
            "<touchegg>" + String(repeating: "<a>", count: 100_000)
                + String(repeating: "</a>", count: 100_000) + "</touchegg>")
        #expect(
            e?.line == 1 && e?.column == 779
                && e?.message.hasPrefix("Excessive depth in document: 256") == true,
            "\(String(describing: e))")
    }

    @Test func billionLaughsEntitiesAreRefusedAtTheReference() {
        var dtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
        for i in 1...9 {
            dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
        }
        let text =
            dtd
            + "]>\n<touchegg><application name=\"All\"><gesture type=\"SWIPE\" fingers=\"3\" direction=\"UP\">"
            + "<action type=\"RUN_COMMAND\"><command>&lol9;</command></action></gesture></application></touchegg>\n"
        #expect(
            refusal(.touchegg, text)
                == ImportError(
                    file: "hostile", line: 14, column: 126,
                    message: "Detected an entity reference loop"))
    }

    @Test func yamlAliasesOfAliasesAreRefusedAtTheAliasThatGoesPastTheLimit() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...11 {
            text +=
                "a\(i): &a\(i) ["
                + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "swipe:\n  3:\n    left:\n      command: *a11\n"
        #expect(
            refusal(.fusuma, text)
                == ImportError(
                    file: "hostile", line: 6, column: 15,
                    message:
                        "more than \(ImportLimits.nodes) nodes with the aliases followed (aliases of aliases?)"
                ))
    }

    @Test func yamlNestedDeeperThanTheLimitIsRefusedWhereItGetsTooDeep() {
        #expect(
            refusal(
                .fusuma,
                String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
                == ImportError(
                    file: "hostile", line: 1, column: ImportLimits.depth + 1,
                    message: "collections nested more than \(ImportLimits.depth) deep"))
    }

    @Test func binaryJunkIsRefusedAtItsFirstByteInEveryFormat() {
        let junk: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x13, 0x37,
        ]
        #expect(
            refusal(.touchegg, junk)
                == ImportError(
                    file: "hostile", line: 1, column: 1,
                    message: "Start tag expected, '<' not found"))
        #expect(
            refusal(.fusuma, junk)
                == ImportError(
                    file: "hostile", line: 1, column: 1, message: "invalid leading UTF-8 octet"))
        #expect(
            refusal(.libinputGestures, junk)
                == ImportError(file: "hostile", line: 1, column: 1, message: "is not UTF-8 text"))
    }

    @Test func anInvalidByteAfterGoodLinesIsRefusedWhereItIs() {
        #expect(
            refusal(
                .libinputGestures,
                Array("gesture swipe up 3 true\ngesture pinch in ".utf8) + [0xC3, 0x28])
                == ImportError(file: "hostile", line: 2, column: 18, message: "is not UTF-8 text"))
    }

    @Test func moreGesturesThanTheLimitAreRefused() {
        let text = String(repeating: "gesture swipe up 3 true\n", count: ImportLimits.gestures + 1)
        #expect(
            refusal(.libinputGestures, text)
                == ImportError(
                    file: "hostile", line: nil, column: nil,
                    message: "has more than \(ImportLimits.gestures) gestures"))
    }

    @Test func aCorruptedRootTagIsRefusedAsToucheggRefusesIt() {
        #expect(
            refusal(.touchegg, "osetouchégg>\n  <settings>\n")
                == ImportError(
                    file: "hostile", line: 1, column: 1,
                    message: "Start tag expected, '<' not found"))
        #expect(
            refusal(
                .touchegg,
                "<touchégg>\n  <application name=\"All\">\n  </application>\n</touchegg>\n")
                == ImportError(
                    file: "hostile", line: 4, column: 12,
                    message: "Opening and ending tag mismatch: touchégg line 1 and touchegg"))
    }

    @Test func aFusumaKeyTwiceInOneMappingIsRefusedAsFusumaRefusesIt() {
        #expect(
            refusal(
                .fusuma, "swipe:\n  3:\n    left:\n      command: a\n    left:\n      command: b\n")
                == ImportError(
                    file: "hostile", line: 5, column: 5,
                    message:
                        "\"left\" is there twice in one mapping: fusuma refuses the file (Detect duplicate keys)"
                ))
    }

    @Test func aYamlDocumentThatIsNoMappingIsRefused() {
        #expect(
            refusal(.fusuma, "- swipe\n- pinch\n")
                == ImportError(
                    file: "hostile", line: 1, column: 1,
                    message:
                        "a document that is not a mapping: fusuma refuses the file (Invalid config.yml)"
                ))
    }

    @Test func aFusumaAliasThatNamesNoAnchorIsRefusedAtTheAlias() {
        #expect(refusal(.fusuma, "swipe:\n  3:\n    left: *nothing\n") != nil)
    }
}
