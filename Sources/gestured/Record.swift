import ArgumentParser
import Glibc
import GestureConfig

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the daemon without performing actions, writing what it sees as a trace.",
        discussion: "`gestured replay` on the file reproduces what the daemon recognized.")

    @OptionGroup var options: ConfigOption
    @OptionGroup var daemon: DaemonOptions

    @Argument(help: ArgumentHelp("The trace file to write (never overwritten); - for stdout.", valueName: "file"))
    var file: String

    func run() throws {
        let config: Config
        do { config = try options.load() } catch let e as CLIError { CLIError.exit(e) }
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
