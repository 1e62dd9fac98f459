import Testing

@testable import GestureCommandLine

/// What `--help` prints, whole: the texts of the table, wrapped to fit 80 columns, the labels
/// in one column.
@Suite struct HelpTests {
    let program = CommandTable.program

    @Test func theProgramsHelpListsEveryCommandWithTheDefaultMarkedAndTheVisibleOptions() {
        #expect(
            program.help() == """
                OVERVIEW: Gestures for X11 desktops: touchscreen, touchpad and pointer strokes.

                USAGE: gestured <command> [<options>]

                COMMANDS:
                  run (default)           Run the gesture daemon on the X display (the default
                                          command).
                  check                   Validate a config and print a one-line summary per
                                          gesture.
                  replay                  Run traces through the gesture engine and print what
                                          it recognizes, as JSON Lines.
                  learn                   Make a stroke template from the strokes in recorded
                                          traces.
                  record                  Run the daemon without performing actions, writing
                                          what it sees as a trace.
                  devices                 List the input devices and what gestured sees them as.
                  doctor                  Say why gestures do not work here, and what to do.
                  init                    Write a commented starter config to
                                          $XDG_CONFIG_HOME/gestured/config.toml.
                  import                  Turn a touchegg, libinput-gestures or fusuma config
                                          into a gestured config.
                  help                    Show help for a command.

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                See 'gestured help <command>' for a command's options and arguments.

                """)
    }

    @Test func aCommandsHelpHasItsDiscussionUsageArgumentsAndOptionsWithValuesAndDefaults() {
        #expect(
            program.help(for: CommandTable.record) == """
                OVERVIEW: Run the daemon without performing actions, writing what it sees as a
                trace.

                `gestured replay` on the file reproduces what the daemon recognized.

                USAGE: gestured record [--config <file>] [--display <name>] [--log-level <log-level>] <file>

                ARGUMENTS:
                  <file>                  The trace file to write (never overwritten); - for
                                          stdout.

                OPTIONS:
                  --config <file>         The config file (TOML). Default:
                                          $XDG_CONFIG_HOME/gestured/config.toml if it exists,
                                          else the embedded default.
                  --display <name>        The X display (default: $DISPLAY).
                  --log-level <log-level> How much the log says: debug adds each gesture's
                                          transitions and why it failed, trace every input
                                          event. (values: error, warn, info, debug, trace;
                                          default: info)
                  -h, --help              Show help information.

                """)
    }

    @Test func aLabelTooLongForItsColumnStandsOnItsOwnLine() {
        #expect(
            Program.row("--generate-completion-script <shell>", "Print it.") == """
                  --generate-completion-script <shell>
                                          Print it.

                """)
    }

    @Test func aDiscussionsParagraphsArePartedByBlankLinesAndWrappedEach() {
        let learn = Command("learn", abstract: "Learn.", discussion: "One\nparagraph.\n\nAnother.")
        let tool = Program(
            name: "tool", abstract: "A tool.", version: "1", commands: [learn],
            defaultCommand: "learn")
        #expect(
            tool.help(for: learn) == """
                OVERVIEW: Learn.

                One paragraph.

                Another.

                USAGE: tool learn

                OPTIONS:
                  -h, --help              Show help information.

                """)
    }
}
