import CXInput2
import Glibc

/// X protocol errors are logged with their cause and never end the daemon; losing the
/// connection ends it with a message and a non-zero exit, instead of hanging.
public enum XErrors {
    /// Where error lines go; the daemon points it at its log.
    nonisolated(unsafe) public static var log: (String) -> Void = { line in
        FileHandleLite.stderr("gestured: \(line)\n")
    }
    /// Errors since the last `take()`, so that set-up can report what failed: the newest
    /// `recentKept`, since errors at run time are never taken.
    nonisolated(unsafe) private static var recent: [(request: UInt8, minor: UInt8, code: UInt8)] =
        []
    static let recentKept = 64

    /// Set while gestured looks at windows that may be gone by the time it asks.
    nonisolated(unsafe) private static var silencingBadWindow = false

    /// Runs `body` with BadWindow errors silenced: a window under a touch can be destroyed
    /// before gestured reads it, and that is no error of anyone's. Calls may nest.
    static func windowsMayVanish<T>(_ body: () -> T) -> T {
        let outer = silencingBadWindow
        silencingBadWindow = true
        defer { silencingBadWindow = outer }
        return body()
    }

    static func install() {
        XSetErrorHandler { display, event in
            guard let display, let e = event?.pointee else { return 0 }
            if XErrors.silencingBadWindow && e.error_code == BadWindow { return 0 }
            var buffer = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(e.error_code), &buffer, Int32(buffer.count))
            let text = String(
                decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Only set-up asks for them (`take`): the newest few are all it needs.
            if XErrors.recent.count == XErrors.recentKept { XErrors.recent.removeFirst() }
            XErrors.recent.append((e.request_code, e.minor_code, e.error_code))
            XErrors.log(
                "X error: \(text) (request \(e.request_code).\(e.minor_code), resource 0x\(String(e.resourceid, radix: 16)))"
            )
            return 0
        }
        XSetIOErrorHandler { _ in XErrors.lostConnection() }
    }

    /// Says that a connection is gone, and what was let go of, before the process exits 3;
    /// the daemon points it at its log, which it then writes out as far as its reader takes it.
    /// The default writes to standard error without waiting.
    nonisolated(unsafe) public static var lastWords: (_ news: String?) -> Void = { news in
        FileHandleLite.stderrWithoutWaiting(
            "gestured: lost the connection to the X server; exiting\n"
                + (news.map { "gestured: \($0)\n" } ?? ""))
    }

    /// A connection is gone (Xlib found it in a round trip, or the event reader as it read):
    /// lets go of the buttons any connection held through XTest, over a fresh connection, says
    /// so (`lastWords`), and exits. The buttons go first: a log nobody reads must not keep a
    /// button down.
    static func lostConnection() -> Never {
        let news = HeldButtons.letGoOfAllAfterLoss()
        lastWords(news)
        exit(3)
    }

    /// The errors recorded since the last call.
    static func take() -> [(request: UInt8, minor: UInt8, code: UInt8)] {
        defer { recent.removeAll() }
        return recent
    }
}

/// Writing to stderr without Foundation, safe in error handlers.
public enum FileHandleLite {
    static func stderr(_ s: String) { write(s, to: 2) }

    static func write(_ s: String, to fd: Int32) {
        var s = s
        s.withUTF8 { buf in _ = Glibc.write(fd, buf.baseAddress, buf.count) }
    }

    /// Writes `s` to standard error without waiting for a reader that is behind: a pipe, FIFO
    /// or terminal through a description of its own opened without blocking (fd 2's flags are
    /// the shell's too), a socket with MSG_DONTWAIT, and a regular file as it is, through fd 2
    /// itself, whose description keeps the offset and the O_APPEND it was opened with.
    public static func stderrWithoutWaiting(_ s: String) {
        var st = stat()
        guard fstat(2, &st) == 0 else { return }
        var s = s
        s.withUTF8 { buf in
            switch st.st_mode & S_IFMT {
            case S_IFSOCK:
                _ = send(2, buf.baseAddress, buf.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
            case S_IFIFO, S_IFCHR:
                let fd = open("/proc/self/fd/2", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                guard fd >= 0 else { return }
                _ = Glibc.write(fd, buf.baseAddress, buf.count)
                close(fd)
            default:
                _ = Glibc.write(2, buf.baseAddress, buf.count)
            }
        }
    }
}
