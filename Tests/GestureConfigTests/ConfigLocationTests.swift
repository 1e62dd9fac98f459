import Testing

@testable import GestureConfig

/// Errors of meaning name the line and column of the key, wherever and however it is written.
@Suite struct ConfigLocationTests {
    @Test func anUnknownTopLevelKeyIsLocatedAtItsValue() {
        #expect(
            loadErrors(
                """
                # gestures
                foo = 1
                [settings]
                overlay = true
                """) == [
                    #"config.toml:2:7: unknown key "foo" (foo)"#
                ])
    }

    @Test func gesturesWrittenAsInlineTablesAreLocatedAtTheirKeysAndBraces() {
        #expect(
            loadErrors(
                """
                gesture = [
                  { type = "tap", action = "show-desktop" },
                  { type = "swipe", direction = "lfet", action = "desktop next" },
                  { name = "typeless", action = "click 1" },
                  7,
                ]
                """) == [
                    #"config.toml:3:33: gesture "swipe-2": direction "lfet" is not one of right, down-right, down, down-left, left, up-left, up, up-right (did you mean "left"?) (gesture[1].direction)"#,
                    #"config.toml:4:3: gesture "typeless": has no type (one of tap, swipe, pinch, rotate, pan, edge, press, stroke) (gesture[2])"#,
                    #"config.toml:5:3: gesture[3] must be a table (gesture[3])"#,
                ])
    }

    @Test func aGestureKeyThatIsNotAnArrayIsLocatedAtTheKey() {
        #expect(
            loadErrors("# none yet\n\ngesture = { type = \"tap\" }\n[settings]\noverlay = false\n")
                == [
                    #"config.toml:3:11: "gesture" must be an array of tables: [[gesture]] (gesture)"#
                ])
    }

    @Test func aHeaderInsideAMultiLineStringIsNotAGesture() {
        #expect(
            loadErrors(
                #"""
                [[gesture]]
                type = "tap"
                action = """exec printf '%s\n' '
                [[gesture]]
                fingres = 1
                '"""
                [[gesture]]  # the second
                "type" = "tap"
                fingres = 2
                action = 'click 1'
                """#) == [
                    #"config.toml:9:11: gesture "tap-2": unknown key "fingres" (did you mean "fingers"?) (gesture[1].fingres)"#
                ])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(
            loadErrors(
                """
                [[gesture]]
                name = "überall"
                type = "tap"
                on = "begin"; action = "click 1"
                """.replacingOccurrences(of: "; ", with: "\n")) == [
                    #"config.toml:4:6: gesture "überall": a tap is discrete: it only ends, so on must be "end", not "begin" (gesture[0].on)"#
                ])
        #expect(
            loadErrors(
                #"gesture = [{ name = "ü→", type = "tap", on = "begin", action = "click 1" }]"#)
                == [
                    #"config.toml:1:46: gesture "ü→": a tap is discrete: it only ends, so on must be "end", not "begin" (gesture[0].on)"#
                ])
    }

    /// `count` gestures of every type, each waiting for the two before it and recognized with
    /// the third before it, as a large config is written.
    static func manyGestures(_ count: Int) -> String {
        let bodies = [
            "type = \"tap\"\ntaps = 2\naction = \"click 1\"",
            "type = \"swipe\"\nfingers = 3\ndirection = \"left\"\naction = [\"desktop next\", \"exec notify-send swiped\"]",
            "type = \"pinch\"\nfingers = 2\nrepeat = 0.2\naction = \"keys ctrl+minus\"\nreverse = \"keys ctrl+plus\"",
            "type = \"rotate\"\nfingers = 2\nthreshold = 15\naction = \"window toggle-maximize\"",
            "type = \"pan\"\nmin-fingers = 3\nrepeat = 120\naction = \"keys alt+Tab\"",
            "type = \"edge\"\nedge = \"right\"\napp = \"fire*\"\naction = \"desktop next\"",
            "type = \"press\"\nfingers = 2\nduration = 200\naction = \"click 3\"",
            "type = \"stroke\"\nshape = \"circle\"\ndevice = \"*Touch[Ss]creen*\"\naction = \"keys super+Left\"",
        ]
        return (0..<count).map { i in
            var lines = ["[[gesture]]", "name = \"g\(i)\"", bodies[i % bodies.count]]
            if i >= 2 { lines.append("require-failure-of = [\"g\(i - 1)\", \"g\(i - 2)\"]") }
            if i >= 3 { lines.append("simultaneous-with = [\"g\(i - 3)\"]") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    @Test(arguments: [250, 1000])
    func aLargeConfigLoadsAndAnErrorInItsLastGestureIsLocated(count: Int) throws {
        let text = Self.manyGestures(count)
        let config = try ConfigLoader.load(text, file: "big.toml")
        #expect(config.gestures.count == count)
        #expect(
            config.gestures.last?.line
                == text.split(separator: "\n", omittingEmptySubsequences: false).lastIndex(
                    of: "[[gesture]]"
                ).map { $0 + 1 })

        let broken = text + "\nfingres = 2"
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(
            loadErrors(broken, file: "big.toml") == [
                #"big.toml:\#(line):11: gesture "g\#(count - 1)": unknown key "fingres" (did you mean "fingers"?) (gesture[\#(count - 1)].fingres)"#
            ])
    }
}
