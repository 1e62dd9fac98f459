/// One option or flag of a command, declared once; `Value` is what a parse gives back for it
/// (`parsed[CommandTable.dryRun]` is a `Bool`), so that no command reads a string again.
public struct Option<Value>: AnyOption, Sendable {
    public let spec: OptionSpec
    /// The typed value from the texts given, in order (one empty text per flag given). The
    /// parser has checked them against `spec` before.
    let read: @Sendable ([String]) -> Value
}

/// What the parser, the help, the completion scripts and the man pages need of an option,
/// whatever its value's type.
public struct OptionSpec: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case flag
        /// Takes a value: `--name VALUE` or `--name=VALUE`; repeatable ones keep every value,
        /// the others the last one given.
        case value(
            valueName: String, completion: ValueCompletion, defaultValue: String?, repeatable: Bool)
    }

    /// Without its dashes: `log-level`.
    public let long: String
    public let short: Character?
    public let help: String
    public let kind: Kind
    /// Left out of help, completions and man pages (`--generate-manual`).
    public let isHidden: Bool

    public var flags: [String] { (short.map { ["-\($0)"] } ?? []) + ["--\(long)"] }
}

/// What a shell may offer for a value: nothing in particular, file names, or a fixed list
/// (which the parser also enforces).
public enum ValueCompletion: Equatable, Sendable {
    case none, files
    case choices([String])
}

/// An option of any value type, as a command's table lists them.
public protocol AnyOption: Sendable {
    var spec: OptionSpec { get }
}

extension Option where Value == Bool {
    public static func flag(
        _ long: String, short: Character? = nil, help: String, hidden: Bool = false
    ) -> Option {
        Option(
            spec: OptionSpec(long: long, short: short, help: help, kind: .flag, isHidden: hidden)
        ) { !$0.isEmpty }
    }
}

extension Option where Value == String? {
    /// An option whose last value wins; nil when it is not given.
    public static func value(
        _ long: String, short: Character? = nil, valueName: String,
        completion: ValueCompletion = .none,
        help: String, hidden: Bool = false
    ) -> Option {
        let kind = OptionSpec.Kind.value(
            valueName: valueName, completion: completion, defaultValue: nil, repeatable: false)
        return Option(
            spec: OptionSpec(long: long, short: short, help: help, kind: kind, isHidden: hidden)
        ) { $0.last }
    }
}

extension Option where Value == [String] {
    /// An option that may be given many times; every value, in order.
    public static func repeatable(
        _ long: String, short: Character? = nil, valueName: String,
        completion: ValueCompletion = .none,
        help: String
    ) -> Option {
        let kind = OptionSpec.Kind.value(
            valueName: valueName, completion: completion, defaultValue: nil, repeatable: true)
        return Option(
            spec: OptionSpec(long: long, short: short, help: help, kind: kind, isHidden: false)
        ) { $0 }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the cases' raw values, `defaultValue` when not given; the last one given wins.
    public static func choice(
        _ long: String, valueName: String? = nil, default defaultValue: Value, help: String
    ) -> Option {
        let kind = OptionSpec.Kind.value(
            valueName: valueName ?? long, completion: .choices(Value.allCases.map(\.rawValue)),
            defaultValue: defaultValue.rawValue, repeatable: false)
        return Option(
            spec: OptionSpec(long: long, short: nil, help: help, kind: kind, isHidden: false)
        ) { given in
            given.last.flatMap(Value.init(rawValue:)) ?? defaultValue
        }
    }
}
