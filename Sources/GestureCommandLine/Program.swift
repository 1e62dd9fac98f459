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
    /// What the program's man page tells beside the commands and options: files, signals,
    /// exit status.
    public let manualSections: [ManualSection]
    /// Other pages the program's man page points to, as `gestured.toml(5)`: name and section.
    public let seeAlso: [(name: String, section: Int)]

    /// EX_USAGE (sysexits.h): a command line that does not parse, as swift-argument-parser had it.
    public static let usageExitStatus: Int32 = 64

    public init(
        name: String, abstract: String, version: String, commands: [Command],
        defaultCommand: String,
        manualSections: [ManualSection] = [], seeAlso: [(name: String, section: Int)] = []
    ) {
        self.manualSections = manualSections
        self.seeAlso = seeAlso
        self.name = name
        self.abstract = abstract
        self.version = version
        self.commands = commands
        guard let implied = commands.first(where: { $0.name == defaultCommand }) else {
            preconditionFailure(
                "\(name): the default command \(defaultCommand) is not in the table")
        }
        self.defaultCommand = implied
        top = Command(
            name, abstract: abstract, options: [Self.version, Self.completionScript, Self.manual])
    }

    /// The options help shows for `command`, `-h`/`--help` last.
    func visibleOptions(of command: Command) -> [OptionSpec] {
        command.options.filter { !$0.isHidden } + [Self.help.spec]
    }

    static let help = Option<Bool>.flag("help", short: "h", help: "Show help information.")
    static let version = Option<Bool>.flag("version", help: "Show the version.")
    static let completionScript = Option<String?>.value(
        "generate-completion-script", valueName: "shell",
        completion: .choices(Shell.allCases.map(\.rawValue)),
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

/// A section of a man page: a paragraph, then a term and its text for each item.
public struct ManualSection: Sendable {
    public let title: String
    public let text: String
    public let items: [(term: String, text: String)]

    public init(_ title: String, _ text: String = "", items: [(term: String, text: String)] = []) {
        self.title = title
        self.text = text
        self.items = items
    }
}
