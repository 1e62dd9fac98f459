import Testing
import GestureCore
@testable import GestureConfig

/// Values that would pass a glance and fail, or do something else, at run time are errors at
/// load time, located at their key.
@Suite struct ConfigHostileInputTests {
    @Test func anInvalidGlobIsAnErrorAtItsKey() {
        #expect(loadErrors("""
            [[gesture]]
            type = "tap"
            app = "[a-"
            device = "*[z-a]*"
            action = "click 1"
            [[gesture]]
            type = "tap"
            fingers = 2
            app = "[!]"
            device = "Touch[Z-a]"
            action = "click 1"
            """) == [
            #"config.toml:3:7: gesture "tap-1": app "[a-" is not a valid glob: the "[" at position 1 has no closing "]" (gesture[0].app)"#,
            #"config.toml:4:10: gesture "tap-1": device "*[z-a]*" is not a valid glob: the range "z-a" at position 3 is empty: its first character comes after its last (gesture[0].device)"#,
            #"config.toml:9:7: gesture "tap-2": app "[!]" is not a valid glob: the "[" at position 1 has no closing "]" (gesture[1].app)"#,
            #"config.toml:10:10: gesture "tap-2": device "Touch[Z-a]" is not a valid glob: the range "Z-a" at position 7 is empty: its first character comes after its last once case is ignored (gesture[1].device)"#,
        ])
    }

    @Test(arguments: ["*", "fire*", "?irefox", "[a-z]*", "[]]", "[!]]x", "[a-]", "x[-a]", "[^0-9]*", "Touch[Ss]creen", "[a-a]"])
    func aValidGlobPassesValidationAndMatchesAsBefore(pattern: String) throws {
        let glob = try Glob.validated(pattern)
        #expect(glob == Glob(pattern))
    }
}
