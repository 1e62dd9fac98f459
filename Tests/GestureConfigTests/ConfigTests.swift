import GestureActions
import GestureCore
import GestureStrokes
import TestSupport
import Testing

@testable import GestureConfig

@Suite struct ConfigTests {
    @Test func theEmbeddedDefaultConfigLoads() throws {
        let config = DefaultConfig.load()
        #expect(
            config.gestures.map(\.name) == [
                "next-desktop", "previous-desktop", "maximize", "minimize",
                "pinch-show-desktop", "edge-next-desktop", "edge-previous-desktop",
                "show-desktop", "back", "forward", "stroke-maximize", "stroke-minimize",
                "stroke-close",
            ])
        var settings = Config.Settings()
        // Its three-finger double tap holds its first touches for up to 2 × 200 + 200 ms: the
        // touchscreen's, and only the touchscreen's (a right button held still waits 300 ms).
        settings.sourceTimeouts = [.touchscreen: 650]
        #expect(config.settings == settings)
        #expect(config.holdText == "touchscreen 650 ms, touchpad at its begin, pointer 300 ms")
    }

    @Test func everyExampleInTheConfigDocumentLoads() throws {
        let blocks = Docs.blocks("docs/config.md", language: "toml")
        #expect(blocks.count >= 2)
        for block in blocks { _ = try ConfigLoader.load(block, file: "docs/config.md") }
    }

    @Test func everyExampleInTheReadmeLoads() throws {
        let blocks = Docs.blocks("README.md", language: "toml")
        #expect(blocks.count >= 2)
        for block in blocks { _ = try ConfigLoader.load(block, file: "README.md") }
    }

    @Test func theExampleInTheGesturesDocumentLoadsWithItsTemplateFile() throws {
        let zigzag = "name=zigzag rotation-invariant=false\n0,0\n10,10\n20,0\n30,10\n"
        for block in Docs.blocks("docs/gestures.md", language: "toml") {
            let config = try ConfigLoader.load(block, file: "docs/gestures.md") {
                $0 == "zigzag.stroke" ? .success(zigzag) : .failure(.missing)
            }
            #expect(
                config.gestures.first?.kind
                    == .stroke(
                        .init(target: .shape("zigzag"), button: StrokeRecognizer.defaultButton)))
        }
    }

    @Test func aGestureReadsAllItsKeys() throws {
        let config = try ConfigLoader.load(
            """
            [settings]
            touch-timeout = 250
            arrival-window = 40
            overlay = true

            [[gesture]]
            type = "pan"
            source = "touchpad"
            min-fingers = 3
            max-fingers = 4
            distance = 15
            app = "fire*"
            device = "*TouchPad*"
            on = "update"
            action = ["keys ctrl+alt+Left", "exec echo hi there"]
            """, file: "c.toml")
        #expect(
            config.settings.touchTimeout == 250 && config.settings.arrivalWindow == 40
                && config.settings.overlay)
        var expected = GestureBinding(
            name: "pan-1", kind: .pan(.init(fingers: .between(min: 3, max: 4), distance: 15)),
            sources: [.touchpad])
        expected.app = "fire*"
        expected.device = "*TouchPad*"
        expected.fires = .on(.update)
        expected.actions = [
            .keys([KeyChord(modifiers: [.ctrl, .alt], key: "Left")]), .exec("echo hi there"),
        ]
        expected.line = 6
        expected.index = 0
        #expect(config.gestures == [expected])
    }

    @Test func aDirectionIsReadOnceAsItsGesturesTypeTakesIt() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            type = "swipe"
            direction = "up-left"
            action = "click 1"
            [[gesture]]
            type = "pinch"
            direction = "out"
            action = "click 1"
            [[gesture]]
            type = "rotate"
            direction = "ccw"
            action = "click 1"
            [[gesture]]
            type = "pan"
            action = "click 1"
            """, file: "c.toml")
        #expect(config.gestures.map(\.direction) == [.upLeft, .out, .ccw, nil])
    }

    @Test func aSyntaxErrorNamesLineAndColumn() {
        #expect(
            loadErrors("[[gesture]]\ntype = \n") == [
                "config.toml:2:8: expected a value, found the end of the line"
            ])
    }

    @Test func anErrorOfMeaningNamesTheGestureTheKeyAndItsLine() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                name = "next-desktop"
                type = "swipe"
                direction = "lfet"
                action = "desktop next"
                """) == [
                    #"config.toml:4:13: gesture "next-desktop": direction "lfet" is not one of right, down-right, down, down-left, left, up-left, up, up-right (did you mean "left"?) (gesture[0].direction)"#
                ])
    }

    /// What a new user writes first, misremembered: each error says what was meant.
    @Test func aWordWrittenAsPeopleSayItSuggestsTheOneMeant() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                name = "a"
                type = "tap"
                action = ["window maximise", "show desktop"]

                [[gesture]]
                name = "b"
                type = "pinch"
                direction = "inward"
                action = "pass"

                [[gesture]]
                name = "c"
                type = "stroke"
                shape = "L"
                action = "pass"
                """) == [
                    #"config.toml:4:10: gesture "a": action 1: "window" needs one of maximize, unmaximize, toggle-maximize, minimize, fullscreen, close, raise, tile, to-monitor, move, resize, not "maximise" (did you mean "window maximize"?) (gesture[0].action)"#,
                    #"config.toml:4:10: gesture "a": action 2: unknown action "show" (did you mean "show-desktop"?); actions start with one of exec, keys, click, scroll, desktop, window, drag, pointer, show-desktop, pass, stream (gesture[0].action)"#,
                    #"config.toml:9:13: gesture "b": direction "inward" is not one of in, out (did you mean "in"?) (gesture[1].direction)"#,
                    #"config.toml:15:9: gesture "c": shape "L" is not one of arrow, caret, check, circle, delete, l-down-left, l-down-right, l-up-left, l-up-right, left-brace, left-bracket, line-down, line-left, line-right, line-up, pigtail, question-mark, rectangle, right-brace, right-bracket, star, triangle, v, x (did you mean "l-down-right"?) (gesture[2].shape)"#,
                ])
    }

    @Test func overlayIsTrueOrFalse() {
        #expect(
            loadErrors("[settings]\noverlay = \"yes\"\n") == [
                #"config.toml:2:11: settings: overlay must be true or false (settings.overlay)"#
            ])
    }

    @Test func unknownKeysAreErrorsWithADidYouMean() {
        #expect(
            loadErrors(
                """
                [setings]
                [[gesture]]
                type = "tap"
                action = "show-desktop"
                [[gesture]]
                type = "tap"
                fingres = 2
                action = "show-desktop"
                """) == [
                    #"config.toml:1:1: unknown key "setings" (did you mean "settings"?) (setings)"#,
                    #"config.toml:7:11: gesture "tap-2": unknown key "fingres" (did you mean "fingers"?) (gesture[1].fingres)"#,
                ])
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() {
        #expect(
            loadErrors(
                """
                [settings]
                touch-timeout = 50
                arrival-window = 80
                [[gesture]]
                type = "swipe"
                source = "touchpad"
                fingers = 2
                direction = "up"
                on = "begin"
                taps = 2
                action = "desktop sideways"
                [[gesture]]
                type = "tap"
                name = "swipe-1"
                require-failure-of = ["duble"]
                action = "window shrink"
                """) == [
                    "config.toml:3:18: settings: arrival-window 80 ms must be shorter than touch-timeout 50 ms (settings.arrival-window)",
                    #"config.toml:10:8: gesture "swipe-1": "taps" does not apply to a swipe (it is for tap, press) (gesture[0].taps)"#,
                    #"config.toml:9:6: gesture "swipe-1": a swipe is discrete: it only ends, so on must be "end", not "begin" (gesture[0].on)"#,
                    #"config.toml:11:10: gesture "swipe-1": "desktop" needs next, prev or a desktop number from 1, not "sideways" (gesture[0].action)"#,
                    #"config.toml:7:11: gesture "swipe-1": touchpad swipes take 3 or more fingers (two fingers scroll), not 2 (gesture[0].fingers)"#,
                    #"config.toml:16:10: gesture "swipe-1": "window" needs one of maximize, unmaximize, toggle-maximize, minimize, fullscreen, close, raise, tile, to-monitor, move, resize, not "shrink" (gesture[1].action)"#,
                    #"config.toml:14:8: gesture "swipe-1": the name is already used by gesture[0] (gesture[1].name)"#,
                    #"config.toml:15:22: gesture "swipe-1": require-failure-of names no gesture "duble" (gesture[1].require-failure-of)"#,
                ])
    }

    @Test func directionsAreCheckedPerType() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                type = "pinch"
                direction = "left"
                action = "show-desktop"
                [[gesture]]
                type = "edge"
                action = "show-desktop"
                """) == [
                    #"config.toml:3:13: gesture "pinch-1": direction "left" is not one of in, out (gesture[0].direction)"#,
                    #"config.toml:5:1: gesture "edge-2": an edge gesture needs an edge (one of left, right, top, bottom) (gesture[1])"#,
                ])
    }

    @Test func withoutAnExplicitTouchTimeoutItGrowsToOutlastThePress() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            type = "press"
            fingers = 2
            duration = 600
            action = "click 3"
            """, file: "c.toml")
        #expect(config.settings.touchTimeout(for: .touchscreen) == 650)
    }

    @Test(arguments: [(2, 650.0), (3, 1050.0)])
    func theTouchTimeoutGrowsToOutlastAMultiTap(taps: Int, timeout: Double) throws {
        let config = try ConfigLoader.load(
            "[[gesture]]\ntype = \"tap\"\ntaps = \(taps)\naction = \"click 1\"", file: "c.toml")
        #expect(config.settings.touchTimeout(for: .touchscreen) == timeout)
    }

    @Test func onlyTheSourcesOfAPressOrMultiTapWaitForIt() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            type = "tap"
            source = "touchscreen"
            taps = 2
            action = "click 1"

            [[gesture]]
            type = "stroke"
            source = "pointer"
            shape = "line-left"
            action = "click 1"
            """, file: "c.toml")
        #expect(config.settings.touchTimeout == 300)
        #expect(
            [InputSource.touchscreen, .touchpad, .pointer].map(config.settings.touchTimeout(for:))
                == [650, 300, 300])
        #expect(config.holdText == "touchscreen 650 ms, pointer 300 ms")
    }

    @Test func anExplicitTouchTimeoutShorterThanAMultiTapIsAnError() {
        #expect(
            loadErrors(
                """
                [settings]
                touch-timeout = 300
                [[gesture]]
                type = "tap"
                taps = 2
                interval = 150
                action = "click 1"
                """) == [
                    #"config.toml:5:8: gesture "tap-1": the 2-tap takes 550 ms, but settings.touch-timeout 300 ms hands its touches back first; raise touch-timeout to at least 600 (gesture[0].taps)"#
                ])
    }

    @Test func anExplicitTouchTimeoutShorterThanAPressIsAnError() {
        #expect(
            loadErrors(
                """
                [settings]
                touch-timeout = 300
                [[gesture]]
                type = "press"
                action = "click 3"
                """) == [
                    #"config.toml:3:1: gesture "press-1": the press takes 500 ms, but settings.touch-timeout 300 ms hands its touches back first; raise touch-timeout to at least 550 (gesture[0].duration)"#
                ])
    }

    @Test func anySourceExpandsToWhatTheTypeTakes() throws {
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
        #expect(config.gestures.map(\.sources) == [[.touchscreen], [.touchscreen, .pointer]])
    }
}

