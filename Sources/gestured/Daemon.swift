import Foundation
import GestureActions
import GestureConfig
import GestureCore
import GestureTrace
import GestureX11
import Logging

/// Signal handlers only write a byte here; the run loop reads it.
nonisolated(unsafe) var signalPipe: (read: Int32, write: Int32) = (-1, -1)
nonisolated(unsafe) var pendingSignal: Int32 = 0

/// The daemon: one thread, one poll over the X connection and a signal pipe, with the
/// timeout taken from the engine's next deadline, so that an idle daemon never wakes.
final class Daemon {
    struct Options {
        var dryRun = false
        /// Writes every input event, in the trace format, here.
        var record: UnsafeMutablePointer<FILE>?
        /// The config file to watch and reload; nil for the embedded default.
        var configPath: String?
        /// Shows the debug overlay whatever the config says.
        var overlay = false
    }

    let x: XConnection
    private(set) var bindings: Bindings
    private(set) var listener: XInputListener
    let performer: ActionPerformer
    private let instance: SingleInstance
    private var watch: ConfigWatch?
    /// Why exec actions are refused: the config can be changed by other users.
    private var execRefusal: String?
    let options: Options
    let log: Logger
    private var recordStart: Double?
    /// Clicks and scrolls fired while gestured holds the pointer wait until it lets go.
    private var deferred: [(Action, ActionPerformer.Context, String)] = []
    /// The debug overlay, while it is on.
    private(set) var overlay: Overlay?

    init(config: Config, displayName: String?, options: Options, log: Logger) throws {
        self.options = options
        self.log = log
        x = try XConnection(name: displayName)
        XErrors.log = { [log] line in log.error("\(line)") }
        instance = try SingleInstance(x)
        bindings = Bindings(config, screen: x.screen())
        let needs = Daemon.needs(bindings)
        listener = try XInputListener(x, needs: needs)
        performer = ActionPerformer(x)
        execRefusal = options.configPath.flatMap(ConfigFiles.unsafeReason)
        if let why = execRefusal { log.warning("exec actions are refused: \(why)") }
        if let path = options.configPath { watch = ConfigWatch(path: path) }
        if let file = options.record {
            fputs(TraceWriter.header(bindings.engine.screen) + "\n", file)
            fflush(file)
        }
        let devices = x.inputDevices().filter { !$0.isMaster && !$0.name.contains("XTEST") }
        log.info("X display \(x.name) (\(x.vendor)), XInput \(x.xiVersion.major).\(x.xiVersion.minor)")
        for d in devices { log.info("device \(d.id): \(d.name) (\(d.kind.rawValue))") }
        if needs.touchpadSwipe || needs.touchpadPinch, !x.hasGestures {
            log.warning("the X server has no touchpad gestures (XInput 2.4, X server 21.1 or newer): touchpad bindings cannot fire")
        }
        showOverlay(options.overlay || config.settings.overlay)
        log.info("\(config.gestures.count) gestures from \(config.file); grabbing\(needs.touchscreen ? " touches" : "")\(needs.touchpadSwipe ? " swipes" : "")\(needs.touchpadPinch ? " pinches" : "")\(needs.strokeButtons.isEmpty ? "" : " buttons \(needs.strokeButtons.sorted())")")
    }

    /// Shows or takes away the debug overlay; a shown one learns the current recognizers.
    private func showOverlay(_ on: Bool) {
        if !on {
            if overlay != nil { log.info("debug overlay off") }
            overlay?.window.close()
            overlay = nil
            return
        }
        if let overlay {
            overlay.model.configure(bindings.engine.recognizers)
            return
        }
        let o = Overlay(x, recognizers: bindings.engine.recognizers)
        overlay = o
        log.info("debug overlay on (\(o.window.translucent ? "translucent, with the compositor" : "shaped, no compositor"))")
    }

    static func needs(_ bindings: Bindings) -> XInputListener.Needs {
        var needs = XInputListener.Needs()
        needs.touchscreen = bindings.touchscreenNeeded
        needs.touchpadSwipe = bindings.touchpadSwipeNeeded
        needs.touchpadPinch = bindings.touchpadPinchNeeded
        needs.strokeButtons = bindings.strokeButtons
        return needs
    }

