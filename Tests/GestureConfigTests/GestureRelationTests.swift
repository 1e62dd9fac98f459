import Testing

@testable import GestureConfig

/// Names and the relations between gestures: unique names, relations to gestures that exist,
/// and no gestures waiting for each other.
@Suite struct GestureRelationTests {
    @Test func aDuplicateNameAfterAnInvalidGestureIsReportedAtItsOwnTable() {
        #expect(
            loadErrors(
                """
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
        #expect(
            loadErrors(
                """
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

    @Test func twoGesturesThatWaitForEachOtherAreOneCycle() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                name = "a"
                type = "tap"
                require-failure-of = ["b"]
                action = "click 1"
                [[gesture]]
                name = "b"
                type = "tap"
                fingers = 2
                require-failure-of = "a"
                action = "click 2"
                """) == [
                    #"config.toml:4:22: gesture "a": require-failure-of forms a cycle: a -> b -> a (gesture[0].require-failure-of)"#
                ])
    }

    static let fourTaps = """
        [[gesture]]
        name = "d"
        type = "tap"
        require-failure-of = ["a"]
        action = "click 1"
        [[gesture]]
        name = "b"
        type = "tap"
        fingers = 2
        require-failure-of = ["c"]
        action = "click 1"
        [[gesture]]
        name = "a"
        type = "tap"
        fingers = 3
        require-failure-of = ["b"]
        action = "click 1"
        [[gesture]]
        name = "c"
        type = "tap"
        fingers = 4
        require-failure-of = ["a"]
        action = "click 1"
        """

    @Test func aLongerCycleIsNamedOnceFromItsGestureWrittenFirst() {
        // d waits for the cycle without being in it; the search enters the cycle at a.
        #expect(
            loadErrors(Self.fourTaps) == [
                #"config.toml:10:22: gesture "b": require-failure-of forms a cycle: b -> c -> a -> b (gesture[1].require-failure-of)"#
            ])
    }

    @Test func twoCyclesThroughTheSameGesturesAreEachReportedOnce() {
        let both = Self.fourTaps.replacingOccurrences(
            of: "fingers = 4\nrequire-failure-of = [\"a\"]",
            with: "fingers = 4\nrequire-failure-of = [\"a\", \"d\"]")
        #expect(
            loadErrors(both) == [
                #"config.toml:10:22: gesture "b": require-failure-of forms a cycle: b -> c -> a -> b (gesture[1].require-failure-of)"#,
                #"config.toml:4:22: gesture "d": require-failure-of forms a cycle: d -> a -> b -> c -> d (gesture[0].require-failure-of)"#,
            ])
    }

    @Test func aGestureNamingItselfIsNotAlsoACycle() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                name = "a"
                type = "tap"
                require-failure-of = ["a"]
                simultaneous-with = ["a"]
                action = "click 1"
                """) == [
                    #"config.toml:5:21: gesture "a": simultaneous-with names the gesture itself (gesture[0].simultaneous-with)"#,
                    #"config.toml:4:22: gesture "a": require-failure-of names the gesture itself (gesture[0].require-failure-of)"#,
                ])
    }

    @Test func aLongChainOfWaitsIsNoCycle() throws {
        let count = 5000
        let text = (0..<count).map { i in
            "[[gesture]]\nname = \"g\(i)\"\ntype = \"tap\"\naction = \"click 1\""
                + (i > 0 ? "\nrequire-failure-of = \"g\(i - 1)\"" : "")
        }.joined(separator: "\n")
        #expect(try ConfigLoader.load(text, file: "c.toml").gestures.count == count)
        #expect(
            loadErrors(
                text.replacingOccurrences(
                    of: "name = \"g0\"",
                    with: "name = \"g0\"\nrequire-failure-of = \"g\(count - 1)\"")
            ).count == 1)
    }
}
