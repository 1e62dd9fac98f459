import GestureCommandLine
import Glibc

@main
enum Gestured {
    static func main() {
        /// What runs each command of `CommandTable.program`.
        let commands: [any GesturedCommand.Type] = [
            Run.self, Check.self, ReplayCommand.self, Learn.self, Record.self, Devices.self,
            Doctor.self, Init.self, Import.self,
        ]
        switch CommandTable.program.parse(Array(CommandLine.arguments.dropFirst())) {
        case .run(let parsed):
            guard let command = commands.first(where: { $0.command == parsed.command }) else {
                preconditionFailure("gestured \(parsed.command.name) has nothing to run it")
            }
            command.init(parsed: parsed).run()
        case .output(let text):
            Descriptor.write(STDOUT_FILENO, text)
        case .writeManual(let folder):
            writeManual(to: folder)
        case .usageError(let text):
            Descriptor.write(STDERR_FILENO, text)
            exit(Program.usageExitStatus)
        }
    }

    /// `--generate-manual FOLDER`: the man pages, written over any that are there: the program's
    /// and each command's (section 1), and the config's (`gestured.toml.5`).
    static func writeManual(to folder: String) {
        if let code = Path.makeFolders(folder, mode: 0o755) {
            CLIError.exit(
                CLIError("\(folder): cannot create the folder: \(String(cString: strerror(code)))"))
        }
        // The config's page, section 5, beside the commands' pages: the package moves it to man5.
        for page in CommandTable.program.manualPages() + [ConfigManual.page] {
            let path = folder + "/" + page.file
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            var failed = fd < 0 ? errno : Descriptor.write(fd, page.text)
            if fd >= 0 && close(fd) != 0 { failed = failed ?? errno }
            if let failed {
                CLIError.exit(
                    CLIError(
                        "\(path): cannot write the man page: \(String(cString: strerror(failed)))"))
            }
        }
    }
}

/// A command of the table and what it does, with the values its line gave
/// (`parsed[CommandTable.dryRun]`).
protocol GesturedCommand {
    static var command: Command { get }
    init(parsed: ParsedCommand)
    func run()
}