    /// Loads the config file again. A config with errors is rejected with its located message,
    /// and the last good one stays active.
    func reload(because why: String) {
        guard let path = options.configPath else {
            log.info("\(why): using the embedded default config, nothing to reload")
            return
        }
        let config: Config
        switch ConfigFiles.load(path) {
        case .failure(let e):
            log.error("\(why): the config has errors; keeping the last good one:\n\(e.description)")
            return
        case .success(let c):
            config = c
        }
        let old = bindings
        old.engine.decideAll()
        handleOutputs()
        listener.ungrab()
        let fresh = Bindings(config, screen: x.screen())
        do {
            listener = try XInputListener(x, needs: Daemon.needs(fresh))
            bindings = fresh
        } catch {
            log.error("\(why): \(error); keeping the last good config")
            if let back = try? XInputListener(x, needs: Daemon.needs(old)) { listener = back }
            return
        }
        showOverlay(options.overlay || config.settings.overlay)
        execRefusal = ConfigFiles.unsafeReason(path)
        if let refusal = execRefusal { log.warning("exec actions are refused: \(refusal)") }
        log.info("\(why): reloaded \(config.gestures.count) gestures from \(path)")
    }

    /// Runs until SIGTERM or SIGINT; returns the exit code.
    func run() -> Int32 {
        installSignals()
        var fds = [pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: watch?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
        log.info("ready")
        while true {
            let engine = bindings.engine
            listener.drain()
            if listener.screenChanged {
                engine.screen = x.screen()
                overlay?.window.resize(width: engine.screen.width, height: engine.screen.height)
                log.info("screen \(Int(engine.screen.width))x\(Int(engine.screen.height)), monitors \(engine.screen.monitors.map { "\(Int($0.width))x\(Int($0.height))+\(Int($0.x))+\(Int($0.y))" }.joined(separator: " "))")
            }
            for event in listener.events {
                log.trace("input \(TraceWriter.line(event))")
                record(event)
                overlay?.input(event)
                engine.process(event)
                handleOutputs()
            }
            engine.flush()
            handleOutputs()
            if !deferred.isEmpty && !listener.pointerBusy {
                for (action, context, name) in deferred { performNow(action, context, name) }
                deferred.removeAll()
            }
            if let deadline = engine.nextDeadline(), deadline <= listener.now() {
                engine.advance(to: listener.now())
                handleOutputs()
                continue
            }
            overlay?.update(now: listener.now())
            if x.flushHasEvents() { continue }
            let next = [engine.nextDeadline(), overlay?.deadline].compactMap { $0 }.min()
            let timeout: Int32 = next.map { Int32(max(1, min(60_000, ($0 - listener.now()).rounded(.up)))) } ?? -1
            for i in fds.indices { fds[i].revents = 0 }
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 && errno != EINTR {
                log.critical("poll failed: \(String(cString: strerror(errno)))")
                return 1
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                log.critical("lost the connection to the X server")
                return 3
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                while read(signalPipe.read, &byte, 1) == 1 {}
                CommandRunner.reap()
                let signal = pendingSignal
                pendingSignal = 0
                if signal == SIGTERM || signal == SIGINT {
                    log.info("exiting on signal \(signal)")
                    shutdown()
                    return 0
                }
                if signal == SIGHUP { reload(because: "SIGHUP") }
            }
            if fds[2].revents & Int16(POLLIN) != 0, watch?.changed() == true {
                reload(because: "the config file changed")
            }
            if n == 0 {
                engine.advance(to: listener.now())
                handleOutputs()
            }
        }
    }

    /// Decides every held touch and lets go of every grab.
    func shutdown() {
        bindings.engine.decideAll()
        let decided = bindings.engine.outputs.contains { if case .decision = $0.kind { true } else { false } }
        handleOutputs()
        if decided {
            // Xorg 21.1 can crash when a client leaves while the touches it just gave back are
            // still being replayed to a window manager's grab: stay connected until they are.
            x.sync()
            usleep(100_000)
            listener.drain()
        }
        listener.ungrab()
        overlay?.window.close()
        performer.close()
        if let file = options.record { fflush(file) }
    }

    private func record(_ event: InputEvent) {
        guard let file = options.record else { return }
        let start = recordStart ?? event.time
        recordStart = start
        var e = event
        e.time = event.time - start
        fputs(TraceWriter.line(e) + "\n", file)
        fflush(file)
    }

    private func handleOutputs() {
        let engine = bindings.engine
        for o in engine.outputs {
            overlay?.output(o)
            switch o.kind {
            case let .decision(d):
                listener.apply(d)
                log.trace("decision \(d.target) \(d.accepted ? "accept" : "reject") (\(d.why.rawValue))")
            case let .transition(r, _, to, values, reason):
                if to == .failed {
                    log.debug("\(r.type) \"\(r.name)\": failed: \(reason ?? "")")
                } else {
                    log.debug("\(r.type) \"\(r.name)\": \(to.rawValue)\(reason.map { ": \($0)" } ?? "")")
                }
                if to == .ended { log.info("recognized \(r.type) \"\(r.name)\"") }
                for f in bindings.fire(r, to: to, values: values) { perform(f, r, to, values, time: o.time) }
            case let .illegalTransition(r, from, to):
                log.warning("\(r.type) \"\(r.name)\" asked for \(from.rawValue) -> \(to.rawValue), which is not allowed")
            case let .pending(r, other):
                log.debug("\(r.type) \"\(r.name)\": waits for \"\(other.name)\" to fail")
            }
        }
        engine.clearOutputs()
    }

    private func perform(_ fired: Fired, _ r: GestureRecognizer, _ state: GestureState, _ v: GestureValues, time: Double) {
        let binding = fired.binding
        let action = fired.action
        if options.dryRun {
            log.info("\"\(binding.name)\": would \(action.text) (dry run)")
            overlay?.action("\"\(binding.name)\": would \(action.text)", at: time)
            return
        }
        switch action {
        case .exec(let command):
            if let why = execRefusal {
                log.error("\"\(binding.name)\": exec refused: \(why); make it writable by you only (chmod go-w)")
                overlay?.action("\"\(binding.name)\": exec refused", at: time, failed: true)
                return
            }
            var c = GestureContext(name: binding.name, type: r.type, state: state.rawValue)
            c.fingers = v.fingers
            c.direction = v.direction ?? v.shape
            c.dx = v.translation?.x
            c.dy = v.translation?.y
            c.scale = v.scale
            c.rotation = v.rotation
            c.x = v.location?.x
            c.y = v.location?.y
            c.step = fired.step
            c.progress = fired.progress
            switch CommandRunner.spawn(command, context: c) {
            case .success(let pid):
                log.info("\"\(binding.name)\": exec (pid \(pid)) \(command)")
                overlay?.action("\"\(binding.name)\": exec \(command)", at: time)
            case .failure(let e):
                log.error("\"\(binding.name)\": \(e.message)")
                overlay?.action("\"\(binding.name)\": \(e.message)", at: time, failed: true)
            }
        case .pass:
            break
        case .click where listener.pointerBusy, .scroll where listener.pointerBusy:
            deferred.append((action, .init(location: v.location, time: time), binding.name))
        default:
            performNow(action, .init(location: v.location, time: time), binding.name)
        }
    }

    private func performNow(_ action: Action, _ context: ActionPerformer.Context, _ name: String) {
        let started = ServerClock.monotonic()
        switch performer.perform(action, context) {
        case .success(let what):
            log.info("\"\(name)\": \(action.text): \(what) (\(NumberText.plain(((ServerClock.monotonic() - started) * 100).rounded() / 100)) ms)")
            overlay?.action("\"\(name)\": \(action.text)", at: listener.now())
        case .failure(let e):
            log.error("\"\(name)\": \(action.text): \(e.message)")
            overlay?.action("\"\(name)\": \(action.text): \(e.message)", at: listener.now(), failed: true)
        }
    }

    private func installSignals() {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        signalPipe = (fds[0], fds[1])
        _ = fcntl(x.fileDescriptor, F_SETFD, FD_CLOEXEC)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGCHLD] {
            signal(s) { sig in
                if sig != SIGCHLD { pendingSignal = sig }
                var byte: UInt8 = 1
                _ = write(signalPipe.write, &byte, 1)
            }
        }
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked; a daemon that cannot hear SIGTERM hangs.
        var handled = sigset_t()
        sigemptyset(&handled)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&handled, s) }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }
}

