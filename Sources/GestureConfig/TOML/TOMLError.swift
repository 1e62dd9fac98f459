/// A place in TOML text: the 1-based line, and the 1-based column counted in Unicode scalars,
/// so that a tab or an "é" is one column, as an editor shows it.
public struct TOMLPosition: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// Why a TOML document was rejected, and where: the first problem only, since what follows a
/// syntax error cannot be read with any confidence.
public struct TOMLError: Error, Hashable, Sendable, CustomStringConvertible {
    public let position: TOMLPosition
    public let message: String

    public init(position: TOMLPosition, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): \(message)" }
}
