import GestureConfig
import GestureCore
import X11TestSupport

/// The engine alone, in process: the default config's bindings fed events already in memory,
/// every transition looked up for the actions it fires, as the daemon and replay do.
enum EngineThroughput {
    struct Result {
        var seconds: Double
        /// Actions the bindings fired: a check that the trace is made of gestures that work.
        var actions: Int
    }

    static func run(_ events: [InputEvent]) -> Result {
        let bindings = Bindings(DefaultConfig.load(), screen: TraceGenerator.screen)
        let engine = bindings.engine
        var actions = 0
        func drain() {
            for o in engine.outputs {
                if case let .transition(r, _, to, values, _) = o.kind {
                    actions += bindings.fire(r, to: to, values: values).fired.count
                }
            }
            engine.clearOutputs()
        }
        let start = ContinuousClock.now
        for event in events {
            engine.process(event)
            drain()
        }
        engine.flush()
        engine.advance(to: (events.last?.time ?? 0) + 10_000)
        drain()
        return Result(seconds: Stopwatch.seconds(since: start), actions: actions)
    }
}
