import GestureConfig
import GestureCore
import GestureSession
import Testing

/// What a config makes the listener grab: what its bindings use, and nothing more.
@Suite struct InputNeedsTests {
    static func needs(_ gestures: String) throws -> InputNeeds {
        try Bindings(ConfigLoader.load(gestures, file: "c.toml")).needs
    }

    static func gesture(_ name: String, _ lines: String) -> String {
        "[[gesture]]\nname = \"\(name)\"\naction = \"desktop next\"\n\(lines)\n\n"
    }

    @Test(arguments: [
        (
            "type = \"swipe\"\ndirection = \"left\"\nsource = \"touchpad\"",
            InputNeeds(touchpadSwipe: true)
        ),
        ("type = \"pan\"\nsource = \"touchpad\"", InputNeeds(touchpadSwipe: true)),
        ("type = \"pinch\"\nsource = \"touchpad\"", InputNeeds(touchpadPinch: true)),
        ("type = \"rotate\"\nsource = \"touchpad\"", InputNeeds(touchpadPinch: true)),
        ("type = \"tap\"\nsource = \"touchscreen\"\nfingers = 3", InputNeeds(touchscreen: true)),
        (
            "type = \"swipe\"\ndirection = \"up\"\nfingers = 3",
            InputNeeds(touchscreen: true, touchpadSwipe: true)
        ),
        (
            "type = \"stroke\"\nsource = \"pointer\"\nshape = \"line-left\"\nbutton = 8",
            InputNeeds(strokeButtons: [8])
        ),
        (
            "type = \"tap\"\nsource = \"touchscreen\"\napp = \"firefox\"",
            InputNeeds(touchscreen: true, windowClasses: true)
        ),
    ])
    func oneBindingNeedsTheGrabsOfItsSourceAndTypeOnly(binding: String, expected: InputNeeds) throws
    {
        #expect(try Self.needs(Self.gesture("g", binding)) == expected)
    }

    @Test func severalBindingsNeedWhatAnyOfThemNeeds() throws {
        let config =
            Self.gesture("zoom", "type = \"pinch\"\nsource = \"touchpad\"")
            + Self.gesture("back", "type = \"stroke\"\nsource = \"pointer\"\nshape = \"line-left\"")
            + Self.gesture(
                "forward",
                "type = \"stroke\"\nsource = \"pointer\"\nshape = \"line-right\"\nbutton = 2")
        #expect(try Self.needs(config) == InputNeeds(touchpadPinch: true, strokeButtons: [2, 3]))
    }

    @Test
    func inObserveModeTheTouchscreenAndTheStrokeButtonsAreFollowedNotGrabbedAndTheTouchpadStillIs()
        throws
    {
        let config =
            "[settings]\ntouchscreen-mode = \"observe\"\npointer-mode = \"observe\"\n\n"
            + Self.gesture("three", "type = \"swipe\"\ndirection = \"left\"\nfingers = 3")
            + Self.gesture("back", "type = \"stroke\"\nsource = \"pointer\"\nshape = \"line-left\"")
        #expect(
            try Self.needs(config)
                == InputNeeds(touchpadSwipe: true, observeTouches: true, observeButtons: [3]))
        let loaded = try ConfigLoader.load(config, file: "c.toml")
        #expect(
            loaded.holdText
                == "touchscreen never (observed), touchpad at its begin, pointer never (observed)")
    }

    @Test func aConfigWithNoGesturesGrabsNothing() throws {
        #expect(try Self.needs("gesture = []\n") == InputNeeds())
    }

    @Test func aReloadLetsGoOfWhatTheOldBindingsNeededAndTheNewOnesDoNot() {
        let old = InputNeeds(
            touchscreen: true, touchpadSwipe: true, strokeButtons: [2, 3], windowClasses: true)
        let new = InputNeeds(touchpadSwipe: true, touchpadPinch: true, strokeButtons: [3])
        #expect(old.minus(new) == InputNeeds(touchscreen: true, strokeButtons: [2]))
    }
}
