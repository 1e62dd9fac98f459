import Glibc

/// Paths as the shell writes them, without Foundation (whose full form costs the daemon about
/// 10 MiB of resident memory for what these few lines do).
enum Path {
    /// `/a/b` for `/a/b/c.toml`, `/` for `/c.toml`, "" for `c.toml`.
    static func folder(of path: String) -> String {
        let trimmed = trimmingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trimmingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// `c.toml` for `/a/b/c.toml`.
    static func name(of path: String) -> String {
        let trimmed = trimmingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `~` and `~/x` in the user's home, `~name/x` in that user's; anything else as it is.
    static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let rest = path.dropFirst()
        let user = rest.prefix { $0 != "/" }
        let tail = rest.dropFirst(user.count)
        let base = user.isEmpty ? home : (getpwnam(String(user)).map { String(cString: $0.pointee.pw_dir) })
        guard let base else { return path }
        return base + tail
    }

    /// $HOME, or the password database's home when it is unset.
    static var home: String {
        if let h = getenv("HOME"), h.pointee != 0 { return String(cString: h) }
        return getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/"
    }

    /// Creates `folder` and the folders above it that are missing, the new ones with `mode`;
    /// returns errno on failure.
    static func makeFolders(_ folder: String, mode: mode_t) -> Int32? {
        guard !folder.isEmpty else { return nil }
        var st = stat()
        if stat(folder, &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR }
        let parent = Path.folder(of: folder)
        if parent != folder, let code = makeFolders(parent, mode: mode) { return code }
        return mkdir(folder, mode) == 0 || errno == EEXIST ? nil : errno
    }

    /// Drops trailing slashes, keeping a lone `/`.
    private static func trimmingSlashes(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}

/// Whole reads and writes on a descriptor, retried on EINTR and short counts.
enum Descriptor {
    /// Writes every byte; returns errno on failure.
    @discardableResult
    static func write<Bytes: Sequence<UInt8>>(_ fd: Int32, _ bytes: Bytes) -> Int32? {
        let all = Array(bytes)
        var done = 0
        while done < all.count {
            let n = all.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, all.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// Reads to the end (standard input, a pipe).
    static func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return result }
            result += buffer[0..<n]
        }
    }
}
