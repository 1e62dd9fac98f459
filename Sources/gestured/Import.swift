import GestureCommandLine
import GestureConfig
import GestureImport
import GestureX11
import Glibc

/// `gestured import FORMAT [FILE] [--write]`: a touchegg, libinput-gestures or fusuma config as
/// a gestured config, on standard output or added to the user's config. The reading and the
/// mapping are GestureImport's; here are the files.
struct Import: GesturedCommand {
    static let command = CommandTable.`import`
    let parsed: ParsedCommand

    func run() {
        guard let format = ImportFormat(rawValue: parsed[CommandTable.importFormat]) else {
            preconditionFailure("the command table lets only ImportFormat's names through")
        }
        let path = parsed[CommandTable.importFile] ?? defaultFile(format)
        let bytes: [UInt8]
        switch ImportFile.read(path) {
        case .success(let b): bytes = b
        case .failure(let e): CLIError.exit(e)
        }
        let imported: ImportedConfig
        do {
            imported = try Importer.read(
                format, bytes: bytes, file: path, knowsKey: XKeysym.isKnown)
        } catch {
            CLIError.exit(CLIError(error.description))
        }
        // What is written must load as it is: an importer's mistake stops here, not in the daemon.
        do {
            _ = try ConfigLoader.load(
                imported.text, file: "<imported from \(path)>", knowsKey: XKeysym.isKnown)
        } catch {
            CLIError.exit(
                CLIError(
                    "gestured import made a config that does not load (a bug; please report it with the file):\n\(error.description)"
                ))
        }
        if parsed[CommandTable.write] {
            ImportWrite(
                target: parsed[CommandTable.config] ?? ConfigFiles.userConfigPath(),
                imported: imported
            ).run()
            return
        }
        Descriptor.write(STDOUT_FILENO, imported.text)
        Descriptor.write(STDERR_FILENO, imported.summary + "\n")
    }

    /// The tool's own config: the user's, else the system's one the tool falls back to; says
    /// which on standard error.
    func defaultFile(_ format: ImportFormat) -> String {
        let xdg = getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? ""
        let user = (xdg.isEmpty ? Path.home + "/.config" : xdg) + "/" + format.userConfigFile
        for (path, whose) in [(user, "your"), (format.systemConfigFile, "the system's")]
        where !path.isEmpty {
            if access(path, F_OK) == 0 {
                Descriptor.write(
                    STDERR_FILENO, "reading \(path), \(whose) \(format.rawValue) config\n")
                return path
            }
        }
        CLIError.exit(
            CLIError(
                "no \(format.rawValue) config at \(user)"
                    + (format.systemConfigFile.isEmpty ? "" : " or \(format.systemConfigFile)")
                    + "; name the file: gestured import \(format.rawValue) FILE"))
    }
}

/// Reading the peer's file: a regular file, refused past `ImportLimits.bytes` before it is
/// read, so that a huge file (or one that never ends, as /dev/zero) costs nothing.
enum ImportFile {
    static func read(_ path: String) -> Result<[UInt8], CLIError> {
        guard !path.utf8.contains(0) else {
            return .failure(CLIError("\(path): the name contains a NUL character"))
        }
        var st = stat()
        guard stat(path, &st) == 0 else {
            return .failure(cannot(path, ConfigFiles.reason(errno).rawValue))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            return .failure(cannot(path, "is not a regular file"))
        }
        guard Int(st.st_size) <= ImportLimits.bytes else {
            return .failure(tooLarge(path, Int(st.st_size)))
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(cannot(path, ConfigFiles.reason(errno).rawValue)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: ImportLimits.bytes + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress! + count, $0.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(cannot(path, ConfigFiles.reason(errno).rawValue))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= ImportLimits.bytes else { return .failure(tooLarge(path, count)) }
        return .success(Array(bytes[..<count]))
    }

    private static func cannot(_ path: String, _ why: String) -> CLIError {
        CLIError("\(path): cannot read it (\(why))")
    }

    private static func tooLarge(_ path: String, _ size: Int) -> CLIError {
        CLIError(
            "\(path): more than \(ImportLimits.bytes) bytes (\(size)); a gesture config is a few kilobytes"
        )
    }
}
