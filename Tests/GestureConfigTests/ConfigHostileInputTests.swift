import GestureActions
import GestureCore
import Testing

@testable import GestureConfig

/// Values that would pass a glance and fail, or do something else, at run time are errors at
/// load time, located at their key.
@Suite struct ConfigHostileInputTests {
    /// Stands in for Xlib's keysym table, which this module does not link.
    static let keysyms: Set<String> = [
        "Left", "Return", "Escape", "a", "c", "plus", "XF86AudioMute",
    ]
    static func knowsKey(_ name: String) -> Bool { keysyms.contains(name) }

    @Test func aKeyNameTheKeyboardDoesNotKnowIsAnErrorWithAHintWhenOneIsClose() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                name = "x"
                type = "tap"
                action = "keys ctrl+NotARealKeysym"
                [[gesture]]
                type = "tap"
                fingers = 2
                action = ["keys ctrl+c", "keys super+left"]
                [[gesture]]
                type = "pan"
                repeat = 50
                action = "keys XF86AudioMute"
                reverse = "keys Retrun esc"
                """, knowsKey: Self.knowsKey) == [
                    #"config.toml:4:10: gesture "x": "NotARealKeysym" is not a key name (use X keysym names such as Left, a, F5, XF86AudioMute) (gesture[0].action)"#,
                    #"config.toml:8:10: gesture "tap-2": action 2: "left" is not a key name (did you mean "Left"?) (gesture[1].action)"#,
                    #"config.toml:13:11: gesture "pan-3": "Retrun" is not a key name (did you mean "Return"?) (gesture[2].reverse)"#,
                ])
    }

    @Test func anAliasOfAKeyNameSuggestsTheKeysym() {
        #expect(throws: ActionError(message: #""esc" is not a key name (did you mean "Escape"?)"#))
        {
            try ActionParser.parse("keys ctrl+esc", knowsKey: Self.knowsKey)
        }
    }

    @Test func withoutAKeyCheckAnyWellFormedKeyNameLoads() throws {
        let config = try ConfigLoader.load(
            "[[gesture]]\ntype = \"tap\"\naction = \"keys ctrl+NotARealKeysym\"", file: "c.toml")
        #expect(
            config.gestures[0].actions == [
                .keys([KeyChord(modifiers: [.ctrl], key: "NotARealKeysym")])
            ])
    }

    @Test func anInvalidGlobIsAnErrorAtItsKey() {
        #expect(
            loadErrors(
                """
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

    @Test(arguments: [
        "*", "fire*", "?irefox", "[a-z]*", "[]]", "[!]]x", "[a-]", "x[-a]", "[^0-9]*",
        "Touch[Ss]creen", "[a-a]",
    ])
    func aValidGlobPassesValidationAndMatchesAsBefore(pattern: String) throws {
        let glob = try Glob.validated(pattern)
        #expect(glob == Glob(pattern))
    }

    @Test func aNULInAnActionIsAnErrorAtTheActionKey() {
        #expect(
            loadErrors(
                #"""
                [[gesture]]
                type = "pan"
                repeat = 50
                action = "exec touch /tmp/safe\u0000; rm -rf ~"
                reverse = ["click 1", "exec echo \u0000"]
                """#) == [
                    #"config.toml:4:10: gesture "pan-1": action contains a NUL character (\u0000), which would cut it short (gesture[0].action)"#,
                    #"config.toml:5:11: gesture "pan-1": reverse contains a NUL character (\u0000), which would cut it short (gesture[0].reverse)"#,
                ])
    }

    @Test func aNULInAnyStringIsAnErrorAtItsKeyWhereverTheGestureIsWritten() {
        #expect(
            loadErrors(
                #"""
                gesture = [
                  { name = "a\u0000b", type = "tap", action = 'exec printf "\u0000"' },
                  { type = "tap", fingers = 2, app = "\\u0000", device = """x\U00000000""", action = "click 1" },
                  { type = "tap\u0000x", action = "click 1" },
                ]
                """#) == [
                    #"config.toml:2:12: gesture "a\u0000b": name contains a NUL character (\u0000), which would cut it short (gesture[0].name)"#,
                    #"config.toml:3:58: gesture "tap-2": device contains a NUL character (\u0000), which would cut it short (gesture[1].device)"#,
                    #"config.toml:4:12: gesture "tap\u0000x-3": type contains a NUL character (\u0000), which would cut it short (gesture[2].type)"#,
                ])
    }

    /// D-Bus refuses a string with a noncharacter, and gestured's stream sends every name.
    @Test func aNoncharacterInANameIsAnErrorAtTheName() {
        // Swift takes no U+FDD0 to U+FDEF in a literal.
        func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        #expect(
            loadErrors(
                #"""
                gesture = [
                  { name = "a\uFFFF", type = "tap", action = "click 1" },
                  { name = "\uFDD0b", type = "tap", fingers = 2, action = "click 1" },
                  { name = "\U0010FFFE", type = "tap", fingers = 3, action = "click 1" },
                  { name = "\uFFFD\uFDEF", type = "tap", fingers = 4, action = "click 1" },
                ]
                """#) == [
                    "config.toml:2:12: gesture \"a\u{FFFF}\": name contains the noncharacter U+FFFF, which D-Bus does not carry (gestured's stream sends every name) (gesture[0].name)",
                    "config.toml:3:12: gesture \"\(scalar(0xFDD0))b\": name contains the noncharacter U+FDD0, which D-Bus does not carry (gestured's stream sends every name) (gesture[1].name)",
                    "config.toml:4:12: gesture \"\u{10FFFE}\": name contains the noncharacter U+10FFFE, which D-Bus does not carry (gestured's stream sends every name) (gesture[2].name)",
                    "config.toml:5:12: gesture \"\u{FFFD}\(scalar(0xFDEF))\": name contains the noncharacter U+FDEF, which D-Bus does not carry (gestured's stream sends every name) (gesture[3].name)",
                ])
    }

    @Test func aNULByteInTheFileIsAnErrorAtItsPlaceNotTheEndOfTheFile() {
        #expect(
            loadErrors(
                "[[gesture]]\ntype = \"tap\"\naction = \"click 1\"\n# é\u{0}\n[[gesture]]\ntype = \"bogus\"\n"
            ) == [
                "config.toml:4:4: the control character U+0000 is not allowed in a comment"
            ])
    }

    @Test func theActionParserRefusesANULToo() {
        #expect(
            throws: ActionError(
                message: #"the action contains a NUL character (\u0000), which would cut it short"#)
        ) {
            try ActionParser.parse("exec echo \u{0}")
        }
    }
}
