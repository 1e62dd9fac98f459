import Foundation
import Testing
import TestSupport
import GestureConfig
import GestureReplay
import GestureTrace

/// Replays every trace in Traces/ with the default config and compares the whole output with
/// the `.expected` file beside it. Set GESTURED_UPDATE_TRACES=1 to rewrite the expectations
/// after a deliberate change, then read the diff.
@Suite struct ReplayTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces")
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var traces: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    func replay(_ text: String, config: Config = DefaultConfig.load(), file: String = "trace.jsonl") throws -> [String] {
        var out: [String] = []
        try Replay(config: config, options: .init(decisions: true)) { out.append($0) }
            .run(file: file, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        return out
    }

    @Test(arguments: traces)
    func aRecordedTraceReplaysToItsExpectedOutput(name: String) throws {
        let trace = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let expectedURL = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".jsonl", with: ".expected"))
        let actual = try replay(trace, file: name)
        if ProcessInfo.processInfo.environment["GESTURED_UPDATE_TRACES"] == "1" {
            try (actual.joined(separator: "\n") + "\n").write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(actual == expected)
    }

    @Test func theTraceFormatExampleReplays() throws {
        let example = Docs.blocks("docs/trace-format.md", language: "jsonl")[1]
        let out = try replay(example)
        #expect(out.contains(#"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#))
        let printed = Docs.blocks("docs/trace-format.md", language: "jsonl")[2].split(separator: "\n").map(String.init)
        #expect(printed.allSatisfy(out.contains))
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
        #expect(out == [
            #"{"t":8,"gesture":"next-desktop","type":"swipe","source":"touchpad","state":"ended","fingers":3,"direction":"left","translation":[-90,0],"velocity":[-11250,0]}"#,
            #"{"t":8,"action":"desktop next","gesture":"next-desktop"}"#,
        ])
    }

    // MARK: The command line

    func gestured(_ args: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = Self.root.appendingPathComponent(".build/debug/gestured")
        p.arguments = args
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func replayReadsStandardInputAndPrintsJSONLines() throws {
        let trace = try String(contentsOf: Self.folder.appendingPathComponent("touchpad-swipe-left.jsonl"), encoding: .utf8)
        let r = try gestured(["replay", "-"], stdin: trace)
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n").last == #"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#)
    }

    @Test func replayOfAMalformedTraceExitsNonZeroWithTheLocatedError() throws {
        let r = try gestured(["replay", "-"], stdin: "{\"t\":0,\"ev\":\"touch-bgin\"}\n")
        #expect(r.status == 1)
        #expect(r.err == "<stdin>:1: unknown event \"touch-bgin\" (did you mean \"touch-begin\"?)\n")
    }

    @Test func checkPrintsOneLinePerGestureOfTheDefaultConfig() throws {
        let r = try gestured(["check"])
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n").first == "next-desktop: swipe 3 fingers left, touchscreen+touchpad -> desktop next")
        #expect(r.out.split(separator: "\n").count == DefaultConfig.load().gestures.count + 1)
    }

    @Test func checkOfABrokenConfigExitsNonZeroWithEveryError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-check-\(getpid()).toml")
        try "[[gesture]]\ntype = \"swipe\"\ndirection = \"lfet\"\n".write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let r = try gestured(["check", "--config", path.path])
        #expect(r.status == 1)
        #expect(r.err.contains("\(path.path):3:13: gesture \"swipe-1\": direction \"lfet\" is not one of"))
        #expect(r.err.contains("has no action"))
    }
}
