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
        let out = OutputBuffer()
        let replay = Replay(config: config, options: .init(decisions: decisions)) { out.write($0) }
        for path in traces {
            let text: String
            if path == "-" {
                text = String(decoding: Descriptor.readAll(0), as: UTF8.self)
            } else {
                let data: [UInt8]
                switch ConfigFiles.readBytes(path) {
                case .success(let bytes): data = bytes
                case .failure(let why):
                    out.flush()
                    CLIError.exit(CLIError("\(path): cannot read the trace (\(why.rawValue))"))
                }
                text = String(decoding: data, as: UTF8.self)
            }
            do throws(TraceError) {
                try replay.run(file: path == "-" ? "<stdin>" : path, text: text)
            } catch {
                out.flush()
                CLIError.exit(CLIError(error.description))
            }
        }
        out.flush()
    }
}

/// Buffered stdout: replay prints many short lines.
final class OutputBuffer {
    private var buffer = ""

    func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    func flush() {
        Descriptor.write(1, buffer.utf8)
        buffer = ""
    }
}
