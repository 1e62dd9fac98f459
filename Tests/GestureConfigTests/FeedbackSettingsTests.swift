import GestureActions
import Testing

@testable import GestureConfig

/// `feedback` on a binding, or in `[settings]` for every binding that can have it.
@Suite struct FeedbackSettingsTests {
    static let bindings = """
        [[gesture]]
        name = "max"
        type = "swipe"
        direction = "up"
        action = "window maximize"
        [[gesture]]
        name = "tap"
        type = "tap"
        action = "click 1"
        [[gesture]]
        name = "begins"
        type = "pan"
        on = "begin"
        action = "desktop next"
        [[gesture]]
        name = "steps"
        type = "pan"
        repeat = 50
        action = "keys Right"
        [[gesture]]
        name = "drag"
        type = "pan"
        fingers = 3
        action = "drag"
        [[gesture]]
        name = "off"
        type = "pinch"
        feedback = false
        action = "show-desktop"
        """

    @Test
    func theSettingGivesFeedbackToEveryBindingThatCommitsAtTheEndOrDragsAndABindingMayTurnItOff()
        throws
    {
        let config = try ConfigLoader.load(
            "[settings]\nfeedback = true\n" + Self.bindings, file: "c.toml")
        #expect(config.gestures.filter(\.feedback).map(\.name) == ["max", "drag"])
        #expect(config.gestures.filter(\.commitsAtLift).map(\.name) == ["max"])
    }

    @Test func withoutTheSettingNoBindingHasFeedback() throws {
        let config = try ConfigLoader.load(Self.bindings, file: "c.toml")
        #expect(config.gestures.filter(\.feedback).isEmpty)
    }

    @Test func feedbackWhereItCannotCommitAtTheLiftIsAnErrorThatSaysWhy() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                type = "pan"
                on = "begin"
                feedback = true
                action = "desktop next"
                [[gesture]]
                type = "pan"
                repeat = 50
                feedback = true
                action = "keys Right"
                [[gesture]]
                type = "pan"
                fingers = 3
                feedback = true
                action = "window move"
                [[gesture]]
                type = "tap"
                feedback = true
                action = "click 1"
                """) == [
                    #"config.toml:4:12: gesture "pan-1": feedback commits when the fingers lift past the commit point: on must be "end", not "begin" (gesture[0].feedback)"#,
                    #"config.toml:9:12: gesture "pan-2": feedback commits once when the fingers lift: it cannot come with repeat (gesture[1].feedback)"#,
                    #"config.toml:14:12: gesture "pan-3": feedback follows only a drag (its path): "window move" moves the window itself (gesture[2].feedback)"#,
                    #"config.toml:18:12: gesture "tap-4": "feedback" does not apply to a tap (it is for swipe, pinch, rotate, pan, edge) (gesture[3].feedback)"#,
                ])
    }
}
