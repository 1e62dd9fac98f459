import Glibc

/// Ends the process with last words when a step it cannot time out itself runs too long:
/// Xlib waits for every reply without a timeout, and an X server that is stopped (SIGSTOP, a
/// debugger) still takes connections, so a command that asks it anything would wait forever.
/// The words are made before the step; the handler only writes them and exits
/// (async-signal-safe: write and _exit).
enum Watchdog {
    nonisolated(unsafe) private static var words: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var code: Int32 = 1

    /// From now, in `seconds`: `text` on standard output, then exit with `exitCode`.
    static func arm(seconds: UInt32, text: String, exitCode: Int32) {
        disarm()
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        (words, code) = (buffer, exitCode)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if let words = Watchdog.words {
                var done = 0
                while done < words.count {
                    let n = write(STDOUT_FILENO, words.baseAddress! + done, words.count - done)
                    if n <= 0 { break }
                    done += n
                }
            }
            _exit(Watchdog.code)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGALRM, &action, nil)
        alarm(seconds)
    }

    /// The step finished in time.
    static func disarm() {
        alarm(0)
        words?.deallocate()
        words = nil
    }
}