@Suite struct StrokeConfigTests {
    @Test func aStrokeNeedsAKnownShapeOrDirections() {
        let text = """
            [[gesture]]
            type = "stroke"
            shape = "cirle"
            action = "click 2"
            [[gesture]]
            type = "stroke"
            directions = "Dr"
            action = "click 2"
            """
        var messages: [String] = []
        do { _ = try ConfigLoader.load(text, file: "c.toml") } catch {
            messages = error.errors.map(\.description)
        }
        #expect(messages.count == 2)
        #expect(
            messages[0].hasPrefix(
                #"c.toml:3:9: gesture "stroke-1": shape "cirle" is not one of arrow, caret"#))
        #expect(messages[0].hasSuffix(#"(did you mean "circle"?) (gesture[0].shape)"#))
        #expect(
            messages[1]
                == #"c.toml:7:14: gesture "stroke-2": directions "Dr": position 2 ('r'): directions are uppercase; did you mean 'R'? (gesture[1].directions)"#
        )
    }

    @Test func templateFilesAddShapesAndTheirErrorsNameTheirLine() throws {
        let files = [
            "mine.stroke": "name=zigzag rotation-invariant=false\n0,0\n10,10\n20,0\n30,10\n",
            "broken.stroke": "name=bad rotation-invariant=false\n0,0\nten,1\n",
        ]
        let read: (String) -> Result<String, ConfigFileError> = {
            files[$0].map { .success($0) } ?? .failure(.missing)
        }
        let config = try ConfigLoader.load(
            """
            [settings]
            templates = ["mine.stroke"]
            [[gesture]]
            type = "stroke"
            shape = "zigzag"
            action = "click 2"
            """, file: "c.toml", readFile: read)
        #expect(config.templates.contains { $0.name == "zigzag" })
        var messages: [String] = []
        do {
            _ = try ConfigLoader.load(
                "[settings]\ntemplates = [\"broken.stroke\", \"gone.stroke\"]", file: "c.toml",
                readFile: read)
        } catch {
            messages = error.errors.map(\.description)
        }
        #expect(messages.count == 2)
        #expect(messages[0].hasPrefix("broken.stroke:3: "))
        #expect(
            messages[1]
                == #"c.toml:2:13: settings: cannot read the template file "gone.stroke" (no such file) (settings.templates)"#
        )
    }
}

