import GestureCommandLine
import GestureConfig
import GestureStream
import GestureX11
import Glibc

struct Record: GesturedCommand {
    static let command = CommandTable.record
    let parsed: ParsedCommand

    func run() {
        let options = ConfigOption(parsed)
        let daemon = DaemonOptions(parsed)
        let file = parsed[CommandTable.recordFile]
        let config: Config
        do { config = try options.load() } catch { CLIError.exit(error) }
        let fd: Int32
        if file == "-" {
            fd = STDOUT_FILENO
        } else {
            switch NewFile.create(file) {
            case .success(let created): fd = created
            case .failure(.exists):
                CLIError.exit(
                    CLIError("\(file): already exists; gestured record never overwrites a file"))
            case .failure(.cannot(let why)):
                CLIError.exit(CLIError("\(file): cannot write: \(why)"))
            }
        }
        // A reader of standard output that falls behind loses events, never holds the daemon
        // up: the trace says where, in a comment.
        let out = NonBlockingOutput(fd, capacity: Record.capacity) { dropped in
            "# \(dropped) event\(dropped == 1 ? " was" : "s were") dropped here: the output was not read\n"
        }
        let (log, logOutput) = daemon.logger()
        let d: Daemon
        do {
            d = try Daemon(
                config: config, displayName: daemon.display,
                options: .init(
                    dryRun: true, record: out, configPath: options.path, outputs: [logOutput]),
                log: log)
        } catch {
            if error is SingleInstance.AlreadyRunning,
                let code = Record.throughTheRunningDaemon(display: daemon.display, into: fd)
            {
                if fd != STDOUT_FILENO { close(fd) }
                Glibc.exit(code)
            }
            // Nothing was recorded: leave no empty file that the next `record` would refuse.
            if file != "-" {
                close(fd)
                unlink(file)
            }
            CLIError.exit(CLIError("gestured: \(error)"))
        }
        let code = d.run()
        if fd != STDOUT_FILENO { close(fd) }
        Glibc.exit(code)
    }

    /// The bytes of trace lines that may wait for a reader that is behind: some thousands of
    /// events.
    static let capacity = 1 << 20

    /// Records through the daemon that runs on the display (`RecordHandOff`), into `fd`, until
    /// the daemon ends or this process is stopped; the exit code, or nil when that daemon
    /// cannot be asked (another user's, or one that does not answer), said on standard error.
    static func throughTheRunningDaemon(display: String?, into fd: Int32) -> Int32? {
        guard let x = try? XConnection(name: display), let facts = SingleInstance.running(x) ?? nil
        else {
            Descriptor.write(
                STDERR_FILENO,
                "gestured record: the daemon running on this display does not say its process\n")
            return nil
        }
        let pid = pid_t(facts.pid)
        let folder = RecordHandOff.folder()
        do throws(StreamError) {
            try GesturedStream.makePrivate(folder, for: .file(folder + "/record"))
        } catch {
            Descriptor.write(STDERR_FILENO, "gestured record: \(error)\n")
            return nil
        }
        let fifo = folder + "/" + RecordHandOff.name(daemon: pid, recorder: getpid())
        unlink(fifo)
        guard mkfifo(fifo, 0o600) == 0 else {
            Descriptor.write(
                STDERR_FILENO,
                "gestured record: cannot make \(fifo): \(String(cString: strerror(errno)))\n")
            return nil
        }
        defer { unlink(fifo) }
        let input = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { return nil }
        defer { close(input) }
        guard kill(pid, SIGUSR1) == 0 else {
            Descriptor.write(
                STDERR_FILENO,
                "gestured record: cannot ask the daemon running on \(x.name) (pid \(pid)): \(String(cString: strerror(errno)))\n"
            )
            return nil
        }
        // The daemon opens the FIFO and writes the trace's header at once.
        var first = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&first, 1, 5_000) > 0 else {
            Descriptor.write(
                STDERR_FILENO,
                "gestured record: the daemon running on \(x.name) (pid \(pid)) did not answer within 5 s\n"
            )
            return nil
        }
        Descriptor.write(
            STDERR_FILENO,
            "gestured record: recording through the daemon running on \(x.name) (pid \(pid)), "
                + "which performs no actions until this stops (Ctrl-C)\n")
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // What the daemon wrote, as it comes: Ctrl-C ends this process with all of it kept.
            let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            if buffer.withUnsafeBytes({
                Descriptor.write(fd, UnsafeRawBufferPointer(rebasing: $0[..<n]))
            }) != nil {
                return 1
            }
        }
        Descriptor.write(
            STDERR_FILENO, "gestured record: the daemon stopped; the trace ends here\n")
        return 0
    }
}
