import GestureCore
import GestureTrace
import GestureConfig

/// Runs traces through the engine of a config and writes what `gestured replay` prints. Never
/// performs an action.
public final class Replay {
    public struct Options: Sendable {
        public var decisions = false
        public init(decisions: Bool = false) { self.decisions = decisions }
    }

    let config: Config
    let options: Options
    let write: (String) -> Void

    public init(config: Config, options: Options = Options(), write: @escaping (String) -> Void) {
        self.config = config
        self.options = options
        self.write = write
    }

    /// Replays one trace file's text, cut into lines by `TraceText` (LF or CRLF, a BOM skipped).
    public func run(file: String, text: String) throws(TraceError) {
        try run(file: file, lines: TraceText.lines(of: text))
    }

    /// Replays one trace given as lines; stops at the first malformed line and throws it, after
    /// writing what the lines before it produced.
    public func run<Lines: Sequence>(file: String, lines: Lines) throws(TraceError) where Lines.Element == Substring {
        var reader = TraceReader(file: file)
        var bindings: Bindings?
        var lastTime = 0.0
        defer {
            if let engine = bindings?.engine {
                engine.flush()
                drain(bindings!)
            }
        }
        for text in lines {
            guard let line = try reader.read(text) else { continue }
            switch line {
            case .header(let screen):
                bindings = Bindings(config, screen: screen)
            case .event(let event):
                let b = bindings ?? Bindings(config)
                bindings = b
                b.engine.process(event)
                lastTime = event.time
                drain(b)
            }
        }
        if let b = bindings {
            b.engine.advance(to: lastTime)
            drain(b)
        }
    }

    private func drain(_ b: Bindings) {
        let engine = b.engine
        for o in engine.outputs {
            switch o.kind {
            case let .transition(r, _, to, values, _):
                if to != .failed {
                    write(OutputFormat.transition(time: o.time, r, state: to, values: values))
                }
                let firing = b.fire(r, to: to, values: values)
                for f in firing.fired {
                    write(OutputFormat.action(time: o.time, f.action.text, gesture: r.name, step: f.step))
                }
                if let warning = firing.warning {
                    write(OutputFormat.warning(time: o.time, gesture: r.name, warning))
                }
            case let .decision(d):
                if options.decisions { write(OutputFormat.decision(time: o.time, d)) }
            case let .illegalTransition(r, from, to):
                write(OutputFormat.illegal(time: o.time, r, from: from, to: to))
            case .pending:
                break
            }
        }
        engine.clearOutputs()
    }
}