@Suite struct ActionTests {
    @Test(arguments: [
        ("exec notify-send 'hi there'", Action.exec("notify-send 'hi there'")),
        ("keys super+Left", .keys([KeyChord(modifiers: [.super], key: "Left")])),
        (
            "keys ctrl+c ctrl+v",
            .keys([KeyChord(modifiers: [.ctrl], key: "c"), KeyChord(modifiers: [.ctrl], key: "v")])
        ),
        ("keys super", .keys([KeyChord(modifiers: [.super], key: nil)])),
        (
            "keys XF86AudioRaiseVolume",
            .keys([KeyChord(modifiers: [], key: "XF86AudioRaiseVolume")])
        ),
        ("click 3", .click(button: 3)),
        ("desktop next", .desktop(.next, wrap: false)),
        ("desktop prev wrap", .desktop(.previous, wrap: true)),
        ("desktop 4", .desktop(.number(4), wrap: false)),
        ("desktop move-window next", .moveWindow(.next, wrap: false, window: .under)),
        (
            "desktop move-window 2 window=active",
            .moveWindow(.number(2), wrap: false, window: .active)
        ),
        ("window toggle-maximize", .window(.toggleMaximize, window: .under)),
        ("window close window=active", .window(.close, window: .active)),
        ("scroll down 3", .scroll(.down, times: 3)),
        ("scroll left", .scroll(.left, times: 1)),
        ("show-desktop", .showDesktop),
        ("pass", .pass),
        ("drag", .drag(button: 1, lock: 500)),
        ("drag button=3 lock=0", .drag(button: 3, lock: 0)),
        ("drag lock=250.5", .drag(button: 1, lock: 250.5)),
        ("pointer", .pointer(speed: 1)),
        ("pointer speed=2.5", .pointer(speed: 2.5)),
        ("window tile top-left", .tile(.topLeft, window: .under)),
        ("window tile center window=active", .tile(.center, window: .active)),
        ("window to-monitor next", .toMonitor(.next, window: .under)),
        ("window to-monitor 2", .toMonitor(.number(2), window: .under)),
        ("window move", .windowMove(window: .under)),
        ("window resize", .windowResize(.bottomRight, window: .under)),
        ("window resize edge=left window=active", .windowResize(.left, window: .active)),
        ("stream", .stream),
    ])
    func actionsParse(text: String, action: Action) throws {
        #expect(try ActionParser.parse(text) == action)
        #expect(try ActionParser.parse(action.text) == action)
    }

