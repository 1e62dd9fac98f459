import GestureActions
import GestureCore

/// One config key, declared once in `ConfigSchema`: its name, where it is written, the values it
/// takes and how they are read, what its absence means, and the line the docs show for it.
///
/// The loader reads every key through its declaration, an unknown or misplaced key is found by
/// looking the name up among them, and the key tables of docs/config.md are rendered from them
/// (a test fails when the page and the declarations differ). A key whose values or default
/// differ by gesture type (`direction`, `taps`, `threshold`, `repeat`) is declared once for each
/// typed meaning, so that each declaration reads one Swift type.
struct ConfigKey<Value: Sendable>: Sendable {
    let name: String
    let scope: KeyScope
    let domain: Domain<Value>
    let absent: Absent<Value>
    /// One line for the docs.
    let doc: String

    init(
        _ name: String, _ scope: KeyScope, _ domain: Domain<Value>, _ absent: Absent<Value>,
        doc: String
    ) {
        self.name = name
        self.scope = scope
        self.domain = domain
        self.absent = absent
        self.doc = doc
    }

    /// What an absent key stands for in a gesture of `type`; nil when absent means none.
    func fallback(for type: GestureBinding.GestureType?) -> Value? {
        switch absent {
        case .value(let v): return v
        case .byType(let values):
            guard let type, let v = values[type] else {
                preconditionFailure(
                    "\(name) declares no default for \(type.map(\.rawValue) ?? "settings")")
            }
            return v
        case .none: return nil
        case .required(_, let standIn): return standIn
        }
    }

    /// The default of a `[settings]` key.
    var defaultValue: Value {
        guard let v = fallback(for: nil) else { preconditionFailure("\(name) has no default") }
        return v
    }
}

/// Where a key is written.
enum KeyScope: Equatable, Sendable {
    case settings
    /// In `[[gesture]]` tables of these types.
    case gesture([GestureBinding.GestureType])

    static let everyGesture = KeyScope.gesture(GestureBinding.GestureType.allCases)

    var types: [GestureBinding.GestureType] {
        if case .gesture(let types) = self { types } else { [] }
    }
}

/// What a key's absence means.
enum Absent<Value: Sendable>: Sendable {
    /// This value.
    case value(Value)
    /// A value that depends on the gesture's type; every type of the key's scope has one.
    case byType([GestureBinding.GestureType: Value])
    /// No value; the docs say what that means (`every window`).
    case none(meaning: String)
    /// An error: `needs` says who needs it (`a swipe needs a direction`), and the values it takes
    /// follow. `standIn` fills the binding so that the load goes on to find the other problems;
    /// it never leaves the loader, which throws.
    case required(needs: String, standIn: Value)
}

/// The values a key takes: how they are read from TOML, and how the docs say them.
struct Domain<Value: Sendable>: Sendable {
    /// The values it takes, for the docs: `ms, 1 to 60000`, `` `in`, `out` ``.
    let text: String
    /// The words a choice takes, for messages; nil for other domains.
    let choices: [String]?
    /// A value as the docs write it.
    let show: @Sendable (Value) -> String
    /// Whether a value is one it takes: a declared default must be.
    let contains: @Sendable (Value) -> Bool
    /// The value of `key` in the reader's table, which is there; nil after reporting why not.
    let read: @Sendable (KeyReader, String) -> Value?
    /// How a form edits it, in the units it is written in (`FieldForm`).
    let form: FieldForm

    init(
        text: String, choices: [String]?, show: @escaping @Sendable (Value) -> String,
        contains: @escaping @Sendable (Value) -> Bool = { _ in true }, form: FieldForm = .text,
        read: @escaping @Sendable (KeyReader, String) -> Value?
    ) {
        self.text = text
        self.choices = choices
        self.show = show
        self.contains = contains
        self.form = form
        self.read = read
    }

    /// The same values, read as something else (degrees as radians); `back` undoes `transform`.
    func map<T>(
        _ transform: @escaping @Sendable (Value) -> T, back: @escaping @Sendable (T) -> Value
    ) -> Domain<T> {
        let (read, show, contains) = (self.read, self.show, self.contains)
        return Domain<T>(
            text: text, choices: choices, show: { show(back($0)) },
            contains: { contains(back($0)) }, form: form
        ) { r, key in
            read(r, key).map(transform)
        }
    }
}

