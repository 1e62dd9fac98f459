import GestureConfig
import GestureImport

/// A peer's config the window offers to import (`gestured import`) while the user's gestured
/// config is still the default: touchegg's, libinput-gestures' or fusuma's own file of the user's.
public struct ImportOffer: Equatable, Sendable {
    /// As `gestured import` names it: `touchegg`, `libinput-gestures`, `fusuma`.
    public let format: String
    public let path: String

    /// "touchegg", "libinput-gestures", "fusuma", as a person names the tool.
    public var tool: String { format }

    /// The user's configs of the tools `gestured import` reads that exist, in `$XDG_CONFIG_HOME`
    /// (else `~/.config`); none when `document` is not the default config any more.
    public static func found(
        for document: SettingsDocument, environment: [String: String],
        exists: (String) -> Bool
    ) -> [ImportOffer] {
        guard document.isDefault else { return [] }
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.config" }
        guard let configHome else { return [] }
        return ImportFormat.allCases.compactMap { f in
            let path = configHome + "/" + f.userConfigFile
            return exists(path) ? ImportOffer(format: f.rawValue, path: path) : nil
        }
    }

    /// The command that shows what would be imported, and the one that writes it into `config`.
    public var preview: [String] { ["import", format, path] }
    public func write(into config: String) -> [String] {
        ["import", "--write", "--config", config, format, path]
    }
}

extension SettingsDocument {
    /// Whether the user has no gestured config of their own yet: no file, or the default's text.
    public var isDefault: Bool { !fileExists || savedText == DefaultConfig.text }
}
