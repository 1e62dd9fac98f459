import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import Testing

/// What `touchegg-stream` and the action `stream` make of a config.
@Suite struct StreamBindingTests {
    static let bound = """
        [[gesture]]
        name = "next"
        type = "swipe"
        fingers = 3
        direction = "left"
        action = "desktop next"
        """

    @Test
    func
        theToucheggStreamAddsSwipesPinchesAndTouchscreenTapsOfThreeToFiveFingersThatWaitForEveryBinding()
        throws
    {
        let config = try ConfigLoader.load(
            "[settings]\ntouchegg-stream = true\n\n" + Self.bound, file: "c.toml")
        let b = Bindings(config)
        let added = b.gestures.dropFirst(config.gestures.count)
        #expect(
            added.map(\.name) == [
                "touchegg-swipe", "touchegg-pinch", "touchegg-tap-3", "touchegg-tap-4",
                "touchegg-tap-5",
            ])
        #expect(added.allSatisfy { $0.streams && $0.requireFailureOf == ["next"] })
        #expect(
            added.map { $0.sources.map(\.rawValue).joined(separator: "+") }
                == [
                    "touchpad+touchscreen", "touchpad+touchscreen", "touchscreen", "touchscreen",
                    "touchscreen",
                ])
        #expect(b.needs == InputNeeds(touchscreen: true, touchpadSwipe: true, touchpadPinch: true))
    }

    @Test func withoutItNothingIsAdded() throws {
        let config = try ConfigLoader.load(Self.bound, file: "c.toml")
        #expect(Bindings(config).gestures.map(\.name) == ["next"])
    }
}
