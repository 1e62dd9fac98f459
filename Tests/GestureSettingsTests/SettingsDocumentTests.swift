import Foundation
import GestureActions
import GestureConfig
import Testing

@testable import GestureSettings

/// The settings window's model with no display: a config in, rows out; an edit in, the file's
/// new text out.
@Suite struct SettingsDocumentTests {
    static let config = """
        # Mine.
        [settings]
        arrival-window = 60   # ms

        [[gesture]]
        name = "next-desktop"
        type = "swipe"
        fingers = 3
        direction = "left"
        source = "touchpad"
        action = "desktop next"

        [[gesture]]
        name = "back"
        type = "stroke"
        source = "pointer"
        shape = "line-left"
        action = "keys alt+Left"

        [[gesture]]
        name = "term"
        type = "tap"
        source = "touchscreen"
        fingers = 3
        taps = 2
        app = "firefox"
        action = "exec xterm -e top"

        """

    /// A folder of its own with `config.toml` holding `text`.
    func document(_ text: String = config) throws -> (SettingsDocument, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-settings-\(getpid())-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/config.toml"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (try SettingsDocument(path: path), path)
    }

    // MARK: Rows

    @Test func everyBindingIsARowInWordsWithItsInputAndAction() throws {
        let (doc, _) = try document()
        #expect(
            doc.rows.map(\.sentence) == [
                "Swipe left with 3 fingers on the touchpad: next desktop",
                "Draw a line left with the right button held with the mouse: press alt+Left",
                "Double-tap with 3 fingers on the touchscreen: run xterm -e top",
            ])
        #expect(doc.rows.map(\.name) == ["next-desktop", "back", "term"])
        #expect(doc.rows.map(\.runsCommands) == [false, false, true])
        #expect(doc.problems == [])
    }

    @Test func rowsAreGroupedByApplicationRuleThenInput() throws {
        let (doc, _) = try document()
        #expect(doc.groups.map(\.title) == ["Touchpad", "Mouse strokes", "Touchscreen in firefox"])
        #expect(doc.groups.map { $0.rows.map(\.name) } == [["next-desktop"], ["back"], ["term"]])
    }

    @Test func theDefaultConfigIsListedWhole() throws {
        let (doc, _) = try document(DefaultConfig.text)
        #expect(doc.rows.count == DefaultConfig.load().gestures.count)
        #expect(
            doc.rows.first?.sentence
                == "Swipe left with 3 fingers on the touchpad or touchscreen: next desktop")
        #expect(doc.problems == [])
    }

    @Test func aProblemMarksItsRowWithCheckMessage() throws {
        let (doc, path) = try document(
            Self.config.replacingOccurrences(
                of: "direction = \"left\"", with: "direction = \"sideways\""))
        let row = try #require(doc.row(0))
        #expect(
            row.problems == [
                "\(path):9:13: gesture \"next-desktop\": direction \"sideways\" is not one of right, down-right, down, down-left, left, up-left, up, up-right (gesture[0].direction)"
            ])
        #expect(doc.row(1)?.problems == [])
        #expect(
            row.problems.map(doc.brief) == [
                "line 9: direction \"sideways\" is not one of right, down-right, down, down-left, left, up-left, up, up-right"
            ])
    }

    @Test func aSyntaxErrorIsOneProblemWithItsPlace() throws {
        let (doc, path) = try document("[settings\n")
        #expect(doc.rows == [])
        #expect(
            doc.syntaxError
                == "\(path):1:10: expected \"]\" to close the header [settings], found the end of the line"
        )
    }

    // MARK: Edits

    @Test func changingAFieldChangesOneLineOfTheFile() throws {
        let (doc, path) = try document()
        try doc.set("fingers", .integer(4), binding: 0)
        try doc.save()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            written
                == Self.config.replacingOccurrences(
                    of: "fingers = 3\ndirection", with: "fingers = 4\ndirection"))
        #expect(doc.row(0)?.title == "Swipe left with 4 fingers")
    }

    @Test func anAddedBindingLoadsAndIsTheLastRow() throws {
        let (doc, _) = try document()
        for type in SettingsSchema.gestureTypes {
            let index = try doc.addBinding(type: type)
            #expect(doc.row(index)?.type == type)
        }
        #expect(doc.problems == [])
        #expect(doc.rows.map(\.name).suffix(3) == ["edge", "press", "stroke"])
        #expect(doc.text.hasPrefix(Self.config))
    }

    @Test func anotherTypeDropsTheKeysItDoesNotTakeAndFillsWhatItNeeds() throws {
        let (doc, _) = try document()
        try doc.changeType(binding: 0, to: "edge")
        #expect(doc.problems == [])
        #expect(doc.row(0)?.title == "Slide in from the left edge with 3 fingers")
        #expect(
            doc.text.contains(
                """
                name = "next-desktop"
                type = "edge"
                fingers = 3
                action = "desktop next"
                edge = "left"
                """))
        try doc.changeType(binding: 1, to: "tap")
        #expect(doc.problems == [])
        #expect(doc.row(1)?.sentence == "Tap with 1 finger on the touchscreen: press alt+Left")
    }

    @Test func aDuplicateGetsANewNameAndDeleteTakesItAway() throws {
        let (doc, _) = try document()
        let copy = try doc.duplicate(binding: 1)
        #expect(doc.rows.map(\.name) == ["next-desktop", "back", "back-copy", "term"])
        #expect(doc.problems == [])
        try doc.delete(binding: copy)
        #expect(doc.text == Self.config)
    }

    @Test func theSwitchWritesEnabledFalseAndRemovesItAgain() throws {
        let (doc, _) = try document()
        try doc.setEnabled(false, binding: 1)
        #expect(doc.row(1)?.isEnabled == false)
        #expect(doc.text.contains("action = \"keys alt+Left\"\nenabled = false\n"))
        try doc.setEnabled(true, binding: 1)
        #expect(doc.text == Self.config)
    }

    @Test func aSettingIsWrittenInPlaceAndAnAbsentOneAddedToTheTable() throws {
        let (doc, _) = try document()
        try doc.setSetting("arrival-window", .number(80))
        try doc.setSetting("overlay", .bool(true))
        #expect(
            doc.text.hasPrefix(
                "# Mine.\n[settings]\narrival-window = 80   # ms\noverlay = true\n\n[[gesture]]"))
        try doc.setSetting("overlay", nil)
        #expect(doc.setting("overlay") == nil)
    }

    @Test func undoStepsBackThroughTheSessionsEdits() throws {
        let (doc, _) = try document()
        try doc.set("fingers", .integer(4), binding: 0)
        try doc.delete(binding: 2)
        #expect(doc.undo())
        #expect(doc.rows.count == 3)
        #expect(doc.undo())
        #expect(doc.text == Self.config)
        #expect(!doc.undo())
        #expect(!doc.canUndo)
    }

    @Test func aValueOutOfRangeIsAProblemOfTheSetting() throws {
        let (doc, path) = try document()
        try doc.setSetting("arrival-window", .number(20_000))
        #expect(
            doc.problems == [
                SettingsDocument.Problem(
                    binding: nil, setting: "arrival-window",
                    message:
                        "\(path):3:18: settings: arrival-window 20000 is out of range 0...10000 (settings.arrival-window)"
                )
            ])
    }

    // MARK: The file

    @Test func savingKeepsTheModeWithoutGroupOrWorldWriteAndLeavesNoTemporaryFile() throws {
        let (doc, path) = try document()
        chmod(path, 0o664)
        try doc.set("fingers", .integer(4), binding: 0)
        try doc.save()
        var st = stat()
        stat(path, &st)
        #expect(st.st_mode & 0o777 == 0o644)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["config.toml"])
    }

    @Test func aMissingFileShowsTheDefaultAndIsWrittenPrivateOnSave() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-settings-\(getpid())-\(UUID().uuidString)"
        ).path
        let path = dir + "/gestured/config.toml"
        let doc = try SettingsDocument(path: path)
        #expect(doc.text == DefaultConfig.text)
        #expect(doc.hasChanges)
        try doc.save()
        var st = stat()
        stat(path, &st)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(!doc.hasChanges)
    }

    @Test func resetToDefaultKeepsABackup() throws {
        let (doc, path) = try document()
        let backup = try doc.resetToDefault()
        #expect(backup == path + ".backup-1")
        #expect(try String(contentsOfFile: path + ".backup-1", encoding: .utf8) == Self.config)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == DefaultConfig.text)
        #expect(doc.undo())
        #expect(doc.text == Self.config)
    }
}

