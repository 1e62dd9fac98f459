/// A whole command line declared as a table: the commands, the one that runs when none is
/// named, and the options before any command. The parser, the help, the completion scripts and
/// the man pages are all made from it, so that they cannot disagree.
public struct Program: Sendable {
    public let name: String
    public let abstract: String
    public let version: String
    public let commands: [Command]
    /// What a line without a command runs: `gestured --dry-run` is `gestured run --dry-run`.
    public let defaultCommand: Command
    /// The options before any command: `--version` and the hidden ones that print the
    /// completion scripts and write the man pages (`-h`/`--help` comes with every command).
    let top: Command

    /// EX_USAGE (sysexits.h): a command line that does not parse, as swift-argument-parser had it.
    public static let usageExitStatus: Int32 = 64

    public init(name: String, abstract: String, version: String, commands: [Command], defaultCommand: String) {
        self.name = name
        self.abstract = abstract
        self.version = version
        self.commands = commands
        guard let implied = commands.first(where: { $0.name == defaultCommand }) else {
            preconditionFailure("\(name): the default command \(defaultCommand) is not in the table")
        }
        self.defaultCommand = implied
        top = Command(name, abstract: abstract, options: [Self.version, Self.completionScript, Self.manual])
    }

    /// The options help shows for `command`, `-h`/`--help` last.
    func visibleOptions(of command: Command) -> [OptionSpec] {
        command.options.filter { !$0.isHidden } + [Self.help.spec]
    }

    static let help = Option<Bool>.flag("help", short: "h", help: "Show help information.")
    static let version = Option<Bool>.flag("version", help: "Show the version.")
    static let completionScript = Option<String?>.value(
        "generate-completion-script", valueName: "shell", completion: .choices(Shell.allCases.map(\.rawValue)),
        help: "Print the completion script for bash, zsh or fish.", hidden: true)
    static let manual = Option<String?>.value(
        "generate-manual", valueName: "folder", completion: .files,
        help: "Write the man pages, one per command, into the folder.", hidden: true)
}

/// The shells `--generate-completion-script` writes for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// What a command line asks for.
public enum Invocation: Equatable, Sendable {
    case run(ParsedCommand)
    /// Help, the version or a completion script: print it to standard output and exit 0.
    case output(String)
    /// `--generate-manual FOLDER`: write `Program.manualPages()` there.
    case writeManual(folder: String)
    /// Print it to standard error and exit with `Program.usageExitStatus`.
    case usageError(String)
}
