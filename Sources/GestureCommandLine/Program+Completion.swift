extension Program {
    /// The completion script `--generate-completion-script SHELL` prints: the commands, each
    /// command's options, the values of `--log-level`, and file names where a file is asked for.
    public func completionScript(for shell: Shell) -> String {
        switch shell {
        case .bash: return bashScript()
        case .zsh: return zshScript()
        case .fish: return fishScript()
        }
    }

    /// What a shell offers after an option: its choices, file names, or nothing.
    private func valueCompletion(_ option: OptionSpec) -> ValueCompletion? {
        guard case .value(_, let completion, _, _) = option.kind else { return nil }
        return completion
    }

    // MARK: bash

    private func bashScript() -> String {
        let f = "_\(name.escaping(["-": "_"]))"
        let names = commands.map(\.name)
        var valueCases: [String] = []
        var flagCases: [String] = []
        var takesValue: [String] = []
        var argumentCases: [String] = []
        for command in commands {
            let options = visibleOptions(of: command)
            for option in options {
                guard let completion = valueCompletion(option) else { continue }
                let pattern = option.flags.map { "\(command.name):\($0)" }.joined(separator: "|")
                takesValue.append(pattern)
                switch completion {
                case .none: valueCases.append("    \(pattern)) return ;;")
                case .files: valueCases.append("    \(pattern)) \(f)_files; return ;;")
                case .choices(let values):
                    valueCases.append(
                        "    \(pattern)) \(f)_words \(Self.shellQuoted(values.joined(separator: " "))); return ;;"
                    )
                }
            }
            flagCases.append(
                "        \(command.name)) \(f)_words \(Self.shellQuoted(options.flatMap(\.flags).joined(separator: " "))) ;;"
            )
            // A list takes its own position and every one after it (as case patterns: 1..9, then any of two digits).
            let positions = command.arguments.enumerated().filter {
                $0.element.completion == .files
            }
            .flatMap { a -> [String] in
                guard a.element.isList else { return ["\(command.name):\(a.offset)"] }
                return a.offset == 0
                    ? ["\(command.name):*"]
                    : (a.offset...9).map { "\(command.name):\($0)" } + ["\(command.name):??*"]
            }
            if !positions.isEmpty {
                argumentCases.append("    \(positions.joined(separator: "|"))) \(f)_files ;;")
            }
            for (offset, argument) in command.arguments.enumerated() {
                guard case .choices(let values) = argument.completion else { continue }
                argumentCases.append(
                    "    \(command.name):\(offset)) \(f)_words \(Self.shellQuoted(values.joined(separator: " "))) ;;"
                )
            }
        }
        let firstFlags =
            visibleOptions(of: defaultCommand).flatMap(\.flags)
            + top.options.filter { !$0.isHidden }.flatMap(\.flags)
        return """
            # bash completion for \(name); written by `\(name) --generate-completion-script bash`.

            \(f)_words() { mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur"); }
            \(f)_files() { mapfile -t COMPREPLY < <(compgen -f -- "$cur"); }

            \(f)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                # `--config=file` comes as three words: --config, =, file.
                if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi
                COMPREPLY=()
                local command=\(defaultCommand.name) first=1
                case ${COMP_WORDS[1]} in
                \(names.joined(separator: "|"))) command=${COMP_WORDS[1]}; first=2 ;;
                help) (( COMP_CWORD == 2 )) && \(f)_words \(Self.shellQuoted(names.joined(separator: " "))); return ;;
                esac
                if (( COMP_CWORD == 1 )); then
                    # A command, or the options of the program and of the default command.
                    if [[ $cur == -* ]]; then \(f)_words \(Self.shellQuoted(firstFlags.joined(separator: " "))); else \(f)_words \(Self.shellQuoted(commandNames.joined(separator: " "))); fi
                    return
                fi
                case $command:$prev in
            \(valueCases.joined(separator: "\n"))
                esac
                if [[ $cur == -* ]]; then
                    case $command in
            \(flagCases.joined(separator: "\n"))
                    esac
                    return
                fi
                # Which argument the word is: the words before it that are neither options nor their values.
                local i word position=0 value= ended=
                for (( i = first; i < COMP_CWORD; i++ )); do
                    word=${COMP_WORDS[i]}
                    if [[ -z $ended && $word == = ]]; then value=1; continue; fi
                    if [[ -n $value ]]; then value=; continue; fi
                    if [[ -z $ended ]]; then
                        case $word in
                        --) ended=1; continue ;;
                        -) ;;
                        *) case $command:$word in
                           \(takesValue.joined(separator: "|"))) value=1; continue ;;
                           *:-*) continue ;;
                           esac ;;
                        esac
                    fi
                    position=$((position + 1))
                done
                case $command:$position in
            \(argumentCases.joined(separator: "\n"))
                esac
            }

            complete -o filenames -F \(f) \(name)

            """
    }

    /// `'text'` for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.escaping(["'": #"'\''"#]) + "'"
    }

    // MARK: zsh

    private func zshScript() -> String {
        let descriptions =
            commands.map { "\($0.name):\($0.abstract)" } + ["help:Show help for a command."]
        var cases: [String] = []
        for command in commands {
            var specs =
                (command == defaultCommand ? ["$program"] : [])
                + visibleOptions(of: command).map(zshSpec)
            for argument in command.arguments {
                let action: String
                switch argument.completion {
                case .files: action = "_files"
                case .none: action = " "
                case .choices(let values): action = "(" + values.joined(separator: " ") + ")"
                }
                specs.append(
                    Self.shellQuoted(
                        (argument.isList ? "*:" : argument.isOptional ? "::" : ":")
                            + "\(argument.name):\(action)"))
            }
            cases.append(
                "    \(command.name))\n        _arguments -s \\\n            "
                    + specs.joined(separator: " \\\n            ") + " ;;")
        }
        return """
            #compdef \(name)
            # zsh completion for \(name); written by `\(name) --generate-completion-script zsh`.

            _\(name)() {
                local -a commands
                commands=(
            \(descriptions.map { "        " + Self.shellQuoted($0) }.joined(separator: "\n"))
                )
                if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
                    _describe -t commands '\(name) command' commands
                    return
                fi
                # Without a command, the line is the default command's, and may hold the program's options.
                local command=\(defaultCommand.name)
                local -a program=(\(top.options.filter { !$0.isHidden }.map(zshSpec).joined(separator: " ")))
                case $words[2] in
                \(commandNames.joined(separator: "|")))
                    command=$words[2]
                    program=()
                    shift words
                    (( CURRENT-- ))
                    ;;
                esac
                case $command in
                help)
                    commands=(${commands[1,-2]})  # all but help itself
                    (( CURRENT == 2 )) && _describe -t commands '\(name) command' commands ;;
            \(cases.joined(separator: "\n"))
                esac
            }

            _\(name) "$@"

            """
    }

    /// `'--log-level=[error, warn... (values: ...)]:log-level:(error warn info debug trace)'`.
    private func zshSpec(_ option: OptionSpec) -> String {
        let description = "[" + Self.help(of: option).escaping(["\\": "\\\\", "]": "\\]"]) + "]"
        let exclusive =
            option.flags.count > 1 ? "(" + option.flags.joined(separator: " ") + ")" : ""
        guard case .value(let value, let completion, _, let repeatable) = option.kind else {
            let group = option == Self.help.spec ? "(- *)" : exclusive
            return option.flags.map { Self.shellQuoted(group + $0 + description) }.joined(
                separator: " ")
        }
        let action: String
        switch completion {
        case .none: action = " "
        case .files: action = "_files"
        case .choices(let values): action = "(" + values.joined(separator: " ") + ")"
        }
        return option.flags.map { flag in
            Self.shellQuoted(
                (repeatable ? "*" : exclusive) + flag + (flag.hasPrefix("--") ? "=" : "+")
                    + description + ":\(value):\(action)")
        }.joined(separator: " ")
    }

    // MARK: fish

    private func fishScript() -> String {
        var lines = [
            "# fish completion for \(name); written by `\(name) --generate-completion-script fish`.",
            "",
            "complete -c \(name) -f",
        ]
        let none = "__fish_use_subcommand"
        for command in commands {
            lines.append(
                "complete -c \(name) -n \(none) -a \(command.name) -d \(Self.fishQuoted(command.abstract))"
            )
        }
        lines.append(
            "complete -c \(name) -n \(none) -a help -d \(Self.fishQuoted("Show help for a command."))"
        )
        lines.append(
            "complete -c \(name) -n '__fish_seen_subcommand_from help' -a \(Self.fishQuoted(commands.map(\.name).joined(separator: " ")))"
        )
        for option in top.options.filter({ !$0.isHidden }) {
            lines.append("complete -c \(name) -n \(none) \(fishFlags(option))")
        }
        lines.append("complete -c \(name) \(fishFlags(Self.help.spec))")
        for command in commands {
            let seen = "__fish_seen_subcommand_from \(command.name)"
            let condition = Self.fishQuoted(
                command == defaultCommand ? "\(none); or \(seen)" : seen)
            for option in command.options where !option.isHidden {
                lines.append("complete -c \(name) -n \(condition) \(fishFlags(option))")
            }
            if command.arguments.contains(where: { $0.completion == .files }) {
                lines.append("complete -c \(name) -n \(condition) -F")
            }
            for argument in command.arguments {
                guard case .choices(let values) = argument.completion else { continue }
                lines.append(
                    "complete -c \(name) -n \(condition) -a \(Self.fishQuoted(values.joined(separator: " ")))"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-s o -l output -r -F -d '...'`.
    private func fishFlags(_ option: OptionSpec) -> String {
        var words = (option.short.map { ["-s", String($0)] } ?? []) + ["-l", option.long]
        switch valueCompletion(option) {
        case nil: break
        case .none?: words.append("-x")
        case .files?: words += ["-r", "-F"]
        case .choices(let values)?:
            words += ["-x", "-a", Self.fishQuoted(values.joined(separator: " "))]
        }
        return (words + ["-d", Self.fishQuoted(option.help)]).joined(separator: " ")
    }

    /// `'text'` for fish, which escapes `'` and `\` inside single quotes.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.escaping(["\\": "\\\\", "'": "\\'"]) + "'"
    }
}
