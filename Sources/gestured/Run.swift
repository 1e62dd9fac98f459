import Glibc
import GestureCommandLine
import GestureConfig
import Logging

struct Run: GesturedCommand {
    static let command = CommandTable.run
    let parsed: ParsedCommand

    func run() {
        let options = ConfigOption(parsed), daemon = DaemonOptions(parsed)
        let dryRun = parsed[CommandTable.dryRun], overlay = parsed[CommandTable.overlay]
        let config: Config
        do { config = try options.load() } catch { CLIError.exit(error) }
        let log = daemon.logger()
        do {
            let d = try Daemon(config: config, displayName: daemon.display, options: .init(dryRun: dryRun, configPath: options.path, overlay: overlay), log: log)
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
    /// systemd), with a timestamp and level of their own otherwise.
    func logger() -> Logger {
        let journal = JournalLogHandler.standardErrorIsTheJournal()
        var log = Logger(label: "gestured") { label in
            journal ? JournalLogHandler() as any LogHandler : StreamLogHandler.standardError(label: label)
        }
        log.logLevel = logLevel.level
        return log
    }
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
