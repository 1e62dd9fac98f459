import ArgumentParser

@main
struct Gestured: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestured",
        abstract: "Gestures for X11 desktops: touchscreen, touchpad and pointer strokes.",
        subcommands: [Run.self, Check.self, ReplayCommand.self, Learn.self, Record.self, Devices.self, Init.self],
        defaultSubcommand: Run.self
    )
}
