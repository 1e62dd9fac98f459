import GestureActions
import GestureConfig
import GestureCore
import GestureDispatch
import Testing

/// The one path from engine outputs to effects, as the daemon and replay both take it.
@Suite struct DispatcherTests {
    final class Recorder: DispatchObserver {
        var lines: [String] = []
        func observe(_ o: EngineOutput, in engine: GestureEngine) {
            switch o.kind {
            case let .transition(r, _, to, _): lines.append("\(NumberText.plain(o.time)) \(engine.recognizer(r).name) \(to.rawValue)")
            case let .decision(d): lines.append("\(NumberText.plain(o.time)) \(d.target) \(d.accepted ? "accept" : "reject")")
            case .illegalTransition, .pending: break
            }
        }
        func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionDispatch.Outcome, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(fired.action.text) -> \(outcome)")
        }
        func warning(_ message: String, about r: GestureRecognizer, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(r.name): \(message)")
        }
        func later(_ name: String, _ action: Action, outcome: ActionDispatch.Outcome, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(name) later \(action.text) -> \(outcome)")
        }
        func notCommitted(_ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(r.name) not committed at \(NumberText.plain(progress))")
        }
    }

    @Test func decisionsGoToTheInputsOwnerAndActionsThroughThePolicyInTheEnginesOrder() throws {
        let config = try ConfigLoader.load("""
            [[gesture]]
            name = "left"
            type = "swipe"
            source = "touchpad"
            fingers = 3
            direction = "left"
            action = ["desktop next", "click 2"]
            """, file: "c.toml")
        let performer = RecordingPerformer()
        let recorder = Recorder()
        var decided: [TouchDecision] = []
        let dispatcher = Dispatcher(bindings: Bindings(config), actions: ActionDispatch(performer: performer, pointerBusy: { true }),
                                    observer: recorder, decide: { decided.append($0) })
        let engine = dispatcher.bindings.engine
        for e in [InputEvent(time: 0, .swipeBegin(fingers: 3)),
                  InputEvent(time: 10, .swipeUpdate(fingers: 3, delta: Point(x: -200, y: 0))),
                  InputEvent(time: 20, .swipeEnd(fingers: 3, cancelled: false))] {
            engine.process(e)
            dispatcher.dispatch()
        }
        #expect(recorder.lines == [
            "0 touchpad(GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3) accept",
            "10 left ended",
            "10 desktop next -> performed(\"recorded desktop next\", milliseconds: 0.0)",
            "10 click 2 -> deferred",
        ])
        #expect(decided.map(\.accepted) == [true])
        #expect(performer.performed.map(\.action) == [.desktop(.next, wrap: false)])
        #expect(engine.outputs.isEmpty)
    }

    final class StreamRecorder: GestureStreaming {
        var lines: [String] = []
        func stream(_ r: GestureRecognizer, to state: GestureState, values: GestureValues, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(r.name) \(state.rawValue) \(values.heading?.rawValue ?? "-") \(NumberText.plain(values.progress ?? 0))")
        }
    }

    /// A touchpad swipe of `steps` moves of `by` each, 10 ms apart, dispatched after each event.
    static func swipe(_ dispatcher: Dispatcher, from start: Double, fingers: Int = 3, steps: Int, by d: Point, cancelled: Bool = false) {
        let engine = dispatcher.bindings.engine
        var events = [InputEvent(time: start, .swipeBegin(fingers: fingers))]
        for i in 1...steps { events.append(InputEvent(time: start + Double(i) * 10, .swipeUpdate(fingers: fingers, delta: d))) }
        events.append(InputEvent(time: start + Double(steps + 1) * 10, .swipeEnd(fingers: fingers, cancelled: cancelled)))
        for e in events {
            engine.process(e)
            dispatcher.dispatch()
        }
    }

    @Test func withTheToucheggStreamAnUnboundSwipeIsStreamedAndABoundOneIsPerformedAndNeverStreamed() throws {
        let config = try ConfigLoader.load("""
            [settings]
            touchegg-stream = true

            [[gesture]]
            name = "right"
            type = "swipe"
            source = "touchpad"
            fingers = 3
            direction = "right"
            action = "desktop next"
            """, file: "c.toml")
        let performer = RecordingPerformer()
        let stream = StreamRecorder(), every = StreamRecorder()
        let dispatcher = Dispatcher(bindings: Bindings(config), actions: ActionDispatch(performer: performer), observer: nil)
        dispatcher.stream = stream
        dispatcher.everyGesture = every
        Self.swipe(dispatcher, from: 0, steps: 3, by: Point(x: 50, y: 0))
        Self.swipe(dispatcher, from: 100, steps: 3, by: Point(x: -50, y: 0))
        #expect(performer.performed.map(\.action) == [.desktop(.next, wrap: false)])
        // "right" fails 50 px to the left: the streamed pan, waiting for it, begins there.
        #expect(stream.lines == ["110 touchegg-swipe began left 0.25", "120 touchegg-swipe changed left 0.5",
                                 "130 touchegg-swipe changed left 0.75", "140 touchegg-swipe ended left 0.75"])
        #expect(every.lines == ["20 right ended right 0.5"] + stream.lines)
    }

    @Test func aBindingWhoseActionIsStreamIsStreamedAndPerformsNothing() throws {
        let config = try ConfigLoader.load("""
            [settings]
            touchegg-stream = true

            [[gesture]]
            name = "to-the-shell"
            type = "pan"
            source = "touchpad"
            fingers = 4
            action = "stream"
            """, file: "c.toml")
        let performer = RecordingPerformer()
        let stream = StreamRecorder()
        let dispatcher = Dispatcher(bindings: Bindings(config), actions: ActionDispatch(performer: performer), observer: nil)
        dispatcher.stream = stream
        Self.swipe(dispatcher, from: 0, fingers: 4, steps: 1, by: Point(x: 0, y: 100), cancelled: true)
        #expect(stream.lines == ["10 to-the-shell began down 0.5", "20 to-the-shell cancelled down 0.5"])
        #expect(performer.performed.isEmpty)
    }
}
