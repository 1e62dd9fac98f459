import GestureConfig
import GestureSession
import GestureStream

/// What the daemon runs, as the clients of its own stream ask (`GesturedStream+Control`): the
/// config; the catalogue of every gesture it can recognize while the settings window listens
/// (nothing performed, each gesture told to the window as the binding that would recognize it);
/// or nothing at all while paused (nothing grabbed, so every touch goes to the applications).
/// Each is a set of bindings swapped in the way a reload swaps them.
extension Daemon {
    enum Mode: Equatable {
        case normal, listening, paused
    }

    /// What the stream's clients ask for now: listening wins over a pause, which comes back
    /// when the listening ends.
    var wantedMode: Mode {
        guard let s = ownStream else { return .normal }
        return !s.listeners.isEmpty ? .listening : s.paused ? .paused : .normal
    }

    /// The bindings that run in `mode` over the config's `configured` ones.
    func bindings(for mode: Mode, configured: Bindings) -> Bindings {
        switch mode {
        case .normal: return configured
        case .listening:
            return Bindings(Catalogue.config(replacing: configured.config), screen: x.screen())
        case .paused:
            var nothing = configured.config
            nothing.gestures = []
            nothing.settings.toucheggStream = false
            return Bindings(nothing, screen: x.screen())
        }
    }

    /// Does what the stream's clients asked, once per turn of the loop: swaps the bindings
    /// when the mode changes, says so in the log and to every client.
    func followStream() {
        let wanted = wantedMode
        guard wanted != mode else { return }
        let config = configured ?? bindings
        let next = bindings(for: wanted, configured: config)
        settleAll()
        do {
            try listener.regrab(next.needs)
        } catch {
            log.error("cannot \(Daemon.words(wanted)): \(error); staying as it was")
            return
        }
        let was = mode
        mode = wanted
        session.bindings = next
        configured = wanted == .normal ? nil : config
        showOverlay(options.overlay || config.config.settings.overlay)
        let who = ownStream?.lastAsker ?? ""
        switch wanted {
        case .listening:
            log.info(
                "listening for the settings window (\(who)): every gesture is reported, no action is performed until it stops"
            )
        case .paused:
            log.info("paused (\(who)): nothing is grabbed and no action is performed until resumed")
        case .normal:
            log.info(
                was == .paused
                    ? "resumed (\(who)): \(Daemon.gestures(config.config))"
                    : "stopped listening: back to \(Daemon.gestures(config.config))")
        }
        ownStream?.stateChanged(paused: ownStream?.paused ?? false, listening: wanted == .listening)
    }

    static func words(_ mode: Mode) -> String {
        switch mode {
        case .normal: "go back to the config"
        case .listening: "listen"
        case .paused: "pause"
        }
    }
}
