import GestureCommandLine
import GestureConfig
import GestureX11

#if canImport(Glibc)
    import Glibc
#endif

/// `--config FILE`, shared by the commands that load a config.
struct ConfigOption {
    let config: String?

    init(_ parsed: ParsedCommand) {
        config = parsed[CommandTable.config]
    }

    /// The file in use: the one given, else the user's if it exists; nil for the embedded default.
    var path: String? {
        if let config { return config }
        let user = ConfigFiles.userConfigPath()
        return access(user, F_OK) == 0 ? user : nil
    }

    /// Loads the config, or throws every located error.
    func load() throws(CLIError) -> Config { try loadFile().config }

    /// Loads the config, with why its `exec` actions are refused (nil for the embedded default,
    /// and for a file only its owner can change), or throws every located error.
    func loadFile() throws(CLIError) -> ConfigFile {
        guard let path else { return ConfigFile(config: DefaultConfig.load(), execRefusal: nil) }
        return try ConfigFiles.load(path).get()
    }
}

/// A config as read from its file, and what the file's owner and mode allow of it.
struct ConfigFile {
    let config: Config
    /// Why `exec` actions are refused: others could have changed what was read (nil when
    /// only its owner could).
    let execRefusal: String?

    /// What `check` and `doctor` say of the `exec` actions the daemon will refuse; nil when it
    /// refuses none.
    var refusedExecs: String? {
        let execs = config.gestures.filter { $0.actions.contains { $0.command != nil } }.map(\.name)
        guard let why = execRefusal, !execs.isEmpty else { return nil }
        return "exec actions are refused (\(execs.joined(separator: ", "))): \(why)"
    }
}

/// A message for the user and a non-zero exit, without a stack of "Error:" prefixes.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CLIError {
    /// Prints to stderr and exits 1; in the journal, as an error.
    static func exit(_ e: CLIError) -> Never {
        var text = e.description + "\n"
        if JournalLogHandler.standardErrorIsTheJournal() {
            let priority = "<\(JournalLogHandler.priority(.error))>"
            text = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                priority + $0 + "\n"
            }.joined()
        }
        Descriptor.write(STDERR_FILENO, text)
        Glibc.exit(1)
    }
}

/// Reading the config and the files it names.
enum ConfigFiles {
    /// `$XDG_CONFIG_HOME/gestured/config.toml`, `~/.config/gestured/config.toml` without it.
    static func userConfigPath() -> String {
        let xdg = getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? ""
        let base = xdg.isEmpty ? Path.home + "/.config" : xdg
        return base + "/gestured/config.toml"
    }

    /// Reads and validates a config file; template files are relative to its folder, key names
    /// are checked against Xlib's keysym table. Whether other users could have changed it is
    /// judged on the file that was read (`execRefusal`).
    static func load(_ path: String) -> Result<ConfigFile, CLIError> {
        let text: String
        let refusal: String?
        switch readBytes(path, judging: true) {
        case .success(let read):
            guard let t = String(validating: read.bytes, as: UTF8.self) else {
                return .failure(
                    CLIError(
                        "\(path): cannot read the config file (\(ConfigFileError.notText.rawValue))"
                    ))
            }
            (text, refusal) = (t, read.othersCouldChange)
        case .failure(let why):
            return .failure(CLIError("\(path): cannot read the config file (\(why.rawValue))"))
        }
        let folder = Path.folder(of: path)
        do throws(ConfigErrors) {
            let config = try ConfigLoader.load(
                text, file: path,
                readFile: { name in
                    let expanded = Path.expandingTilde(name)
                    let full =
                        expanded.hasPrefix("/") || folder.isEmpty
                        ? expanded : folder + "/" + expanded
                    return read(full)
                }, knowsKey: XKeysym.isKnown)
            return .success(ConfigFile(config: config, execRefusal: refusal))
        } catch {
            return .failure(CLIError(error.description))
        }
    }

