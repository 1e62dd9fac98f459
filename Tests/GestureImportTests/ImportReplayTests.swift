import GestureConfig
import GestureTrace
import GestureX11
import Testing

@testable import GestureImport

/// A gesture of each imported kind, replayed through the imported config as `gestured replay`
/// replays it: the imported binding fires with the action the source gave it, and nothing else
/// does.
@Suite struct ImportReplayTests {
    /// The action lines of a replay of `events` through the config imported from `fixture`.
    func actions(_ fixture: String, _ format: ImportFormat, _ events: [String]) throws -> [String] {
        let imported = try ImportFixtureTests.imported(fixture, format)
        let config = try ConfigLoader.load(
            imported.text, file: "imported.toml", knowsKey: XKeysym.isKnown)
        var out: [String] = []
        try Replay(config: config) { out.append($0) }.run(
            file: "t.jsonl", lines: events.map { Substring($0) })
        return out.filter { $0.contains("\"action\"") || $0.contains("\"cancelled\"") }
    }

    /// A touchpad swipe of `fingers` moving `dx`, `dy` in `steps` updates 10 ms apart.
    func swipe(_ fingers: Int, dx: Double, dy: Double, steps: Int = 5, extra: String = "")
        -> [String]
    {
        [#"{"t":0,"ev":"swipe-begin","fingers":\#(fingers)\#(extra)}"#]
            + (1...steps).map {
                #"{"t":\#(10 * $0),"ev":"swipe-update","fingers":\#(fingers),"dx":\#(dx / Double(steps)),"dy":\#(dy / Double(steps))}"#
            }
            + [#"{"t":\#(10 * steps + 10),"ev":"swipe-end","fingers":\#(fingers)}"#]
    }

    /// A touchpad pinch of `fingers` to `scale`, turning `angle` degrees in all.
    func pinch(
        _ fingers: Int, to scale: Double, angle: Double = 0, steps: Int = 5, extra: String = ""
    ) -> [String] {
        [#"{"t":0,"ev":"pinch-begin","fingers":\#(fingers)\#(extra)}"#]
            + (1...steps).map { i in
                #"{"t":\#(10 * i),"ev":"pinch-update","fingers":\#(fingers),"scale":\#(1 + (scale - 1) * Double(i) / Double(steps)),"angle":\#(angle / Double(steps))}"#
            }
            + [#"{"t":\#(10 * steps + 10),"ev":"pinch-end","fingers":\#(fingers)}"#]
    }

    /// A touchscreen tap of `fingers` fingers, down for `ms`.
    func tap(_ fingers: Int, ms: Int = 60) -> [String] {
        (1...fingers).map {
            #"{"t":0,"ev":"touch-begin","id":\#($0),"x":\#(400 + 60 * $0),"y":500}"#
        }
            + (1...fingers).map {
                #"{"t":\#(ms),"ev":"touch-end","id":\#($0),"x":\#(400 + 60 * $0),"y":500}"#
            }
            + [#"{"t":1000,"ev":"idle"}"#]
    }

    static let touchpad = #","device":"DLL0665:01 06CB:76AD Touchpad""#

    // MARK: libinput-gestures

    @Test func aLibinputGesturesSwipeWithItsCountFiresItsLineAtTheLift() throws {
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures,
                swipe(3, dx: -150, dy: 10, extra: Self.touchpad))
                == [#"{"t":60,"action":"desktop next","gesture":"lig-swipe-left-3"}"#])
    }

    @Test func aLibinputGesturesLineWithoutACountTakesTheCountsNoLineNames() throws {
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures,
                swipe(4, dx: -150, dy: 10, extra: Self.touchpad))
                == [
                    #"{"t":60,"action":"exec xdotool key alt+Right","gesture":"lig-swipe-left-4-10"}"#
                ])
    }

    @Test func aLibinputGesturesCommandIsTheArgumentListItWasNotShellText() throws {
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures,
                swipe(4, dx: 150, dy: 0, extra: Self.touchpad))
                == [
                    #"{"t":60,"action":"exec \"$HOME\"/bin/switch 'next desk' '&&' notify-send done '#' Toggle monocle mode","gesture":"lig-swipe-right-4"}"#
                ])
    }

    @Test func aLibinputGesturesSwipeBelowSwipeThresholdFiresNothing() throws {
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures,
                swipe(3, dx: -80, dy: 0, extra: Self.touchpad)) == [])
    }

    @Test func aLibinputGesturesDeviceLineKeepsOtherTouchpadsOut() throws {
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures,
                swipe(3, dx: -150, dy: 0, extra: #","device":"Other Touchpad""#)) == [])
    }

    @Test func aLibinputGesturesPinchAndRotationFireTheirLines() throws {
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures, pinch(2, to: 0.6, extra: Self.touchpad)
            )
                == [#"{"t":60,"action":"exec xdotool key ctrl+minus","gesture":"lig-pinch-in-2"}"#])
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures, pinch(3, to: 0.6, extra: Self.touchpad)
            )
                == [#"{"t":60,"action":"exec xdotool key super+s","gesture":"lig-pinch-in-3-10"}"#])
        #expect(
            try actions(
                "libinput-gestures.conf", .libinputGestures,
                pinch(3, to: 1, angle: 40, extra: Self.touchpad))
                == [
                    #"{"t":60,"action":"exec xdotool key super+Right","gesture":"lig-rotate-cw-3"}"#
                ])
    }

    @Test func withDiagonalsALibinputGesturesSwipeIsOneOfEightDirectionsAtAnySpeed() throws {
        let slow = swipe(3, dx: 100, dy: -100, steps: 40)
        #expect(
            try actions("libinput-gestures-diagonal.conf", .libinputGestures, slow)
                == [
                    #"{"t":230,"action":"exec xdotool key control+Tab","gesture":"lig-swipe-up-right-3"}"#
                ])
        #expect(
            try actions(
                "libinput-gestures-diagonal.conf", .libinputGestures, swipe(3, dx: -150, dy: 20))
                == [#"{"t":30,"action":"exec xdotool key alt+Right","gesture":"lig-swipe-left-3"}"#]
        )
    }

    // MARK: touchegg

    @Test func aToucheggSwipeWithItsAnimationActsOnlyPastTheThreshold() throws {
        #expect(
            try actions("touchegg-2.conf", .touchegg, swipe(3, dx: 0, dy: -120))
                == [#"{"t":60,"action":"window toggle-maximize","gesture":"touchegg-swipe-3-up"}"#])
        #expect(
            try actions("touchegg-2.conf", .touchegg, swipe(3, dx: 0, dy: -60))
                == [#"{"t":60,"gesture":"touchegg-swipe-3-up","cancelled":0.7059}"#])
    }

    @Test func aToucheggSwipeWithoutItsAnimationActsAtTheLiftHoweverFar() throws {
        #expect(
            try actions("touchegg-2.conf", .touchegg, swipe(3, dx: 0, dy: 30))
                == [#"{"t":60,"action":"window minimize","gesture":"touchegg-swipe-3-down"}"#])
    }

    @Test func aToucheggRepeatedPinchStepsBothWays() throws {
        let events = [
            #"{"t":0,"ev":"pinch-begin","fingers":2}"#,
            #"{"t":10,"ev":"pinch-update","fingers":2,"scale":1.15}"#,
            #"{"t":20,"ev":"pinch-update","fingers":2,"scale":1.45}"#,
            #"{"t":30,"ev":"pinch-update","fingers":2,"scale":1.2}"#,
            #"{"t":40,"ev":"pinch-end","fingers":2}"#,
        ]
        #expect(
            try actions("touchegg-2.conf", .touchegg, events) == [
                #"{"t":20,"action":"keys ctrl+KP_Add","gesture":"touchegg-pinch-2-out","step":1}"#,
                #"{"t":20,"action":"keys ctrl+KP_Add","gesture":"touchegg-pinch-2-out","step":2}"#,
                #"{"t":30,"action":"keys ctrl+KP_Subtract","gesture":"touchegg-pinch-2-out","step":1}"#,
                #"{"t":30,"action":"keys ctrl+KP_Subtract","gesture":"touchegg-pinch-2-out","step":0}"#,
            ])
    }

    @Test func aToucheggCommandOnBeginAndEndRunsAtBothWithItsPhase() throws {
        #expect(
            try actions("touchegg-2.conf", .touchegg, swipe(5, dx: 0, dy: -150)) == [
                #"{"t":10,"action":"exec TOUCHEGG_GESTURE_ON=begin; export TOUCHEGG_GESTURE_ON; notify-send 'Hello World' \"Swipe up, TOUCHEGG_GESTURE_ON=$TOUCHEGG_GESTURE_ON\" && true","gesture":"touchegg-swipe-5-up-begin"}"#,
                #"{"t":60,"action":"exec TOUCHEGG_GESTURE_ON=end; export TOUCHEGG_GESTURE_ON; notify-send 'Hello World' \"Swipe up, TOUCHEGG_GESTURE_ON=$TOUCHEGG_GESTURE_ON\" && true","gesture":"touchegg-swipe-5-up-end"}"#,
            ])
    }

    @Test func aToucheggTapIsATouchscreenTapOfItsFingers() throws {
        #expect(
            try actions("touchegg-2.conf", .touchegg, tap(2)) == [
                #"{"t":60,"action":"click 3","gesture":"touchegg-tap-2"}"#
            ])
        #expect(try actions("touchegg-2.conf", .touchegg, tap(2, ms: 200)) == [])
    }

    @Test func aToucheggApplicationsGestureActsOverItsApplicationAndTheGlobalOneElsewhere() throws {
        #expect(
            try actions(
                "touchegg-2.conf", .touchegg,
                swipe(3, dx: -150, dy: 0, extra: #","app":"google-chrome,Google-chrome""#))
                == [
                    #"{"t":10,"action":"keys alt+Left","gesture":"touchegg-swipe-3-left-google-chrome"}"#
                ])
        #expect(
            try actions(
                "touchegg-2.conf", .touchegg, swipe(3, dx: -150, dy: 0, extra: #","app":"xterm""#))
                == [#"{"t":60,"action":"window tile left","gesture":"touchegg-swipe-3-left"}"#])
    }

    @Test func overAnApplicationWhoseGestureToucheggCannotRunTheGlobalOneDoesNothing() throws {
        #expect(
            try actions(
                "touchegg-2.conf", .touchegg,
                swipe(3, dx: 0, dy: -150, extra: #","app":"Navigator,firefox""#)) == [])
    }

    @Test func aToucheggOneConfigIsReadAsToucheggOneReadIt() throws {
        #expect(
            try actions("touchegg-1.conf", .touchegg, swipe(4, dx: -150, dy: 0))
                == [#"{"t":60,"action":"desktop next wrap","gesture":"touchegg-swipe-4-left"}"#])
        #expect(
            try actions("touchegg-1.conf", .touchegg, tap(2)) == [
                #"{"t":60,"action":"click 3","gesture":"touchegg-tap-2"}"#
            ])
    }

    // MARK: fusuma

    @Test func aFusumaSwipeFiresWhenItHasGoneItsThresholdsDistanceBesideItsPhases() throws {
        #expect(
            try actions("fusuma.yml", .fusuma, swipe(3, dx: -60, dy: 0, steps: 3))
                == [
                    #"{"t":10,"action":"exec xdotool mousedown 1","gesture":"fusuma-swipe-3-begin"}"#,
                    #"{"t":20,"action":"exec xdotool key alt+Right","gesture":"fusuma-swipe-3-left"}"#,
                    #"{"t":40,"action":"exec xdotool mouseup 1","gesture":"fusuma-swipe-3-end"}"#,
                ])
    }

    @Test func aFusumaPinchFiresAsSoonAsItIsLargeEnough() throws {
        #expect(
            try actions("fusuma.yml", .fusuma, pinch(2, to: 0.8))
                == [#"{"t":10,"action":"keys ctrl+minus","gesture":"fusuma-pinch-2-in"}"#])
    }

    @Test func aFusumaUpdateStepsAsTheFingersGo() throws {
        #expect(
            try actions("fusuma.yml", .fusuma, pinch(4, to: 1.5))
                == [
                    #"{"t":30,"action":"exec pactl set-sink-volume @DEFAULT_SINK@ +5%","gesture":"fusuma-pinch-4-out-update","step":1}"#,
                    #"{"t":50,"action":"exec pactl set-sink-volume @DEFAULT_SINK@ +5%","gesture":"fusuma-pinch-4-out-update","step":2}"#,
                ])
    }

    @Test func aFusumaApplicationContextIsAnAppRuleUnlessTheFirstDocumentBindsTheGesture() throws {
        #expect(
            try actions("fusuma.yml", .fusuma, pinch(3, to: 1.4, extra: #","app":"Alacritty""#))
                == [
                    #"{"t":10,"action":"keys ctrl+shift+equal","gesture":"fusuma-pinch-3-out-alacritty"}"#
                ])
        #expect(
            try actions("fusuma.yml", .fusuma, pinch(3, to: 1.4, extra: #","app":"xterm""#)) == [])
        #expect(
            try actions("fusuma.yml", .fusuma, pinch(3, to: 0.7, extra: #","app":"Alacritty""#))
                == [#"{"t":10,"action":"exec xdotool key super+s","gesture":"fusuma-pinch-in"}"#])
    }
}

/// touchegg's rules for the same gesture bound twice, through the importer alone.
@Suite struct ToucheggRuleTests {
    func imported(_ text: String) throws -> ImportedConfig {
        try Importer.read(
            .touchegg, bytes: Array(text.utf8), file: "touchegg.conf", knowsKey: XKeysym.isKnown)
    }

    @Test func anApplicationsGestureBoundTwiceKeepsTheLastAndNoPassBinding() throws {
        let config = try imported(
            """
            <touchegg><application name="All">
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="SHOW_DESKTOP"/></gesture>
            </application><application name="xterm">
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="GNOME_SHELL"/></gesture>
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="CLOSE_WINDOW"/></gesture>
            </application></touchegg>
            """)
        #expect(config.names == ["touchegg-swipe-3-up", "touchegg-swipe-3-up-xterm"])
        #expect(config.sources.map(\.isImported) == [true, false, true])
    }
}
