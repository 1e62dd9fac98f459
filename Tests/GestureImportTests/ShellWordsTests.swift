import GestureConfig
import GestureX11
import Testing

@testable import GestureImport

/// libinput-gestures' commands: the words Python's shlex.split makes of them, and the shell
/// command that runs exactly those words.
@Suite struct ShellWordsTests {
    @Test func wordsAreSplitAsShlexSplitsThemWithOperatorsAndCommentsAsWords() throws {
        #expect(
            try ShellWords.split(#"xdotool key "super+m" # Toggle && ls;x | y"#) == [
                "xdotool", "key", "super+m", "#", "Toggle", "&&", "ls;x", "|", "y",
            ])
        #expect(
            try ShellWords.split(#"a 'b c' "d \"e\" \f" g\ h ''"#) == [
                "a", "b c", #"d "e" \f"#, "g h", "",
            ])
        #expect(try ShellWords.split("  a\tb  ") == ["a", "b"])
    }

    @Test func anUnclosedQuoteOrATrailingBackslashIsRefusedAsShlexRefusesIt() {
        #expect(throws: ShellWords.Unreadable(message: "No closing quotation")) {
            try ShellWords.split(#"a "b"#)
        }
        #expect(throws: ShellWords.Unreadable(message: "No escaped character")) {
            try ShellWords.split(#"a \"#)
        }
    }

    @Test func wordsAreQuotedSoThatTheShellRunsExactlyThem() {
        #expect(
            ShellWords.command(["notify-send", "it's", "$HOME", "a&&b", "#", "", "plain/path-1.2"])
                == #"notify-send 'it'"'"'s' '$HOME' 'a&&b' '#' '' plain/path-1.2"#)
    }

    @Test func theProgramWordKeepsLibinputGesturesExpansionOfTildeAndVariables() {
        #expect(ShellWords.programWord("~/bin/x y") == #""$HOME"'/bin/x y'"#)
        #expect(ShellWords.programWord("$HOME/a") == #""${HOME}"/a"#)
        #expect(ShellWords.programWord("${XDG_BIN}/a;b") == #""${XDG_BIN}"'/a;b'"#)
        #expect(ShellWords.programWord("xdotool") == "xdotool")
    }
}

/// What the importer writes reads back as it was meant: a command with quotes, backslashes and
/// control characters is the same command once gestured has loaded the config.
@Suite struct ImportedTextTests {
    @Test func aCommandWithQuotesBackslashesAndControlCharactersLoadsBackAsWritten() throws {
        let line = "gesture swipe up 3 printf 'a\"b\\\\c' \"tab\\there\" '\u{1B}[0m'\n"
        let imported = try Importer.read(
            .libinputGestures, bytes: Array(line.utf8), file: "l.conf", knowsKey: XKeysym.isKnown)
        let config = try ConfigLoader.load(imported.text, file: "imported.toml")
        #expect(
            config.gestures.map { $0.actions.map(\.text) } == [
                ["exec printf 'a\"b\\\\c' 'tab\\there' '\u{1B}[0m'"]
            ])
    }
}
