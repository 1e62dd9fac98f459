import GestureConfig
import GestureImport
import GestureX11
import Glibc

/// `gestured import --write`: the imported gestures added at the end of the config, whose
/// bytes are kept as they are, after a copy of it to `config.toml.bak-DATE`; refused when a
/// name is taken or the result would not load. The new text replaces the file in one rename.
struct ImportWrite {
    let target: String
    let imported: ImportedConfig

    func run() {
        guard imported.importedCount > 0 else {
            Descriptor.write(
                STDERR_FILENO, imported.summary + "\n\(target): left as it is: nothing to add\n")
            return
        }
        let exists = access(target, F_OK) == 0
        var existing = ""
        var mode: mode_t = 0o600
        if exists {
            switch ConfigFiles.read(target) {
            case .success(let t): existing = t
            case .failure(let why):
                CLIError.exit(CLIError("\(target): cannot read the config (\(why.rawValue))"))
            }
            var st = stat()
            if stat(target, &st) == 0 { mode = st.st_mode & 0o7777 }
            let config: Config
            do {
                config = try ConfigLoader.load(existing, file: target, knowsKey: XKeysym.isKnown)
            } catch {
                CLIError.exit(
                    CLIError(
                        "\(target) does not load, so nothing was added; mend it first (gestured check):\n\(error.description)"
                    ))
            }
            let taken = Set(config.gestures.map(\.name)).intersection(imported.names)
            if !taken.isEmpty {
                CLIError.exit(
                    CLIError(
                        "\(target) already has gesture\(taken.count == 1 ? "" : "s") named \(taken.sorted().map { "\"\($0)\"" }.joined(separator: ", ")), so nothing was added: rename \(taken.count == 1 ? "it" : "them") there, or take them out, and import again"
                    ))
            }
        }
        let hasSettings = (try? TOMLReader.parse(existing))?["settings"] != nil
        let separator = existing.isEmpty ? "" : existing.hasSuffix("\n") ? "\n" : "\n\n"
        let text = existing + separator + imported.text(settingsAsComments: hasSettings)
        do { _ = try ConfigLoader.load(text, file: target, knowsKey: XKeysym.isKnown) } catch {
            CLIError.exit(
                CLIError(
                    "\(target) with the imported gestures would not load, so nothing was added:\n\(error.description)"
                ))
        }
        let folder = Path.folder(of: target)
        if let code = Path.makeFolders(folder, mode: 0o700) {
            CLIError.exit(
                CLIError("\(folder): cannot create the folder: \(String(cString: strerror(code)))"))
        }
        var backup: String?
        if exists {
            backup = makeBackup(of: existing)
        }
        if let why = replace(with: text, mode: mode) {
            CLIError.exit(
                CLIError(
                    "\(target): cannot write the config (\(why))"
                        + (backup.map { "; it is as it was, and so is \($0)" } ?? "")))
        }
        var lines = [imported.summary]
        lines.append(
            "\(target): added \(imported.names.count) gesture\(imported.names.count == 1 ? "" : "s")"
                + (backup.map { " (the config as it was: \($0))" } ?? "")
                + "; a running gestured reloads it")
        if hasSettings && !imported.settings.isEmpty {
            lines.append(
                "\(target) has its own [settings], so the imported settings are written as comments: see the end of the file"
            )
        }
        Descriptor.write(STDERR_FILENO, lines.joined(separator: "\n") + "\n")
    }

    /// `config.toml.bak-20250101-120000`, a new file (`-2`, `-3`... when that is taken).
    private func makeBackup(of text: String) -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [UInt8](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) {
                strftime($0, b.count, "%Y%m%d-%H%M%S", &parts)
            }
        }
        let base = target + ".bak-" + String(decoding: buffer[..<length], as: UTF8.self)
        var name = base
        for n in 2...100 {
            switch NewFile.write(name, text) {
            case .success: return name
            case .failure(.exists): name = "\(base)-\(n)"
            case .failure(.cannot(let why)):
                CLIError.exit(
                    CLIError("\(name): cannot write the backup, so nothing was added (\(why))"))
            }
        }
        CLIError.exit(CLIError("\(base): too many backups from this second, so nothing was added"))
    }

    /// Writes `text` beside the config and renames it over; nil, or why not.
    private func replace(with text: String, mode: mode_t) -> String? {
        let temporary =
            Path.folder(of: target).isEmpty
            ? ".\(Path.name(of: target)).import-\(getpid())"
            : Path.folder(of: target) + "/.\(Path.name(of: target)).import-\(getpid())"
        unlink(temporary)
        switch NewFile.write(temporary, text) {
        case .success: break
        case .failure(.exists): return "\(temporary) is in the way"
        case .failure(.cannot(let why)): return why
        }
        if chmod(temporary, mode) != 0 || rename(temporary, target) != 0 {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            return why
        }
        return nil
    }
}
