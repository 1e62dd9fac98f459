import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import Testing

/// The one path from input events to effects, as the daemon and replay both take it.
@Suite struct SessionTests {
    final class Recorder: SessionObserver {
        var lines: [String] = []
        func observe(_ o: EngineOutput, in bindings: Bindings) {
            switch o.kind {
            case .transition(let r, _, let to, _):
                lines.append(
                    "\(NumberText.plain(o.time)) \(bindings.engine.recognizer(r).name) \(to.rawValue)"
                )
            case .decision(let d):
                lines.append(
                    "\(NumberText.plain(o.time)) \(d.target) \(d.accepted ? "accept" : "reject")")
            case .illegalTransition, .pending: break
            }
        }
        func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionOutcome, at time: Double)
        {
            lines.append("\(NumberText.plain(time)) \(fired.action.text) -> \(outcome)")
        }
        func warning(_ message: String, about r: GestureRecognizer, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(r.name): \(message)")
        }
        func later(_ name: String, _ action: Action, outcome: ActionOutcome, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(name) later \(action.text) -> \(outcome)")
        }
        func notCommitted(
            _ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double
        ) {
            lines.append(
                "\(NumberText.plain(time)) \(r.name) not committed at \(NumberText.plain(progress))"
            )
        }
    }

    static let leftSwipe = """
        [[gesture]]
        name = "left"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "left"
        action = ["desktop next", "click 2"]
        """

    @Test func decisionsAndActionsComeOutAsEffectsInTheEnginesOrderAndTheSettledOnesAreObserved()
        throws
    {
        let recorder = Recorder()
        let a = try Applied(Self.leftSwipe, observer: recorder)
        a.pointerBusy = true
        a.swipe([Point(x: -200, y: 0)])
        #expect(
            recorder.lines == [
                "0 touchpad(GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3) accept",
                "10 left ended",
                "10 click 2 -> deferred",
            ])
        #expect(a.decisions.map(\.accepted) == [true])
        #expect(a.performed.map(\.action) == [.desktop(.next, wrap: false)])
        #expect(a.performed.map(\.context.gesture) == ["left"])
        #expect(a.engine.outputs.isEmpty)
        // The click waits for the pointer, and goes out at the first step that finds it free.
        a.pointerBusy = false
        a.at(30)
        #expect(a.performed.map(\.action) == [.desktop(.next, wrap: false), .click(button: 2)])
    }

    @Test func theActionsOfOneInputEventAskWhetherTheKeyboardIsHeldOnceAndANewEventAsksAgain()
        throws
    {
        let a = try Applied(
            """
            [[gesture]]
            name = "left"
            type = "swipe"
            source = "touchpad"
            fingers = 3
            direction = "left"
            action = ["desktop next", "show-desktop", "keys ctrl+c"]
            """)
        a.swipe([Point(x: -5, y: 0), Point(x: -5, y: 0)])
        #expect(a.asked == 0, "nothing fired, nothing asked")
        a.swipe(from: 100, [Point(x: -200, y: 0)])
        #expect(a.asked == 1)
        #expect(a.performed.count == 3)
        a.heldElsewhere = "another client holds the keyboard (a screen locker, or a menu open)"
        a.swipe(from: 200, [Point(x: -200, y: 0)])
        #expect(a.asked == 2)
        #expect(a.performed.count == 3, "withheld")
    }

    @Test func aDryRunAsksNothingAndPerformsNothing() throws {
        let recorder = Recorder()
        let a = try Applied(Self.leftSwipe, dryRun: true, observer: recorder)
        a.swipe([Point(x: -200, y: 0)])
        #expect(a.asked == 0)
        #expect(a.performed.isEmpty)
        #expect(
            recorder.lines.suffix(2) == [
                "10 desktop next -> wouldPerform", "10 click 2 -> wouldPerform",
            ])
    }

    @Test
    func withTheToucheggStreamAnUnboundSwipeIsStreamedAndABoundOneIsPerformedAndNeverStreamed()
        throws
    {
        let a = try Applied(
            """
            [settings]
            touchegg-stream = true

            [[gesture]]
            name = "right"
            type = "swipe"
            source = "touchpad"
            fingers = 3
            direction = "right"
            action = "desktop next"
            """)
        a.session.streamsToTouchegg = true
        a.session.streamsEveryGesture = true
        a.swipe([Point(x: 50, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 0)])
        a.swipe(from: 100, [Point(x: -50, y: 0), Point(x: -50, y: 0), Point(x: -50, y: 0)])
        #expect(a.performed.map(\.action) == [.desktop(.next, wrap: false)])
        func line(_ s: Streamed) -> String {
            "\(NumberText.plain(s.time)) \(s.recognizer.name) \(s.state.rawValue) \(s.values.heading?.rawValue ?? "-") \(NumberText.plain(s.values.progress ?? 0))"
        }
        let touchegg = a.streamed.filter(\.toTouchegg).map(line)
        // "right" fails 50 px to the left: the streamed pan, waiting for it, begins there.
        #expect(
            touchegg == [
                "110 touchegg-swipe began left 0.25", "120 touchegg-swipe changed left 0.5",
                "130 touchegg-swipe changed left 0.75", "140 touchegg-swipe ended left 0.75",
            ])
        #expect(
            a.streamed.filter { !$0.toTouchegg }.map(line) == ["20 right ended right 0.5"]
                + touchegg)
    }

    @Test func aBindingWhoseActionIsStreamIsStreamedAndPerformsNothing() throws {
        let a = try Applied(
            """
            [settings]
            touchegg-stream = true

            [[gesture]]
            name = "to-the-shell"
            type = "pan"
            source = "touchpad"
            fingers = 4
            action = "stream"
            """)
        a.session.streamsToTouchegg = true
        a.swipe(fingers: 4, [Point(x: 0, y: 100)], cancelled: true)
        #expect(
            a.streamed.map {
                "\(NumberText.plain($0.time)) \($0.recognizer.name) \($0.state.rawValue) \($0.values.heading?.rawValue ?? "-") \(NumberText.plain($0.values.progress ?? 0))"
            }
                == ["10 to-the-shell began down 0.5", "20 to-the-shell cancelled down 0.5"])
        #expect(a.performed.isEmpty)
    }
}
