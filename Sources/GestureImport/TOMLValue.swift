import GestureConfig

/// A value of an imported `[[gesture]]` key or setting, written as TOML.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case strings([String])

    /// The value as TOML writes it: strings as basic strings with every control character
    /// escaped (GestureConfig's `TOMLText`), so that any text round-trips.
    public var text: String {
        switch self {
        case .string(let s): return TOMLValue.quoted(s)
        case .int(let n): return String(n)
        case .double(let d):
            if d == d.rounded() && abs(d) < 1e15 { return String(Int(d)) + ".0" }
            return "\(d)"
        case .bool(let b): return b ? "true" : "false"
        case .strings(let list):
            return "[" + list.map(TOMLValue.quoted).joined(separator: ", ") + "]"
        }
    }

    /// A basic string that reads back as `s`, whatever characters it holds.
    static func quoted(_ s: String) -> String { "\"" + TOMLText.escaped(s) + "\"" }
}
