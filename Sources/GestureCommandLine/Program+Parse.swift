import GestureCore

extension Program {
    /// What `words` (the command line without the program's name) ask for.
    ///
    /// A command's options and arguments may come in any order; `--name value`, `--name=value`
    /// and `-n value` give a value, which cannot start with `-` unless it is `-` itself; the
    /// last value of an option that is not repeatable wins; `--` ends the options. `-h` or
    /// `--help` anywhere before `--` asks for help, whatever else is wrong with the line.
    public func parse(_ words: [String]) -> Invocation {
        guard let first = words.first else {
            return .run(ParsedCommand(command: defaultCommand, options: [:], arguments: [:]))
        }
        if first == "help" { return helpCommand(words.dropFirst()) }
        let named = commands.first { $0.name == first }
        let beforeEnd = words.prefix { $0 != "--" }
        if let h = beforeEnd.firstIndex(where: { $0 == "-h" || $0 == "--help" }) {
            if let named { return .output(help(for: named)) }
            let next = beforeEnd.dropFirst(h + 1).first
            return .output(commands.first { $0.name == next }.map(help(for:)) ?? help())
        }
        if let named { return run(named, words.dropFirst()) }
        if let flag = Self.flag(of: first), top.option(named: flag) != nil {
            return topLevel(words[...])
        }
        if !first.hasPrefix("-") && defaultCommand.arguments.isEmpty {
            return .usageError(
                failure(
                    .unknownCommand(
                        first, suggestion: Suggestion.closest(to: first, among: commandNames)),
                    in: nil))
        }
        return run(defaultCommand, words[...], alsoSuggesting: visibleFlags(of: top))
    }

    /// The names a command line may start with.
    var commandNames: [String] { commands.map(\.name) + ["help"] }

    private func run(
        _ command: Command, _ words: ArraySlice<String>, alsoSuggesting extra: [String] = []
    ) -> Invocation {
        switch parse(words, as: command, alsoSuggesting: extra) {
        case .success(let parsed): return .run(parsed)
        case .failure(let error): return .usageError(failure(error, in: command))
        }
    }

    /// `--version`, `--generate-completion-script SHELL`, `--generate-manual FOLDER`.
    private func topLevel(_ words: ArraySlice<String>) -> Invocation {
        let parsed: ParsedCommand
        switch parse(words, as: top) {
        case .success(let p): parsed = p
        case .failure(let error): return .usageError(failure(error, in: nil))
        }
        if parsed[Self.version] { return .output("\(name) \(version)\n") }
        if let shell = parsed[Self.completionScript].flatMap(Shell.init(rawValue:)) {
            return .output(completionScript(for: shell))
        }
        if let folder = parsed[Self.manual] { return .writeManual(folder: folder) }
        return .output(help())
    }

    /// `help`, `help COMMAND`.
    private func helpCommand(_ words: ArraySlice<String>) -> Invocation {
        guard let word = words.first else { return .output(help()) }
        let error: UsageError
        if let command = commands.first(where: { $0.name == word }) {
            guard let extra = words.dropFirst().first else { return .output(help(for: command)) }
            error = .unexpectedArgument(extra)
        } else {
            error = .unknownCommand(
                word, suggestion: Suggestion.closest(to: word, among: commands.map(\.name)))
        }
        return .usageError(
            "\(name) help: \(error)\nUsage: \(name) help [<command>]\nSee '\(name) --help' for the commands.\n"
        )
    }

    /// The options and arguments of `command` in `words`.
    func parse(
        _ words: ArraySlice<String>, as command: Command, alsoSuggesting extra: [String] = []
    ) -> Result<ParsedCommand, UsageError> {
        var options: [String: [String]] = [:]
        var positionals: [String] = []
        var rest = words
        var onlyPositionals = false
        while let word = rest.popFirst() {
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let flag = Self.flag(of: word)!
            let inline =
                word.hasPrefix("--")
                ? word.firstIndex(of: "=").map { String(word[word.index(after: $0)...]) } : nil
            guard let option = command.option(named: flag) else {
                return .failure(
                    .unknownOption(
                        word.hasPrefix("--") ? flag : word,
                        suggestion: suggestion(for: flag, among: visibleFlags(of: command) + extra))
                )
            }
            guard case .value(_, let completion, _, _) = option.kind else {
                if inline != nil { return .failure(.unexpectedValue(option: flag)) }
                options[option.long, default: []].append("")
                continue
            }
            guard
                let value = inline
                    ?? rest.first.flatMap({ $0 == "-" || !$0.hasPrefix("-") ? $0 : nil }),
                !value.isEmpty
            else {
                return .failure(.missingValue(option: flag))
            }
            if inline == nil { rest.removeFirst() }
            if case .choices(let allowed) = completion, !allowed.contains(value) {
                return .failure(
                    .invalidValue(
                        option: flag, value: value, allowed: allowed,
                        suggestion: Suggestion.closest(to: value, among: allowed)))
            }
            options[option.long, default: []].append(value)
        }
        var arguments: [String: [String]] = [:]
        var left = positionals[...]
        for argument in command.arguments {
            guard let first = left.first else {
                if argument.isOptional { continue }
                return .failure(.missingArgument("<\(argument.name)>"))
            }
            if case .choices(let allowed) = argument.completion, !allowed.contains(first) {
                return .failure(
                    .invalidArgument(
                        "<\(argument.name)>", value: first, allowed: allowed,
                        suggestion: Suggestion.closest(to: first, among: allowed)))
            }
            arguments[argument.name] = argument.isList ? Array(left) : [first]
            left = argument.isList ? [] : left.dropFirst()
        }
        if let extra = left.first { return .failure(.unexpectedArgument(extra)) }
        return .success(ParsedCommand(command: command, options: options, arguments: arguments))
    }

    /// `--config` for `--config=x`, `-o` for `-o`; nil for a word that is not an option.
    private static func flag(of word: String) -> String? {
        guard word.hasPrefix("-") && word != "-" else { return nil }
        return word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
    }

    /// The flags help shows for `command`, with `-h` and `--help`.
    private func visibleFlags(of command: Command) -> [String] {
        visibleOptions(of: command).flatMap(\.flags)
    }

    /// The long flag a mistyped one was meant to be: the only one it begins, else the closest.
    private func suggestion(for flag: String, among flags: [String]) -> String? {
        guard flag.hasPrefix("--") else { return nil }
        let long = flags.filter { $0.hasPrefix("--") }
        let extending = long.filter { $0.hasPrefix(flag) }
        return extending.count == 1 ? extending[0] : Suggestion.closest(to: flag, among: long)
    }

    /// The whole text for standard error: what is wrong, with the usage of the command at fault
    /// (of the program for nil).
    func failure(_ error: UsageError, in command: Command?) -> String {
        let path = command.map { "\(name) \($0.name)" } ?? name
        return
            "\(path): \(error)\nUsage: \(command.map(usage(for:)) ?? usage())\nSee '\(path) --help' for more information.\n"
    }
}
