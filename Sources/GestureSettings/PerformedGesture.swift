import GestureConfig

/// A gesture the daemon saw while the window listened ("Add by performing"): the keys of the
/// binding that recognizes it, as the daemon's `Seen` signal gives them, in words, and as the
/// literals a new `[[gesture]]` is written with.
public struct PerformedGesture: Equatable, Sendable {
    public struct Key: Equatable, Sendable {
        public let name: String
        public let value: String
    }

    public let keys: [Key]
    /// "Swipe right with 3 fingers".
    public let title: String
    public let input: InputGroup

    /// From `Seen`'s `a{ss}`: the keys and values as the config writes them (numbers as digits).
    public init(keys: [(String, String)]) {
        self.keys = keys.map { Key(name: $0.0, value: $0.1) }
        let text = keys.map { k, v in "\(k) = \(Self.literal(k, v).text)" }.joined(separator: "\n")
        let table = (try? TOMLReader.parse(text)) ?? (try! TOMLReader.parse(""))
        let row = BindingWords.row(table, index: 0)
        title = row.title
        input = row.input
    }

    /// "Swipe right with 3 fingers on the touchpad", "Draw a line left with the right mouse
    /// button held".
    public var sentence: String {
        guard input == .mouse, title.hasSuffix(" button held") else {
            return "\(title) \(input.phrase)"
        }
        return String(title.dropLast(" button held".count)) + " mouse button held"
    }

    public var type: String { keys.first { $0.name == "type" }?.value ?? "" }

    /// The keys in the order a person writes them: type, source, then the rest as sent.
    public var literals: [(String, TOMLEditor.Literal)] {
        keys.map { ($0.name, Self.literal($0.name, $0.value)) }
    }

    /// A whole number where the key takes one (`fingers`, `taps`, `button`), else a string.
    static func literal(_ key: String, _ value: String) -> TOMLEditor.Literal {
        ["fingers", "taps", "button"].contains(key)
            ? Int(value).map(TOMLEditor.Literal.integer) ?? .string(value) : .string(value)
    }
}

extension SettingsDocument {
    /// Adds the binding of a performed gesture at the end, named after its type, doing
    /// `action`; returns its index.
    @discardableResult
    public func addBinding(performed: PerformedGesture, action: String = "show-desktop")
        throws(TOMLEditError) -> Int
    {
        try addBinding(
            entries: performed.literals.filter { $0.0 != "type" }, type: performed.type,
            action: action)
    }
}
