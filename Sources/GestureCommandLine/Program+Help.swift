extension Program {
    /// `gestured --help`: the commands and the options before them, wrapped to fit 80 columns.
    public func help() -> String {
        var text = Self.wrap("OVERVIEW: \(abstract)") + "\n"
        text += "USAGE: \(usage())\n\n"
        text += "COMMANDS:\n"
        for command in commands {
            text += Self.row(
                command.name + (command == defaultCommand ? " (default)" : ""), command.abstract)
        }
        text += Self.row("help", "Show help for a command.")
        text += "\nOPTIONS:\n"
        for option in visibleOptions(of: top) {
            text += Self.row(Self.label(of: option), Self.help(of: option))
        }
        return text + "\nSee '\(name) help <command>' for a command's options and arguments.\n"
    }

    /// `gestured COMMAND --help`: what it does, its usage, its arguments and options.
    public func help(for command: Command) -> String {
        var text = Self.wrap("OVERVIEW: \(command.abstract)") + "\n"
        for paragraph in Self.paragraphs(command.discussion) { text += Self.wrap(paragraph) + "\n" }
        text += "USAGE: \(usage(for: command))\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments {
                text += Self.row("<\(argument.name)>", argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in visibleOptions(of: command) {
            text += Self.row(Self.label(of: option), Self.help(of: option))
        }
        return text
    }

    /// `gestured <command> [<options>]`.
    func usage() -> String { "\(name) <command> [<options>]" }

    /// `gestured replay [--config <file>] [--decisions] <trace> ...`: options first, then arguments.
    func usage(for command: Command) -> String {
        let options = command.options.filter { !$0.isHidden }.map { option in
            switch option.kind {
            case .flag: return "[--\(option.long)]"
            case .value(let value, _, _, let repeatable):
                return "[--\(option.long) <\(value)>\(repeatable ? " ..." : "")]"
            }
        }
        return ([name, command.name] + options + command.arguments.map(\.usage)).joined(
            separator: " ")
    }

    /// `-o, --output <file>`.
    static func label(of option: OptionSpec) -> String {
        let flags = option.flags.joined(separator: ", ")
        guard case .value(let value, _, _, let repeatable) = option.kind else { return flags }
        return "\(flags) <\(value)>" + (repeatable ? " ..." : "")
    }

    /// The option's help with what it accepts and its default: `(values: a, b; default: a)`.
    static func help(of option: OptionSpec) -> String {
        guard case .value(_, let completion, let defaultValue, _) = option.kind else {
            return option.help
        }
        var notes: [String] = []
        if case .choices(let values) = completion {
            notes.append("values: " + values.joined(separator: ", "))
        }
        if let defaultValue { notes.append("default: \(defaultValue)") }
        return notes.isEmpty ? option.help : "\(option.help) (\(notes.joined(separator: "; ")))"
    }

    /// The discussion's paragraphs: blank lines part them.
    static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) + [Substring()] {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        return paragraphs
    }

    /// The longest line help prints: a terminal's 80 columns.
    static let width = 80
    /// Where an option's or a command's help begins, so that the columns line up.
    static let helpColumn = 26

    /// `  --config <file>         The config file...`, the help wrapped under itself; a label
    /// too long for its column stands on a line of its own.
    static func row(_ label: String, _ help: String) -> String {
        let start = "  " + label
        let padding = helpColumn - start.count
        let head =
            padding > 0
            ? start + String(repeating: " ", count: padding)
            : start + "\n" + String(repeating: " ", count: helpColumn)
        return wrap(help, after: head, indent: helpColumn)
    }

    /// `text` after `head`, its words wrapped at `width`, the lines after the first indented by
    /// `indent`; ends with a newline.
    static func wrap(_ text: String, after head: String = "", indent: Int = 0) -> String {
        var lines: [String] = []
        var line = head
        var lineHasWord = false
        for word in text.split(separator: " ") {
            let lastLine = line.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            if lineHasWord && lastLine.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        return (lines + [line]).joined(separator: "\n") + "\n"
    }
}
