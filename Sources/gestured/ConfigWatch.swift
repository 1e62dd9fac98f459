import Foundation

/// Watches a config file with inotify, through its folder, so that editors that replace the
/// file (write a new one and rename it over) are followed too.
final class ConfigWatch {
    let fd: Int32
    private let name: String

    init?(path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        name = (path as NSString).lastPathComponent
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(fd, folder.isEmpty ? "." : folder, mask) >= 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Reads the pending notifications; whether one was about the config file.
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var hit = false
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let length = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) }
                let start = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[start..<min(n, start + Int(length))].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == name { hit = true }
                offset = start + Int(length)
            }
        }
        return hit
    }
}
