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
        do {
            return try ConfigLoader.load(text, file: path)
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
