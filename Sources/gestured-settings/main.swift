import CAdwaita
import GestureSettings

#if canImport(Glibc)
    import Glibc
#endif

// gestured-settings [--config FILE]: the settings window of gestured.
var arguments = Array(CommandLine.arguments.dropFirst())
var configPath: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--config", "-c":
        guard let path = arguments.first else {
            fputs("gestured-settings: --config needs a file\n", stderr)
            exit(2)
        }
        configPath = path
        arguments.removeFirst()
    case "--tray":
        exit(Tray.run())
    case "--help", "-h":
        print(
            """
            usage: gestured-settings [--config FILE]
                   gestured-settings --tray

            The settings window of gestured: every gesture binding and setting of FILE
            (default: $XDG_CONFIG_HOME/gestured/config.toml) to see and edit; saving keeps
            the file's comments and order, and the running daemon reloads it.

            --tray puts an icon in the desktop's tray or panel (StatusNotifierItem) that pauses
            and resumes gestured when clicked.
            """)
        exit(0)
    default:
        fputs("gestured-settings: unknown argument \"\(argument)\" (try --help)\n", stderr)
        exit(2)
    }
}
var environment: [String: String] = [:]
for name in ["XDG_CONFIG_HOME", "HOME"] {
    if let v = getenv(name) { environment[name] = String(cString: v) }
}
let path = configPath ?? ConfigFile.userPath(environment: environment)
exit(SettingsApp(configPath: path).run())
