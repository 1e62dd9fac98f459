import Foundation
import GestureTrace
import Testing

/// What `gestured replay` and `gestured learn` refuse, and that they refuse it before it costs
/// memory or writes anything.
extension ReplayTests {
    /// /dev/zero is one line that never ends: it was read whole, and replay grew until it
    /// aborted. Under a 1 GiB limit of address space, that abort comes within a second.
    @Test func replayOfALineWithoutEndStopsAtTheLongestLineWithTheLineNamed() throws {
        let r = try gestured(["replay", "/dev/zero"], virtualMemoryKiB: 1 << 20)
        #expect(
            r == (
                1, "",
                "/dev/zero:1: the line is longer than 65536 bytes: a trace line is one event\n"
            ))
    }

    @Test func replayRefusesALongLineAfterTheLinesBeforeItWithItsNumber() throws {
        let long = String(repeating: " ", count: TraceReader.longestLine + 1)
        let r = try gestured(["replay", "-"], stdin: Self.swipeLeft + long + "\n" + Self.swipeLeft)
        let lines = Self.swipeLeft.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(r.status == 1)
        #expect(
            r.out.split(separator: "\n").last
                == #"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#)
        #expect(
            r.err
                == "<stdin>:\(lines): the line is longer than 65536 bytes: a trace line is one event\n"
        )
    }

    @Test(arguments: ["../escaped", "sub/name", ".hidden", "a b", "zig.zag", ""])
    func learnRefusesANameThatIsNotLettersDigitsDashesAndUnderscoresAndWritesNothing(name: String)
        throws
    {
        let dir = try folder("learn-name-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let r = try gestured(
            ["learn", name, "-"], stdin: Self.zigzag.joined(separator: "\n"), inFolder: sub)
        #expect(
            r == (
                1, "",
                "gestured learn: \"\(name)\" is not a template name (letters, digits, - and _)\n"
            ))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.path) == ["sub"])
    }

    @Test func learnTakesANameOfLettersDigitsDashesAndUnderscores() throws {
        let dir = try folder("learn-good-name")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try gestured(
            ["learn", "Zig_zag-2é", "-"], stdin: Self.zigzag.joined(separator: "\n"), inFolder: dir)
        #expect(r == (0, "Zig_zag-2é.stroke: 2 variants of \"Zig_zag-2é\"\n", ""))
    }

    /// A click, or a touch held still, is a stroke of equal points: as a template it matched
    /// nothing, and `check` refused the file learn had written.
    @Test func learnLeavesOutStrokesThatDoNotMoveAndRefusesATraceOfNothingElse() throws {
        let dir = try folder("learn-still")
        defer { try? FileManager.default.removeItem(at: dir) }
        let click = [
            #"{"t":5000,"ev":"button-press","button":3,"x":300,"y":300}"#,
            #"{"t":5010,"ev":"motion","x":300,"y":300}"#,
            #"{"t":5020,"ev":"button-release","button":3,"x":300,"y":300}"#,
        ]
        let still = try gestured(
            ["learn", "dot", "-"], stdin: click.joined(separator: "\n"), inFolder: dir)
        #expect(
            still == (
                1, "", "-: holds no stroke (a one-finger touch or a pointer drag that moves)\n"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])

        let learned = try gestured(
            ["learn", "zigzag", "-"], stdin: (Self.zigzag + click).joined(separator: "\n"),
            inFolder: dir)
        #expect(learned == (0, "zigzag.stroke: 2 variants of \"zigzag\"\n", ""))
        let config = dir.appendingPathComponent("config.toml")
        try Self.zigzagConfig().write(to: config, atomically: true, encoding: .utf8)
        let checked = try gestured(["check", "--config", config.path])
        #expect(checked.status == 0, "\(checked.err)")
    }
}
