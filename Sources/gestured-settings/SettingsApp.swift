import CAdwaita
import GestureSettings
import GestureX11

#if canImport(Glibc)
    import Glibc
#endif

/// The application: one window over one config file.
final class SettingsApp {
    let configPath: String
    private var window: MainWindow?

    init(configPath: String) { self.configPath = configPath }

    func run() -> Int32 {
        // The window follows the desktop's dark style (AdwStyleManager's default).
        let app = adw_application_new("io.github.gestured.Settings", G_APPLICATION_NON_UNIQUE)!
        on(app, "activate") { [self] in
            if let window {
                window.present()
                return
            }
            if getenv("GESTURED_SETTINGS_BARE") != nil { return FirstFrame.bareWindow(cast(app)) }
            do {
                let document = try SettingsDocument(path: configPath, knowsKey: XKeysym.isKnown)
                window = MainWindow(app: cast(app), document: document)
                window?.present()
            } catch {
                fputs("gestured-settings: \(error)\n", stderr)
                g_application_quit(cast(app))
            }
        }
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(argv[0]) }
        return g_application_run(cast(app), 1, &argv)
    }
}
