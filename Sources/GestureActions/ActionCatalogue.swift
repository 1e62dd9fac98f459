/// Every action gestured has, as the config writes it and in words: docs/config.md's action
/// table and the config's man page are rendered from it, and the settings window lists it.
public enum ActionCatalogue {
    public struct Entry: Equatable, Sendable {
        /// How the config writes it: `desktop next|prev|<n> [wrap]`.
        public let form: String
        /// What it does, in Markdown.
        public let does: String

        /// The action's verb, the first word of `form`.
        public var verb: String { String(form.prefix { $0 != " " }) }

        init(_ form: String, _ does: String) {
            self.form = form
            self.does = does
        }
    }

    public static let all: [Entry] = [
        Entry(
            "exec <shell command>",
            "runs the command with `/bin/sh -c`, in a session of its own, never waiting for it"),
        Entry(
            "keys <chord> [<chord> ...]",
            "presses key chords through XTest, e.g. `super+Left`, `ctrl+alt+t`, `XF86AudioRaiseVolume`; modifiers `shift`, `ctrl`, `alt`, `super`, `meta`, `hyper`; several chords are pressed one after the other. Key names are X keysym names, case-sensitive, checked when the config loads (`gestured check` too): `\"left\" is not a key name (did you mean \"Left\"?)`"
        ),
        Entry(
            "click <button>",
            "clicks a pointer button (1 to 32)"),
        Entry(
            "scroll up|down|left|right [n]",
            "scrolls n steps (default 1)"),
        Entry(
            "desktop next|prev|<n> [wrap]",
            "switches desktop (`<n>` counts from 1); `wrap` goes from the last to the first and back"
        ),
        Entry(
            "desktop move-window next|prev|<n> [wrap]",
            "moves the window to that desktop and follows it; a window on every desktop (sticky) moves from the one shown"
        ),
        Entry(
            "window maximize|unmaximize|toggle-maximize|minimize|fullscreen|close|raise",
            "acts on a window"),
        Entry(
            "window tile left|right|top|bottom|top-left|top-right|bottom-left|bottom-right|center",
            "puts the window in that half, quarter, or the middle two thirds of the work area of its monitor; a second tile the same way, once it is there, goes on to the facing side of the next monitor that way: see [Tiling](#tiling)"
        ),
        Entry(
            "window to-monitor next|prev|<n>",
            "moves the window to the next, previous or n-th monitor (RandR's order, from 1), at the same place in its work area, made smaller if it does not fit"
        ),
        Entry(
            "window move",
            "the window's frame follows the fingers while the gesture runs, and stays where they stop"
        ),
        Entry(
            "window resize [edge=E]",
            "an edge or corner of the window (`left`, `right`, `top`, `bottom`, `top-left`, `top-right`, `bottom-left`, `bottom-right`; default `bottom-right`) follows the fingers; the window keeps at least 32 by 32 pixels"
        ),
        Entry(
            "drag [button=N] [lock=MS]",
            "holds button N (1) down while the gesture runs, the pointer following the fingers, and lets it go MS milliseconds (500; 0 to 10000) after they lift: see [Drag and pointer](#drag-and-pointer)"
        ),
        Entry(
            "pointer [speed=F]",
            "moves the pointer with the fingers, F times as far (1; above 0, at most 20), no button held"
        ),
        Entry(
            "show-desktop",
            "shows the desktop, or the windows again"),
        Entry(
            "pass",
            "lets the gesture go to the application: for per-application rules"),
        Entry(
            "stream",
            "sends the gesture, as it goes, to the [touchegg stream](desktop.md)'s clients instead of performing anything; needs `touchegg-stream = true`"
        ),
    ]

    /// The lines that open and close the action table in docs/config.md.
    public static let docsBegin =
        "<!-- actions: rendered from Sources/GestureActions/ActionCatalogue.swift; a test fails and prints them when this page differs -->"
    public static let docsEnd = "<!-- end of actions -->"

    /// docs/config.md's action table, between `docsBegin` and `docsEnd`.
    public static var markdown: String {
        func cell(_ text: String) -> String {
            text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
        }
        let rows = all.map { "| `\(cell($0.form))` | \(cell($0.does)) |" }
        return ([docsBegin, "", "| action | does |", "|---|---|"] + rows + ["", docsEnd]).joined(
            separator: "\n")
    }
}
