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
    func load() throws(CLIError) -> Config {
        guard let path else { return DefaultConfig.load() }
        switch ConfigFiles.load(path) {
        case .success(let c): return c
        case .failure(let e): throw e
        }
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
            text = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { priority + $0 + "\n" }.joined()
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
    /// are checked against Xlib's keysym table.
    static func load(_ path: String) -> Result<Config, CLIError> {
        let text: String
        switch read(path) {
        case .success(let t): text = t
        case .failure(let why): return .failure(CLIError("\(path): cannot read the config file (\(why.rawValue))"))
        }
        let folder = Path.folder(of: path)
        do throws(ConfigErrors) {
            return .success(try ConfigLoader.load(text, file: path, readFile: { name in
                let expanded = Path.expandingTilde(name)
                let full = expanded.hasPrefix("/") || folder.isEmpty ? expanded : folder + "/" + expanded
                return read(full)
            }, knowsKey: XKeysym.isKnown))
        } catch {
            return .failure(CLIError(error.description))
        }
    }

    /// Why other users could change what this config runs, and what makes it yours alone: nil
    /// when only its owner can.
    static func unsafeReason(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        if st.st_uid != getuid() {
            return "\(path) is owned by another user (uid \(st.st_uid)); make it yours (chown \(getuid()) \(path)) and writable by you only (chmod go-w)"
        }
        if st.st_mode & S_IWOTH != 0 { return "\(path) is writable by every user; make it writable by you only (chmod go-w \(path))" }
        if st.st_mode & S_IWGRP != 0 { return "\(path) is writable by its group; make it writable by you only (chmod go-w \(path))" }
        return nil
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
        guard !path.utf8.contains(0) else { return .failure(ConfigFileError(rawValue: "the name contains a NUL character")) }
        var st = stat()
        guard stat(path, &st) == 0 else { return .failure(reason(errno)) }
        if let kind = notRegular(st.st_mode) { return .failure(kind) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(reason(errno)) }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { return .failure(reason(errno)) }
        if let kind = notRegular(st.st_mode) { return .failure(kind) }
        guard let bytes = Descriptor.readAll(fd, sizeHint: Int(st.st_size)) else { return .failure(reason(errno)) }
        return .success(bytes)
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
