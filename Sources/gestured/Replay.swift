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
        let replay = Replay(config: config, options: .init(decisions: decisions)) { ReplayIO.write($0) }
        for path in traces {
            let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
            var unreadable = fd < 0
            do throws(TraceError) {
                if !unreadable {
                    try replay.run(file: path == "-" ? "<stdin>" : path) { buffer in
                        let count = ReplayIO.read(fd, into: buffer)
                        if count < 0 { unreadable = true }
                        return max(count, 0)
                    }
                }
            } catch {
                CLIError.exit(CLIError(error.description))
            }
            if fd > STDIN_FILENO { close(fd) }
            if unreadable {
                CLIError.exit(CLIError("\(path): cannot read the trace (\(access(path, F_OK) == 0 ? "permission denied" : "no such file"))"))
            }
        }
    }
}

/// Replay's trace input and standard output: large writes and reads of the file descriptors
/// themselves, retried when a signal interrupts them.
enum ReplayIO {
    static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            done += n
        }
    }

    /// Fills `buffer` as far as the input goes; 0 at its end, -1 when it cannot be read.
    static func read(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var done = 0
        while done < buffer.count {
            let n = Glibc.read(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return done > 0 ? done : -1
            }
            if n == 0 { break }
            done += n
        }
        return done
    }
}
