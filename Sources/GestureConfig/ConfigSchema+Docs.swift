extension ConfigSchema {
    /// The lines that open and close the key tables in docs/config.md.
    static let docsBegin =
        "<!-- keys: rendered from the declarations in Sources/GestureConfig/ConfigSchema.swift; a test fails and prints them when this page differs -->"
    static let docsEnd = "<!-- end of keys -->"

    /// The key tables of docs/config.md, between `docsBegin` and `docsEnd`: one row per
    /// declaration, so a key whose values or default differ by type has a row for each.
    static var markdown: String {
        func cell(_ text: String) -> String { text.replacingPipes() }
        var lines = [
            docsBegin, "", "`[settings]`:", "", "| key | value | default | meaning |",
            "|---|---|---|---|",
        ]
        for key in all where key.scope == .settings {
            lines.append(
                "| `\(key.name)` | \(cell(key.valuesText)) | \(cell(key.absentText)) | \(cell(key.doc)) |"
            )
        }
        lines += [
            "", "`[[gesture]]`:", "", "| key | types | value | default | meaning |",
            "|---|---|---|---|---|",
        ]
        for key in all where key.scope != .settings {
            let types =
                key.scope == .everyGesture
                ? "every type" : key.scope.types.map(\.rawValue).joined(separator: ", ")
            lines.append(
                "| `\(key.name)` | \(types) | \(cell(key.valuesText)) | \(cell(key.absentText)) | \(cell(key.doc)) |"
            )
        }
        lines += ["", docsEnd]
        return lines.joined(separator: "\n")
    }
}

/// The config's keys as its reference pages tell them (docs/config.md, the man page): one row
/// per declaration.
public struct ConfigKeyReference: Sendable {
    /// `settings` or `gesture`.
    public let table: String
    public let name: String
    /// The gesture types that take it; empty for a setting.
    public let types: [String]
    public let values: String
    public let absent: String
    public let doc: String

    /// Every key, settings first, in the order they are declared.
    public static var all: [ConfigKeyReference] {
        ConfigSchema.all.filter { $0.scope == .settings }.map {
            ConfigKeyReference(
                table: "settings", name: $0.name, types: [], values: $0.valuesText,
                absent: $0.absentText, doc: $0.doc)
        }
            + ConfigSchema.all.filter { $0.scope != .settings }.map {
                ConfigKeyReference(
                    table: "gesture", name: $0.name,
                    types: $0.scope == .everyGesture
                        ? ["every type"] : $0.scope.types.map(\.rawValue),
                    values: $0.valuesText, absent: $0.absentText, doc: $0.doc)
            }
    }
}

extension String {
    /// A table cell's text, with its pipes escaped.
    fileprivate func replacingPipes() -> String {
        var out = ""
        for c in self { out += c == "|" ? "\\|" : String(c) }
        return out
    }
}
