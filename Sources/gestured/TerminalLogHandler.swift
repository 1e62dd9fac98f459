import Glibc
import Logging

/// Log lines for a terminal or a file: `2026-11-29T01:02:03+0000 info gestured: ready on :0 ...`,
/// the time, the level and the program, then the message; under systemd `JournalLogHandler`
/// writes them instead.
struct TerminalLogHandler: LineLogHandler {
    var logLevel: Logger.Level = .info
    var metadata = Logger.Metadata()
    let label: String
    let stream: any TextOutputStream & Sendable

    func line(_ message: Logger.Message, level: Logger.Level) -> String {
        "\(Self.timestamp()) \(level) \(label): \(message)"
    }

    /// Now, local time, as ISO 8601 with its offset from UTC.
    static func timestamp() -> String {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
