import ArgumentParser
import Foundation
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
            guard !FileManager.default.fileExists(atPath: file) else {
                CLIError.exit(CLIError("\(file): already exists; gestured record never overwrites a file"))
            }
            guard let f = fopen(file, "w") else { CLIError.exit(CLIError("\(file): cannot write: \(String(cString: strerror(errno)))")) }
            out = f
        }
        do {
            let d = try Daemon(config: config, displayName: daemon.display, options: .init(dryRun: true, record: out, configPath: options.path),
                               log: daemon.logger())
            let code = d.run()
            fclose(out)
            Foundation.exit(code)
        } catch {
            CLIError.exit(CLIError("gestured: \(error)"))
        }
    }
}
