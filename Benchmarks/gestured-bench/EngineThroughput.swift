import GestureConfig
import GestureSession
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

    /// Not inlined, so that a profile can name it (`callgrind --toggle-collect='*EngineThroughput*run*'`).
    @inline(never)
    static func run(_ events: [InputEvent]) -> Result {
        let bindings = Bindings(DefaultConfig.load(), screen: TraceGenerator.screen)
        let engine = bindings.engine
        var actions = 0
        /// Every transition looked up for the actions it fires, as the session does: the
        /// outputs read where they are (a for-in loop copies each), and a transition that can
        /// fire nothing skipping fire().
        func drain() {
            engine.outputs.withUnsafeBufferPointer { outputs in
                for o in outputs.indices {
                    if case let .transition(r, _, to, _) = outputs[o].kind, bindings.mayFire(r, at: to) {
                        actions += bindings.fire(r, to: to, values: outputs[o].values).fired.count
                    }
                }
            }
            engine.clearOutputs()
        }
        // The events are copied before the clock starts and each is handed to the engine in
        // turn, moved out of the copy, as the daemon hands over the event it decoded and replay
        // the one it read. Taken from the array, each was copied in the timed loop (a for-in
        // loop, and a subscript through a buffer alike), which was 115 instructions an event.
        let lent = UnsafeMutableBufferPointer<InputEvent>.allocate(capacity: events.count)
        _ = lent.initialize(fromContentsOf: events)
        defer { lent.deallocate() }
        let start = ContinuousClock.now
        for i in lent.indices {
            engine.process(lent.moveElement(from: i))
            if !engine.outputs.isEmpty { drain() }
        }
        engine.flush()
        engine.advance(to: (events.last?.time ?? 0) + 10_000)
        drain()
        return Result(seconds: Stopwatch.seconds(since: start), actions: actions)
    }
}
