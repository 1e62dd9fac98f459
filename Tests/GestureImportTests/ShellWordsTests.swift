import Testing
@testable import GestureImport

/// libinput-gestures' commands: the words Python's shlex.split makes of them, and the shell
/// command that runs exactly those words.
@Suite struct ShellWordsTests {
    @Test func wordsAreSplitAsShlexSplitsThemWithOperatorsAndCommentsAsWords() throws {
        #expect(try ShellWords.split(#"xdotool key "super+m" # Toggle && ls;x | y"#) == ["xdotool", "key", "super+m", "#", "Toggle", "&&", "ls;x", "|", "y"])
        #expect(try ShellWords.split(#"a 'b c' "d \"e\" \f" g\ h ''"#) == ["a", "b c", #"d "e" \f"#, "g h", ""])
        #expect(try ShellWords.split("  a\tb  ") == ["a", "b"])
    }

    @Test func anUnclosedQuoteOrATrailingBackslashIsRefusedAsShlexRefusesIt() {
        #expect(throws: ShellWords.Unreadable(message: "No closing quotation")) { try ShellWords.split(#"a "b"#) }
        #expect(throws: ShellWords.Unreadable(message: "No escaped character")) { try ShellWords.split(#"a \"#) }
    }

    @Test func wordsAreQuotedSoThatTheShellRunsExactlyThem() {
        #expect(ShellWords.command(["notify-send", "it's", "$HOME", "a&&b", "#", "", "plain/path-1.2"])
            == #"notify-send 'it'"'"'s' '$HOME' 'a&&b' '#' '' plain/path-1.2"#)
    }

    @Test func theProgramWordKeepsLibinputGesturesExpansionOfTildeAndVariables() {
        #expect(ShellWords.programWord("~/bin/x y") == #""$HOME"'/bin/x y'"#)
        #expect(ShellWords.programWord("$HOME/a") == #""${HOME}"/a"#)
        #expect(ShellWords.programWord("${XDG_BIN}/a;b") == #""${XDG_BIN}"'/a;b'"#)
        #expect(ShellWords.programWord("xdotool") == "xdotool")
    }
}
