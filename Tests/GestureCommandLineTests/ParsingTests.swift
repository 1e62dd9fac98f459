import Testing

@testable import GestureCommandLine

/// gestured's command lines, parsed through its own table: the values each command reads, and
/// the whole text a mistaken line prints on standard error.
@Suite struct ParsingTests {
    typealias T = CommandTable
    let program = CommandTable.program

    func parse(_ line: String) -> Invocation {
        program.parse(line.split(separator: " ").map(String.init))
    }

    /// What `gestured run` reads from a line, all of it, so that a value that leaks into
    /// another fails the comparison.
    struct RunValues: Equatable {
        var config: String? = nil
        var display: String? = nil
        var logLevel: LogLevel = .info
        var dryRun = false
        var overlay = false
    }

    func runValues(_ line: String) -> RunValues? {
        guard case .run(let p) = parse(line), p.command == T.run else { return nil }
        return RunValues(
            config: p[T.config], display: p[T.display], logLevel: p[T.logLevel],
            dryRun: p[T.dryRun], overlay: p[T.overlay])
    }

    /// `gestured learn`'s name, traces and output.
    func learnValues(_ line: String) -> [String?]? {
        guard case .run(let p) = parse(line), p.command == T.learn else { return nil }
        return [p[T.templateName], p[T.strokeTraces].joined(separator: " "), p[T.output]]
    }

    func replayValues(_ line: String) -> (config: String?, decisions: Bool, traces: [String])? {
        guard case .run(let p) = parse(line), p.command == T.replay else { return nil }
        return (p[T.config], p[T.decisions], p[T.traces])
    }

    func failure(_ line: String) -> String? {
        guard case .usageError(let text) = parse(line) else { return nil }
        return text
    }

    static let runUsage =
        "Usage: gestured run [--config <file>] [--display <name>] [--log-level <log-level>] [--dry-run] [--overlay]"

    // MARK: Values

    @Test func aLineWithoutACommandRunsTheDaemonWithEveryDefault() {
        #expect(runValues("") == RunValues())
    }

