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
            case let .transition(r, _, to, _, _): lines.append("\(NumberText.plain(o.time)) \(engine.recognizer(r).name) \(to.rawValue)")
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
}
