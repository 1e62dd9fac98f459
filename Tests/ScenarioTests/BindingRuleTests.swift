import GestureConfig
import GestureCore
import GestureSession
import GestureTrace
import Testing

/// Per-application rules, `pass`, and continuous steps, through replay.
@Suite struct BindingRuleTests {
    func replay(_ config: String, _ trace: [String], decisions: Bool = false) throws -> [String] {
        let c = try ConfigLoader.load(config, file: "c.toml")
        var out: [String] = []
        try Replay(config: c, options: .init(decisions: decisions)) { out.append($0) }
            .run(file: "t.jsonl", lines: trace.map { Substring($0) })
        return out
    }

    static let pinchRules = """
        [[gesture]]
        name = "overview"
        type = "pinch"
        source = "touchpad"
        fingers = 2
        direction = "in"
        action = "show-desktop"

        [[gesture]]
        name = "browser-zoom"
        type = "pinch"
        source = "touchpad"
        fingers = 2
        direction = "in"
        app = "firefox"
        action = "pass"

        [[gesture]]
        name = "terminal-pinch"
        type = "pinch"
        source = "touchpad"
        fingers = 2
        direction = "in"
        app = "xterm"
        action = "keys ctrl+minus"
        """

    func pinchIn(app: String) -> [String] {
        [
            #"{"t":0,"ev":"pinch-begin","fingers":2,"app":"\#(app)"}"#,
            #"{"t":10,"ev":"pinch-update","fingers":2,"scale":0.8}"#,
            #"{"t":20,"ev":"pinch-end","fingers":2}"#,
        ]
    }

    @Test func theGeneralBindingActsWhereNoRuleIsMoreSpecific() throws {
        let actions = try replay(Self.pinchRules, pinchIn(app: "gedit")).filter {
            $0.contains("\"action\"")
        }
        #expect(actions == [#"{"t":20,"action":"show-desktop","gesture":"overview"}"#])
    }

    @Test func theMostSpecificMatchingRuleWins() throws {
        let actions = try replay(Self.pinchRules, pinchIn(app: "xterm")).filter {
            $0.contains("\"action\"")
        }
        #expect(actions == [#"{"t":20,"action":"keys ctrl+minus","gesture":"terminal-pinch"}"#])
    }

    @Test func passHandsTheGestureToTheApplication() throws {
        let out = try replay(Self.pinchRules, pinchIn(app: "Navigator,firefox"), decisions: true)
        #expect(
            out == [#"{"t":0,"touchpad":"pinch","fingers":2,"decision":"reject","why":"unused"}"#])
    }

    @Test func passStandsAlone() {
        #expect(throws: ConfigErrors.self) {
            try ConfigLoader.load(
                "[[gesture]]\ntype = \"pinch\"\naction = [\"pass\", \"show-desktop\"]",
                file: "c.toml")
        }
    }

