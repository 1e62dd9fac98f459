/// The gesture tools whose config `gestured import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case touchegg
    case libinputGestures = "libinput-gestures"
    case fusuma

    /// Where the tool reads its user's config, relative to `$XDG_CONFIG_HOME` (`~/.config`):
    /// the file `gestured import` reads when it is given none.
    public var userConfigFile: String {
        switch self {
        case .touchegg: return "touchegg/touchegg.conf"
        case .libinputGestures: return "libinput-gestures.conf"
        case .fusuma: return "fusuma/config.yml"
        }
    }

    /// The file the tool falls back to without the user's: what it runs with then.
    public var systemConfigFile: String {
        switch self {
        case .touchegg: return "/usr/share/touchegg/touchegg.conf"
        case .libinputGestures: return "/etc/libinput-gestures.conf"
        case .fusuma: return ""
        }
    }

    /// The prefix of every imported gesture's name, so that they do not take names a config
    /// already has: `touchegg-swipe-3-up`.
    var namePrefix: String {
        switch self {
        case .touchegg: return "touchegg"
        case .libinputGestures: return "lig"
        case .fusuma: return "fusuma"
        }
    }
}
