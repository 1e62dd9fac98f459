import GestureX11
import Glibc
import Synchronization

/// Lines to a descriptor that never block the writer: what the reader has no room for yet
/// waits in a bounded buffer, which the run loop writes on when the descriptor is writable
/// (`pollDescriptor`, `flush`); past the bound, lines are dropped and counted, and once the
/// reader has caught up a notice says how many (`notice`) before the next line. The daemon's
/// log and `record -` write through one each: a terminal that is paused or a pipe nobody
/// reads would otherwise stop the daemon in write(2) with its grabs held, and with SA_RESTART
/// not even SIGTERM would end it.
///
/// The descriptor itself is left blocking, since the processes that share it (the shell, the
/// commands gestured runs) expect it so: a pipe, a FIFO or a terminal is opened again, through
/// /proc, as a description of gestured's own with O_NONBLOCK; a socket (the journal's stream)
/// is sent to with MSG_DONTWAIT; a regular file is written as it is (a write there never waits
/// for a reader, and opening it again would lose its offset).
final class NonBlockingOutput: TextOutputStream, Sendable {
    /// How many bytes may wait for the reader.
    let capacity: Int
    private let state: Mutex<State>
    /// The notice for `n` lines dropped, written before the first line that follows them.
    private let notice: @Sendable (Int) -> String

    private struct State {
        /// How a write is kept from waiting: a description of gestured's own with O_NONBLOCK,
        /// MSG_DONTWAIT, nothing (a regular file), or a poll before each write of at most
        /// PIPE_BUF bytes (a pipe or terminal when /proc cannot open it again).
        enum Kind { case reopened, socket, file, polled }
        var fd: Int32
        var kind: Kind
        /// Bytes written by nobody yet, from `start` on.
        var queue: [UInt8] = []
        var start = 0
        /// Lines dropped since the reader last caught up.
        var dropped = 0
        /// The reader is gone (EPIPE, or a FIFO with no reader): every line is dropped.
        var gone = false
        var waiting: Int { queue.count - start }
    }

    /// Writes to `fd`, opened again without blocking when it is a pipe or a terminal. `owning`:
    /// the descriptor is the output's own, closed once opened again, and by `close()`.
    init(
        _ fd: Int32, capacity: Int, owning: Bool = false,
        notice: @escaping @Sendable (Int) -> String
    ) {
        self.capacity = capacity
        self.notice = notice
        var st = stat()
        var state = State(fd: fd, kind: .file)
        if fstat(fd, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFSOCK:
                state.kind = .socket
            case S_IFIFO, S_IFCHR:
                let own = open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                if own >= 0 {
                    state.fd = own
                    state.kind = .reopened
                } else if errno == ENXIO {
                    state.gone = true // a FIFO that nobody reads any more
                } else {
                    state.kind = .polled
                }
            default:
                break
            }
        }
        if owning && state.fd != fd { Glibc.close(fd) }
        self.state = Mutex(state)
    }

    /// Closes the descriptor written to; every line from now on is dropped. For an output that
    /// owns its descriptor.
    func close() {
        state.withLock { s in
            guard s.fd >= 0 else { return }
            Glibc.close(s.fd)
            s.fd = -1
            s.gone = true
            s.queue.removeAll()
            s.start = 0
        }
    }

    /// Writes one line (or several, taken whole), now or when the reader has room; drops it
    /// when more than `capacity` bytes would wait.
    func write(_ string: String) {
        var string = string
        string.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { s in
            flush(&s)
            if s.dropped > 0, !s.gone, s.waiting == 0 {
                let dropped = s.dropped
                var text = notice(dropped)
                s.dropped = 0
                if !text.withUTF8({ take(UnsafeRawBufferPointer($0), into: &s) }) {
                    s.dropped = dropped
                }
            }
            take(bytes, into: &s)
        }
    }

    /// Whether the reader is gone (a closed pipe or FIFO): every line from now on is dropped.
    var isGone: Bool { state.withLock { $0.gone } }

    /// What the run loop polls for while bytes wait: the descriptor, writable.
    var pollDescriptor: pollfd? {
        state.withLock { s in
            s.waiting > 0 && !s.gone ? pollfd(fd: s.fd, events: Int16(POLLOUT), revents: 0) : nil
        }
    }

    /// Writes what waits, as far as the reader takes it without waiting; then, once all was
    /// written after lines were dropped, the notice.
    func flush() {
        write(UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// At exit: writes what waits, waiting for the reader `milliseconds` at most, and not at
    /// all past a signal.
    func drain(within milliseconds: Int) {
        let deadline = MonotonicClock.milliseconds() + Double(milliseconds)
        while var one = pollDescriptor {
            let left = Int32((deadline - MonotonicClock.milliseconds()).rounded(.up))
            guard left > 0, poll(&one, 1, left) > 0 else { return }
            flush()
        }
    }

    /// Takes a line: written, or waiting for the reader; false when it is dropped.
    @discardableResult
    private func take(_ bytes: UnsafeRawBufferPointer, into s: inout State) -> Bool {
        guard bytes.count > 0 else { return true }
        if s.gone || s.dropped > 0 {
            s.dropped += 1
            return false
        }
        var offset = 0
        if s.waiting == 0 {
            offset = send(bytes, &s)
            if offset == bytes.count { return true }
        }
        // A file that refused the rest (a full disk) keeps nothing back: it is never polled.
        // A line begun is finished, past the capacity if need be: the reader never sees half
        // of one.
        if s.gone || s.kind == .file || (offset == 0 && s.waiting + bytes.count > capacity) {
            s.dropped += 1
            return false
        }
        if s.start > 0 && s.start >= s.queue.count / 2 {
            s.queue.removeFirst(s.start)
            s.start = 0
        }
        s.queue += bytes[offset...]
        return true
    }

    private func flush(_ s: inout State) {
        guard s.waiting > 0, !s.gone else { return }
        let n = s.queue.withUnsafeBytes { all in
            send(UnsafeRawBufferPointer(rebasing: all[s.start...]), &s)
        }
        s.start += n
        if s.start == s.queue.count {
            s.queue.removeAll(keepingCapacity: s.queue.count <= 4096)
            s.start = 0
        }
    }

    /// Writes what the descriptor takes without waiting; returns the count written. A reader
    /// that is gone makes every later line dropped; a file that refuses a write (a full disk)
    /// drops the line it was given.
    private func send(_ bytes: UnsafeRawBufferPointer, _ s: inout State) -> Int {
        var done = 0
        while done < bytes.count {
            var left = bytes.count - done
            let p = bytes.baseAddress! + done
            let n: Int
            switch s.kind {
            case .socket:
                n = Glibc.send(s.fd, p, left, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
            case .reopened, .file:
                n = Glibc.write(s.fd, p, left)
            case .polled:
                var one = pollfd(fd: s.fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&one, 1, 0) == 1, one.revents & Int16(POLLOUT) != 0 else {
                    if one.revents & Int16(POLLERR) != 0 { s.gone = true }
                    return done
                }
                left = min(left, Int(PIPE_BUF))
                n = Glibc.write(s.fd, p, left)
            }
            if n > 0 {
                done += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if s.kind == .file && errno != EPIPE { break }
            // EPIPE, EIO: nothing more will be read.
            s.gone = true
            s.queue.removeAll()
            s.start = 0
            break
        }
        return done
    }
}
