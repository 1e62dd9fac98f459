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
        let base =
            user.isEmpty
            ? home : (getpwnam(String(user)).map { String(cString: $0.pointee.pw_dir) })
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

/// Whole reads and writes on a descriptor, retried on EINTR and short counts: standard
/// streams, replay's input and output, the files gestured makes.
enum Descriptor {
    /// Writes every byte; returns errno on failure.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    @discardableResult
    static func write(_ fd: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { write(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Fills `buffer` as far as the input goes: the count read, 0 at its end, -1 with errno set
    /// when nothing could be read.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var done = 0
        while done < buffer.count {
            let n = Glibc.read(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return done > 0 ? done : -1
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads to the end; nil with errno set when it cannot.
    static func readAll(_ fd: Int32, sizeHint: Int = 0) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(sizeHint)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, into: $0) }
            if n < 0 { return nil }
            result += buffer[..<n]
            if n < buffer.count { return result }
        }
    }
}
