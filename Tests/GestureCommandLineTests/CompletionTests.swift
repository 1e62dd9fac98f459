import Foundation
import Testing

@testable import GestureCommandLine

/// The bash completion script, run by bash as it runs it: sourced, then its function called
/// with COMP_WORDS and COMP_CWORD set for a line whose last word is being typed, in a folder
/// with a few files. Every reply is compared, so that an extra word fails the test.
@Suite struct CompletionTests {
    static let files = ["a.toml", "b.jsonl", "my trace.jsonl", "sub"]

    /// What bash offers for the last of `words` (the line `gestured WORDS...`), sorted as bash
    /// shows them.
    func complete(_ words: [String]) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-completion-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cwd = dir.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(
            at: cwd.appendingPathComponent(Self.files.last!), withIntermediateDirectories: true)
        for name in Self.files.dropLast() { try Data().write(to: cwd.appendingPathComponent(name)) }
        let script = dir.appendingPathComponent("gestured.bash")
        try CommandTable.program.completionScript(for: .bash).write(
            to: script, atomically: true, encoding: .utf8)

        let line = (["gestured"] + words).map(Program.shellQuoted).joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.currentDirectoryURL = cwd
        p.arguments = [
            "--norc", "--noprofile", "-c",
            """
            source \(Program.shellQuoted(script.path))
            COMP_WORDS=(\(line)); COMP_CWORD=\(words.count)
            _gestured
            printf '%s\\n' "${COMPREPLY[@]}"
            """,
        ]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(
            p.terminationStatus == 0 && e.isEmpty, "bash: \(String(decoding: e, as: UTF8.self))")
        return String(decoding: o, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test func theFirstWordIsACommandOrAnOptionOfTheProgramAndOfTheDefaultCommand() throws {
        #expect(
            try complete([""]) == [
                "check", "devices", "doctor", "help", "import", "init", "learn", "record", "replay",
                "run",
            ])
        #expect(try complete(["re"]) == ["record", "replay"])
        #expect(
            try complete(["--"]) == [
                "--config", "--display", "--dry-run", "--help", "--log-level", "--overlay",
                "--version",
            ])
    }

    @Test func aCommandsOptionsAreItsOwnWithHelp() throws {
        #expect(try complete(["replay", "-"]) == ["--config", "--decisions", "--help", "-h"])
        #expect(try complete(["learn", "zig", "-"]) == ["--help", "--output", "-h", "-o"])
        #expect(try complete(["--dry-run", "--o"]) == ["--overlay"])
    }

    @Test func logLevelOffersItsValuesAlsoAfterAnEqualsSign() throws {
        #expect(
            try complete(["record", "--log-level", ""]) == [
                "debug", "error", "info", "trace", "warn",
            ])
        #expect(try complete(["devices", "--log-level", "=", "t"]) == ["trace"])
        #expect(
            try complete(["run", "--log-level", "="]) == [
                "debug", "error", "info", "trace", "warn",
            ])
    }

    @Test func anOptionThatTakesAFileOffersFileNamesAndDisplayOffersNothing() throws {
        #expect(try complete(["check", "--config", ""]) == Self.files.sorted())
        #expect(try complete(["learn", "-o", "m"]) == ["my trace.jsonl"])
        #expect(try complete(["run", "--display", ""]) == [])
    }

    @Test func onlyTheArgumentsThatAreFilesOfferFileNames() throws {
        #expect(try complete(["learn", ""]) == [])
        #expect(
            try complete(["learn", "--output", "out.stroke", "zig", ""]) == Self.files.sorted())
        // Traces are a list: every argument after the name is one.
        #expect(try complete(["learn", "zig", "a.toml", ""]) == Self.files.sorted())
        #expect(try complete(["record", "--config", "=", "a.toml", "b"]) == ["b.jsonl"])
        #expect(try complete(["record", "x.jsonl", ""]) == [])
        #expect(
            try complete(["replay", "--decisions", "a.toml", "-", "--", ""]) == Self.files.sorted())
        #expect(try complete(["check", ""]) == [])
    }

    @Test func anArgumentWithChoicesOffersThemAndAnOptionalFileOffersFileNames() throws {
        #expect(try complete(["import", ""]) == ["fusuma", "libinput-gestures", "touchegg"])
        #expect(try complete(["import", "--write", "t"]) == ["touchegg"])
        #expect(try complete(["import", "fusuma", ""]) == Self.files.sorted())
        #expect(try complete(["import", "fusuma", "a.toml", ""]) == [])
    }

    @Test func helpOffersTheCommandsOnce() throws {
        #expect(
            try complete(["help", ""]) == [
                "check", "devices", "doctor", "import", "init", "learn", "record", "replay", "run",
            ])
        #expect(try complete(["help", "run", ""]) == [])
    }
}