    @Test func aRepeatingPanFiresOnEveryStepAndItsReverseGoingBack() throws {
        let config = """
            [[gesture]]
            name = "windows"
            type = "pan"
            source = "touchpad"
            fingers = 3
            repeat = 100
            action = "keys alt+Tab"
            reverse = "keys alt+shift+Tab"
            """
        var trace = [#"{"t":0,"ev":"swipe-begin","fingers":3}"#]
        for (i, dx) in [30, 40, 50, 90, -120, -60].enumerated() {
            trace.append(
                #"{"t":\#(10 * (i + 1)),"ev":"swipe-update","fingers":3,"dx":\#(dx),"dy":0}"#)
        }
        trace.append(#"{"t":100,"ev":"swipe-end","fingers":3}"#)
        let actions = try replay(config, trace).filter { $0.contains("\"action\"") }
        // Progress 30, 70, 120 (step 1), 210 (step 2), 90 (back to 0: two reverses), 30.
        #expect(
            actions == [
                #"{"t":30,"action":"keys alt+Tab","gesture":"windows","step":1}"#,
                #"{"t":40,"action":"keys alt+Tab","gesture":"windows","step":2}"#,
                #"{"t":50,"action":"keys alt+shift+Tab","gesture":"windows","step":1}"#,
                #"{"t":50,"action":"keys alt+shift+Tab","gesture":"windows","step":0}"#,
            ])
    }

    @Test func aRepeatingPinchStepsByScale() throws {
        let config = """
            [[gesture]]
            name = "zoom"
            type = "pinch"
            source = "touchpad"
            fingers = 2
            repeat = 0.25
            action = "keys ctrl+plus"
            reverse = "keys ctrl+minus"
            """
        let trace = [
            #"{"t":0,"ev":"pinch-begin","fingers":2}"#,
            #"{"t":10,"ev":"pinch-update","fingers":2,"scale":1.2}"#,
            #"{"t":20,"ev":"pinch-update","fingers":2,"scale":1.8}"#,
            #"{"t":30,"ev":"pinch-update","fingers":2,"scale":1.3}"#,
            #"{"t":40,"ev":"pinch-end","fingers":2}"#,
        ]
        let actions = try replay(config, trace).filter { $0.contains("\"action\"") }.map {
            $0.split(separator: "\"")[5]
        }
        // From the fingers' span when they landed: 1.8 (three steps up), then 1.3 (two back).
        #expect(
            actions == [
                "keys ctrl+plus", "keys ctrl+plus", "keys ctrl+plus", "keys ctrl+minus",
                "keys ctrl+minus",
            ])
    }

    @Test(arguments: ["1.2e18", "1.7e308"])
    func aRepeatingPinchWhoseScaleJumpsFiresAtMostTheCapAndSaysWhatItDropped(scale: String) throws {
        let config = """
            [[gesture]]
            name = "zoom"
            type = "pinch"
            source = "touchpad"
            fingers = 2
            repeat = 0.1
            action = "keys ctrl+plus"
            reverse = "keys ctrl+minus"
            """
        let trace = [
            #"{"t":0,"ev":"pinch-begin","fingers":2}"#,
            #"{"t":10,"ev":"pinch-update","fingers":2,"scale":1.15}"#,
            #"{"t":20,"ev":"pinch-update","fingers":2,"scale":\#(scale)}"#,
            #"{"t":30,"ev":"pinch-update","fingers":2,"scale":\#(scale)}"#,
            #"{"t":40,"ev":"pinch-end","fingers":2}"#,
        ]
        let out = try replay(config, trace).filter {
            $0.contains("\"action\"") || $0.contains("\"warning\"")
        }
        let cap = Bindings.maxStepsPerEvent
        // Steps are counted up to Int32.max at the most: what lies past that is no number of steps.
        // One step at 1.15 (steps count from the fingers' span when they landed), then the cap.
        let dropped =
            Int(min((Double(scale)! - 1) / 0.1, Double(Int32.max)).rounded(.towardZero)) - 1 - cap
        let fired =
            [#"{"t":10,"action":"keys ctrl+plus","gesture":"zoom","step":1}"#]
            + (2...cap + 1).map {
                #"{"t":20,"action":"keys ctrl+plus","gesture":"zoom","step":\#($0)}"#
            }
        #expect(
            out == fired + [
                #"{"t":20,"gesture":"zoom","warning":"\#(dropped) steps past the cap of \#(cap) per event dropped"}"#
            ])
    }

    @Test func aRepeatingPanThatJumpsBackFiresAtMostTheCapOfReverses() throws {
        let config = """
            [[gesture]]
            name = "windows"
            type = "pan"
            source = "touchpad"
            fingers = 3
            direction = "right"
            repeat = 1
            action = "keys alt+Tab"
            reverse = "keys alt+shift+Tab"
            """
        let trace = [
            #"{"t":0,"ev":"swipe-begin","fingers":3}"#,
            #"{"t":5,"ev":"swipe-update","fingers":3,"dx":20,"dy":0}"#,
            #"{"t":10,"ev":"swipe-update","fingers":3,"dx":-1e300,"dy":0}"#,
            #"{"t":20,"ev":"swipe-end","fingers":3}"#,
        ]
        let out = try replay(config, trace).filter {
            $0.contains("\"action\"") || $0.contains("\"warning\"")
        }
        let begun = out.filter { $0.hasPrefix(#"{"t":5,"#) }.count
        let cap = Bindings.maxStepsPerEvent
        #expect(begun > 0)
        #expect(
            Array(out.dropFirst(begun)) == (1...cap).map {
                #"{"t":10,"action":"keys alt+shift+Tab","gesture":"windows","step":\#(begun - $0)}"#
            }
                + [
                    #"{"t":10,"gesture":"windows","warning":"\#(Int(Int32.max) + begun - cap) steps past the cap of \#(cap) per event dropped"}"#
                ])
    }

    @Test func bindingsLeaveNoRecognizerAliveOnceTheyAreReplaced() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "double"
            type = "tap"
            taps = 2
            action = "show-desktop"

            [[gesture]]
            name = "single"
            type = "tap"
            require-failure-of = "double"
            simultaneous-with = ["zoom"]
            action = "click 1"

            [[gesture]]
            name = "zoom"
            type = "pinch"
            simultaneous-with = "single"
            action = "keys ctrl+plus"

            [[gesture]]
            type = "stroke"
            shape = "circle"
            action = "click 2"

            [[gesture]]
            type = "stroke"
            directions = "DR"
            action = "click 3"
            """, file: "c.toml")
        weak var engine: GestureEngine?
        var recognizers: [() -> GestureRecognizer?] = []
        do {
            let b = Bindings(config)
            engine = b.engine
            for r in b.engine.recognizers {
                weak let w = r
                recognizers.append { w }
            }
        }
        #expect(recognizers.count == 8)
        #expect(engine == nil)
        #expect(recognizers.compactMap { $0() }.isEmpty)
    }

    @Test func repeatFiresWhileTheGestureChangesSoOnMustBeUpdate() {
        var messages: [String] = []
        do {
            _ = try ConfigLoader.load(
                "[[gesture]]\ntype = \"pan\"\nrepeat = 50\non = \"end\"\naction = \"click 1\"",
                file: "c.toml")
        } catch { messages = error.errors.map(\.description) }
        #expect(
            messages == [
                #"c.toml:4:6: gesture "pan-1": with repeat the actions fire on each step while the gesture changes; on must be "update" or absent, not "end" (gesture[0].on)"#
            ])
    }

    /// A touchpad pinch or rotation bound without a finger count takes three fingers or more:
    /// a two-finger pinch goes back to the application (a browser's zoom) at its begin, and
    /// one with three is the binding's. Two are taken only when written.
    @Test(arguments: [
        ("pinch", "pinch-begin", "pinch-end"), ("rotate", "pinch-begin", "pinch-end"),
    ])
    func aTouchpadPinchOrRotationWithoutAFingerCountLeavesTwoFingersToTheApplication(
        type: String, begin: String, end: String
    ) throws {
        let unwritten =
            "[[gesture]]\nname = \"g\"\ntype = \"\(type)\"\nsource = \"touchpad\"\naction = \"show-desktop\"\n"
        func decisions(_ config: String, fingers: Int) throws -> [String] {
            try replay(
                config,
                [
                    #"{"t":0,"ev":"\#(begin)","fingers":\#(fingers)}"#,
                    #"{"t":8,"ev":"\#(end)","fingers":\#(fingers)}"#,
                ],
                decisions: true
            ).filter { $0.contains("decision") }
        }
        #expect(
            try decisions(unwritten, fingers: 2) == [
                #"{"t":0,"touchpad":"pinch","fingers":2,"decision":"reject","why":"unused"}"#
            ])
        #expect(
            try decisions(unwritten, fingers: 3) == [
                #"{"t":0,"touchpad":"pinch","fingers":3,"decision":"accept","why":"wanted"}"#
            ])
        #expect(
            try decisions(unwritten + "fingers = 2\n", fingers: 2) == [
                #"{"t":0,"touchpad":"pinch","fingers":2,"decision":"accept","why":"wanted"}"#
            ])
        #expect(
            try decisions(unwritten + "max-fingers = 2\n", fingers: 2) == [
                #"{"t":0,"touchpad":"pinch","fingers":2,"decision":"accept","why":"wanted"}"#
            ])
    }
}
