import GestureCommandLine
import GestureConfig
import Glibc

struct Init: GesturedCommand {
    static let command = CommandTable.`init`
    let parsed: ParsedCommand

    func run() {
        let path = ConfigFiles.userConfigPath()
        let folder = Path.folder(of: path)
        if let code = Path.makeFolders(folder, mode: 0o700) {
            CLIError.exit(
                CLIError("\(folder): cannot create the folder: \(String(cString: strerror(code)))"))
        }
        // Only its owner may write it: gestured refuses exec actions from a config others can change.
        switch NewFile.write(path, DefaultConfig.text) {
        case .success:
            break
        case .failure(.exists):
            CLIError.exit(
                CLIError("\(path): already exists; gestured init never overwrites a config"))
        case .failure(.cannot(let why)):
            CLIError.exit(CLIError("\(path): cannot write the config: \(why)"))
        }
        print(
            "\(path): written; edit it, check it with `gestured check`, and gestured reloads it when it changes"
        )
    }
}
