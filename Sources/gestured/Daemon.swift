import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import GestureStream
import GestureTrace
import GestureX11
import Glibc
import Logging

/// The daemon, the composition root: one thread, one poll over the X connection and a signal
/// pipe, with the timeout taken from the nearest of its timers (`Daemon+Timers`), so that an
/// idle daemon never wakes. Input goes one way: the listener decodes it, the session turns it
/// into effects, and the daemon applies them (`Daemon+Effects`), the one place that touches both
/// the engine's side and the X server's.
final class Daemon {
    struct Options {
        var dryRun = false
        /// Writes every input event, in the trace format, here.
        var record: NonBlockingOutput?
        /// The config file to watch and reload; nil for the embedded default.
        var configPath: String?
        /// Why the config's `exec` actions are refused, as its file was read.
        var execRefusal: String?
        /// Shows the debug overlay whatever the config says.
        var overlay = false
        /// Where the log goes: written on when the reader has room.
        var outputs: [NonBlockingOutput] = []
    }

    let x: XConnection
    /// Decodes the X server's input, and holds the grabs; its state outlives reloads.
    let listener: XInputListener
    let performer: ActionPerformer
    /// The config at work: input events in, effects out.
    let session: Session
    /// Says what the session decided and the daemon did, in the log and on the overlay.
    let reporter: Reporter
    /// Draws what the actions of gestures with feedback will do, as the fingers go.
    let feedback: Feedback
    private let instance: SingleInstance
    private var configAnnouncements = 0
    /// Reads the config file again when it changes or on SIGHUP; nil for the embedded default.
    let reloader: ConfigReloader?
    let options: Options
    let log: Logger
    /// Whether the log shows trace lines (one per input event): the level is set before start.
    private let tracing: Bool
    private var recordStart: Double?
    /// `gestured record` processes the input is handed to (`RecordHandOff`): while any is,
    /// actions are not performed.
    private var recorders: [(output: NonBlockingOutput, start: Double?, who: String)] = []
    var bindings: Bindings { session.bindings }
    /// The one line that says the daemon runs, and on what.
    private var readyText = "ready"
    /// The debug overlay, while it is on: the reporter draws what the session did on it.
    var overlay: Overlay? { reporter.overlay }
    /// touchegg's gesture stream, while `touchegg-stream` is on and its address was free.
    private(set) var touchegg: ToucheggStream?
    /// gestured's own stream, while `gestured-stream` is on and its address was free.
    private(set) var ownStream: GesturedStream?
    /// What the daemon runs: the config, the catalogue while the settings window listens, or
    /// nothing while paused (`Daemon+Modes`).
    var mode = Mode.normal
    /// The config's bindings while the catalogue or nothing runs in their place.
    var configured: Bindings?
    /// Tells the stream's watchers and listeners what the session decided.
    let live: LiveObserver
    /// What the run loop waits on; made when it starts.
    var sources: PollSources!
    /// The gesture and action of the last following action that took a window, for what the
    /// performer later says of it (`ActionPerformer.advance`).
    var taking: (gesture: String, action: Action)?
    /// The D-Bus servers the poll waits on: the streams served now.
    private(set) var buses: [PeerBus] = []

