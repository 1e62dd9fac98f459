import Testing
@testable import GestureImport

@Suite struct ShellWordsTests {
    @Test func splitsAsShlexDoes() throws {
        #expect(try ShellWords.split(#"xdotool key "super+m" # Toggle"#) == ["xdotool", "key", "super+m", "#", "Toggle"])
    }
}
