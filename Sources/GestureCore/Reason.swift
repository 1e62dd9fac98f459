/// Why a recognizer failed or was cancelled ("moved 42 px > 10 px"), kept as the pieces of its
/// message and put into words only when someone shows it. Most reasons are never read (replay
/// prints no failure, the daemon logs them at debug level), and building their text on every
/// failure was a tenth of the engine's time.
///
/// Written as a String would be, so that each recognizer keeps its messages beside it:
/// `fail("\(fingers) fingers > \(maximumFingers)")`. A number is written as `NumberText.plain`
/// writes it (500, not 500.0); a literal without interpolation costs nothing at all.
public struct Reason: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
    enum Piece: Sendable {
        case literal(StaticString)
        case integer(Int)
        case number(Double)
        case text(String)
    }

    private enum Storage: Sendable {
        case literal(StaticString)
        case pieces([Piece])
    }

    private let storage: Storage

    /// A reason as engine outputs name it; `GestureEngine.reason(_:)` gives the reason.
    public struct ID: Hashable, Sendable, BitwiseCopyable {
        let index: Int32
    }

    public init(stringLiteral literal: StaticString) { storage = .literal(literal) }

    public init(stringInterpolation: Interpolation) { storage = .pieces(stringInterpolation.pieces) }

    /// A reason given as text already.
    public init(_ text: String) { storage = .pieces([.text(text)]) }

    public struct Interpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            if literal.utf8CodeUnitCount > 0 { pieces.append(.literal(literal)) }
        }

        public mutating func appendInterpolation(_ n: Int) { pieces.append(.integer(n)) }
        public mutating func appendInterpolation(_ x: Double) { pieces.append(.number(x)) }
        public mutating func appendInterpolation(_ s: String) { pieces.append(.text(s)) }
        public mutating func appendInterpolation<T>(_ value: T) { pieces.append(.text(String(describing: value))) }
    }

    public var description: String {
        switch storage {
        case .literal(let s):
            return s.description
        case .pieces(let pieces):
            var text = ""
            for piece in pieces {
                switch piece {
                case .literal(let s): text += s.description
                case .integer(let n): text += String(n)
                case .number(let x): text += NumberText.plain(x)
                case .text(let s): text += s
                }
            }
            return text
        }
    }
}
