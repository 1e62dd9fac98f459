/// A man page: its file name (`gestured-run.1`) and its troff text.
public struct ManualPage: Equatable, Sendable {
    public let file: String
    public let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }
}

extension Program {
    /// The man pages `--generate-manual FOLDER` writes: `gestured.1` for the program and one
    /// `gestured-COMMAND.1` per command, in section 1.
    public func manualPages() -> [ManualPage] {
        [ManualPage(file: "\(name).1", text: programPage())]
            + commands.map { ManualPage(file: "\(name)-\($0.name).1", text: page(for: $0)) }
    }

    private func programPage() -> String {
        var lines = header(name, abstract)
        lines += [".SH SYNOPSIS", ".B \(Self.roman(name))", "[\\fIcommand\\fR] [\\fIoptions\\fR]"]
        lines += [
            ".SH DESCRIPTION", Self.text(abstract), ".PP",
            "Without a command, \\fB\(Self.roman(name))\\fR runs \\fB\(Self.roman("\(name) \(defaultCommand.name)"))\\fR.",
            ".SH COMMANDS",
        ]
        for command in commands {
            lines += [
                ".TP", ".B \(Self.roman(command.name))", Self.text(command.abstract),
                "See \\fB\(Self.roman("\(name)-\(command.name)"))\\fR(1).",
            ]
        }
        lines += [".TP", ".BI help \" command\"", Self.text("Show help for a command.")]
        lines += [".SH OPTIONS"] + optionItems(visibleOptions(of: top))
        for section in manualSections {
            lines.append(".SH \(Self.roman(section.title.uppercased()))")
            for paragraph in Self.paragraphs(section.text) {
                lines += [".PP", Self.text(paragraph)]
            }
            for item in section.items {
                lines += [".TP", ".B \(Self.roman(item.term))", Self.text(item.text)]
            }
        }
        let pages = seeAlso + commands.map { ("\(name)-\($0.name)", 1) }
        lines +=
            [".SH SEE ALSO"]
            + pages.enumerated().map { i, page in
                ".BR \(Self.roman(page.name)) (\(page.section))" + (i < pages.count - 1 ? "," : "")
            }
        return lines.joined(separator: "\n") + "\n"
    }

    private func page(for command: Command) -> String {
        var lines = header("\(name)-\(command.name)", command.abstract)
        let synopsis =
            command.options.filter { !$0.isHidden }.map { option in
                "[" + Self.flagsText(option, long: true) + "]"
            }
            + command.arguments.map { argument in
                let word = "\\fI\(Self.roman(argument.name))\\fR" + (argument.isList ? " ..." : "")
                return argument.isOptional ? "[" + word + "]" : word
            }
        lines +=
            [".SH SYNOPSIS", ".B \(Self.roman("\(name) \(command.name)"))"]
            + (synopsis.isEmpty ? [] : [synopsis.joined(separator: " ")])
        lines += [".SH DESCRIPTION", Self.text(command.abstract)]
        for paragraph in Self.paragraphs(command.discussion) {
            lines += [".PP", Self.text(paragraph)]
        }
        if !command.arguments.isEmpty {
            lines.append(".SH ARGUMENTS")
            for argument in command.arguments {
                lines += [".TP", ".I \(Self.roman(argument.name))", Self.text(argument.help)]
            }
        }
        lines += [".SH OPTIONS"] + optionItems(visibleOptions(of: command))
        lines += [".SH SEE ALSO", ".BR \(Self.roman(name)) (1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `.TH`, and the NAME section: `gestured-run \- Run the gesture daemon...`.
    private func header(_ page: String, _ summary: String) -> [String] {
        [
            ".TH \(Self.roman(page.uppercased())) 1 \"\" \"\(Self.roman("\(name) \(version)"))\" \"User Commands\"",
            ".SH NAME",
            "\(Self.roman(page)) \\- "
                + Self.text(summary.hasSuffix(".") ? String(summary.dropLast()) : summary),
        ]
    }

    /// One `.TP` item per option: the flags in bold, the value in italics.
    private func optionItems(_ options: [OptionSpec]) -> [String] {
        options.flatMap { [".TP", Self.flagsText($0), Self.text(Self.help(of: $0))] }
    }

    /// `\fB\-o\fR, \fB\-\-output\fR \fIfile\fR`; `\fB\-\-output\fR \fIfile\fR` for the long one alone.
    static func flagsText(_ option: OptionSpec, long: Bool = false) -> String {
        let flags = (long ? ["--\(option.long)"] : option.flags).map { "\\fB\(roman($0))\\fR" }
            .joined(separator: ", ")
        guard case .value(let value, _, _, let repeatable) = option.kind else { return flags }
        return flags + " \\fI\(roman(value))\\fR" + (repeatable ? " ..." : "")
    }

    /// A name or flag for troff: its dashes are minus signs, so that they can be searched for
    /// and copied.
    public static func roman(_ text: String) -> String {
        text.escaping(["\\": "\\e", "-": "\\-"])
    }

    /// Running text for troff: backslashes escaped, and a line that begins with `.` or `'`
    /// protected from being read as a request.
    public static func text(_ text: String) -> String {
        let escaped = text.escaping(["\\": "\\e"])
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
