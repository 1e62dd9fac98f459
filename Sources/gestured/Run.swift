import GestureCommandLine
import GestureConfig
import Glibc
import Logging

struct Run: GesturedCommand {
    static let command = CommandTable.run
    let parsed: ParsedCommand

    func run() {
        let options = ConfigOption(parsed)
        let daemon = DaemonOptions(parsed)
        let dryRun = parsed[CommandTable.dryRun]
        let overlay = parsed[CommandTable.overlay]
        let file: ConfigFile
        do { file = try options.loadFile() } catch { CLIError.exit(error) }
        let (log, output) = daemon.logger()
        do {
            let d = try Daemon(
                config: file.config, displayName: daemon.display,
                options: .init(
                    dryRun: dryRun, configPath: options.path, execRefusal: file.execRefusal,
                    overlay: overlay,
                    outputs: [output]), log: log)
            Glibc.exit(d.run())
        } catch {
            CLIError.exit(CLIError("gestured: \(error)"))
        }
    }
}

/// `--display` and `--log-level`: every command that talks to the X server takes them.
struct DaemonOptions {
    let display: String?
    let logLevel: LogLevel

    init(_ parsed: ParsedCommand) {
        display = parsed[CommandTable.display]
        logLevel = parsed[CommandTable.logLevel]
    }

    /// Lines on standard error: for the journal when it is the journal's stream (under
    /// systemd), with a timestamp and level of their own otherwise. They go through `output`,
    /// which never makes the daemon wait for the reader: the run loop polls it.
    func logger() -> (log: Logger, output: NonBlockingOutput) {
        let journal = JournalLogHandler.standardErrorIsTheJournal()
        let level = logLevel.level
        @Sendable func logger(to stream: any TextOutputStream & Sendable) -> Logger {
            var log = Logger(label: "gestured") { label in
                journal
                    ? JournalLogHandler(stream: stream) as any LogHandler
                    : TerminalLogHandler(label: label, stream: stream)
            }
            log.logLevel = level
            return log
        }
        let output = NonBlockingOutput(STDERR_FILENO, capacity: DaemonOptions.logCapacity) {
            dropped in
            let text = LogText()
            logger(to: text).warning(
                "\(dropped) log line\(dropped == 1 ? " was" : "s were") dropped: standard error was not read"
            )
            return text.text
        }
        return (logger(to: output), output)
    }

    /// The bytes of log lines that may wait for a reader that is behind: some hundreds of lines.
    static let logCapacity = 64 << 10
}

/// A log line put into words, kept instead of written.
private final class LogText: TextOutputStream, @unchecked Sendable {
    var text = ""
    func write(_ string: String) { text += string }
}

extension LogLevel {
    var level: Logger.Level {
        switch self {
        case .error: return .error
        case .warn: return .warning
        case .info: return .info
        case .debug: return .debug
        case .trace: return .trace
        }
    }
}
