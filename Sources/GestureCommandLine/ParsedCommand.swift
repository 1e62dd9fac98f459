/// A command line that parsed: the command and what was given for its options and arguments,
/// read back typed through their declarations.
public struct ParsedCommand: Equatable, Sendable {
    public let command: Command
    /// Every text given for an option, by long name, in order (an empty one for each flag).
    let options: [String: [String]]
    /// The words each argument took, by name.
    let arguments: [String: [String]]

    public subscript<Value>(option: Option<Value>) -> Value {
        precondition(
            command.options.contains(option.spec),
            "\(command.name) has no option --\(option.spec.long)")
        return option.read(options[option.spec.long] ?? [])
    }

    public subscript<Value>(argument: Argument<Value>) -> Value {
        precondition(
            command.arguments.contains(argument.spec),
            "\(command.name) has no argument <\(argument.spec.name)>")
        return argument.read(arguments[argument.spec.name] ?? [])
    }
}
