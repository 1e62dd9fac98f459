import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import Testing

/// A binding with feedback performs only when the fingers lift past the commit point
/// (progress 1); lifting before it, or after moving back below it, cancels. Driven through a
/// session as the daemon and replay drive it, comparing the whole sequence.
@Suite struct FeedbackCommitTests {
    /// A session for `config`, with what it performs, logs and shows.
    struct Rig {
        let applied: Applied
        let recorder = SessionTests.Recorder()

        init(_ toml: String) throws {
            applied = try Applied(toml, observer: recorder)
            applied.session.showsFeedback = true
        }

        /// A three-finger touchpad swipe: each move of `moves` 10 ms after the last, then the lift.
        func swipe(_ moves: [Point], fingers: Int = 3, cancelled: Bool = false) {
            applied.swipe(fingers: fingers, moves, cancelled: cancelled)
        }

        /// The log without the touchpad's ownership decision.
        var log: [String] { recorder.lines.filter { !$0.hasSuffix("accept") } }
        var shown: [String] {
            applied.shown.map { f in
                "\(NumberText.plain(f.time)) \(f.recognizer.name) \(f.state.rawValue) \(NumberText.plain(f.values.progress ?? .nan))\(f.commits ? " commits" : "")"
            }
        }
        var performed: [Action] { applied.performed.map(\.action) }
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
        #expect(
            rig.log == [
                "20 max began", "30 max changed", "40 max ended", "40 max not committed at 0.75",
            ])
        #expect(rig.shown == ["20 max began 0.5", "30 max changed 0.75", "40 max ended 0.75"])
        #expect(rig.performed.isEmpty)
    }

    @Test func aSwipeWithFeedbackLiftedPastTheCommitPointPerformsOnceAtTheLift() throws {
        let rig = try Rig(Self.maximize)
        rig.swipe([Self.up, Self.up, Self.up, Self.up, Self.up])
        #expect(
            rig.log == [
                "20 max began", "30 max changed", "40 max changed", "50 max changed",
                "60 max ended",
            ])
        #expect(
            rig.shown == [
                "20 max began 0.5", "30 max changed 0.75", "40 max changed 1",
                "50 max changed 1.25",
                "60 max ended 1.25 commits",
            ])
        #expect(rig.performed == [.window(.maximize, window: .under)])
    }

    @Test func movingBackBelowTheCommitPointBeforeTheLiftCancels() throws {
        let rig = try Rig(Self.maximize)
        rig.swipe([Self.up, Self.up, Self.up, Self.up, Self.up, Self.down, Self.down])
        #expect(
            rig.shown.suffix(3) == ["60 max changed 1", "70 max changed 0.75", "80 max ended 0.75"])
        #expect(rig.log.suffix(2) == ["80 max ended", "80 max not committed at 0.75"])
        #expect(rig.performed.isEmpty)
    }

    @Test func aTouchpadThatCancelsTheSwipePerformsNothingEvenPastTheCommitPoint() throws {
        let rig = try Rig(Self.maximize)
        rig.swipe(Array(repeating: Self.up, count: 5), cancelled: true)
        #expect(rig.shown.last == "60 max cancelled 1.25")
        #expect(rig.performed.isEmpty)
    }

    @Test
    func
        aPanWithFeedbackFromTheSettingsCommitsByProgressAndOnEndWithoutFeedbackStillPerformsAtTheEnd()
        throws
    {
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
        #expect(plain.performed == [.desktop(.next, wrap: false)])
        #expect(plain.shown.isEmpty)

        let shown = try Rig("[settings]\nfeedback = true\n" + pans)
        shown.swipe([left, left], fingers: 4)
        #expect(
            shown.shown == ["10 shown began 0.25", "20 shown changed 0.5", "30 shown ended 0.5"])
        #expect(shown.log.last == "30 shown not committed at 0.5")
        #expect(shown.performed.isEmpty)
    }

    @Test func feedbackUnderALockedScreenIsToldWhyAtEachStepAndItsEndWithoutAsking() throws {
        let rig = try Rig(Self.maximize)
        let why = "another client holds the keyboard (a screen locker, or a menu open)"
        rig.applied.heldElsewhere = why
        rig.swipe([Self.up, Self.up, Self.up])
        #expect(rig.applied.shown.map(\.heldElsewhere) == [why, why, nil])
    }
}