    init(config: Config, displayName: String?, options: Options, log: Logger) throws {
        self.options = options
        self.log = log
        tracing = log.logLevel <= .trace
        x = try XConnection(name: displayName)
        XErrors.log = { [log] line in log.error("\(line)") }
        XErrors.lastWords = {
            [log, outputs = options.outputs + (options.record.map { [$0] } ?? [])] news in
            Daemon.lostTheServer(news, log: log, outputs: outputs)
        }
        instance = try SingleInstance(x)
        let bindings = Bindings(config, screen: x.screen())
        // Questions go over a connection of their own, which selects no input: a round trip on
        // `x` would read all the input the server holds for gestured.
        let ask = try XConnection(name: x.name)
        let listener = try XInputListener(x, asking: ask, needs: bindings.needs)
        self.listener = listener
        performer = ActionPerformer(x, asking: ask)
        if let why = options.execRefusal { log.warning("exec actions are refused: \(why)") }
        reporter = Reporter(log: log)
        live = LiveObserver(reporter)
        session = Session(
            bindings: bindings,
            policy: ActionPolicy(dryRun: options.dryRun, execRefusal: options.execRefusal),
            observer: live)
        feedback = Feedback(x, performer: performer)
        session.showsFeedback = true
        reloader = options.configPath.map(ConfigReloader.init)
        options.record?.write(TraceWriter.header(bindings.engine.screen) + "\n")
        let devices = x.inputDevices().filter { !$0.isMaster && !$0.name.contains("XTEST") }
        for d in devices { log.debug("device \(d.id): \(d.name) (\(d.kind.rawValue))") }
        if !devices.contains(where: { $0.kind == .touchscreen || $0.kind == .touchpad }) {
            log.warning(
                "no touchscreen or touchpad: only pointer strokes can fire (`gestured devices` lists what the server has)"
            )
        }
        if !x.hasGestures {
            log.warning(
                "the X server has no touchpad gestures (XInput 2.4, X server 21.1 or newer): touchpad bindings cannot fire"
            )
        }
        showOverlay(options.overlay || config.settings.overlay)
        serveStreams(config.settings)
        announce(applied: true, file: config.file, detail: Daemon.gestures(config))
        readyText =
            "ready on \(x.name) (\(x.vendor), XInput \(x.xiVersion.major).\(x.xiVersion.minor)): "
            + Daemon.count(devices)
            + "; \(Daemon.gestures(config)) from \(config.file); grabbing \(listener.grabbedText); held at most: \(config.holdText)"
    }

    /// Remakes the overlay's and feedback's windows when a compositor came or went: translucent
    /// with one, shaped without (a translucent window no compositor blends is black).
    private func followCompositor() {
        if let o = overlay, o.followCompositor() {
            log.info(
                "debug overlay now \(o.window.translucent ? "translucent, a compositor came" : "shaped, the compositor left")"
            )
        }
        if feedback.followCompositor(), let w = feedback.window {
            log.info(
                "feedback window now \(w.translucent ? "translucent, a compositor came" : "shaped, the compositor left")"
            )
        }
    }

    /// `1 gesture`, `13 gestures`
    static func gestures(_ config: Config) -> String {
        "\(config.gestures.count) gesture\(config.gestures.count == 1 ? "" : "s")"
    }

