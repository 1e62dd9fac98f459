import ArgumentParser
import Glibc
import GestureReplay
import GestureTrace
import GestureConfig

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run traces through the gesture engine and print what it recognizes, as JSON Lines.",
        discussion: "Never performs an action: it prints the actions that would fire.")

    @OptionGroup var options: ConfigOption

    @Flag(name: .long, help: "Also print one line per touch decision (accept or reject).")
    var decisions = false

    @Argument(help: ArgumentHelp("Trace files in the trace format (docs/trace-format.md); - for stdin.", valueName: "trace"))
    var traces: [String]

    func validate() throws {
        if traces.isEmpty { throw ValidationError("give at least one trace file, or - for stdin") }
    }

    func run() throws {
        let config: Config
        do { config = try options.load() } catch let e as CLIError { CLIError.exit(e) }
        let replay = Replay(config: config, options: .init(decisions: decisions)) { Descriptor.write(STDOUT_FILENO, UnsafeRawBufferPointer($0)) }
        for path in traces {
            let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
            var failure: Int32? = fd < 0 ? errno : nil
            do throws(TraceError) {
                if failure == nil {
                    try replay.run(file: path == "-" ? "<stdin>" : path) { buffer in
                        let count = Descriptor.read(fd, into: UnsafeMutableRawBufferPointer(buffer))
                        if count < 0 { failure = errno }
                        return max(count, 0)
                    }
                }
            } catch {
                CLIError.exit(CLIError(error.description))
            }
            if fd > STDIN_FILENO { close(fd) }
            if let failure {
                CLIError.exit(CLIError("\(path): cannot read the trace (\(ConfigFiles.reason(failure).rawValue))"))
            }
        }
    }
}
