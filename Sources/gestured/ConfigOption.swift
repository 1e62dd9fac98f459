import ArgumentParser
import Foundation
import GestureConfig

/// `--config FILE`, shared by the commands that load a config.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The config file (TOML). Without it, the embedded default.", valueName: "file"))
    var config: String?

    /// Loads the config, or prints every located error and exits non-zero.
    func load() throws -> Config {
        guard let path = config else { return DefaultConfig.load() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): cannot read the config file (\(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError("\(path): the config is not UTF-8 text")
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            return try ConfigLoader.load(text, file: path) { name in
                let expanded = (name as NSString).expandingTildeInPath
                let full = expanded.hasPrefix("/") || folder.isEmpty ? expanded : folder + "/" + expanded
                return ConfigFiles.read(full)
            }
        } catch {
            throw CLIError(error.description)
        }
    }
}

/// A message for the user and a non-zero exit, without a stack of "Error:" prefixes.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CLIError {
    /// Prints to stderr and exits 1.
    static func exit(_ e: CLIError) -> Never {
        FileHandle.standardError.write(Data((e.description + "\n").utf8))
        Foundation.exit(1)
    }
}

/// Reading the files a config names.
enum ConfigFiles {
    static func read(_ path: String) -> Result<String, ConfigFileError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(FileManager.default.fileExists(atPath: path) ? .unreadable : .missing)
        }
        guard let text = String(data: data, encoding: .utf8) else { return .failure(.notText) }
        return .success(text)
    }
}
