import Glibc
import Logging

/// Log lines for the systemd journal: a syslog priority prefix (`<4>` for a warning) and no
/// timestamp or level of their own, since the journal adds both; so that
/// `journalctl --user -u gestured -p warning` shows the warnings and errors only.
struct JournalLogHandler: LineLogHandler {
    var logLevel: Logger.Level = .info
    var metadata = Logger.Metadata()
    let stream: any TextOutputStream & Sendable

    func line(_ message: Logger.Message, level: Logger.Level) -> String {
        "<\(Self.priority(level))>\(message)"
    }

    /// syslog(3)'s priorities, as sd-daemon(3) reads them from the start of a line.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: return 2
        case .error: return 3
        case .warning: return 4
        case .notice: return 5
        case .info: return 6
        case .debug, .trace: return 7
        }
    }

    /// Whether standard error is the journal's stream: systemd sets JOURNAL_STREAM to the
    /// device and inode of the stream it connects, and a child whose standard error was
    /// redirected elsewhere inherits the variable but not the stream (systemd.exec(5)).
    static func standardErrorIsTheJournal(
        _ value: String? = getenv("JOURNAL_STREAM").map { String(cString: $0) }
    ) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else {
            return false
        }
        var s = stat()
        guard fstat(STDERR_FILENO, &s) == 0 else { return false }
        return UInt64(s.st_dev) == device && UInt64(s.st_ino) == inode
    }
}

/// A log handler that writes each event as one line to a stream: the line's head and message
/// (`line`), then the metadata as `key=value`, sorted.
protocol LineLogHandler: LogHandler {
    /// Where the lines go: standard error, through a `NonBlockingOutput`.
    var stream: any TextOutputStream & Sendable { get }
    /// The line without its metadata and line end.
    func line(_ message: Logger.Message, level: Logger.Level) -> String
}

extension LineLogHandler {
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        let suffix =
            fields.isEmpty
            ? ""
            : " "
                + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: " ")
        var stream = stream
        stream.write(line(event.message, level: event.level) + suffix + "\n")
    }
}
