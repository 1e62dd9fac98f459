import Testing
import GestureCore
@testable import GestureTrace

@Suite struct OutputFormatTests {
    /// Transition lines write states and headings from words kept as bytes: each must be the
    /// name the value gives.
    @Test func theWordsOfStatesAndHeadingsAreTheirNames() {
        let states: [GestureState] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        for s in states { #expect(OutputFormat.word(s).description == s.rawValue) }
        for h in Heading.allCases { #expect(OutputFormat.word(h).description == h.rawValue) }
    }
}
