/// One subcommand: what help, the completion scripts and the man pages say of it, and the
/// options and arguments the parser accepts for it (`-h`/`--help` comes with every command).
public struct Command: Equatable, Sendable {
    public let name: String
    /// One sentence: the command list and the first line of its help.
    public let abstract: String
    /// Paragraphs after the abstract in its help and man page; "" for none.
    public let discussion: String
    public let options: [OptionSpec]
    public let arguments: [ArgumentSpec]

    public init(
        _ name: String, abstract: String, discussion: String = "", options: [any AnyOption] = [],
        arguments: [any AnyArgument] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.spec)
        self.arguments = arguments.map(\.spec)
        precondition(
            self.arguments.dropLast().allSatisfy { !$0.isList },
            "\(name): only the last argument can be a list")
        precondition(
            !zip(self.arguments, self.arguments.dropFirst()).contains {
                $0.isOptional && !$1.isOptional
            },
            "\(name): only optional arguments can follow an optional one")
    }

    /// The option `-o` or `--output` names (without any `=value`).
    func option(named flag: String) -> OptionSpec? {
        options.first { $0.flags.contains(flag) }
    }
}
