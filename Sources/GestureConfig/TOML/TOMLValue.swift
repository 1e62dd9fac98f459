/// One TOML value and where it is written.
public struct TOMLValue: Sendable {
    public enum Kind: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        /// An offset or local date-time, a local date or a local time, kept as written (it has
        /// been checked: the month has that day, the hour exists).
        case datetime(String)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public let kind: Kind
    /// Where the value starts: its first quote, digit or sign, its `[` or `{`; for a table made
    /// by a header, the header's `[`; for an array of tables, the first `[[`.
    public let position: TOMLPosition

    public init(_ kind: Kind, at position: TOMLPosition) {
        self.kind = kind
        self.position = position
    }

    public var string: String? {
        if case .string(let s) = kind { s } else { nil }
    }

    public var int: Int? {
        if case .integer(let n) = kind { n } else { nil }
    }

    /// Floats only: an integer is not silently a float (the loader asks for either where both do).
    public var double: Double? {
        if case .float(let x) = kind { x } else { nil }
    }

    public var bool: Bool? {
        if case .bool(let b) = kind { b } else { nil }
    }

    public var datetime: String? {
        if case .datetime(let s) = kind { s } else { nil }
    }

    public var array: [TOMLValue]? {
        if case .array(let a) = kind { a } else { nil }
    }

    public var table: TOMLTable? {
        if case .table(let t) = kind { t } else { nil }
    }
}
