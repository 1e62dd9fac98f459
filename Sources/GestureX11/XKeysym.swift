import CXInput2

/// Key names as Xlib knows them, without a display: for checking a config before running it.
public enum XKeysym {
    /// Whether `name` is a keysym name (`Left`, `a`, `XF86AudioMute`, `U20AC`).
    public static func isKnown(_ name: String) -> Bool {
        XStringToKeysym(name) != KeySym(NoSymbol)
    }
}
