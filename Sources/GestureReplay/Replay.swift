import GestureActions
import GestureConfig
import GestureCore
import GestureDispatch
import GestureTrace

/// Runs traces through the engine of a config and writes what `gestured replay` prints. It
/// dispatches the engine's outputs as the daemon does, through the same dispatcher, in a dry
/// run: it never performs an action, and prints the ones that would fire.
public final class Replay {
    public struct Options: Sendable {
        public var decisions = false
        public init(decisions: Bool = false) { self.decisions = decisions }
    }

    let config: Config
    let printer: ReplayPrinter

    public init(config: Config, options: Options = Options(), write: @escaping (String) -> Void) {
        self.config = config
        printer = ReplayPrinter(options: options, write: write)
    }

    /// Replays one trace file's text, cut into lines by `TraceText` (LF or CRLF, a BOM skipped).
    public func run(file: String, text: String) throws(TraceError) {
        try run(file: file, lines: TraceText.lines(of: text))
    }

    /// Replays one trace given as lines; stops at the first malformed line and throws it, after
    /// writing what the lines before it produced.
    public func run<Lines: Sequence>(file: String, lines: Lines) throws(TraceError) where Lines.Element == Substring {
        var reader = TraceReader(file: file)
        var dispatcher: Dispatcher?
        var lastTime = 0.0
        func start(_ screen: Screen) -> Dispatcher {
            Dispatcher(bindings: Bindings(config, screen: screen),
                       actions: ActionDispatch(performer: RecordingPerformer(), dryRun: true), observer: printer)
        }
        defer {
            if let dispatcher {
                dispatcher.bindings.engine.flush()
                dispatcher.dispatch()
            }
        }
        for text in lines {
            guard let line = try reader.read(text) else { continue }
            switch line {
            case .header(let screen):
                dispatcher = start(screen)
            case .event(let event):
                let d = dispatcher ?? start(Screen())
                dispatcher = d
                d.bindings.engine.process(event)
                lastTime = event.time
                d.dispatch()
            }
        }
        if let d = dispatcher {
            d.bindings.engine.advance(to: lastTime)
            d.dispatch()
        }
    }
}

/// Prints what the dispatcher reports as replay's JSON Lines.
final class ReplayPrinter: DispatchObserver {
    let options: Replay.Options
    let write: (String) -> Void

    init(options: Replay.Options, write: @escaping (String) -> Void) {
        self.options = options
        self.write = write
    }

    func observe(_ o: EngineOutput) {
        switch o.kind {
        case let .transition(r, _, to, values, _):
            if to != .failed { write(OutputFormat.transition(time: o.time, r, state: to, values: values)) }
        case let .decision(d):
            if options.decisions { write(OutputFormat.decision(time: o.time, d)) }
        case let .illegalTransition(r, from, to):
            write(OutputFormat.illegal(time: o.time, r, from: from, to: to))
        case .pending:
            break
        }
    }

    func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionDispatch.Outcome, at time: Double) {
        write(OutputFormat.action(time: time, fired.action.text, gesture: r.name, step: fired.step))
    }

    func warning(_ message: String, about r: GestureRecognizer, at time: Double) {
        write(OutputFormat.warning(time: time, gesture: r.name, message))
    }
}
