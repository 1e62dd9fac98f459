/// gestured's commands, options and arguments, each declared once. The commands in
/// `Sources/gestured` read their values through these declarations (`parsed[CommandTable.dryRun]`).
public enum CommandTable {
    // MARK: Options

    public static let config = Option<String?>.value(
        "config", valueName: "file", completion: .files,
        help:
            "The config file (TOML). Default: $XDG_CONFIG_HOME/gestured/config.toml if it exists, else the embedded default."
    )
    public static let display = Option<String?>.value(
        "display", valueName: "name", help: "The X display (default: $DISPLAY).")
    public static let logLevel = Option<LogLevel>.choice(
        "log-level", default: .info,
        help:
            "How much the log says: debug adds each gesture's transitions and why it failed, trace every input event."
    )
    public static let dryRun = Option<Bool>.flag(
        "dry-run", help: "Recognize and log, but perform no action.")
    public static let overlay = Option<Bool>.flag(
        "overlay",
        help:
            "Show the debug overlay: touches, strokes, recognizer states and actions, drawn over the screen."
    )
    public static let decisions = Option<Bool>.flag(
        "decisions", help: "Also print one line per touch decision (accept or reject).")
    public static let output = Option<String?>.value(
        "output", short: "o", valueName: "file", completion: .files,
        help: "Where to write the template file (default: NAME.stroke). Never overwritten.")
    public static let write = Option<Bool>.flag(
        "write",
        help:
            "Add the imported gestures to the config (--config, else $XDG_CONFIG_HOME/gestured/config.toml; made if missing), after a backup, instead of printing them."
    )

    // MARK: Arguments

    public static let traces = Argument<[String]>.list(
        "trace", completion: .files,
        help:
            "Trace files in the trace format (docs/trace-format.md), or what `libinput debug-events` printed; - for stdin."
    )
    public static let templateName = Argument<String>.single(
        "name", help: "The template's name (letters, digits, - and _).")
    public static let strokeTraces = Argument<[String]>.list(
        "trace", completion: .files, help: "Traces with one or more strokes each; - for stdin.")
    /// The formats `gestured import` reads (GestureImport's `ImportFormat`, which a test holds
    /// to this list).
    public static let importFormat = Argument<String>.single(
        "format", completion: .choices(["touchegg", "libinput-gestures", "fusuma"]),
        help: "The tool whose config to read: touchegg, libinput-gestures or fusuma.")
    public static let importFile = Argument<String?>.optional(
        "file", completion: .files,
        help:
            "The config to read. Default: the tool's own, ~/.config/touchegg/touchegg.conf, ~/.config/libinput-gestures.conf or ~/.config/fusuma/config.yml (else the system's)."
    )
    public static let recordFile = Argument<String>.single(
        "file", completion: .files,
        help: "The trace file to write (never overwritten); - for stdout.")

    // MARK: Commands

    public static let run = Command(
        "run", abstract: "Run the gesture daemon on the X display (the default command).",
        options: [config, display, logLevel, dryRun, overlay])
    public static let check = Command(
        "check", abstract: "Validate a config and print a one-line summary per gesture.",
        options: [config])
    public static let replay = Command(
        "replay",
        abstract:
            "Run traces through the gesture engine and print what it recognizes, as JSON Lines.",
        discussion: """
            Never performs an action: it prints the actions that would fire. A file whose first \
            line is not JSON is read as the text `libinput debug-events` prints: its touchpad \
            gestures are replayed, and a line that cannot be read is reported and skipped.
            """,
        options: [config, decisions], arguments: [traces])
    public static let learn = Command(
        "learn", abstract: "Make a stroke template from the strokes in recorded traces.",
        discussion: """
            Every stroke in the traces (a one-finger touch, or a pointer drag with a button held) \
            becomes one variant of the template NAME: draw it the ways you draw it, from several \
            traces if you like. `gestured check` warns of a variant closer to another shape than \
            to the others. Load the file from the config with \
            `templates = ["NAME.stroke"]` under [settings], and bind it with `shape = "NAME"`.
            """,
        options: [output], arguments: [templateName, strokeTraces])
    public static let record = Command(
        "record",
        abstract: "Run the daemon without performing actions, writing what it sees as a trace.",
        discussion: "`gestured replay` on the file reproduces what the daemon recognized.",
        options: [config, display, logLevel], arguments: [recordFile])
    public static let devices = Command(
        "devices", abstract: "List the input devices and what gestured sees them as.",
        options: [display, logLevel])
    public static let doctor = Command(
        "doctor", abstract: "Say why gestures do not work here, and what to do.",
        discussion:
            "Looks at the session, the X server, the touchpads and touchscreens, other gesture tools, the config, the grabs it needs and the running daemon. Exits 0 when everything the config needs is there, 1 otherwise.",
        options: [config, display])
    public static let `init` = Command(
        "init",
        abstract: "Write a commented starter config to $XDG_CONFIG_HOME/gestured/config.toml.",
        discussion:
            "Never overwrites a config that is there. The running daemon picks the new file up by itself."
    )

