#if canImport(Glibc)
    import Glibc
#endif

/// The config on disk: read whole, written atomically (a temporary file beside it, renamed
/// over it), its mode kept but never group- or world-writable, a backup before a reset.
public enum ConfigFile {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ path: String, _ what: String) {
            description = "\(path): \(what) (\(String(cString: strerror(errno))))"
        }
    }

    /// `$XDG_CONFIG_HOME/gestured/config.toml`, `~/.config/gestured/config.toml` without it.
    public static func userPath(environment: [String: String]) -> String {
        let xdg = environment["XDG_CONFIG_HOME"] ?? ""
        let base = xdg.isEmpty ? (environment["HOME"] ?? "") + "/.config" : xdg
        return base + "/gestured/config.toml"
    }

    /// The file's text; nil when there is no such file.
    public static func read(_ path: String) throws(Failure) -> String? {
        guard let f = fopen(path, "rb") else {
            if errno == ENOENT { return nil }
            throw Failure(path, "cannot read")
        }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n > 0 { bytes += buffer[0..<n] }
            if n < buffer.count { break }
        }
        if ferror(f) != 0 { throw Failure(path, "cannot read") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to a temporary file in the same folder, syncs it, and renames it over
    /// `path`; the folder is made (0700) when missing. The mode is the old file's less the
    /// group and world write bits, 0600 for a new file.
    public static func write(_ text: String, to path: String) throws(Failure) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        try makeFolder(folder)
        var st = stat()
        let mode: mode_t = stat(path, &st) == 0 ? (st.st_mode & 0o7777) & ~mode_t(0o022) : 0o600
        var template = Array((folder + "/.config.toml.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(folder, "cannot write a file in this folder") }
        let temporary = String(cString: template)
        var ok = fchmod(fd, mode) == 0
        let bytes = Array(text.utf8)
        var done = 0
        while ok, done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            ok = n > 0
            if ok { done += n }
        }
        ok = ok && fsync(fd) == 0
        let closed = close(fd) == 0
        guard ok, closed, rename(temporary, path) == 0 else {
            let failure = Failure(path, "cannot write")
            unlink(temporary)
            throw failure
        }
    }

    /// Copies the file to `path.backup-N` (the first N free) and returns that path; nil when
    /// there is no file.
    public static func backUp(_ path: String) throws(Failure) -> String? {
        guard let text = try read(path) else { return nil }
        var n = 1
        while access("\(path).backup-\(n)", F_OK) == 0 { n += 1 }
        let backup = "\(path).backup-\(n)"
        try write(text, to: backup)
        return backup
    }

    static func makeFolder(_ folder: String) throws(Failure) {
        if folder.isEmpty || access(folder, F_OK) == 0 { return }
        if let parent = folder.lastIndex(of: "/").map({ String(folder[..<$0]) }), !parent.isEmpty {
            try makeFolder(parent)
        }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw Failure(folder, "cannot make the folder")
        }
    }
}
