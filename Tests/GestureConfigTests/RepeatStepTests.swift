import Testing

@testable import GestureConfig

/// `repeat` is a step in the type's own unit, with a floor that keeps one movement from firing
/// thousands of actions.
@Suite struct RepeatStepTests {
    @Test func aStepBelowTheTypesMinimumIsAnErrorThatSaysTheRangeAndUnit() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                type = "pan"
                repeat = 0.5
                action = "keys alt+Tab"
                [[gesture]]
                type = "edge"
                edge = "left"
                repeat = 0.001
                action = "desktop next"
                [[gesture]]
                type = "pinch"
                repeat = 0.005
                action = "keys ctrl+plus"
                [[gesture]]
                type = "rotate"
                repeat = 0.5
                action = "keys ctrl+r"
                [[gesture]]
                type = "rotate"
                fingers = 3
                repeat = 3601
                action = "keys ctrl+r"
                """) == [
                    #"config.toml:3:10: gesture "pan-1": repeat 0.5 is out of range 1...100000 pixels (gesture[0].repeat)"#,
                    #"config.toml:8:10: gesture "edge-2": repeat 0.001 is out of range 1...100000 pixels (gesture[1].repeat)"#,
                    #"config.toml:12:10: gesture "pinch-3": repeat 0.005 is out of range 0.01...100 (a fraction of the scale) (gesture[2].repeat)"#,
                    #"config.toml:16:10: gesture "rotate-4": repeat 0.5 is out of range 1...3600 degrees (gesture[3].repeat)"#,
                    #"config.toml:21:10: gesture "rotate-5": repeat 3601 is out of range 1...3600 degrees (gesture[4].repeat)"#,
                ])
    }

    @Test func eachTypesSmallestAndLargestStepsLoad() throws {
        let steps: [(String, Double)] = [
            ("pan", 1), ("edge", 100_000), ("pinch", 0.01), ("pinch", 100), ("rotate", 1),
            ("rotate", 3600),
        ]
        let text = steps.map { type, step in
            "[[gesture]]\ntype = \"\(type)\"\n" + (type == "edge" ? "edge = \"top\"\n" : "")
                + "repeat = \(step)\naction = \"click 1\""
        }.joined(separator: "\n")
        #expect(
            try ConfigLoader.load(text, file: "c.toml").gestures.map(\.repeatStep) == steps.map(\.1)
        )
    }
}