    /// Why other users could have changed the file open on `fd` (its status `st`), and what
    /// makes it theirs no more: nil when only its owner and root could. As OpenSSH's
    /// StrictModes judges a user's keys: the file and every folder above it (of the path the
    /// descriptor was opened at, links followed) must be owned by the user or root and
    /// writable by no one else; a folder others may write is let pass only with its sticky bit
    /// (as /tmp), where they cannot rename or remove what is not theirs, and what is below it
    /// is judged in turn.
    static func othersCouldChange(_ fd: Int32, _ st: stat) -> String? {
        let uid = getuid()
        let path = openedPath(fd) ?? "the config file"
        if st.st_uid != uid && st.st_uid != 0 {
            return
                "\(path) is owned by another user (uid \(st.st_uid)); make it yours (chown \(uid) \(path)) and writable by you only (chmod go-w)"
        }
        if st.st_mode & S_IWOTH != 0 {
            return
                "\(path) is writable by every user; make it writable by you only (chmod go-w \(path))"
        }
        if st.st_mode & S_IWGRP != 0 {
            return
                "\(path) is writable by its group; make it writable by you only (chmod go-w \(path))"
        }
        guard let opened = openedPath(fd) else { return nil }
        var folder = Path.folder(of: opened)
        while !folder.isEmpty {
            var f = stat()
            guard stat(folder, &f) == 0 else {
                return
                    "\(folder), a folder above the config, cannot be looked at (\(reason(errno).rawValue))"
            }
            if f.st_uid != uid && f.st_uid != 0 {
                return
                    "the folder \(folder) is owned by another user (uid \(f.st_uid)), who could put another config in its place; "
                    + "keep the config in a folder of yours"
            }
            if f.st_mode & S_ISVTX == 0 {
                if f.st_mode & S_IWOTH != 0 {
                    return
                        "the folder \(folder) is writable by every user, who could put another config in its place; make it writable by you only (chmod go-w \(folder))"
                }
                if f.st_mode & S_IWGRP != 0 {
                    return
                        "the folder \(folder) is writable by its group, who could put another config in its place; make it writable by you only (chmod go-w \(folder))"
                }
            }
            if folder == "/" { break }
            folder = Path.folder(of: folder)
        }
        return nil
    }

    /// The path the descriptor `fd` was opened at, links followed, as the kernel knows it.
    private static func openedPath(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0, buffer[0] == CChar(UInt8(ascii: "/")) else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text of a regular file. What is not one (a directory, a FIFO, a device) is refused
    /// by its kind before it is opened, and again after, from the descriptor, in case it was
    /// swapped meanwhile; it is opened without blocking, so that a FIFO cannot hang the read.
    static func read(_ path: String) -> Result<String, ConfigFileError> {
        readBytes(path).flatMap { bytes in
            String(validating: bytes, as: UTF8.self).map { .success($0) } ?? .failure(.notText)
        }
    }

    /// The bytes of a regular file (not a FIFO, a device or a folder, which would block or
    /// make no sense).
    static func readBytes(_ path: String) -> Result<[UInt8], ConfigFileError> {
        readBytes(path, judging: false).map(\.bytes)
    }

    /// The bytes of a regular file and, when `judging`, why others could have changed them
    /// (`othersCouldChange`), judged on the descriptor they were read from.
    static func readBytes(_ path: String, judging: Bool) -> Result<
        (bytes: [UInt8], othersCouldChange: String?), ConfigFileError
    > {
        guard !path.utf8.contains(0) else {
            return .failure(ConfigFileError(rawValue: "the name contains a NUL character"))
        }
        var st = stat()
        guard stat(path, &st) == 0 else { return .failure(reason(errno)) }
        if let kind = notRegular(st.st_mode) { return .failure(kind) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(reason(errno)) }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { return .failure(reason(errno)) }
        if let kind = notRegular(st.st_mode) { return .failure(kind) }
        guard let bytes = Descriptor.readAll(fd, sizeHint: Int(st.st_size)) else {
            return .failure(reason(errno))
        }
        return .success((bytes, judging ? othersCouldChange(fd, st) : nil))
    }

    /// Why a file of this mode is not one to read text from; nil for a regular file.
    private static func notRegular(_ mode: mode_t) -> ConfigFileError? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        default: return ConfigFileError(rawValue: "is not a regular file")
        }
    }

    /// What errno `code` means for a file the user named.
    static func reason(_ code: Int32) -> ConfigFileError {
        switch code {
        case ENOENT: return .missing
        case EACCES, EPERM: return .unreadable
        default:
            let text = String(cString: strerror(code))
            return ConfigFileError(rawValue: text.prefix(1).lowercased() + text.dropFirst())
        }
    }
}
