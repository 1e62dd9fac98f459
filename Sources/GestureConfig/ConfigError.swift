/// A config problem, located: `file:line:column: message`. Syntax errors carry the parser's
/// position; errors of meaning carry the key path and the gesture's name, and the line of that
/// key where it can be found.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let column: Int?
    /// `gesture[2].direction`, `settings.touch-timeout`; nil for syntax errors.
    public let keyPath: String?
    public let message: String

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(message)" + (keyPath.map { " (\($0))" } ?? "")
    }
}

/// Every problem found in one config, in file order.
public struct ConfigErrors: Error, CustomStringConvertible {
    public let errors: [ConfigError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Why a file named in the config could not be read.
public enum ConfigFileError: String, Error, Sendable {
    case missing = "no such file"
    case unreadable = "permission denied"
    case notText = "not UTF-8 text"
}