    /// `1 touchscreen, no touchpad, 1 pointer, 1 keyboard`
    static func count(_ devices: [InputDevice]) -> String {
        [InputDevice.Kind.touchscreen, .touchpad, .pointer, .keyboard].map { kind in
            let n = devices.filter { $0.kind == kind }.count
            return n == 0 ? "no \(kind.rawValue)" : "\(n) \(kind.rawValue)\(n == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }

    /// Shows or takes away the debug overlay; a shown one learns the current recognizers.
    func showOverlay(_ on: Bool) {
        if !on {
            if overlay != nil { log.info("debug overlay off") }
            overlay?.window.close()
            reporter.overlay = nil
            return
        }
        if let overlay {
            overlay.model.configure(bindings.engine.recognizers)
            return
        }
        let o = Overlay(x, recognizers: bindings.engine.recognizers)
        reporter.overlay = o
        log.info(
            "debug overlay on (\(o.window.translucent ? "translucent, with the compositor" : "shaped, no compositor"))"
        )
    }

    /// Starts or stops serving the streams the settings ask for. An address that is taken
    /// (touchegg's own daemon runs) is an error in the log, and the daemon runs on without
    /// that stream.
    private func serveStreams(_ settings: Config.Settings) {
        let log = self.log
        touchegg = serve("touchegg stream", settings.toucheggStream, touchegg) {
            () throws(StreamError) in
            try ToucheggStream(log: log, clock: MonotonicClock.microseconds)
        }
        session.streamsToTouchegg = touchegg != nil
        ownStream = serve("gestured stream", settings.gesturedStream, ownStream) {
            () throws(StreamError) in
            try GesturedStream(log: log, clock: MonotonicClock.microseconds)
        }
        session.streamsEveryGesture = ownStream != nil
        live.stream = ownStream
        buses = [touchegg?.bus, ownStream?.bus].compactMap(\.self)
    }

    private func serve<S: ServedStream>(
        _ label: String, _ on: Bool, _ running: S?, _ start: () throws(StreamError) -> S
    ) -> S? {
        if !on {
            if running != nil { log.info("\(label) off") }
            return nil
        }
        if let running { return running }
        do throws(StreamError) {
            let stream = try start()
            log.info("\(label) on \(stream.bus.address)")
            return stream
        } catch {
            log.error("\(label): cannot serve \(error); running without it")
            return nil
        }
    }

    /// Puts a config loaded off the input path in place. One that failed, or whose grabs cannot
    /// be taken, is rejected with its located message, and the last good one stays active.
    private func swapIn(_ loaded: ConfigReloader.Loaded) {
        let fresh: Bindings
        switch loaded.result {
        case .failure(let e):
            log.error(
                "\(loaded.why): the config has errors; keeping the last good one:\n\(e.description)"
            )
            announce(applied: false, file: reloader?.path ?? "", detail: e.description)
            return
        case .success(let b):
            fresh = b
        }
        // What the old bindings hold is decided, and a drag of theirs lets go: the new ones may
        // not have it.
        settleAll()
        // Listening or paused, the config waits: what runs in its place follows it.
        let running = bindings(for: mode, configured: fresh)
        do {
            try listener.regrab(running.needs)
        } catch {
            log.error("\(loaded.why): \(error); keeping the last good config")
            announce(applied: false, file: fresh.config.file, detail: "\(error)")
            return
        }
        session.bindings = running
        configured = mode == .normal ? nil : fresh
        bindings.engine.screen = x.screen()
        showOverlay(options.overlay || fresh.config.settings.overlay)
        serveStreams(fresh.config.settings)
        allowExec(unless: loaded.execRefusal)
        sayGestures(fresh.config)
        log.info(
            "\(loaded.why): reloaded \(Daemon.gestures(fresh.config)) from \(fresh.config.file); grabbing \(listener.grabbedText); held at most: \(fresh.config.holdText)"
        )
        announce(applied: true, file: fresh.config.file, detail: Daemon.gestures(fresh.config))
    }

    /// Tells the settings window what became of a load (`ConfigState`).
    private func announce(applied: Bool, file: String, detail: String) {
        configAnnouncements += 1
        instance.announce(
            ConfigState(applied: applied, file: file, detail: detail, serial: configAnnouncements),
            on: x)
    }

    /// Each gesture the daemon runs with, as `gestured check` says it: the finger counts it
    /// takes from each source, with the defaults filled in.
    private func sayGestures(_ config: Config) {
        for g in config.gestures { log.info("gesture \(GestureSummary.line(g))") }
    }

    /// Exec actions are refused while others could have changed the config as it was last read.
    private func allowExec(unless refusal: String?) {
        let before = session.policy.execRefusal
        if refusal != before {
            if let refusal {
                log.warning("exec actions are refused: \(refusal)")
            } else if before != nil {
                log.info(
                    "exec actions are allowed again: only you can change \(options.configPath ?? "the config")"
                )
            }
        }
        session.policy.execRefusal = refusal
    }

    /// The log and the record: what the run loop writes on while their readers are behind.
    private var outputs: [NonBlockingOutput] {
        options.outputs + (options.record.map { [$0] } ?? []) + recorders.map(\.output)
    }

    /// Runs until SIGTERM or SIGINT; returns the exit code. Each turn: the signals first, then
    /// the input, the timers that are due, and a poll until the nearest timer or source.
    func run() -> Int32 {
        Signals.install()
        let outputs = self.outputs
        _ = fcntl(x.fileDescriptor, F_SETFD, FD_CLOEXEC)
        sources = PollSources(
            x: x.fileDescriptor, signals: Signals.fd,
            configWatch: reloader?.watchFD, configLoaded: reloader?.loadedFD)
        sayGestures(bindings.config)
        log.info("\(readyText)")
        var signalled = false
        while true {
            // Signals first, before the X events that arrived with them are read: termination
            // wins over everything else (a poll that a signal interrupted reports nothing). The
            // pipe is emptied even when the flags were taken before its byte came.
            if signalled || Signals.arrived {
                signalled = false
                if handleSignals() { return 0 }
            }
            readInput()
            // The clock is read once for the timers.
            let now = listener.now()
            let nearest = fireDueTimers(at: now)
            // The round trip that lets Xlib forget its notes comes before the look at what is
            // queued: it reads into the queue whatever the server sent before its reply, which a
            // poll on the socket would never wake for.
            if !listener.behind { x.forgetAnsweredRequests() }
            if x.flushHasEvents() { continue }
            let n = sources.poll(
                buses, outputs, timeout: Daemon.pollTimeout(until: nearest, now: now))
            if n < 0 && errno != EINTR {
                log.critical("poll failed: \(String(cString: strerror(errno)))")
                return 1
            }
            if sources.hungUp(sources.x) { return lostTheServer() }
            signalled = sources.readable(sources.signals)
            // An owner or mode changed: the file is read again, and judged as it is read.
            if sources.readable(sources.configWatch), reloader?.watched(now: listener.now()) == true
            {
                reloader?.request(
                    "the config file's owner or mode changed", screen: bindings.engine.screen)
            }
            if sources.readable(sources.configLoaded),
                let loaded = reloader?.finished(screen: bindings.engine.screen)
            {
                swapIn(loaded)
            }
            if n >= 0 {
                // A poll that timed out is the streams' own timer firing (`Timer.streams`).
                sources.serveStreams(timedOut: n == 0)
                followStream()
            }
            sources.flushOutputs()
        }
    }

    /// Reads one buffer of input at most and takes it through the session, each event's
    /// effects applied before the next event is taken, after what the listener saw of the
    /// screen, the compositor and the devices.
    private func readInput() {
        let engine = bindings.engine
        listener.drain(lateAfter: engine.settings.touchTimeout)
        if listener.screenChanged {
            engine.screen = x.screen()
            overlay?.window.resize(width: engine.screen.width, height: engine.screen.height)
            feedback.window?.resize(width: engine.screen.width, height: engine.screen.height)
            log.info(
                "screen \(Int(engine.screen.width))x\(Int(engine.screen.height)), monitors \(engine.screen.monitors.map { "\(Int($0.width))x\(Int($0.height))+\(Int($0.x))+\(Int($0.y))" }.joined(separator: " "))"
            )
        }
        if listener.compositorChanged { followCompositor() }
        for (event, why) in listener.dropped {
            log.warning("input dropped, \(why): \(TraceWriter.line(event))")
        }
        for news in listener.deviceNews { log.info("\(news)") }
        for press in listener.unfollowed { log.debug("\(press)") }
        for event in listener.events {
            if tracing { log.trace("input \(TraceWriter.line(event))") }
            record(event)
            overlay?.input(event)
            session.take(event)
            apply(session.effects(in: world()))
        }
        session.flush()
        apply(session.effects(in: world()))
        listener.settleTouchButtons()
    }

    /// The X connection hung up: the server keeps a button pressed through XTest down after it
    /// drops its client, so that is let go of first, then said; exit 3.
    private func lostTheServer() -> Int32 {
        Daemon.lostTheServer(x.heldButtons.letGoAfterLoss(), log: log, outputs: outputs)
        return 3
    }

    /// Says that the connection is lost and what was let go of, and writes out the log's
    /// lines that wait for their reader, as far as it takes them within half a second: found by
    /// the run loop or inside a round trip (`XErrors.lastWords`), the daemon exits 3 after.
    static func lostTheServer(_ news: String?, log: Logger, outputs: [NonBlockingOutput]) {
        log.critical("lost the connection to the X server")
        if let news { log.warning("\(news)") }
        for o in outputs { o.drain(within: 500) }
    }

    /// Takes the signals that came; returns true when one asks the daemon to end (it has shut
    /// down then).
    private func handleSignals() -> Bool {
        let signals = Signals.take()
        if signals.contains(.terminate) {
            log.info("exiting on a termination signal")
            shutdown()
            return true
        }
        if signals.contains(.child) { CommandRunner.reap() }
        if signals.contains(.record) { attachRecorders() }
        if signals.contains(.reload) {
            if let reloader {
                reloader.request("SIGHUP", screen: bindings.engine.screen)
            } else {
                log.info("SIGHUP: using the embedded default config, nothing to reload")
            }
        }
        return false
    }

    /// Decides every held touch, lets go of every grab and of any button a drag holds.
    func shutdown() {
        session.decideAll()
        let decided = bindings.engine.outputs.contains {
            if case .decision = $0.kind { true } else { false }
        }
        apply(session.effects(in: world()))
        session.releaseAll(at: listener.now())
        apply(session.effects(in: world()))
        // Then what the engine never saw: input still queued when the signal came.
        let unread = listener.giveBackAll()
        if !unread.isEmpty {
            log.debug("gave back input not yet read: \(OwnershipDecision.Target.words(unread))")
        }
        if decided || !unread.isEmpty {
            // Xorg 21.1 can crash when a client leaves while the touches it just gave back are
            // still being replayed to a window manager's grab: stay connected until they are.
            usleep(100_000)
            listener.drain()
        }
        overlay?.window.close()
        feedback.close()
        performer.close()
        for o in outputs { o.drain(within: 500) }
    }

    private func record(_ event: InputEvent) {
        if let file = options.record {
            let start = recordStart ?? event.time
            recordStart = start
            file.write(Daemon.traceLine(event, since: start))
        }
        guard !recorders.isEmpty else { return }
        for i in recorders.indices {
            let start = recorders[i].start ?? event.time
            recorders[i].start = start
            recorders[i].output.write(Daemon.traceLine(event, since: start))
        }
        let gone = recorders.filter { $0.output.isGone }
        guard !gone.isEmpty else { return }
        recorders.removeAll { $0.output.isGone }
        for r in gone {
            r.output.close()
            log.info("gestured record (pid \(r.who)) stopped")
        }
        if recorders.isEmpty {
            session.policy.dryRun = options.dryRun
            if !options.dryRun { log.info("actions are performed again") }
        }
    }

    private static func traceLine(_ event: InputEvent, since start: Double) -> String {
        var e = event
        e.time = event.time - start
        return TraceWriter.line(e) + "\n"
    }

    /// Takes the FIFOs of `gestured record` processes that asked (SIGUSR1): each gets the trace
    /// of the input from now on, and no action is performed while any reads.
    private func attachRecorders() {
        for (fd, who) in RecordHandOff.take() {
            let output = NonBlockingOutput(fd, capacity: Record.capacity, owning: true) { dropped in
                "# \(dropped) event\(dropped == 1 ? " was" : "s were") dropped here: the output was not read\n"
            }
            output.write(TraceWriter.header(bindings.engine.screen) + "\n")
            recorders.append((output, nil, who))
            log.info(
                "recording for gestured record (pid \(who)): actions are not performed until it stops"
            )
        }
        if !recorders.isEmpty { session.policy.dryRun = true }
    }
}
