/// Why a config cannot be read at all (not well-formed, too large, too deep): the file, the
/// place in it, and what is wrong. Nothing is imported from such a file.
public struct ImportError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    /// From 1; nil when the problem is the whole file (its size, its encoding).
    public let line: Int?
    public let column: Int?
    public let message: String

    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `touchegg.conf:3:7: expected '>'`.
    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(message)"
    }
}

/// What the importer accepts of a file, so that a hostile one costs bounded time and memory.
public enum ImportLimits {
    /// The largest file read: real configs are a few kilobytes, the largest seen 40.
    public static let bytes = 1 << 20
    /// The deepest nesting of YAML collections (fusuma's configs nest six deep).
    public static let depth = 64
    /// YAML nodes visited, aliases followed each time they are used: a file of aliases of
    /// aliases (a "billion laughs") stops here instead of growing without end.
    public static let nodes = 200_000
    /// Gestures in one file.
    public static let gestures = 2_000
}
