import CAdwaita
import GestureSettings

#if canImport(Glibc)
    import Glibc
#endif

/// The window's link to the running daemon's own stream, for the live pages: made when a page
/// first needs it, and made again after the daemon went away and came back. The pages ask
/// through it (listen, watch, pause) and hear what the daemon says.
final class LiveLink {
    private(set) var connection: StreamConnection?
    /// Why there is none: the stream is off, the daemon does not run.
    private(set) var failure: String?
    private(set) var paused = false
    private(set) var listening = false
    /// Called when the state changed (paused, listening, connected or not).
    private var changed: [() -> Void] = []
    /// What the pages hear: a gesture seen while listening; a stroke, its points and reading;
    /// a binding that did not fire; a gesture as it goes.
    var seen: ((PerformedGesture) -> Void)?
    var stroke: ((String, [(Double, Double)], String) -> Void)?
    var notFired:
        (
            (_ name: String, _ source: String, _ state: String, _ reason: String, _ time: Double) ->
                Void
        )?
    var gesture:
        (
            (_ name: String, _ source: String, _ state: String, _ progress: Double, _ time: Double)
                -> Void
        )?
    /// Whether the window asks to listen and to watch: asked again of each connection made.
    private var wantsListening = false
    private var wantsWatching = false

    static var address: String {
        StreamPlace.address(
            runtimeDirectory: getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }, uid: getuid())
    }

    func onChange(_ changed: @escaping () -> Void) { self.changed.append(changed) }

    /// Connects, if not connected; true when connected.
    @discardableResult
    func connect() -> Bool {
        if let connection, connection.isOpen { return true }
        switch StreamConnection.connect(Self.address) {
        case .failure(let why):
            connection = nil
            failure = why.description
            tell()
            return false
        case .success(let c):
            connection = c
            failure = nil
            c.subscribe("StateChanged") { [weak self] args in
                guard let self, args.count == 2 else { return }
                paused = args[0].flag
                listening = args[1].flag
                tell()
            }
            c.onClosed { [weak self] in
                guard let self else { return }
                connection = nil
                failure = "gestured closed the connection"
                tell()
            }
            c.call("GetState") { [weak self] reply in
                guard let self, case .success(let values) = reply, values.count == 2 else { return }
                paused = values[0].flag
                listening = values[1].flag
                tell()
            }
            c.subscribe("Seen") { [weak self] args in
                guard let first = args.first else { return }
                self?.seen?(PerformedGesture(keys: first.table))
            }
            c.subscribe("Stroke") { [weak self] args in
                guard args.count == 4 else { return }
                self?.stroke?(args[0].text, args[1].points, args[2].text)
            }
            c.subscribe("NotFired") { [weak self] args in
                guard args.count == 6 else { return }
                self?.notFired?(
                    args[0].text, args[2].text, args[3].text, args[4].text, args[5].number)
            }
            c.subscribe("Gesture") { [weak self] args in
                guard args.count == 8 else { return }
                self?.gesture?(
                    args[0].text, args[2].text, args[3].text, args[5].number, args[7].number)
            }
            if wantsListening { c.call("Listen") }
            if wantsWatching { c.call("Watch") }
            tell()
            return true
        }
    }

    /// Tries to connect every 200 ms for `seconds`, after the stream was turned on.
    func retry(for seconds: Int = 5) {
        var tries = 0
        every(milliseconds: 200) { [weak self] in
            guard let self else { return false }
            tries += 1
            return !connect() && tries < seconds * 5
        }
    }

    /// Asks the daemon to listen (run every gesture it knows, perform none, say what it saw),
    /// or to stop.
    func listen(_ on: Bool) {
        wantsListening = on
        guard connect() else { return }
        connection?.call(on ? "Listen" : "StopListening")
    }

    /// Asks the daemon to say why each binding did not fire, for as long as the window is open.
    func watch() {
        guard !wantsWatching else { return }
        wantsWatching = true
        guard connect() else { return }
        connection?.call("Watch")
    }

    func setPaused(_ on: Bool) {
        guard connect() else { return }
        connection?.call("SetPaused", on) { reply in
            if case .failure(let why) = reply {
                fputs("gestured-settings: SetPaused: \(why)\n", stderr)
            }
        }
    }

    private func tell() { for c in changed { c() } }
}
