/// What is wrong with a command line, in words that follow `gestured run: `. Each names the
/// word, option or argument at fault.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    /// `--config` at the end, or before another option, or as `--config=`.
    case missingValue(option: String)
    /// `--dry-run=yes`.
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: String, allowed: [String], suggestion: String?)
    /// `gestured import touchgg`: `<format>` takes only its choices.
    case invalidArgument(String, value: String, allowed: [String], suggestion: String?)
    /// `<trace>`.
    case missingArgument(String)
    case unexpectedArgument(String)

    public var description: String {
        switch self {
        case .unknownCommand(let word, let suggestion):
            return "unknown command '\(word)'" + Self.hint(suggestion)
        case .unknownOption(let flag, let suggestion):
            return "unknown option '\(flag)'" + Self.hint(suggestion)
        case .missingValue(let option):
            return "\(option) needs a value"
        case .unexpectedValue(let option):
            return "\(option) takes no value"
        case .invalidValue(let option, let value, let allowed, let suggestion):
            return "\(option): '\(value)' is not one of \(allowed.joined(separator: ", "))"
                + Self.hint(suggestion)
        case .invalidArgument(let name, let value, let allowed, let suggestion):
            return "\(name): '\(value)' is not one of \(allowed.joined(separator: ", "))"
                + Self.hint(suggestion)
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .unexpectedArgument(let word):
            return "unexpected argument '\(word)'"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
