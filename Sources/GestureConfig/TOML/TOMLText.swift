/// Text as TOML would write it inside double quotes, for messages that quote what a config says:
/// quotes and backslashes escaped, control characters as `\uXXXX`, so that a NUL or an escape
/// sequence in a name cannot garble the log line; `gestured import` writes its strings with it.
public enum TOMLText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Uppercase, padded with zeros to `digits`.
    static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