    public static let `import` = Command(
        "import",
        abstract: "Turn a touchegg, libinput-gestures or fusuma config into a gestured config.",
        discussion: """
            Prints one gestured config on standard output: each gesture of the file as a \
            [[gesture]] under a comment naming the line it came from, or a `# not imported:` \
            line saying what and why; and on standard error how many were carried over. Exits 1, \
            printing nothing, when the file cannot be read (not well-formed XML or YAML, too \
            large). With --write the gestures are added to the end of the config instead, which \
            is copied to config.toml.bak-DATE first; a name the config already has is refused. \
            The mapping, format by format, is in docs/import.md.
            """,
        options: [config, write], arguments: [importFormat, importFile])

    public static let program = Program(
        name: "gestured",
        abstract: "Gestures for X11 desktops: touchscreen, touchpad and pointer strokes.",
        version: Version.gestured,
        commands: [run, check, replay, learn, record, devices, doctor, `init`, `import`],
        defaultCommand: "run",
        manualSections: [
            ManualSection(
                "Files",
                items: [
                    (
                        "$XDG_CONFIG_HOME/gestured/config.toml",
                        "The config (~/.config/gestured/config.toml without XDG_CONFIG_HOME); without it the embedded default runs. Its keys, actions and shapes: gestured.toml(5)."
                    ),
                    (
                        "$XDG_RUNTIME_DIR/gestured/",
                        "The folder of gestured's own gesture stream and of gestured record's hand-off, which only its user can open."
                    ),
                    (
                        "/usr/share/doc/gestured/",
                        "The reference pages: config.md, gestures.md, strokes.md, desktop.md, trace-format.md, troubleshooting.md and import.md."
                    ),
                ]),
            ManualSection(
                "Signals", "What the running daemon does on each signal.",
                items: [
                    (
                        "SIGHUP",
                        "Reads the config again; a config with errors is refused with each located error, and the last good one stays."
                    ),
                    (
                        "SIGTERM, SIGINT",
                        "Gives back every touch and press it holds or has not read yet, lets go of its grabs, and exits 0."
                    ),
                    (
                        "SIGUSR1",
                        "Hands its input to a waiting gestured record (see gestured-record(1)); sent by gestured record itself."
                    ),
                ]),
            ManualSection(
                "Exit status",
                items: [
                    (
                        "0",
                        "Success; for check, a config that loads and whose exec actions the daemon will run."
                    ),
                    (
                        "1",
                        "An error, said on standard error with its place (file:line:column for a config); for check, also exec actions the daemon would refuse."
                    ),
                    ("3", "The daemon lost its connection to the X server."),
                    ("64", "A command line that does not parse (EX_USAGE)."),
                ]),
        ],
        seeAlso: [("gestured.toml", 5)])
}

/// `--log-level`'s values; the daemon maps them onto its logger's levels.
public enum LogLevel: String, CaseIterable, Sendable {
    case error, warn, info, debug, trace
}
