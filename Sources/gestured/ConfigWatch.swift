import Glibc

/// Watches a config file with inotify, through its folder, so that editors that replace the
/// file (write a new one and rename it over, or remove it and write it again) are followed too.
///
/// The folder is watched for names coming and going, files closed after writing and attributes
/// changed; the writes themselves (`IN_MODIFY`, one per write) are watched on the config file
/// alone, so that a file written often beside it (a log) never wakes the daemon. The file's own
/// watch follows the file through replacements: it is taken again whenever its name comes back.
final class ConfigWatch {
    /// What the notifications read at once said about the config file.
    struct Change: Equatable {
        /// Its content may differ: written, created, replaced or removed.
        var content = false
        /// A writer has it open: written to, not yet closed.
        var writing = false
        /// Its owner or mode changed.
        var attributes = false
    }

    let fd: Int32
    private let path: String
    private let name: String
    /// The folder's watch.
    private let folder: Int32
    /// The watch on the file under the config's name now, for its writes; -1 while there is none.
    private var file: Int32 = -1

    static let folderMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)

    init?(path: String) {
        let folderPath = Path.folder(of: path)
        self.path = path
        name = Path.name(of: path)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        folder = inotify_add_watch(
            fd, folderPath.isEmpty ? "." : folderPath, ConfigWatch.folderMask)
        guard folder >= 0 else {
            close(fd)
            return nil
        }
        watchFile()
    }

    deinit { close(fd) }

    /// Watches the writes of the file the config's name points to now, and lets go of the watch
    /// on the one it pointed to before (renamed away, it may go on being written: a backup).
    private func watchFile() {
        let now = inotify_add_watch(fd, path, UInt32(IN_MODIFY))
        if file >= 0 && file != now { inotify_rm_watch(fd, file) }
        file = now
    }

    /// Reads the pending notifications and says what they changed of the config file.
    func changes() -> Change {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var change = Change()
        var renamed = false
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let wd = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes {
                    $0.load(fromByteOffset: offset + 4, as: UInt32.self)
                }
                let length = buffer.withUnsafeBytes {
                    $0.load(fromByteOffset: offset + 12, as: UInt32.self)
                }
                let start = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[start..<min(n, start + Int(length))].prefix { $0 != 0 }
                offset = start + Int(length)
                if wd == file && wd != folder {
                    // The file's own watch names nothing: a write to the config file.
                    if mask & UInt32(IN_MODIFY) != 0 {
                        change.writing = true
                        change.content = true
                    }
                    continue
                }
                guard wd == folder, String(decoding: nameBytes, as: UTF8.self) == name else {
                    continue
                }
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { renamed = true }
                if mask & UInt32(IN_ATTRIB) != 0 { change.attributes = true }
                if mask & UInt32(IN_CREATE) != 0 { change.writing = true }
                if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM) != 0 {
                    change.writing = false
                }
                if mask
                    & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
                    != 0
                {
                    change.content = true
                }
            }
        }
        if renamed { watchFile() }
        return change
    }
}
