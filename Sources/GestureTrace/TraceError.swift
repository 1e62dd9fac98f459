/// A malformed trace line, located: `file:line:column: message`.
public struct TraceError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int?
    public let message: String

    public var description: String {
        "\(file):\(line)\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}
