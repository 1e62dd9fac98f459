import Testing

@testable import GestureConfig

/// The declarations as the settings window's forms read them.
@Suite struct SettingsSchemaTests {
    @Test func eachTypeGetsTheFieldsTheLoaderAcceptsForIt() {
        for type in GestureBinding.GestureType.allCases {
            let names = SettingsSchema.fields(for: type.rawValue).map(\.name)
            let accepted = ConfigSchema.gestureNames.filter {
                ConfigSchema.types(taking: $0).contains(type)
            }
            #expect(Set(names) == Set(accepted), "\(type)")
            #expect(names.count == Set(names).count, "\(type) has one field per key")
        }
        #expect(SettingsSchema.settings.map(\.name) == ConfigSchema.settingsNames)
    }

    @Test func formsCarryRangesUnitsAndChoicesAsWritten() throws {
        let swipe = Dictionary(
            uniqueKeysWithValues: SettingsSchema.fields(for: "swipe").map { ($0.name, $0) })
        #expect(swipe["distance"]?.form == .number(0...100_000, unit: "px"))
        #expect(swipe["fingers"]?.form == .integer(1...10))
        #expect(
            swipe["direction"]?.form
                == .choice([
                    "right", "down-right", "down", "down-left", "left", "up-left", "up", "up-right",
                ]))
        #expect(swipe["source"]?.form == .choice(["any", "touchscreen", "touchpad", "pointer"]))
        #expect(swipe["action"]?.form == .actions)
        #expect(swipe["app"]?.form == .glob)
        let rotate = try #require(
            SettingsSchema.fields(for: "rotate").first { $0.name == "threshold" })
        #expect(rotate.form == .number(1...180, unit: "degrees"))
        #expect(rotate.absentText(for: "rotate") == "15")
    }

    @Test func absentValuesAreSaidInWordsByType() throws {
        let settings = Dictionary(
            uniqueKeysWithValues: SettingsSchema.settings.map { ($0.name, $0) })
        #expect(settings["arrival-window"]?.absentText() == "60")
        #expect(settings["overlay"]?.absentText() == "false")
        let tap = Dictionary(
            uniqueKeysWithValues: SettingsSchema.fields(for: "tap").map { ($0.name, $0) })
        #expect(tap["app"]?.absentText(for: "tap") == "every window")
        #expect(tap["fingers"]?.absentText(for: "tap") == "1")
        #expect(tap["type"]?.isRequired == true)
        #expect(tap["type"]?.absentText(for: "tap") == nil)
    }

    @Test func helpIsTheDocLineWithoutItsMarkdown() {
        #expect(
            SettingsSchema.plain("see [Settings](#settings), `a` and [desktop.md](desktop.md#x)")
                == "see Settings, a and desktop.md")
        let field = SettingsSchema.settings.first { $0.name == "gestured-stream" }
        #expect(
            field?.help
                == "serves every recognized gesture on D-Bus at $XDG_RUNTIME_DIR/gestured/stream")
        #expect(
            SettingsSchema.help("how far (see [Progress](#progress)) it goes (see x)")
                == "how far it goes")
    }

    @Test func aBindingTurnedOffIsCheckedButLeftOut() throws {
        let on = "[[gesture]]\nname = \"a\"\ntype = \"tap\"\naction = \"click 1\"\n"
        let config = try ConfigLoader.load(
            on
                + "[[gesture]]\nname = \"b\"\ntype = \"tap\"\ntaps = 2\naction = \"click 2\"\nenabled = false\n",
            file: "c.toml")
        #expect(config.gestures.map(\.name) == ["a"])
        #expect(throws: ConfigErrors.self) {
            try ConfigLoader.load(
                on + "[[gesture]]\ntype = \"tap\"\naction = \"click 9 9\"\nenabled = false\n",
                file: "c.toml")
        }
        do {
            _ = try ConfigLoader.load(on + "enabled = \"no\"\n", file: "c.toml")
            Issue.record("enabled = \"no\" was taken")
        } catch {
            #expect(
                error.description
                    == "c.toml:5:11: gesture \"a\": enabled must be true or false (gesture[0].enabled)"
            )
        }
    }
}
