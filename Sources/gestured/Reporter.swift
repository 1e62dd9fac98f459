import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import GestureTrace
import Logging

/// What the daemon tells the user about the session's work and its own: one log line per event
/// at its level, and the same, shorter, on the debug overlay while it is on.
final class Reporter: SessionObserver {
    let log: Logger
    var overlay: Overlay?

    /// Whether the log shows debug and trace lines: the level is set once, before the daemon
    /// starts, and the outputs of every input event are asked about.
    private let debugging: Bool
    private let tracing: Bool

    init(log: Logger) {
        self.log = log
        debugging = log.logLevel <= .debug
        tracing = log.logLevel <= .trace
    }

    func observe(_ o: EngineOutput, in bindings: Bindings) {
        let engine = bindings.engine
        overlay?.output(o, in: engine)
        switch o.kind {
        case .decision(let d):
            if tracing {
                log.trace(
                    "decision \(d.target) \(d.accepted ? "accept" : "reject") (\(d.why.rawValue))")
            }
        case .transition(let id, let from, let to, let reasonID):
            guard debugging || o.recognized != nil else { return }
            let r = engine.recognizer(id)
            if debugging {
                // Each transition once a gesture, with its reason; a gesture's every update
                // after its first is a trace line.
                let repeated = from == .changed && to == .changed
                if !repeated || tracing {
                    let reason = reasonID.map(engine.reason)
                    let line =
                        "\(r.type) \"\(r.name)\": \(to.rawValue)\(reason.map { ": \($0)" } ?? "")"
                    if repeated { log.trace("\(line)") } else { log.debug("\(line)") }
                }
            }
            if o.recognized != nil { log.info("recognized \(r.type) \"\(r.name)\"") }
        case .illegalTransition(let id, let from, let to):
            let r = engine.recognizer(id)
            log.warning(
                "\(r.type) \"\(r.name)\" asked for \(from.rawValue) -> \(to.rawValue), which is not allowed"
            )
        case .pending(let id, let other):
            let r = engine.recognizer(id)
            log.debug(
                "\(r.type) \"\(r.name)\": waits for \"\(engine.recognizer(other).name)\" to fail")
        }
    }

    func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionOutcome, at time: Double) {
        report(fired.binding.name, fired.action, outcome, at: time)
    }

    func later(_ name: String, _ action: Action, outcome: ActionOutcome, at time: Double) {
        report(name, action, outcome, at: time)
    }

    func notCommitted(
        _ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double
    ) {
        log.info(
            "\(r.type) \"\(r.name)\": lifted at progress \(NumberText.plain((progress * 100).rounded() / 100)) before the commit point: nothing performed"
        )
    }

    func warning(_ message: String, about r: GestureRecognizer, at time: Double) {
        log.warning("\(r.type) \"\(r.name)\": \(message)")
    }

    /// One action's outcome, as the log and the overlay say it.
    func report(_ name: String, _ action: Action, _ outcome: ActionOutcome, at time: Double) {
        let who = "\"\(name)\""
        switch outcome {
        case .wouldPerform:
            log.info("\(who): would \(action.text) (dry run)")
            overlay?.action("\(who): would \(action.text)", at: time)
        case .refused(let why):
            log.error("\(who): exec refused: \(why)")
            overlay?.action("\(who): exec refused", at: time, failed: true)
        case .spawned(let pid):
            log.info("\(who): exec (pid \(pid)) \(action.command ?? action.text)")
            overlay?.action("\(who): \(action.text)", at: time)
        case .performed(let what, let ms):
            log.info(
                "\(who): \(action.text): \(what) (\(NumberText.plain((ms * 100).rounded() / 100)) ms)"
            )
            overlay?.action("\(who): \(action.text)", at: time)
        case .failed(let why):
            log.error("\(who): \(action.text): \(why)")
            overlay?.action("\(who): \(action.text): \(why)", at: time, failed: true)
        case .withheld(let why):
            log.warning("\(who): \(action.text) not performed: \(why)")
            overlay?.action("\(who): \(action.text) not performed", at: time, failed: true)
        case .deferred:
            log.debug("\(who): \(action.text) waits until gestured lets go of the pointer")
        case .passed:
            break
        case .moved(let steps, let dryRun):
            // Presses, releases and taking a window are news; the motion between them is many lines a second.
            guard !steps.isEmpty else { return }
            let line =
                "\(who): \(action.text): \(FollowStep.text(steps))\(dryRun ? " (dry run)" : "")"
            if steps.contains(where: { !$0.isMotion }) {
                log.info("\(line)")
                overlay?.action(line, at: time)
            } else {
                log.trace("\(line)")
            }
        }
    }
}