    @Test func theDefaultCommandsOptionsNeedNoCommandName() {
        #expect(
            runValues("--dry-run --log-level debug --overlay")
                == RunValues(logLevel: .debug, dryRun: true, overlay: true))
    }

    @Test func aValueIsTheNextWordOrWhatFollowsAnEqualsSign() {
        #expect(
            runValues("run --config=a=b.toml --display :1")
                == RunValues(config: "a=b.toml", display: ":1"))
    }

    @Test func theLastValueOfAnOptionWinsAndAFlagMayBeRepeated() {
        #expect(
            runValues(
                "run --log-level trace --config a --dry-run --config b --dry-run --log-level=warn")
                == RunValues(config: "b", logLevel: .warn, dryRun: true))
    }

    @Test func optionsAndArgumentsComeInAnyOrderAndTheShortOptionIsTheLongOne() {
        #expect(learnValues("learn zig trace.jsonl") == ["zig", "trace.jsonl", nil])
        #expect(
            learnValues("learn -o out.stroke zig trace.jsonl") == [
                "zig", "trace.jsonl", "out.stroke",
            ])
        #expect(
            learnValues("learn zig --output out.stroke trace.jsonl") == [
                "zig", "trace.jsonl", "out.stroke",
            ])
        #expect(learnValues("learn zig - --output=-") == ["zig", "-", "-"])
        #expect(
            learnValues("learn zig a.jsonl b.jsonl -o out.stroke") == [
                "zig", "a.jsonl b.jsonl", "out.stroke",
            ])
    }

    @Test func aListArgumentTakesEveryWordLeftAndADashIsAWord() throws {
        let r = try #require(replayValues("replay a.jsonl --decisions - b.jsonl"))
        #expect(r.config == nil && r.decisions && r.traces == ["a.jsonl", "-", "b.jsonl"])
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let r = try #require(replayValues("replay --config c.toml -- --decisions -h"))
        #expect(r.config == "c.toml" && !r.decisions && r.traces == ["--decisions", "-h"])
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() {
        let tags = Option<[String]>.repeatable("tag", short: "t", valueName: "name", help: "A tag.")
        let go = Command("go", abstract: "Go.", options: [tags])
        let tool = Program(
            name: "tool", abstract: "A tool.", version: "1", commands: [go], defaultCommand: "go")
        guard case .run(let p) = tool.parse(["go", "-t", "a", "--tag=b", "--tag", "a"]) else {
            Issue.record("no parse")
            return
        }
        #expect(p[tags] == ["a", "b", "a"])
        #expect(tool.usage(for: go) == "tool go [--tag <name> ...]")
    }

    // MARK: Help, version, scripts

    @Test func helpAnywhereBeforeADoubleDashShowsTheHelpOfTheCommandNamed() {
        let replay = Invocation.output(program.help(for: T.replay))
        for line in [
            "replay --help", "replay -h", "replay --config --help", "replay a b --decisions=x -h",
            "help replay", "--help replay", "-h replay",
        ] {
            #expect(parse(line) == replay, "\(line)")
        }
        for line in ["--help", "-h", "help", "--dry-run --help", "--help bogus"] {
            #expect(parse(line) == .output(program.help()), "\(line)")
        }
    }

    @Test func versionPrintsTheProgramsNameAndVersion() {
        #expect(parse("--version") == .output("gestured \(Version.gestured)\n"))
    }

    @Test func theHiddenOptionsPrintACompletionScriptAndAskForTheManPages() {
        #expect(
            parse("--generate-completion-script fish")
                == .output(program.completionScript(for: .fish)))
        #expect(
            parse("--generate-completion-script=zsh")
                == .output(program.completionScript(for: .zsh)))
        #expect(parse("--generate-manual out/man") == .writeManual(folder: "out/man"))
    }

    // MARK: Errors

    @Test func anUnknownOptionIsNamedWithTheUsageOfTheCommand() {
        #expect(
            failure("check --foo=1") == """
                gestured check: unknown option '--foo'
                Usage: gestured check [--config <file>]
                See 'gestured check --help' for more information.

                """)
    }

    @Test func aMistypedOptionSuggestsTheClosestOne() {
        #expect(
            failure("run --Confg x") == """
                gestured run: unknown option '--Confg' (did you mean '--config'?)
                \(Self.runUsage)
                See 'gestured run --help' for more information.

                """)
    }

    @Test func aTruncatedOptionSuggestsTheOneItBegins() {
        #expect(
            failure("--log debug") == """
                gestured run: unknown option '--log' (did you mean '--log-level'?)
                \(Self.runUsage)
                See 'gestured run --help' for more information.

                """)
    }

    @Test func aLineWithoutACommandMaySuggestAnOptionOfTheProgram() {
        #expect(
            failure("--verison")?.split(separator: "\n").first
                == "gestured run: unknown option '--verison' (did you mean '--version'?)")
    }

    @Test func aShortOptionIsOneLetterAloneAndAnUnknownOneSuggestsNothing() {
        #expect(
            failure("learn -ox zig t.jsonl") == """
                gestured learn: unknown option '-ox'
                Usage: gestured learn [--output <file>] <name> <trace> ...
                See 'gestured learn --help' for more information.

                """)
        #expect(
            failure("learn -x zig t.jsonl")?.split(separator: "\n").first
                == "gestured learn: unknown option '-x'")
    }

    @Test func anOptionWithoutItsValueSaysItNeedsOne() {
        let replay = """
            gestured replay: --config needs a value
            Usage: gestured replay [--config <file>] [--decisions] <trace> ...
            See 'gestured replay --help' for more information.

            """
        #expect(failure("replay t.jsonl --config") == replay)
        #expect(failure("replay --config --decisions t.jsonl") == replay)
        #expect(failure("replay --config= t.jsonl") == replay)
        #expect(
            failure("learn zig t.jsonl -o")?.split(separator: "\n").first
                == "gestured learn: -o needs a value")
    }

    @Test func aFlagGivenAValueSaysItTakesNone() {
        #expect(
            failure("run --dry-run=yes") == """
                gestured run: --dry-run takes no value
                \(Self.runUsage)
                See 'gestured run --help' for more information.

                """)
    }

    @Test func aValueOutsideTheChoicesNamesThemAndSuggestsTheClosest() {
        #expect(
            failure("devices --log-level Info") == """
                gestured devices: --log-level: 'Info' is not one of error, warn, info, debug, trace (did you mean 'info'?)
                Usage: gestured devices [--display <name>] [--log-level <log-level>]
                See 'gestured devices --help' for more information.

                """)
        #expect(
            failure("run --log-level=loud")?.split(separator: "\n").first
                == "gestured run: --log-level: 'loud' is not one of error, warn, info, debug, trace"
        )
    }

    /// `gestured import`'s format, file and --write.
    func importValues(_ line: String) -> [String?]? {
        guard case .run(let p) = parse(line), p.command == T.`import` else { return nil }
        return [p[T.importFormat], p[T.importFile], p[T.write] ? "write" : nil, p[T.config]]
    }

    @Test func anOptionalArgumentMayBeLeftOutAndAnArgumentWithChoicesTakesOnlyThem() {
        #expect(importValues("import touchegg") == ["touchegg", nil, nil, nil])
        #expect(
            importValues("import --write fusuma my.yml --config c.toml") == [
                "fusuma", "my.yml", "write", "c.toml",
            ])
        #expect(importValues("import libinput-gestures -") == ["libinput-gestures", "-", nil, nil])
        #expect(
            failure("import touchgg") == """
                gestured import: <format>: 'touchgg' is not one of touchegg, libinput-gestures, fusuma (did you mean 'touchegg'?)
                Usage: gestured import [--config <file>] [--write] <format> [<file>]
                See 'gestured import --help' for more information.

                """)
        #expect(
            failure("import fusuma a.yml b.yml") == """
                gestured import: unexpected argument 'b.yml'
                Usage: gestured import [--config <file>] [--write] <format> [<file>]
                See 'gestured import --help' for more information.

                """)
        #expect(
            failure("import") == """
                gestured import: missing argument <format>
                Usage: gestured import [--config <file>] [--write] <format> [<file>]
                See 'gestured import --help' for more information.

                """)
    }

    @Test func aMissingArgumentIsNamed() {
        #expect(
            failure("learn zig") == """
                gestured learn: missing argument <trace>
                Usage: gestured learn [--output <file>] <name> <trace> ...
                See 'gestured learn --help' for more information.

                """)
        #expect(
            failure("replay --decisions") == """
                gestured replay: missing argument <trace>
                Usage: gestured replay [--config <file>] [--decisions] <trace> ...
                See 'gestured replay --help' for more information.

                """)
    }

    @Test func aWordNoArgumentTakesIsNamed() {
        #expect(
            failure("record a.jsonl b.jsonl") == """
                gestured record: unexpected argument 'b.jsonl'
                Usage: gestured record [--config <file>] [--display <name>] [--log-level <log-level>] <file>
                See 'gestured record --help' for more information.

                """)
        #expect(
            failure("--dry-run -")?.split(separator: "\n").first
                == "gestured run: unexpected argument '-'")
        #expect(
            failure("check -- --help")?.split(separator: "\n").first
                == "gestured check: unexpected argument '--help'")
    }

    @Test func anUnknownCommandIsNamedWithTheProgramsUsageAndTheClosestCommand() {
        #expect(
            failure("chek") == """
                gestured: unknown command 'chek' (did you mean 'check'?)
                Usage: gestured <command> [<options>]
                See 'gestured --help' for more information.

                """)
        #expect(
            failure("bogus --dry-run")?.split(separator: "\n").first
                == "gestured: unknown command 'bogus'")
    }

    @Test func helpForACommandThatIsNotThereIsAnError() {
        #expect(
            failure("help replya") == """
                gestured help: unknown command 'replya' (did you mean 'replay'?)
                Usage: gestured help [<command>]
                See 'gestured --help' for the commands.

                """)
        #expect(
            failure("help run now")?.split(separator: "\n").first
                == "gestured help: unexpected argument 'now'")
    }

    @Test func theProgramsOwnOptionsAreCheckedLikeACommands() {
        #expect(
            failure("--generate-completion-script powershell") == """
                gestured: --generate-completion-script: 'powershell' is not one of bash, zsh, fish
                Usage: gestured <command> [<options>]
                See 'gestured --help' for more information.

                """)
        #expect(
            failure("--version now")?.split(separator: "\n").first
                == "gestured: unexpected argument 'now'")
        #expect(
            failure("--generate-manual")?.split(separator: "\n").first
                == "gestured: --generate-manual needs a value")
    }
}
