import Foundation
import GestureActions
import GestureConfig
import GestureCore
import GestureStrokes
import GestureTrace
import TestSupport
import Testing

/// Replays every trace in Traces/ with the default config and compares the whole output with
/// the `.expected` file beside it. Set GESTURED_UPDATE_TRACES=1 to rewrite the expectations
/// after a deliberate change, then read the diff.
@Suite struct ReplayTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Traces")
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The recorded traces; an unreadable folder is a failure, not zero cases.
    static var traces: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".jsonl")
            }.sorted()
        }
    }

    @Test func everyRecordedTraceHasItsExpectedOutputBesideIt() throws {
        let names = try Self.traces
        #expect(names.count >= 5)
        for name in names {
            let expected = name.replacingOccurrences(of: ".jsonl", with: ".expected")
            #expect(
                FileManager.default.fileExists(
                    atPath: Self.folder.appendingPathComponent(expected).path), "\(name)")
        }
    }

    func replay(_ text: String, config: Config = DefaultConfig.load(), file: String = "trace.jsonl")
        throws -> [String]
    {
        var out: [String] = []
        try Replay(config: config, options: .init(decisions: true)) { out.append($0) }
            .run(file: file, text: text)
        return out
    }

    @Test(arguments: try traces)
    func aRecordedTraceReplaysToItsExpectedOutput(name: String) throws {
        let trace = try String(
            contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let expectedURL = Self.folder.appendingPathComponent(
            name.replacingOccurrences(of: ".jsonl", with: ".expected"))
        let actual = try replay(trace, file: name)
        if ProcessInfo.processInfo.environment["GESTURED_UPDATE_TRACES"] == "1" {
            try (actual.joined(separator: "\n") + "\n").write(
                to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n")
            .map(String.init)
        #expect(actual == expected)
    }

    /// `gestured replay` gathers its output as bytes, a transition line written in place into
    /// the printer's memory: the bytes are the lines a line sink gets, with a gesture whose lines
    /// fill the memory to its end (they are handed on before one that does not fit) and one
    /// whose lines are longer than all of it (the memory grows).
    @Test(arguments: [5_000, 1_100_000])
    func theBytesReplayWritesAreTheLinesItPrints(nameLength: Int) throws {
        let name = String(repeating: "p", count: nameLength)
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "\(name)"
            type = "pinch"
            fingers = 2
            direction = "out"
            action = "exec true"

            """, file: "c.toml")
        var trace = #"{"t":0,"ev":"pinch-begin","fingers":2}"# + "\n"
        let updates = nameLength < 100_000 ? 400 : 12
        for i in 1...updates {
            trace +=
                #"{"t":\#(8 * i),"ev":"pinch-update","fingers":2,"dx":0.5,"dy":-0.25,"scale":\#(1 + 0.05 * Double(i)),"angle":0.1}"#
                + "\n"
        }
        trace += #"{"t":\#(8 * updates + 8),"ev":"pinch-end","fingers":2}"# + "\n"
        var lines: [String] = []
        try Replay(config: config) { lines.append($0) }.run(file: "t.jsonl", text: trace)
        var bytes: [UInt8] = []
        var writes = 0
        try Replay(
            config: config,
            output: {
                bytes += $0
                writes += 1
            }
        ).run(file: "t.jsonl", text: trace)
        #expect(lines.count > updates / 2)
        #expect(lines.allSatisfy { $0.contains(name) || !$0.contains("pinch") })
        #expect(String(decoding: bytes, as: UTF8.self) == lines.map { $0 + "\n" }.joined())
        #expect(writes > 1)
    }

    @Test func withTheToucheggStreamReplayPrintsTheStreamedSwipeWithItsHeadingAndProgress() throws {
        let config = try ConfigLoader.load(
            "gesture = []\n[settings]\ntouchegg-stream = true\n", file: "c.toml")
        let out = try replay(
            """
            {"t":0,"ev":"swipe-begin","fingers":4}
            {"t":8,"ev":"swipe-update","fingers":4,"dx":0,"dy":-50}
            {"t":16,"ev":"swipe-update","fingers":4,"dx":0,"dy":-150}
            {"t":24,"ev":"swipe-end","fingers":4}
            """, config: config
        ).filter { !$0.contains("decision") }
        #expect(
            out == [
                #"{"t":0,"gesture":"touchegg-pinch","type":"pinch","source":"touchpad","state":"failed","reason":"takes no touchpad swipe"}"#,
                #"{"t":8,"gesture":"touchegg-swipe","type":"pan","source":"touchpad","state":"began","fingers":4,"translation":[0,-50],"velocity":[0,-6250],"heading":"up","progress":0.25}"#,
                #"{"t":16,"gesture":"touchegg-swipe","type":"pan","source":"touchpad","state":"changed","fingers":4,"translation":[0,-200],"velocity":[0,-12500],"heading":"up","progress":1}"#,
                #"{"t":24,"gesture":"touchegg-swipe","type":"pan","source":"touchpad","state":"ended","fingers":4,"translation":[0,-200],"velocity":[0,-12500],"heading":"up","progress":1}"#,
            ])
    }

    @Test(arguments: [(-150.0, false), (-250.0, true)])
    func withFeedbackReplayPerformsASwipeOnlyWhenItLiftsPastTheCommitPoint(
        dy: Double, commits: Bool
    ) throws {
        let config = try ConfigLoader.load(
            """
            [settings]
            feedback = true
            [[gesture]]
            name = "max"
            type = "swipe"
            source = "touchpad"
            direction = "up"
            action = "window maximize"
            """, file: "c.toml")
        let out = try replay(
            """
            {"t":0,"ev":"swipe-begin","fingers":3}
            {"t":8,"ev":"swipe-update","fingers":3,"dx":0,"dy":-100}
            {"t":16,"ev":"swipe-update","fingers":3,"dx":0,"dy":\(dy + 100)}
            {"t":24,"ev":"swipe-end","fingers":3}
            """, config: config
        ).filter { !$0.contains("decision") }
        let p = NumberText.plain(-dy / 200)
        #expect(
            out == [
                #"{"t":8,"gesture":"max","type":"swipe","source":"touchpad","state":"began","fingers":3,"direction":"up","translation":[0,-100],"velocity":[0,-12500],"heading":"up","progress":0.5}"#,
                #"{"t":16,"gesture":"max","type":"swipe","source":"touchpad","state":"changed","fingers":3,"direction":"up","translation":[0,\#(NumberText.plain(dy))],"velocity":[0,\#(NumberText.plain(dy * 125 / 2))],"heading":"up","progress":\#(p)}"#,
                #"{"t":24,"gesture":"max","type":"swipe","source":"touchpad","state":"ended","fingers":3,"direction":"up","translation":[0,\#(NumberText.plain(dy))],"velocity":[0,\#(NumberText.plain(dy * 125 / 2))],"heading":"up","progress":\#(p)}"#,
                commits
                    ? #"{"t":24,"action":"window maximize","gesture":"max"}"#
                    : #"{"t":24,"gesture":"max","cancelled":\#(p)}"#,
            ])
    }

    @Test func theTraceFormatExampleReplays() throws {
        let example = Docs.blocks("docs/trace-format.md", language: "jsonl")[1]
        let out = try replay(example)
        #expect(out.contains(#"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#))
        let printed = Docs.blocks("docs/trace-format.md", language: "jsonl")[2].split(
            separator: "\n"
        ).map(String.init)
        #expect(printed.allSatisfy(out.contains))
    }

    /// Right-button strokes through the polylines' corners, 20 points a segment, 8 ms apart,
    /// moved to (300, 200); each stroke starts 4 s after the one before.
    static func strokes(_ polylines: [[(Double, Double)]]) -> String {
        var lines: [String] = []
        for (n, corners) in polylines.enumerated() {
            var t = n * 4000
            var points: [(Double, Double)] = []
            for (a, b) in zip(corners, corners.dropFirst()) {
                points += (0..<20).map { k in
                    (a.0 + Double(k) / 20 * (b.0 - a.0), a.1 + Double(k) / 20 * (b.1 - a.1))
                }
            }
            points.append(corners[corners.count - 1])
            func at(_ p: (Double, Double)) -> String {
                #""x":\#(Int((300 + p.0).rounded())),"y":\#(Int((200 + p.1).rounded()))"#
            }
            lines.append(#"{"t":\#(t),"ev":"button-press","button":3,\#(at(points[0]))}"#)
            for p in points.dropFirst() {
                t += 8
                lines.append(#"{"t":\#(t),"ev":"motion",\#(at(p))}"#)
            }
            lines.append(
                #"{"t":\#(t + 8),"ev":"button-release","button":3,\#(at(points[points.count - 1]))}"#
            )
        }
        return lines.joined(separator: "\n")
    }

    @Test func withEveryShapeBoundAZigzagAndAScrawlRoundAStarFireNothingAndABadlyDrawnStarFires()
        throws
    {
        let config = try ConfigLoader.load(
            BuiltinTemplates.names.map { name in
                "[[gesture]]\nname = \"\(name)\"\ntype = \"stroke\"\nsource = \"pointer\"\nshape = \"\(name)\"\naction = \"keys ctrl+F1\"\n"
            }.joined(separator: "\n"), file: "shapes.toml")
        func star(_ degrees: Double) -> (Double, Double) {
            (
                100 + 100 * Foundation.sin(degrees * .pi / 180),
                100 - 100 * Foundation.cos(degrees * .pi / 180)
            )
        }
        // Across three lines of text and back: near a question mark's points, less near than a
        // question mark drawn comes (its own minimum score).
        let zigzag = [(0.0, 0.0), (160, 0), (155, 60), (40, 60), (45, 120), (0, 120), (5, 180)]
        // From point to point of a star, doubling back halfway along every line: a star turns one
        // way only.
        let order = [216.0, 0, 144, 288, 72, 216].map(star)
        var scrawl = [order[0]]
        for (a, b) in zip(order, order.dropFirst()) {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1)
            scrawl += [
                (a.0 + 0.55 * dx - 0.12 * dy, a.1 + 0.55 * dy + 0.12 * dx),
                (a.0 + 0.4 * dx + 0.12 * dy, a.1 + 0.4 * dy - 0.12 * dx), b,
            ]
        }
        // Past every point, a corner cut, a hook where the pen lifts: still a star.
        let badStar = [
            star(216), (100, -12), (166, 196), star(288), (40, 30), star(72), (8, 180), (30, 170),
        ]
        let out = try replay(Self.strokes([zigzag, scrawl, badStar]), config: config)
        #expect(
            out.filter { $0.contains(#""action""#) } == [
                #"{"t":9128,"action":"keys ctrl+F1","gesture":"star"}"#
            ], "\(out.filter { !$0.contains("changed") })")
    }

    @Test func replayPrintsTheDragsFollowStepsTheFingersComingBackAndTheReleaseWhenTheLockRunsOut()
        throws
    {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "three-finger-drag"
            type = "pan"
            source = "touchpad"
            fingers = 3
            action = "drag lock=300"
            """, file: "drag.toml")
        let out = try replay(
            """
            {"t":0,"ev":"swipe-begin","fingers":3}
            {"t":8,"ev":"swipe-update","fingers":3,"dx":12.5,"dy":0}
            {"t":16,"ev":"swipe-update","fingers":3,"dx":6,"dy":-2.5}
            {"t":24,"ev":"swipe-end","fingers":3}
            {"t":200,"ev":"swipe-begin","fingers":3}
            {"t":208,"ev":"swipe-update","fingers":3,"dx":0,"dy":11}
            {"t":216,"ev":"swipe-end","fingers":3}
            """, config: config
        ).filter { $0.contains("action") }
        #expect(
            out == [
                #"{"t":8,"action":"drag lock=300","gesture":"three-finger-drag","steps":"press 1, move +12 +0"}"#,
                #"{"t":16,"action":"drag lock=300","gesture":"three-finger-drag","steps":"move +6 -2"}"#,
                #"{"t":208,"action":"drag lock=300","gesture":"three-finger-drag","steps":"move +0 +11"}"#,
                #"{"t":516,"action":"drag lock=300","gesture":"three-finger-drag","steps":"release 1"}"#,
            ])
    }

    @Test func replayPrintsAWindowMoveTakingTheWindowMovingItsFrameAndLettingGo() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "move-window"
            type = "pan"
            source = "touchpad"
            fingers = 4
            action = "window move window=active"
            """, file: "move.toml")
        let out = try replay(
            """
            {"t":0,"ev":"swipe-begin","fingers":4}
            {"t":8,"ev":"swipe-update","fingers":4,"dx":12.5,"dy":0}
            {"t":16,"ev":"swipe-update","fingers":4,"dx":6,"dy":-2.5}
            {"t":24,"ev":"swipe-end","fingers":4}
            """, config: config
        ).filter { $0.contains("action") }
        #expect(
            out == [
                #"{"t":8,"action":"window move window=active","gesture":"move-window","steps":"take window active, window +13 +0"}"#,
                #"{"t":16,"action":"window move window=active","gesture":"move-window","steps":"window +19 -3"}"#,
                #"{"t":24,"action":"window move window=active","gesture":"move-window","steps":"let go of window"}"#,
            ])
    }

    @Test func aMalformedLineStopsTheReplayAfterWhatCameBefore() throws {
        var out: [String] = []
        let text = """
            {"t":0,"ev":"swipe-begin","fingers":3}
            {"t":8,"ev":"swipe-update","fingers":3,"dx":-90,"dy":0}
            {"t":16,"ev":"swipe-update","fingers":3}
            {"t":24,"ev":"swipe-end","fingers":3}
            """
        do {
            try Replay(config: DefaultConfig.load()) { out.append($0) }
                .run(file: "bad.jsonl", lines: text.split(separator: "\n"))
            Issue.record("no error")
        } catch {
            #expect(error.description == #"bad.jsonl:3: "swipe-update" lacks "dx""#)
        }
        #expect(
            out == [
                #"{"t":0,"gesture":"maximize","type":"swipe","source":"touchpad","state":"failed","direction":"up","reason":"3 fingers, not 4"}"#,
                #"{"t":0,"gesture":"minimize","type":"swipe","source":"touchpad","state":"failed","direction":"down","reason":"3 fingers, not 4"}"#,
                #"{"t":0,"gesture":"pinch-show-desktop","type":"pinch","source":"touchpad","state":"failed","direction":"in","reason":"takes no touchpad swipe"}"#,
                #"{"t":8,"gesture":"next-desktop","type":"swipe","source":"touchpad","state":"ended","fingers":3,"direction":"left","translation":[-90,0],"velocity":[-11250,0],"heading":"left","progress":0.45}"#,
                #"{"t":8,"action":"desktop next","gesture":"next-desktop"}"#,
                #"{"t":8,"gesture":"previous-desktop","type":"swipe","source":"touchpad","state":"failed","direction":"right","reason":"\"next-desktop\" was recognized"}"#,
            ])
    }

    // MARK: The command line

    /// Runs the built gestured, in `folder` if given; with `umask` or `virtualMemoryKiB`,
    /// through a shell that sets them first.
    func gestured(
        _ args: [String], stdin: String? = nil, umask: String? = nil, virtualMemoryKiB: Int? = nil,
        inFolder folder: URL? = nil
    ) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.currentDirectoryURL = folder
        let binary = Self.root.appendingPathComponent(".build/debug/gestured")
        let setup = [umask.map { "umask \($0)" }, virtualMemoryKiB.map { "ulimit -v \($0)" }]
            .compactMap(\.self)
        if !setup.isEmpty {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments =
                ["-c", setup.joined(separator: "; ") + "; exec \"$0\" \"$@\"", binary.path] + args
        } else {
            p.executableURL = binary
            p.arguments = args
        }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        // A command may leave before it reads its input (learn refuses a bad name first): the
        // write then fails with EPIPE, which must not end the test process.
        signal(SIGPIPE, SIG_IGN)
        try p.run()
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (
            p.terminationStatus, String(decoding: o, as: UTF8.self),
            String(decoding: e, as: UTF8.self)
        )
    }

    @Test func aCommandLineThatDoesNotParseExits64WithWhatIsWrongAndTheUsage() throws {
        let r = try gestured(["replay", "--decisions"])
        #expect(r.status == 64)
        #expect(r.out == "")
        #expect(
            r.err == """
                gestured replay: missing argument <trace>
                Usage: gestured replay [--config <file>] [--decisions] <trace> ...
                See 'gestured replay --help' for more information.

                """)
    }

    @Test func versionAndHelpGoToStandardOutputAndExit0() throws {
        let version = try gestured(["--version"])
        #expect(version.status == 0 && version.err == "")
        #expect(version.out.wholeMatch(of: /gestured \d+\.\d+\.\d+\n/) != nil, "\(version.out)")
        let help = try gestured(["help", "replay"])
        #expect(help.status == 0 && help.err == "")
        #expect(help.out.hasPrefix("OVERVIEW: Run traces through the gesture engine"))
    }

    @Test func generateManualWritesAPagePerCommandIntoAFolderItMakes() throws {
        let dir = try folder("manual")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pages = dir.appendingPathComponent("share/man1")
        let r = try gestured(["--generate-manual", pages.path])
        #expect(r.status == 0 && r.out == "" && r.err == "")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted() == [
                "gestured-check.1", "gestured-devices.1", "gestured-doctor.1", "gestured-import.1",
                "gestured-init.1", "gestured-learn.1",
                "gestured-record.1", "gestured-replay.1", "gestured-run.1", "gestured.1",
                "gestured.toml.5",
            ])
        let page = try String(
            contentsOf: pages.appendingPathComponent("gestured-run.1"), encoding: .utf8)
        #expect(page.hasPrefix(".TH GESTURED\\-RUN 1 "))
    }

    /// The config's page, section 5, as man shows it: every key, action and built-in shape,
    /// the files and exec's safety, in troff that groff reads without a warning.
    @Test func theConfigsManPageTellsEveryKeyActionAndShape() throws {
        let dir = try folder("config-manual")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try gestured(["--generate-manual", dir.path]).status == 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        // No overstriking for bold and underlining: the text as it reads.
        p.arguments = [
            "-man", "-Tutf8", "-ww", "-P-cbou", dir.appendingPathComponent("gestured.toml.5").path,
        ]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let plain = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(
                of: "\u{2212}", with: "-")
        let warnings = String(
            decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && warnings == "", "\(warnings)")
        for key in ConfigKeyReference.all { #expect(plain.contains(key.name), "\(key.name)") }
        for action in ActionCatalogue.all { #expect(plain.contains(action.verb), "\(action.form)") }
        for shape in BuiltinTemplates.names { #expect(plain.contains(shape), "\(shape)") }
        for section in ["SETTINGS", "GESTURE KEYS", "ACTIONS", "SHAPES", "EXEC SAFETY", "FILES"] {
            #expect(plain.contains(section), "\(section)")
        }
    }

    @Test func replayReadsStandardInputAndPrintsJSONLines() throws {
        let trace = try String(
            contentsOf: Self.folder.appendingPathComponent("touchpad-swipe-left.jsonl"),
            encoding: .utf8)
        let r = try gestured(["replay", "-"], stdin: trace)
        #expect(r.status == 0)
        #expect(
            r.out.split(separator: "\n").last
                == #"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#)
    }

    @Test func replayOfAMalformedTraceExitsNonZeroWithTheLocatedError() throws {
        let r = try gestured(["replay", "-"], stdin: "{\"t\":0,\"ev\":\"touch-bgin\"}\n")
        #expect(r.status == 1)
        #expect(
            r.err == "<stdin>:1: unknown event \"touch-bgin\" (did you mean \"touch-begin\"?)\n")
    }

    @Test func checkPrintsOneLinePerGestureOfTheDefaultConfig() throws {
        let r = try gestured(["check"])
        #expect(r.status == 0)
        #expect(
            r.out.split(separator: "\n").first
                == "next-desktop: swipe 3 fingers left, touchscreen+touchpad -> desktop next")
        #expect(r.out.split(separator: "\n").count == DefaultConfig.load().gestures.count + 1)
    }

    /// A fresh folder for one test's files, removed by the caller.
    func folder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A zigzag drawn with the right button, twice: two variants for `gestured learn`.
    static let zigzag: [String] = {
        var lines: [String] = []
        for (n, start) in [0.0, 2000].enumerated() {
            let x0 = 300.0 + Double(n) * 10
            lines.append(#"{"t":\#(Int(start)),"ev":"button-press","button":3,"x":\#(x0),"y":300}"#)
            for i in 1...24 {
                let y = 300.0 + (i % 2 == 0 ? 0 : 60)
                lines.append(
                    #"{"t":\#(Int(start) + i * 8),"ev":"motion","x":\#(x0 + Double(i) * 10),"y":\#(y)}"#
                )
            }
            lines.append(
                #"{"t":\#(Int(start) + 200),"ev":"button-release","button":3,"x":\#(x0 + 240),"y":300}"#
            )
        }
        return lines
    }()

    /// A config that loads zigzag.stroke and binds it, with `more` after.
    static func zigzagConfig(more: String = "") -> String {
        """
        [settings]
        templates = ["zigzag.stroke"]
        [[gesture]]
        name = "zig"
        type = "stroke"
        shape = "zigzag"
        action = "show-desktop"

        """ + more
    }

    @Test func learnWritesATemplateThatAConfigLoadsAndThatRecognizesTheStroke() throws {
        let dir = try folder("learn")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("zigzag.jsonl")
        try Self.zigzag.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        let template = dir.appendingPathComponent("zigzag.stroke")
        let learned = try gestured(["learn", "zigzag", trace.path, "--output", template.path])
        #expect(learned.status == 0)
        #expect(learned.out == "\(template.path): 2 variants of \"zigzag\"\n")
        let again = try gestured(["learn", "zigzag", trace.path, "--output", template.path])
        #expect(again.status == 1 && again.err.contains("already exists"))

        let config = dir.appendingPathComponent("config.toml")
        try Self.zigzagConfig(
            more: """
                [[gesture]]
                name = "round"
                type = "stroke"
                shape = "circle"
                action = "desktop next"
                """
        ).write(to: config, atomically: true, encoding: .utf8)
        let replayed = try gestured(["replay", "--config", config.path, trace.path])
        #expect(replayed.status == 0)
        let actions = replayed.out.split(separator: "\n").filter { $0.contains("\"action\"") }
        #expect(
            actions == [
                #"{"t":200,"action":"show-desktop","gesture":"zig"}"#,
                #"{"t":2200,"action":"show-desktop","gesture":"zig"}"#,
            ])
    }

    @Test
    func learnFromSeveralTracesMakesAVariantOfEachStrokeAndCheckWarnsOfOneCloserToAnotherShape()
        throws
    {
        let dir = try folder("learn-several")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zigzags = dir.appendingPathComponent("zigzags.jsonl")
        let round = dir.appendingPathComponent("round.jsonl")
        try Self.zigzag.joined(separator: "\n").write(
            to: zigzags, atomically: true, encoding: .utf8)
        // A circle drawn by mistake into the same template.
        var circle = [#"{"t":0,"ev":"button-press","button":3,"x":680,"y":400}"#]
        for i in 1...32 {
            let a = Double(i) / 32 * 2 * Double.pi
            circle.append(
                #"{"t":\#(i * 8),"ev":"motion","x":\#(Int((600 + 80 * cos(a)).rounded())),"y":\#(Int((400 - 80 * sin(a)).rounded()))}"#
            )
        }
        circle.append(#"{"t":264,"ev":"button-release","button":3,"x":680,"y":400}"#)
        try circle.joined(separator: "\n").write(to: round, atomically: true, encoding: .utf8)
        let template = dir.appendingPathComponent("zigzag.stroke")
        let learned = try gestured([
            "learn", "zigzag", zigzags.path, round.path, "--output", template.path,
        ])
        #expect(learned.status == 0)
        #expect(learned.out == "\(template.path): 3 variants of \"zigzag\"\n")
        let config = dir.appendingPathComponent("config.toml")
        try Self.zigzagConfig().write(to: config, atomically: true, encoding: .utf8)
        let checked = try gestured(["check", "--config", config.path])
        #expect(checked.status == 0)
        let warnings = checked.err.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix(
                #"warning: template "zigzag" (variant 3 of 3) is closer to "circle" ("#) == true)
    }

    @Test func checkOfABrokenConfigExitsNonZeroWithEveryError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-check-\(getpid()).toml")
        try "[[gesture]]\ntype = \"swipe\"\ndirection = \"lfet\"\n".write(
            to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let r = try gestured(["check", "--config", path.path])
        #expect(r.status == 1)
        #expect(
            r.err.contains(
                "\(path.path):3:13: gesture \"swipe-1\": direction \"lfet\" is not one of"))
        #expect(r.err.contains("has no action"))
    }

    // MARK: Trace files as other tools save them

    static let swipeLeft =
        (try? String(
            contentsOf: folder.appendingPathComponent("touchpad-swipe-left.jsonl"), encoding: .utf8))
        ?? ""

    /// A comment first: with CRLF it once took the whole file with it, and replay printed nothing.
    @Test func aTraceWithCRLFLineEndsReplaysLikeOneWithLF() throws {
        let dir = try folder("crlf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lf = "# saved on Windows\n" + Self.swipeLeft
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let lfFile = dir.appendingPathComponent("lf.jsonl")
        let crlfFile = dir.appendingPathComponent("crlf.jsonl")
        try lf.write(to: lfFile, atomically: true, encoding: .utf8)
        try crlf.write(to: crlfFile, atomically: true, encoding: .utf8)
        let expected = try gestured(["replay", lfFile.path])
        #expect(expected.status == 0 && expected.err.isEmpty)
        #expect(
            expected.out.split(separator: "\n").last
                == #"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#)
        #expect(try gestured(["replay", crlfFile.path]) == expected)
        #expect(try gestured(["replay", "-"], stdin: crlf) == expected)
    }

    @Test func aTraceStartingWithAByteOrderMarkReplaysLikeOneWithout() throws {
        let expected = try gestured(["replay", "-"], stdin: Self.swipeLeft)
        #expect(expected.status == 0 && !expected.out.isEmpty)
        #expect(try gestured(["replay", "-"], stdin: "\u{FEFF}" + Self.swipeLeft) == expected)
    }

    @Test func learnReadsATraceWithCRLFLineEndsLikeOneWithLF() throws {
        let dir = try folder("learn-crlf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lf = "# two zigzags\n" + Self.zigzag.joined(separator: "\n") + "\n"
        let fromLF = dir.appendingPathComponent("lf.stroke")
        let fromCRLF = dir.appendingPathComponent("crlf.stroke")
        let a = try gestured(["learn", "zigzag", "-", "--output", fromLF.path], stdin: lf)
        let b = try gestured(
            ["learn", "zigzag", "-", "--output", fromCRLF.path],
            stdin: lf.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(a.status == 0 && b.status == 0)
        #expect(b.out == "\(fromCRLF.path): 2 variants of \"zigzag\"\n")
        let template = try String(contentsOf: fromLF, encoding: .utf8)
        #expect(!template.isEmpty)
        #expect(try String(contentsOf: fromCRLF, encoding: .utf8) == template)
    }

    /// Numbers past 1.8e304 once printed as `inf`, and a velocity that overflows as `-inf`:
    /// neither is JSON. Every line must parse with the trace format's own reader.
    @Test func replayPrintsOnlyJSONForAnEventWithHugeCoordinates() throws {
        let trace = """
            {"t":0,"ev":"swipe-begin","fingers":3}
            {"t":8,"ev":"swipe-update","fingers":3,"dx":-1e308,"dy":0}
            {"t":24,"ev":"swipe-end","fingers":3}
            {"t":100,"ev":"button-press","button":3,"x":1e308,"y":1e308}
            {"t":110,"ev":"motion","x":1.5e308,"y":1e308}
            {"t":130,"ev":"button-release","button":3,"x":1.5e308,"y":1.7976931348623157e308}
            """
        let r = try gestured(["replay", "-"], stdin: trace)
        #expect(r.status == 0 && r.err.isEmpty)
        let lines = r.out.split(separator: "\n")
        #expect(
            lines == [
                #"{"t":0,"gesture":"maximize","type":"swipe","source":"touchpad","state":"failed","direction":"up","reason":"3 fingers, not 4"}"#,
                #"{"t":0,"gesture":"minimize","type":"swipe","source":"touchpad","state":"failed","direction":"down","reason":"3 fingers, not 4"}"#,
                #"{"t":0,"gesture":"pinch-show-desktop","type":"pinch","source":"touchpad","state":"failed","direction":"in","reason":"takes no touchpad swipe"}"#,
                #"{"t":8,"gesture":"next-desktop","type":"swipe","source":"touchpad","state":"ended","fingers":3,"direction":"left","translation":[-1e+308,0],"velocity":[null,0],"heading":"left","progress":5e+305}"#,
                #"{"t":8,"action":"desktop next","gesture":"next-desktop"}"#,
                #"{"t":8,"gesture":"previous-desktop","type":"swipe","source":"touchpad","state":"failed","direction":"right","reason":"\"next-desktop\" was recognized"}"#,
                #"{"t":110,"gesture":"back","type":"stroke","source":"pointer","state":"began","fingers":1,"shape":"line-left","x":1.5e+308,"y":1e+308,"points":2}"#,
                #"{"t":110,"gesture":"forward","type":"stroke","source":"pointer","state":"began","fingers":1,"shape":"line-right","x":1.5e+308,"y":1e+308,"points":2}"#,
                #"{"t":110,"gesture":"stroke-maximize","type":"stroke","source":"pointer","state":"began","fingers":1,"shape":"line-up","x":1.5e+308,"y":1e+308,"points":2}"#,
                #"{"t":110,"gesture":"stroke-minimize","type":"stroke","source":"pointer","state":"began","fingers":1,"shape":"line-down","x":1.5e+308,"y":1e+308,"points":2}"#,
                #"{"t":110,"gesture":"stroke-close","type":"stroke","source":"pointer","state":"began","fingers":1,"shape":"l-down-right","x":1.5e+308,"y":1e+308,"points":2}"#,
                #"{"t":130,"gesture":"back","type":"stroke","source":"pointer","state":"cancelled","fingers":1,"shape":"line-left","x":1.5e+308,"y":1.7976931348623157e+308,"points":3,"reason":"matches nothing"}"#,
                #"{"t":130,"gesture":"forward","type":"stroke","source":"pointer","state":"cancelled","fingers":1,"shape":"line-right","x":1.5e+308,"y":1.7976931348623157e+308,"points":3,"reason":"matches nothing"}"#,
                #"{"t":130,"gesture":"stroke-maximize","type":"stroke","source":"pointer","state":"cancelled","fingers":1,"shape":"line-up","x":1.5e+308,"y":1.7976931348623157e+308,"points":3,"reason":"matches nothing"}"#,
                #"{"t":130,"gesture":"stroke-minimize","type":"stroke","source":"pointer","state":"cancelled","fingers":1,"shape":"line-down","x":1.5e+308,"y":1.7976931348623157e+308,"points":3,"reason":"matches nothing"}"#,
                #"{"t":130,"gesture":"stroke-close","type":"stroke","source":"pointer","state":"cancelled","fingers":1,"shape":"l-down-right","x":1.5e+308,"y":1.7976931348623157e+308,"points":3,"reason":"matches nothing"}"#,
            ])
        for line in lines {
            #expect(throws: Never.self, "\(line)") { try JSONValue.parse(line) }
        }
    }

    @Test func learnWritesATemplateOnlyItsOwnerCanReadWhateverTheUmask() throws {
        let dir = try folder("learn-mode")
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = dir.appendingPathComponent("zigzag.stroke")
        let r = try gestured(
            ["learn", "zigzag", "-", "--output", template.path],
            stdin: Self.zigzag.joined(separator: "\n"), umask: "000")
        #expect(r.status == 0)
        let mode =
            try FileManager.default.attributesOfItem(atPath: template.path)[.posixPermissions]
            as? Int
        #expect(mode == 0o600)
    }

    /// A record that fails to start once left an empty file, and the next record then refused it.
    @Test func aRecordThatCannotOpenTheDisplayLeavesNoFileBehind() throws {
        let dir = try folder("record")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("session.jsonl")
        let first = try gestured(["record", "--display", ":99999", trace.path])
        #expect(
            first == (
                1, "",
                "gestured: cannot open X display \":99999\" (is the X server running, and may this user connect to it?)\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: trace.path))
        #expect(try gestured(["record", "--display", ":99999", trace.path]) == first)
    }

    @Test func recordNeverWritesOverAFileThatIsThere() throws {
        let dir = try folder("record-exists")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("session.jsonl")
        try "keep me\n".write(to: trace, atomically: true, encoding: .utf8)
        let r = try gestured(["record", "--display", ":99999", trace.path])
        #expect(
            r == (1, "", "\(trace.path): already exists; gestured record never overwrites a file\n")
        )
        #expect(try String(contentsOf: trace, encoding: .utf8) == "keep me\n")
    }
}