/// Action texts and their words, and the list to pick from.
@Suite struct ActionCatalogueTests {
    @Test func everyChoiceParsesAndSaysItselfInWords() throws {
        for choice in ActionChoices.all {
            let text = ActionChoices.text(
                choice,
                choice.parameter == .chord
                    ? "super+Left" : choice.parameter == .command ? "true" : "2")
            let found = try #require(ActionChoices.choice(for: text), "\(text)")
            #expect(found.0 == choice)
            #expect(!choice.title.isEmpty && choice.title.first!.isUppercase)
        }
        #expect(Set(ActionChoices.all.map(\.title)).count == ActionChoices.all.count)
    }

    /// What `form` (`desktop next|prev|<n> [wrap]`) asks to be able to pick: its words up to the
    /// first choice of words, each choice; a placeholder (`<n>`) or an option ends it.
    static func picks(_ form: String) -> [String] {
        var prefix: [String] = []
        for word in form.split(separator: " ").map(String.init) {
            if word.hasPrefix("[") || word.hasPrefix("<") { break }
            if word.contains("|") {
                return word.split(separator: "|").map(String.init).filter { !$0.hasPrefix("<") }.map
                { (prefix + [$0]).joined(separator: " ") }
            }
            prefix.append(word)
        }
        return [prefix.joined(separator: " ")]
    }

    @Test func everyActionOfTheCatalogueCanBePicked() {
        #expect(Self.picks("desktop next|prev|<n> [wrap]") == ["desktop next", "desktop prev"])
        for entry in GestureActions.ActionCatalogue.all {
            for pick in Self.picks(entry.form) {
                #expect(
                    ActionChoices.all.contains { $0.text == pick || $0.text.hasPrefix(pick + " ") },
                    "no choice for \(pick) (\(entry.form))")
            }
        }
    }

    @Test func parametersComeBackAsWritten() {
        #expect(ActionChoices.choice(for: "keys ctrl+alt+Left")?.1 == "ctrl+alt+Left")
        #expect(
            ActionChoices.choice(for: "exec notify-send  'two  spaces'")?.1
                == "notify-send  'two  spaces'")
        #expect(ActionChoices.choice(for: "desktop 3")?.0.parameter == .desktopNumber)
        #expect(ActionChoices.choice(for: "desktop next")?.0.title == "Next desktop")
    }
}
