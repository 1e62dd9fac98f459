import GestureConfig
import GestureCore
import GestureSession
import Testing

/// A config made live: one recognizer per binding and source.
@Suite struct BindingsTests {
    @Test func aBindingOfAnySourceGetsARecognizerForEachSourceItsTypeTakes() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            type = "swipe"
            fingers = 2
            direction = "up"
            action = "show-desktop"
            [[gesture]]
            type = "stroke"
            shape = "circle"
            action = "click 2"
            """, file: "c.toml")
        #expect(
            Bindings(config).engine.recognizers.map { "\($0.name)@\($0.source.rawValue)" } == [
                "swipe-1@touchscreen", "stroke-2@touchscreen", "stroke-2@pointer",
            ])
    }
}
