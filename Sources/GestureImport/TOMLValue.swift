/// A value of an imported `[[gesture]]` key or setting, written as TOML.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case strings([String])

    /// The value as TOML writes it: strings as basic strings with every control character
    /// escaped, so that any text round-trips.
    public var text: String {
        switch self {
        case .string(let s): return TOMLValue.quoted(s)
        case .int(let n): return String(n)
        case .double(let d):
            if d == d.rounded() && abs(d) < 1e15 { return String(Int(d)) + ".0" }
            return "\(d)"
        case .bool(let b): return b ? "true" : "false"
        case .strings(let list): return "[" + list.map(TOMLValue.quoted).joined(separator: ", ") + "]"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
