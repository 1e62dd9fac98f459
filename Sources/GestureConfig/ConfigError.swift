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

/// Why a file (the config, or one it names) could not be read, in words that follow
/// "cannot read the config file (...)".
public struct ConfigFileError: RawRepresentable, Error, Equatable, Sendable, CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let missing = ConfigFileError(rawValue: "no such file")
    public static let unreadable = ConfigFileError(rawValue: "permission denied")
    public static let notText = ConfigFileError(rawValue: "not UTF-8 text")
    public static let directory = ConfigFileError(rawValue: "is a directory")
    public static let fifo = ConfigFileError(rawValue: "is a FIFO, not a regular file")
    public static let device = ConfigFileError(rawValue: "is a device, not a regular file")
    public static let socket = ConfigFileError(rawValue: "is a socket, not a regular file")
}
