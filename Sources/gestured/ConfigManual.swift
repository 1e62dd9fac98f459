import GestureActions
import GestureCommandLine
import GestureConfig
import GestureCore
import GestureStrokes

/// The config's man page, `gestured.toml(5)`, rendered from the schema, the action catalogue
/// and the built-in shapes, so that what the package installs cannot disagree with the binary.
enum ConfigManual {
    static let file = "gestured.toml.5"

    static var page: ManualPage { ManualPage(file: file, text: text) }

    static var text: String {
        var lines = [
            ".TH GESTURED.TOML 5 \"\" \"\(Program.roman("gestured \(CommandTable.program.version)"))\" \"File Formats\"",
            ".SH NAME", "gestured.toml \\- the gestured config file",
            ".SH SYNOPSIS", ".B $XDG_CONFIG_HOME/gestured/config.toml",
            ".SH DESCRIPTION",
            troff(
                "A TOML file: a `[settings]` table and one `[[gesture]]` table per gesture, each naming what to recognize and the `action` to take. "
                    + "`gestured check` validates it and says each binding in words; `gestured init` writes a commented starter. "
                    + "The daemon reads it again when it changes and on SIGHUP, and keeps the last good one when it has errors, each said with its file:line:column."
            ),
            ".PP", ".nf",
            "[[gesture]]", "name = \"next-desktop\"", "type = \"swipe\"", "fingers = 3",
            "direction = \"left\"", "action = \"desktop next\"",
            ".fi",
            ".SH SETTINGS", troff("Keys of the `[settings]` table."),
        ]
        let keys = ConfigKeyReference.all
        for key in keys where key.table == "settings" {
            lines += [
                ".TP", ".B \(Program.roman(key.name))",
                troff("\(key.values); default \(key.absent). \(key.doc)"),
            ]
        }
        lines += [
            ".SH GESTURE KEYS",
            troff(
                "Keys of each `[[gesture]]` table; a key some types take only is said with them."),
        ]
        for key in keys where key.table == "gesture" {
            lines += [
                ".TP", ".B \(Program.roman(key.name))",
                troff(
                    "(\(key.types.joined(separator: ", "))) \(key.values); default \(key.absent). \(key.doc)"
                ),
            ]
        }
        lines += [
            ".SH ACTIONS", troff("An `action` is one of these, or a list of them run in order."),
        ]
        for action in ActionCatalogue.all {
            lines += [".TP", ".B \(Program.roman(action.form))", troff(action.does)]
        }
        lines += [
            ".SH SHAPES",
            troff(
                "A stroke's `shape` is one of the built-in shapes or a name from the `templates` files `gestured learn` writes: "
                    + BuiltinTemplates.names.map { "`\($0)`" }.joined(separator: ", ") + "."),
        ]
        lines += [
            ".SH EXEC SAFETY",
            troff(
                "`exec` actions run only when no one but you (or root) could have changed the config that was read: the file and every folder above it "
                    + "must be yours or root's and writable by no one else, but for a folder with its sticky bit (such as /tmp). Otherwise they are refused, "
                    + "and `gestured check` and `gestured doctor` say which file or folder to fix."),
        ]
        lines += [
            ".SH FILES", ".TP", ".B $XDG_CONFIG_HOME/gestured/config.toml",
            troff("The config; ~/.config/gestured/config.toml without XDG_CONFIG_HOME."),
            ".TP", ".B /usr/share/doc/gestured/config.md",
            troff(
                "This reference with its examples, and gestures.md, strokes.md and troubleshooting.md beside it."
            ),
        ]
        lines += [
            ".SH SEE ALSO", ".BR gestured (1),", ".BR gestured\\-check (1),",
            ".BR gestured\\-learn (1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Markdown's code and links as troff: code in bold, a link as its text.
    static func troff(_ markdown: String) -> String {
        var out = ""
        var code = false
        var rest = Substring(markdown)
        while let c = rest.first {
            if c == "`" {
                out += code ? "\\fR" : "\\fB"
                code.toggle()
                rest = rest.dropFirst()
            } else if c == "[", !code, let close = rest.firstIndex(of: "]"),
                rest[rest.index(after: close)...].hasPrefix("("),
                let end = rest[close...].firstIndex(of: ")")
            {
                out += Program.text(String(rest[rest.index(after: rest.startIndex)..<close]))
                    .replacingMinus(code)
                rest = rest[rest.index(after: end)...]
            } else {
                out += c == "\\" ? "\\e" : (c == "-" && code ? "\\-" : String(c))
                rest = rest.dropFirst()
            }
        }
        if code { out += "\\fR" }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}

extension String {
    fileprivate func replacingMinus(_ inCode: Bool) -> String {
        inCode
            ? split(separator: "-", omittingEmptySubsequences: false).joined(separator: "\\-")
            : self
    }
}
