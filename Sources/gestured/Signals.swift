import Glibc
import Synchronization

/// The signals the daemon answers, as a set of flags: two signals close together are two
/// flags, so a SIGHUP right after a SIGTERM cannot overwrite it. Handlers only set a flag and
/// write a byte to the pipe the run loop polls (async-signal-safe: an atomic OR and a write).
enum Signals {
    struct Pending: OptionSet {
        let rawValue: UInt32
        static let terminate = Pending(rawValue: 1 << 0)
        static let reload = Pending(rawValue: 1 << 1)
        static let child = Pending(rawValue: 1 << 2)
        /// `gestured record` asks to be handed the input (`RecordHandOff`).
        static let record = Pending(rawValue: 1 << 3)
    }

    private static let flags = Atomic<UInt32>(0)
    nonisolated(unsafe) private static var pipeWrite: Int32 = -1
    /// The end the run loop polls; readable after any handled signal.
    nonisolated(unsafe) private(set) static var fd: Int32 = -1

    /// Installs the handlers for TERM, INT, HUP, CHLD and USR1, ignores PIPE, and unblocks the
    /// handled ones: a parent may have started the daemon with them blocked.
    static func install() {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        for f in fds {
            _ = fcntl(f, F_SETFD, FD_CLOEXEC)
            _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) | O_NONBLOCK)
        }
        (fd, pipeWrite) = (fds[0], fds[1])
        flags.store(0, ordering: .sequentiallyConsistent) // initialised before any handler runs
        let handled = [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGUSR1]
        for s in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                let bit: Pending =
                    switch sig {
                    case SIGTERM, SIGINT: .terminate
                    case SIGHUP: .reload
                    case SIGUSR1: .record
                    default: .child
                    }
                Signals.flags.bitwiseOr(bit.rawValue, ordering: .sequentiallyConsistent)
                var byte: UInt8 = 1
                _ = write(Signals.pipeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(s, &action, nil)
        }
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for s in handled { sigaddset(&set, s) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether a signal came since the last `take`: one atomic load, cheap enough for every
    /// turn of the run loop.
    static var arrived: Bool { flags.load(ordering: .sequentiallyConsistent) != 0 }

    /// Empties the pipe and takes every flag set since the last call.
    static func take() -> Pending {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fd, &buffer, buffer.count) > 0 {}
        return Pending(rawValue: flags.exchange(0, ordering: .sequentiallyConsistent))
    }
}
