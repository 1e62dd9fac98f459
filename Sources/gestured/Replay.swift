import GestureCommandLine
import GestureConfig
import GestureTrace
import Glibc

struct ReplayCommand: GesturedCommand {
    static let command = CommandTable.replay
    let parsed: ParsedCommand

    func run() {
        let options = ConfigOption(parsed)
        let decisions = parsed[CommandTable.decisions]
        let traces = parsed[CommandTable.traces]
        let config: Config
        do { config = try options.load() } catch { CLIError.exit(error) }
        let replay = Replay(config: config, options: .init(decisions: decisions)) {
            Descriptor.write(STDOUT_FILENO, UnsafeRawBufferPointer($0))
        }
        replay.skipped = { Descriptor.write(STDERR_FILENO, "\($0) (skipped)\n") }
        replay.noted = { Descriptor.write(STDERR_FILENO, "\($0)\n") }
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
                CLIError.exit(
                    CLIError(
                        "\(path): cannot read the trace (\(ConfigFiles.reason(failure).rawValue))"))
            }
        }
    }
}
