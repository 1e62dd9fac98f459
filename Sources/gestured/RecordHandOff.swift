import GestureStream
import Glibc

/// How `gestured record` records through a daemon that runs already, whose grabs it cannot
/// take: it makes a FIFO in the user's own runtime folder (the one gestured's stream uses, which
/// no other user can open), named for the daemon's process, and sends the daemon SIGUSR1; the
/// daemon opens every such FIFO named for it, removes its name, and writes the trace of its
/// input into it, performing no actions meanwhile, until the reader closes it.
enum RecordHandOff {
    /// `record-for-<daemon pid>-<recorder pid>.fifo`
    static func name(daemon: pid_t, recorder: pid_t) -> String {
        "\(prefix(daemon))\(recorder).fifo"
    }

    private static func prefix(_ daemon: pid_t) -> String { "record-for-\(daemon)-" }

    /// The folder: `$XDG_RUNTIME_DIR/gestured`, or `/tmp/gestured-<uid>`, made when missing.
    static func folder() -> String {
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        return GesturedStream.folder(runtimeDirectory: runtime, uid: getuid())
    }

    /// The FIFOs named for this process, each opened for writing without blocking and its name
    /// removed: only FIFOs of this user's, not links, whose reader waits. With the recorder's
    /// pid, for the log.
    static func take() -> [(fd: Int32, recorder: String)] {
        let folder = folder()
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        let prefix = prefix(getpid())
        var taken: [(Int32, String)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name.hasPrefix(prefix), name.hasSuffix(".fifo") else { continue }
            let path = folder + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFIFO, st.st_uid == getuid()
            else { continue }
            let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            unlink(path)
            guard fd >= 0 else { continue }
            taken.append((fd, String(name.dropFirst(prefix.count).dropLast(".fifo".count))))
        }
        return taken
    }
}
