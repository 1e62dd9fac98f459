/// One positional argument of a command, declared once; `Value` is what a parse gives back.
/// A single argument takes one word, a list every word left (one at least), so a list can only
/// come last; an optional one may be left out, so only optional ones may follow it. One with
/// choices takes only those words.
public struct Argument<Value>: AnyArgument, Sendable {
    public let spec: ArgumentSpec
    let read: @Sendable ([String]) -> Value
}

public struct ArgumentSpec: Equatable, Sendable {
    /// As usage shows it: `<trace>`.
    public let name: String
    public let help: String
    public let completion: ValueCompletion
    public let isList: Bool
    public var isOptional = false

    /// `<trace>`, `<trace> ...` for a list, `[<file>]` for an optional one.
    public var usage: String { isOptional ? "[<\(name)>]" : "<\(name)>" + (isList ? " ..." : "") }
}

/// An argument of any value type, as a command's table lists them.
public protocol AnyArgument: Sendable {
    var spec: ArgumentSpec { get }
}

extension Argument where Value == String {
    public static func single(_ name: String, completion: ValueCompletion = .none, help: String)
        -> Argument
    {
        Argument(spec: ArgumentSpec(name: name, help: help, completion: completion, isList: false))
        { $0[0] }
    }
}

extension Argument where Value == String? {
    /// An argument that may be left out: nil then.
    public static func optional(_ name: String, completion: ValueCompletion = .none, help: String)
        -> Argument
    {
        var spec = ArgumentSpec(name: name, help: help, completion: completion, isList: false)
        spec.isOptional = true
        return Argument(spec: spec) { $0.first }
    }
}

extension Argument where Value == [String] {
    public static func list(_ name: String, completion: ValueCompletion = .none, help: String)
        -> Argument
    {
        Argument(spec: ArgumentSpec(name: name, help: help, completion: completion, isList: true)) {
            $0
        }
    }
}