extension Domain where Value == Double {
    /// A number in `range`, measured in `unit`; `messageUnit` follows the range in the message
    /// that a value is out of it.
    static func number(
        _ range: ClosedRange<Double>, _ unit: String, inMessages messageUnit: String? = nil
    ) -> Domain {
        Domain(
            text: "\(unit), \(format(range.lowerBound)) to \(format(range.upperBound))",
            choices: nil, show: format,
            contains: range.contains, form: .number(range, unit: unit)
        ) { r, key in
            r.number(key, in: range, unit: messageUnit)
        }
    }
}

extension Domain where Value == Int {
    static func integer(_ range: ClosedRange<Int>) -> Domain {
        Domain(
            text: "\(range.lowerBound) to \(range.upperBound)", choices: nil, show: String.init,
            contains: range.contains,
            form: .integer(range)
        ) { r, key in
            r.integer(key, in: range)
        }
    }
}

extension Domain where Value == Bool {
    static let bool = Domain(
        text: "`true` or `false`", choices: nil, show: { "`\($0)`" }, form: .toggle
    ) { r, key in r.bool(key) }
}

extension Domain where Value == String {
    static let string = Domain(text: "string", choices: nil, show: { "`\($0)`" }) { r, key in
        r.string(key)
    }
    /// `*`, `?`, `[abc]`, `[a-z]`, `[!a-z]`, case-insensitive; kept as written.
    static let glob = Domain(text: "glob", choices: nil, show: { "`\($0)`" }, form: .glob) {
        r, key in r.glob(key)
    }
}

extension Domain where Value == [String] {
    /// A name or a list of names; `what` names them in the message (`gesture names`).
    static func list(of what: String) -> Domain {
        Domain(
            text: "list of \(what)", choices: nil,
            show: { $0.isEmpty ? "none" : $0.joined(separator: ", ") }, form: .list(of: what)
        ) { r, key in
            r.stringList(key, of: what)
        }
    }
}

extension Domain where Value == [Action] {
    /// `"..."` or `["...", "..."]`, each an action string.
    static let actions = Domain(
        text: "action or list of actions", choices: nil,
        show: { $0.map { "`\($0.text)`" }.joined(separator: ", ") },
        form: .actions
    ) { r, key in
        r.actions(key)
    }
}

extension Domain where Value: Equatable {
    /// One of `values`, written as its word.
    static func choice(_ values: [(String, Value)]) -> Domain {
        let words = values.map(\.0)
        return Domain(
            text: words.map { "`\($0)`" }.joined(separator: ", "), choices: words,
            show: { v in values.first { $0.1 == v }.map { "`\($0.0)`" } ?? "" },
            form: .choice(words)
        ) { r, key in
            guard let word = r.string(key) else { return nil }
            guard let found = values.first(where: { $0.0 == word }) else {
                r.fail(key, r.notOneOf(key, word, words))
                return nil
            }
            return found.1
        }
    }
}

extension Domain
where Value: CaseIterable & RawRepresentable & Equatable, Value.RawValue == String {
    /// One of the enum's cases, written as its raw value.
    static var cases: Domain { among(Array(Value.allCases)) }

    /// One of `values`, each written as its raw value.
    static func among(_ values: [Value]) -> Domain { choice(values.map { ($0.rawValue, $0) }) }
}

extension ConfigKey {
    /// The declared defaults that are not values the key takes.
    func defaultProblems() -> [String] {
        let defaults: [Value]
        switch absent {
        case .value(let v): defaults = [v]
        case .byType(let values):
            let missing = scope.types.filter { values[$0] == nil }
            if !missing.isEmpty {
                return ["no default for \(missing.map(\.rawValue).joined(separator: ", "))"]
            }
            defaults = Array(values.values)
        case .none, .required: defaults = []
        }
        return defaults.filter { !domain.contains($0) }.map {
            "the default \(domain.show($0)) is not \(domain.text)"
        }
    }
}
