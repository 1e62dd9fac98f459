import ArgumentParser
import Glibc
import GestureConfig
import Logging

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the gesture daemon on the X display (the default command).")

    @OptionGroup var options: ConfigOption
    @OptionGroup var daemon: DaemonOptions

    @Flag(name: .long, help: "Recognize and log, but perform no action.")
    var dryRun = false

    @Flag(name: .long, help: "Show the debug overlay: touches, strokes, recognizer states and actions, drawn over the screen.")
    var overlay = false

    func run() throws {
        let config: Config
        do { config = try options.load() } catch let e as CLIError { CLIError.exit(e) }
        let log = daemon.logger()
        do {
            let d = try Daemon(config: config, displayName: daemon.display, options: .init(dryRun: dryRun, configPath: options.path, overlay: overlay), log: log)
            Glibc.exit(d.run())
        } catch {
            CLIError.exit(CLIError("gestured: \(error)"))
        }
    }
}

/// Options every command that talks to the X server takes.
struct DaemonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The X display (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(name: .long, help: "error, warn, info, debug or trace.")
    var logLevel: LogLevel = .info

    enum LogLevel: String, ExpressibleByArgument, CaseIterable {
        case error, warn, info, debug, trace
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

    func logger() -> Logger {
        var log = Logger(label: "gestured") { label in StreamLogHandler.standardError(label: label) }
        log.logLevel = logLevel.level
        return log
    }
}
