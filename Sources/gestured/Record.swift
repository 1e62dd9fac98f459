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
        let out: UnsafeMutablePointer<FILE>
        if file == "-" {
            out = fdopen(1, "w")
        } else {
            switch NewFile.create(file) {
            case .success(let fd): out = fdopen(fd, "w")
            case .failure(.exists): CLIError.exit(CLIError("\(file): already exists; gestured record never overwrites a file"))
            case .failure(.cannot(let why)): CLIError.exit(CLIError("\(file): cannot write: \(why)"))
            }
        }
        let d: Daemon
        do {
            d = try Daemon(config: config, displayName: daemon.display, options: .init(dryRun: true, record: out, configPath: options.path),
                           log: daemon.logger())
        } catch {
            // Nothing was recorded: leave no empty file that the next `record` would refuse.
            if file != "-" {
                fclose(out)
                unlink(file)
            }
            CLIError.exit(CLIError("gestured: \(error)"))
        }
        let code = d.run()
        fclose(out)
        Glibc.exit(code)
    }
}
