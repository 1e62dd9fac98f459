import Glibc

/// Watches a config file with inotify, through its folder, so that editors that replace the
/// file (write a new one and rename it over, or remove it and write it again) are followed too.
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
    private let name: String

    init?(path: String) {
        let folder = Path.folder(of: path)
        name = Path.name(of: path)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        guard inotify_add_watch(fd, folder.isEmpty ? "." : folder, mask) >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Reads the pending notifications and says what they changed of the config file.
    func changes() -> Change {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var change = Change()
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) }
                let start = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[start..<min(n, start + Int(length))].prefix { $0 != 0 }
                offset = start + Int(length)
                guard String(decoding: nameBytes, as: UTF8.self) == name else { continue }
                if mask & UInt32(IN_ATTRIB) != 0 { change.attributes = true }
                if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 { change.writing = true }
                if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM) != 0 { change.writing = false }
                if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM) != 0 {
                    change.content = true
                }
            }
        }
        return change
    }
}
