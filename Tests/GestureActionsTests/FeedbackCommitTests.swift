import GestureActions
import GestureConfig
import GestureCore
import GestureDispatch
import Testing

/// A binding with feedback performs only when the fingers lift past the commit point
/// (progress 1); lifting before it, or after moving back below it, cancels. Driven through the
/// dispatcher as the daemon and replay drive it, comparing the whole sequence.
@Suite struct FeedbackCommitTests {
    final class Shown: FeedbackShowing {
        var lines: [String] = []
        func show(_ binding: GestureBinding, _ r: GestureRecognizer, to state: GestureState,
                  values: GestureValues, commits: Bool, at time: Double) {
            lines.append("\(NumberText.plain(time)) \(r.name) \(state.rawValue) \(NumberText.plain(values.progress ?? .nan))\(commits ? " commits" : "")")
        }
    }

    /// A dispatcher for `config`, with what it performs, logs and shows.
    struct Rig {
        let dispatcher: Dispatcher
        let performer = RecordingPerformer()
        let recorder = DispatcherTests.Recorder()
        let shown = Shown()

        init(_ toml: String) throws {
            dispatcher = Dispatcher(bindings: Bindings(try ConfigLoader.load(toml, file: "c.toml")),
                                    actions: ActionDispatch(performer: performer), observer: recorder)
            dispatcher.feedback = shown
        }

        /// A three-finger touchpad swipe: each move of `moves` 10 ms after the last, then the lift.
        func swipe(_ moves: [Point]) {
            let engine = dispatcher.bindings.engine
            var events = [InputEvent(time: 0, .swipeBegin(fingers: 3))]
            for (i, d) in moves.enumerated() { events.append(InputEvent(time: Double(i + 1) * 10, .swipeUpdate(fingers: 3, delta: d))) }
            events.append(InputEvent(time: Double(moves.count + 1) * 10, .swipeEnd(fingers: 3, cancelled: false)))
            for e in events {
                engine.process(e)
                dispatcher.dispatch()
            }
        }

        /// The log without the touchpad's ownership decision.
        var log: [String] { recorder.lines.filter { !$0.hasSuffix("accept") } }
    }

    static let maximize = """
        [[gesture]]
        name = "max"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "up"
        feedback = true
        action = "window maximize"
        """

    /// 50 px of touchpad up; the commit point is 200 px away.
    static let up = Point(x: 0, y: -50), down = Point(x: 0, y: 50)

    @Test func aSwipeWithFeedbackLiftedBeforeTheCommitPointPerformsNothing() throws {
        let rig = try Rig(Self.maximize)
        rig.swipe([Self.up, Self.up, Self.up])
        #expect(rig.log == ["20 max began", "30 max changed", "40 max ended", "40 max not committed at 0.75"])
        #expect(rig.shown.lines == ["20 max began 0.5", "30 max changed 0.75", "40 max ended 0.75"])
        #expect(rig.performer.performed.isEmpty)
    }

    @Test func aSwipeWithFeedbackLiftedPastTheCommitPointPerformsOnceAtTheLift() throws {
        let rig = try Rig(Self.maximize)
        rig.swipe([Self.up, Self.up, Self.up, Self.up, Self.up])
        #expect(rig.log == ["20 max began", "30 max changed", "40 max changed", "50 max changed", "60 max ended",
                            #"60 window maximize -> performed("recorded window maximize", milliseconds: 0.0)"#])
        #expect(rig.shown.lines == ["20 max began 0.5", "30 max changed 0.75", "40 max changed 1", "50 max changed 1.25",
                                    "60 max ended 1.25 commits"])
        #expect(rig.performer.performed.map(\.action) == [.window(.maximize, window: .under)])
    }

    @Test func movingBackBelowTheCommitPointBeforeTheLiftCancels() throws {
        let rig = try Rig(Self.maximize)
        rig.swipe([Self.up, Self.up, Self.up, Self.up, Self.up, Self.down, Self.down])
        #expect(rig.shown.lines.suffix(3) == ["60 max changed 1", "70 max changed 0.75", "80 max ended 0.75"])
        #expect(rig.log.suffix(2) == ["80 max ended", "80 max not committed at 0.75"])
        #expect(rig.performer.performed.isEmpty)
    }

    @Test func aTouchpadThatCancelsTheSwipePerformsNothingEvenPastTheCommitPoint() throws {
        let rig = try Rig(Self.maximize)
        let engine = rig.dispatcher.bindings.engine
        for e in [InputEvent(time: 0, .swipeBegin(fingers: 3))]
            + (1...5).map({ InputEvent(time: Double($0) * 10, .swipeUpdate(fingers: 3, delta: Self.up)) })
            + [InputEvent(time: 60, .swipeEnd(fingers: 3, cancelled: true))] {
            engine.process(e)
            rig.dispatcher.dispatch()
        }
        #expect(rig.shown.lines.last == "60 max cancelled 1.25")
        #expect(rig.performer.performed.isEmpty)
    }

    @Test func aPanWithFeedbackFromTheSettingsCommitsByProgressAndOnEndWithoutFeedbackStillPerformsAtTheEnd() throws {
        let pans = """
            [[gesture]]
            name = "plain"
            type = "pan"
            source = "touchpad"
            fingers = 3
            direction = "left"
            feedback = false
            action = "desktop next"

            [[gesture]]
            name = "shown"
            type = "pan"
            source = "touchpad"
            fingers = 4
            direction = "left"
            action = "desktop previous"
            """
        let left = Point(x: -50, y: 0)
        let plain = try Rig("[settings]\nfeedback = true\n" + pans)
        plain.swipe([left, left])
        #expect(plain.performer.performed.map(\.action) == [.desktop(.next, wrap: false)])
        #expect(plain.shown.lines.isEmpty)

        let shown = try Rig("[settings]\nfeedback = true\n" + pans)
        let engine = shown.dispatcher.bindings.engine
        for (i, d) in [left, left].enumerated() {
            if i == 0 { engine.process(InputEvent(time: 0, .swipeBegin(fingers: 4))); shown.dispatcher.dispatch() }
            engine.process(InputEvent(time: Double(i + 1) * 10, .swipeUpdate(fingers: 4, delta: d)))
            shown.dispatcher.dispatch()
        }
        engine.process(InputEvent(time: 30, .swipeEnd(fingers: 4, cancelled: false)))
        shown.dispatcher.dispatch()
        #expect(shown.shown.lines == ["10 shown began 0.25", "20 shown changed 0.5", "30 shown ended 0.5"])
        #expect(shown.log.last == "30 shown not committed at 0.5")
        #expect(shown.performer.performed.isEmpty)
    }
}
