import Foundation
import Testing
import GestureTrace

/// What `gestured replay` and `gestured learn` refuse, and that they refuse it before it costs
/// memory or writes anything.
extension ReplayTests {
    /// /dev/zero is one line that never ends: it was read whole, and replay grew until it
    /// aborted. Under a 1 GiB limit of address space, that abort comes within a second.
    @Test func replayOfALineWithoutEndStopsAtTheLongestLineWithTheLineNamed() throws {
        let r = try gestured(["replay", "/dev/zero"], virtualMemoryKiB: 1 << 20)
        #expect(r == (1, "", "/dev/zero:1: the line is longer than 65536 bytes: a trace line is one event\n"))
    }

    @Test func replayRefusesALongLineAfterTheLinesBeforeItWithItsNumber() throws {
        let long = String(repeating: " ", count: TraceReader.longestLine + 1)
        let r = try gestured(["replay", "-"], stdin: Self.swipeLeft + long + "\n" + Self.swipeLeft)
        let lines = Self.swipeLeft.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(r.status == 1)
        #expect(r.out.split(separator: "\n").last == #"{"t":24,"action":"desktop next","gesture":"next-desktop"}"#)
        #expect(r.err == "<stdin>:\(lines): the line is longer than 65536 bytes: a trace line is one event\n")
    }
}
