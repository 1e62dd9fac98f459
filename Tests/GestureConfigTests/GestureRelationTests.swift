import Testing
@testable import GestureConfig

/// Names and the relations between gestures: unique names, and relations to gestures that
/// exist.
@Suite struct GestureRelationTests {
    @Test func aDuplicateNameAfterAnInvalidGestureIsReportedAtItsOwnTable() {
        #expect(loadErrors("""
            [[gesture]]
            action = "click 1"
            [[gesture]]
            name = "a"
            type = "tap"
            action = "click 1"
            [[gesture]]
            name = "a"
            type = "tap"
            fingers = 2
            action = "click 2"
            """) == [
            ##"config.toml:1:1: gesture "#1": has no type (one of tap, swipe, pinch, rotate, pan, edge, press, stroke) (gesture[0])"##,
            #"config.toml:8:8: gesture "a": the name is already used by gesture[1] (gesture[2].name)"#,
        ])
    }

    @Test func aPressTooLongForTheTouchTimeoutIsReportedAtItsOwnTableAfterAnInvalidGesture() {
        #expect(loadErrors("""
            [settings]
            touch-timeout = 300
            [[gesture]]
            type = "tapp"
            action = "click 1"
            [[gesture]]
            type = "press"
            duration = 400
            action = "click 3"
            """) == [
            #"config.toml:4:8: gesture "tapp-1": type "tapp" is not one of tap, swipe, pinch, rotate, pan, edge, press, stroke (did you mean "tap"?) (gesture[0].type)"#,
            #"config.toml:8:12: gesture "press-2": the press takes 400 ms, but settings.touch-timeout 300 ms hands its touches back first; raise touch-timeout to at least 450 (gesture[1].duration)"#,
        ])
    }
}