    @Test(arguments: [
        (
            "source = \"touchscreen\"\nfingers = 1", "fingers",
            "\"drag\" on a one-finger touchscreen pan would fight the pointer the server already moves with one finger: set fingers (or min-fingers) to 2 or more"
        ),
        (
            "source = \"touchpad\"\nfingers = 2", "fingers",
            "\"drag\" on a touchpad takes 3 or more fingers: the server reports one finger as pointer motion and two as scrolling, never as a gesture"
        ),
        (
            "source = \"touchscreen\"", "action",
            "\"drag\" on a one-finger touchscreen pan would fight the pointer the server already moves with one finger: set fingers (or min-fingers) to 2 or more"
        ),
        (
            "fingers = 3\non = \"update\"", "on",
            "\"drag\" follows the gesture from begin to end: on does not apply"
        ),
    ])
    func aDragWhereTheFingersAreThePointerAlreadyIsAnErrorThatSaysWhy(
        keys: String, key: String, message: String
    ) {
        let errors = loadErrors(
            "[[gesture]]\nname = \"d\"\ntype = \"pan\"\n\(keys)\naction = \"drag\"\n")
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasSuffix("gesture \"d\": \(message) (gesture[0].\(key))") == true,
            "\(errors)")
    }

    @Test func aOneFingerTouchscreenPanMayMoveAWindowButNotDragOnATouchpadWithTwoFingers() {
        #expect(
            loadErrors(
                "[[gesture]]\ntype = \"pan\"\nsource = \"touchscreen\"\nfingers = 1\naction = \"window move\"\n"
            ) == [])
        #expect(
            loadErrors(
                "[[gesture]]\nname = \"m\"\ntype = \"pan\"\nsource = \"touchpad\"\nfingers = 2\naction = \"window resize\"\n"
            ) == [
                "config.toml:5:11: gesture \"m\": \"window resize\" on a touchpad takes 3 or more fingers: the server reports one finger as pointer motion and two as scrolling, never as a gesture (gesture[0].fingers)"
            ])
    }

    @Test func aDragFollowsOnlyAPanOrAnEdgeAndComesAlone() {
        #expect(
            loadErrors(
                "[[gesture]]\ntype = \"swipe\"\nfingers = 3\ndirection = \"left\"\naction = \"drag\"\n"
            ).map { $0.contains("follows the fingers of a pan or an edge gesture, not of a swipe") }
                == [true])
        #expect(
            loadErrors(
                "[[gesture]]\ntype = \"pan\"\nfingers = 3\naction = [\"drag\", \"click 1\"]\n"
            ).map { $0.contains("cannot come with other actions") } == [true])
    }

    @Test(arguments: [
        ("", "the action is empty"),
        ("exec", "\"exec\" needs a command"),
        ("keys ctrl+", "\"ctrl+\" has an empty part"),
        (
            "keys Left+ctrl",
            "\"Left\" in \"Left+ctrl\" is not a modifier (shift, ctrl, alt, super, meta, hyper); only the last part is a key"
        ),
        ("click 0", "\"click\" needs one button number from 1 to 32, not \"0\""),
        ("desktop 0", "\"desktop\" needs next, prev or a desktop number from 1, not \"0\""),
        (
            "exce ls",
            "unknown action \"exce\" (did you mean \"exec\"?); actions start with one of exec, keys, click, scroll, desktop, window, drag, pointer, show-desktop, pass, stream"
        ),
        ("drag button=0", "\"drag\" takes button=N with N from 1 to 32, not button=0"),
        (
            "drag lock=-5",
            "\"drag\" takes lock=MS with MS from 0 to 10000 milliseconds, not lock=-5"
        ),
        ("drag hold=5", "\"drag\" takes button=, lock=, not \"hold=5\""),
        (
            "window resize edge=middle",
            "\"window resize\" takes edge= one of left, right, top, bottom, top-left, top-right, bottom-left, bottom-right, not edge=middle"
        ),
        ("pointer speed=0", "\"pointer\" takes speed=F with F above 0 and at most 20, not speed=0"),
        (
            "window tile middle",
            "\"window tile\" needs one of left, right, top, bottom, top-left, top-right, bottom-left, bottom-right, center, not \"middle\""
        ),
        (
            "scroll sideways",
            "\"scroll\" needs up, down, left or right, and optionally a count, not \"sideways\""
        ),
        ("window close window=mine", "window=mine is not one of window=under, window=active"),
    ])
    func badActionsSayWhatIsWrong(text: String, message: String) {
        do {
            _ = try ActionParser.parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.message == message)
        }
    }
}

@Suite struct DeclaredGesturesTests {
    /// A reload can then tell a file emptied or half written from one that means no gestures.
    @Test(arguments: [
        ("", false),
        ("# nothing yet\n", false),
        ("[settings]\noverlay = true\n", false),
        ("gesture = []\n", true),
        ("[[gesture]]\ntype = \"tap\"\naction = \"click 1\"\n", true),
    ])
    func aConfigDeclaresGesturesOnlyWhenItHasTheGestureKey(text: String, declares: Bool) throws {
        let config = try ConfigLoader.load(text, file: "c.toml")
        #expect(config.declaresGestures == declares)
        #expect(config.gestures.count == (text.contains("[[gesture]]") ? 1 : 0))
    }
}
