extension ImportedConfig {
    /// The gestured config: a header, `[settings]` when a conversion needs one, then each
    /// source gesture in the source's order, as `[[gesture]]` tables under a comment naming
    /// where it came from, or as a `# not imported:` line saying what and why.
    public var text: String {
        text(settingsAsComments: false)
    }

    /// The same; with `settingsAsComments`, the settings are written as comments (for a config
    /// that has its own `[settings]`, which a second table would redefine).
    public func text(settingsAsComments: Bool) -> String {
        var lines = [
            "# Imported by `gestured import \(format.rawValue)` from \(file): "
                + "\(importedCount) of \(sources.count) gesture\(sources.count == 1 ? "" : "s") carried over."
        ]
        lines += notes.map { "# " + $0 }
        if !settings.isEmpty {
            lines.append("")
            if settingsAsComments {
                lines.append(
                    "# Not set, since the config has its own [settings]: add these there if you want the conversions below."
                )
            }
            let prefix = settingsAsComments ? "# " : ""
            lines.append(prefix + "[settings]")
            for s in settings {
                lines.append("\(prefix)\(s.key) = \(s.value.text)   # \(s.note)")
            }
        }
        var names = self.names.makeIterator()
        for source in sources {
            lines.append("")
            switch source.outcome {
            case .notImported(let why, let keeping):
                lines.append(
                    "# not imported: \(source.place): \(ImportedConfig.oneLine(source.what)): \(ImportedConfig.oneLine(why))"
                )
                if let b = keeping {
                    lines += b.notes.map { "# " + ImportedConfig.oneLine($0) }
                    lines.append("[[gesture]]")
                    lines.append("name = \(TOMLValue.string(names.next()!).text)")
                    for (key, value) in b.keys { lines.append("\(key) = \(value.text)") }
                }
            case .imported(let bindings):
                for (i, b) in bindings.enumerated() {
                    if i > 0 { lines.append("") }
                    lines.append("# \(source.place): \(ImportedConfig.oneLine(source.what))")
                    lines += b.notes.map { "# " + ImportedConfig.oneLine($0) }
                    lines.append("[[gesture]]")
                    lines.append("name = \(TOMLValue.string(names.next()!).text)")
                    for (key, value) in b.keys { lines.append("\(key) = \(value.text)") }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `imported 14 of 16 gestures from FILE; 2 not imported: hold on 4 (line 20: ...), ...`.
    public var summary: String {
        let missing = sources.filter { !$0.isImported }
        var text =
            "imported \(importedCount) of \(sources.count) gesture\(sources.count == 1 ? "" : "s") from \(file)"
        if !missing.isEmpty {
            text +=
                "; \(missing.count) not imported: "
                + missing.prefix(ImportedConfig.summarized).map { source -> String in
                    guard case .notImported(let why, _) = source.outcome else { return "" }
                    return
                        "\(ImportedConfig.oneLine(source.what)) (\(source.place): \(ImportedConfig.oneLine(why)))"
                }.joined(separator: "; ")
            if missing.count > ImportedConfig.summarized {
                text +=
                    "; and \(missing.count - ImportedConfig.summarized) more (the # not imported: lines say which and why)"
            }
        }
        return text
    }

    /// How many gestures not imported the summary names; the config names them all.
    static let summarized = 20

    /// Text for a comment: no line break or other control character may end the comment early.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}
