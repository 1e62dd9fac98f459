import Glibc
import GestureCommandLine
import GestureConfig

struct Record: GesturedCommand {
    static let command = CommandTable.record
    let parsed: ParsedCommand

    func run() {
        let options = ConfigOption(parsed), daemon = DaemonOptions(parsed), file = parsed[CommandTable.recordFile]
        let config: Config
        do { config = try options.load() } catch { CLIError.exit(error) }
        let fd: Int32
        if file == "-" {
            fd = STDOUT_FILENO
        } else {
            switch NewFile.create(file) {
            case .success(let created): fd = created
            case .failure(.exists): CLIError.exit(CLIError("\(file): already exists; gestured record never overwrites a file"))
            case .failure(.cannot(let why)): CLIError.exit(CLIError("\(file): cannot write: \(why)"))
            }
        }
        // A reader of standard output that falls behind loses events, never holds the daemon
        // up: the trace says where, in a comment.
        let out = NonBlockingOutput(fd, capacity: Record.capacity) { dropped in
            "# \(dropped) event\(dropped == 1 ? " was" : "s were") dropped here: the output was not read\n"
        }
        let (log, logOutput) = daemon.logger()
        let d: Daemon
        do {
            d = try Daemon(config: config, displayName: daemon.display,
                           options: .init(dryRun: true, record: out, configPath: options.path, outputs: [logOutput]), log: log)
        } catch {
            // Nothing was recorded: leave no empty file that the next `record` would refuse.
            if file != "-" {
                close(fd)
                unlink(file)
            }
            CLIError.exit(CLIError("gestured: \(error)"))
        }
        let code = d.run()
        if fd != STDOUT_FILENO { close(fd) }
        Glibc.exit(code)
    }

    /// The bytes of trace lines that may wait for a reader that is behind: some thousands of
    /// events.
    static let capacity = 1 << 20
}
