import Foundation
import Testing

@testable import GestureCommandLine

/// The man pages `--generate-manual` writes: one for the program and one per command, in troff
/// that groff reads without a warning.
@Suite struct ManualTests {
    let pages = CommandTable.program.manualPages()

    @Test func thereIsAPageForTheProgramAndOneForEachCommand() {
        #expect(
            pages.map(\.file) == [
                "gestured.1", "gestured-run.1", "gestured-check.1", "gestured-replay.1",
                "gestured-learn.1",
                "gestured-record.1", "gestured-devices.1", "gestured-doctor.1", "gestured-init.1",
                "gestured-import.1",
            ])
    }

    @Test func anOptionalArgumentIsInBracketsInTheSynopsis() throws {
        let page = try #require(pages.first { $0.file == "gestured-import.1" })
        #expect(
            page.text.contains(
                "\n.B gestured import\n[\\fB\\-\\-config\\fR \\fIfile\\fR] [\\fB\\-\\-write\\fR] \\fIformat\\fR [\\fIfile\\fR]\n"
            ), "\(page.text)")
    }

    @Test func aCommandsPageHasItsSynopsisDiscussionArgumentsAndOptions() throws {
        let replay = try #require(pages.first { $0.file == "gestured-replay.1" })
        #expect(
            replay.text == #"""
                .TH GESTURED\-REPLAY 1 "" "gestured \#(Version.gestured)" "User Commands"
                .SH NAME
                gestured\-replay \- Run traces through the gesture engine and print what it recognizes, as JSON Lines
                .SH SYNOPSIS
                .B gestured replay
                [\fB\-\-config\fR \fIfile\fR] [\fB\-\-decisions\fR] \fItrace\fR ...
                .SH DESCRIPTION
                Run traces through the gesture engine and print what it recognizes, as JSON Lines.
                .PP
                Never performs an action: it prints the actions that would fire. A file whose first line is not JSON is read as the text `libinput debug-events` prints: its touchpad gestures are replayed, and a line that cannot be read is reported and skipped.
                .SH ARGUMENTS
                .TP
                .I trace
                Trace files in the trace format (docs/trace-format.md), or what `libinput debug-events` printed; - for stdin.
                .SH OPTIONS
                .TP
                \fB\-\-config\fR \fIfile\fR
                The config file (TOML). Default: $XDG_CONFIG_HOME/gestured/config.toml if it exists, else the embedded default.
                .TP
                \fB\-\-decisions\fR
                Also print one line per touch decision (accept or reject).
                .TP
                \fB\-h\fR, \fB\-\-help\fR
                Show help information.
                .SH SEE ALSO
                .BR gestured (1)

                """#)
    }

    @Test func runningTextThatLooksLikeARequestOrHoldsABackslashStaysText() {
        #expect(Program.text(".config and 'quotes' \\n") == "\\&.config and 'quotes' \\en")
        #expect(Program.text("'quoted'") == "\\&'quoted'")
        #expect(Program.roman("--log-level") == "\\-\\-log\\-level")
    }

    /// groff with every warning on (`-ww`), rendering for a terminal as man does.
    @Test func groffReadsEveryPageWithoutAWarning() throws {
        for page in pages {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
            p.arguments = ["-man", "-Tutf8", "-ww", "-z"]
            let input = Pipe()
            let err = Pipe()
            p.standardInput = input
            p.standardError = err
            try p.run()
            input.fileHandleForWriting.write(Data(page.text.utf8))
            try input.fileHandleForWriting.close()
            let warnings = String(
                decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0 && warnings == "", "\(page.file): \(warnings)")
        }
    }
}
