/// Why a recognizer failed or was cancelled ("moved 42 px > 10 px"), kept as the pieces of its
/// message and put into words only when someone shows it: most reasons are never read.
///
/// Written as a String would be, so that each recognizer keeps its messages beside it:
/// `fail("moved \(d) px > \(movement) px")`; those several give are worded once
/// (`Reason+Shared`). A number is written as `NumberText.plain`
/// writes it (500, not 500.0); a literal without interpolation costs nothing at all.
public struct Reason: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
    enum Piece: Sendable {
        case plain(Plain)
        case literal(StaticString)
        case text(String)

        func write(to text: inout String) {
            switch self {
            case .plain(let p): p.write(to: &text)
            case .literal(let s): text += s.description
            case .text(let s): text += s
            }
        }
    }

    /// A piece that holds no reference, in 16 bytes: a literal by its bytes' place, a short
    /// text (a direction, a state's name) by its bytes.
    enum Plain: Sendable, BitwiseCopyable {
        /// A literal's bytes, by address (static, never freed) and count.
        case literal(UInt, UInt32)
        case integer(Int)
        case number(Double)
        case word(Word)

        func write(to text: inout String) {
            switch self {
            case .literal(let address, let count):
                let bytes = UnsafeBufferPointer(
                    start: UnsafePointer<UInt8>(bitPattern: address), count: Int(count))
                text += String(decoding: bytes, as: UTF8.self)
            case .integer(let n): text += String(n)
            case .number(let x): text += NumberText.plain(x)
            case .word(let w): text += w.text
            }
        }
    }

    /// The UTF-8 bytes of a text of up to 12 of them.
    struct Word: Sendable, BitwiseCopyable {
        static let capacity = 12
        private var bytes: (UInt64, UInt32) = (0, 0)
        private var count: UInt8 = 0

        /// The bytes of `text`, or nil when it has too many.
        init?(_ text: String) {
            var text = text
            let fits = text.withUTF8 { utf8 -> Bool in
                guard utf8.count <= Word.capacity else { return false }
                withUnsafeMutableBytes(of: &bytes) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(utf8))
                }
                count = UInt8(utf8.count)
                return true
            }
            if !fits { return nil }
        }

        var text: String {
            withUnsafeBytes(of: bytes) { String(decoding: $0.prefix(Int(count)), as: UTF8.self) }
        }
    }

    /// Up to seven pieces, held in the value itself, so that a failure allocates nothing; under
    /// 128 bytes, so that a reason is copied by a few moves, not by memcpy.
    struct Few: Sendable, BitwiseCopyable {
        static let capacity = 7
        private(set) var count: UInt8 = 0
        private var pieces: (Plain, Plain, Plain, Plain, Plain, Plain, Plain) =
            (
                .integer(0), .integer(0), .integer(0), .integer(0), .integer(0), .integer(0),
                .integer(0)
            )

        /// Adds `piece` if there is room; false if there is none.
        mutating func append(_ piece: Plain) -> Bool {
            switch count {
            case 0: pieces.0 = piece
            case 1: pieces.1 = piece
            case 2: pieces.2 = piece
            case 3: pieces.3 = piece
            case 4: pieces.4 = piece
            case 5: pieces.5 = piece
            case 6: pieces.6 = piece
            default: return false
            }
            count += 1
            return true
        }

        subscript(i: Int) -> Plain {
            switch i {
            case 0: pieces.0
            case 1: pieces.1
            case 2: pieces.2
            case 3: pieces.3
            case 4: pieces.4
            case 5: pieces.5
            default: pieces.6
            }
        }
    }

    private enum Storage: Sendable {
        case literal(StaticString)
        case few(Few)
        case pieces([Piece])
    }

    private let storage: Storage

    /// A reason as engine outputs name it; `GestureEngine.reason(_:)` gives the reason.
    public struct ID: Hashable, Sendable, BitwiseCopyable {
        let index: Int32
    }

    public init(stringLiteral literal: StaticString) { storage = .literal(literal) }

    public init(stringInterpolation: Interpolation) {
        storage =
            stringInterpolation.spilled
            ? .pieces(stringInterpolation.pieces) : .few(stringInterpolation.few)
    }

    /// A reason given as text already.
    public init(_ text: String) { storage = .pieces([.text(text)]) }

    /// Gathers the pieces in place (`few`) until one holds a long text or there are too many;
    /// then in an array (`pieces`).
    public struct Interpolation: StringInterpolationProtocol {
        var few = Few()
        var pieces: [Piece] = []
        var spilled = false

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: StaticString) {
            guard literal.utf8CodeUnitCount > 0 else { return }
            if !spilled, literal.hasPointerRepresentation {
                append(
                    .literal(UInt(bitPattern: literal.utf8Start), UInt32(literal.utf8CodeUnitCount))
                )
            } else {
                spill(.literal(literal))
            }
        }

        public mutating func appendInterpolation(_ n: Int) { append(.integer(n)) }
        public mutating func appendInterpolation(_ x: Double) { append(.number(x)) }
        public mutating func appendInterpolation(_ s: String) {
            if !spilled, let word = Word(s) { append(.word(word)) } else { spill(.text(s)) }
        }
        public mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }

        private mutating func append(_ plain: Plain) {
            if !spilled && few.append(plain) { return }
            spill(.plain(plain))
        }

        private mutating func spill(_ piece: Piece) {
            if !spilled {
                spilled = true
                pieces.reserveCapacity(2 * Few.capacity)
                for i in 0..<Int(few.count) { pieces.append(.plain(few[i])) }
            }
            pieces.append(piece)
        }
    }

    public var description: String {
        switch storage {
        case .literal(let s):
            return s.description
        case .few(let few):
            var text = ""
            for i in 0..<Int(few.count) { few[i].write(to: &text) }
            return text
        case .pieces(let pieces):
            var text = ""
            for piece in pieces { piece.write(to: &text) }
            return text
        }
    }
}
