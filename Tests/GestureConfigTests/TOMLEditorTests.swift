import Foundation
import TestSupport
import Testing

@testable import GestureConfig

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TOMLEditorTests {
    typealias Literal = TOMLEditor.Literal

    static let config = """
        # A config of my own.
        [settings]
        arrival-window = 60      # ms, as I like it
        templates = [
          "mine.toml",  # drawn on Tuesday
        ]

        # Switch desktops.
        [[gesture]]
        name = "next"
        type   = 'swipe'
        direction = "left"   # the way I swipe
        action = "desktop next"

        # The other way.
        [[gesture]]
        name = "previous"
        type = "swipe"
        direction = "right"
        action = ["desktop prev"]
        """

    func edited(_ text: String = config, _ edit: (inout TOMLEditor) throws -> Void) throws -> String
    {
        var editor = try TOMLEditor(text)
        try edit(&editor)
        return editor.text
    }

    /// The lines of `b` that are not those of `a` at the same place, and the reverse: a diff
    /// that is enough for edits that change lines in place.
    func changedLines(_ a: String, _ b: String) -> [String] {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false)
        guard x.count == y.count else { return ["line counts \(x.count) and \(y.count)"] }
        return zip(x, y).filter { $0 != $1 }.map { "-\($0)\n+\($1)" }
    }

    // MARK: Values in place

    @Test func aChangedValueIsOneChangedLineKeepingItsCommentAndSpacing() throws {
        let text = try edited {
            try $0.set("arrival-window", to: .number(80), in: .named("settings"))
        }
        #expect(
            changedLines(Self.config, text) == [
                "-arrival-window = 60      # ms, as I like it\n+arrival-window = 80      # ms, as I like it"
            ])
    }

    @Test func aValueInAGestureTableKeepsTheOthersQuotingAndSpacing() throws {
        let text = try edited {
            try $0.set("direction", to: .string("up"), in: .item("gesture", 0))
        }
        #expect(
            changedLines(Self.config, text) == [
                "-direction = \"left\"   # the way I swipe\n+direction = \"up\"   # the way I swipe"
            ])
    }

    @Test func aMultiLineArrayIsReplacedWholeAndNothingAfterIt() throws {
        let text = try edited {
            try $0.set(
                "templates", to: .strings(["a.toml", "b \"q\".toml"]), in: .named("settings"))
        }
        #expect(
            text
                == Self.config.replacingFirst(
                    """
                    templates = [
                      "mine.toml",  # drawn on Tuesday
                    ]
                    """, with: #"templates = ["a.toml", "b \"q\".toml"]"#))
    }

    @Test func anArrayValueBecomesAStringInPlace() throws {
        let text = try edited {
            try $0.set("action", to: .string("desktop 1"), in: .item("gesture", 1))
        }
        #expect(
            changedLines(Self.config, text) == [
                "-action = [\"desktop prev\"]\n+action = \"desktop 1\""
            ])
    }

    @Test func columnsAfterMultiByteCharactersFindTheRightBytes() throws {
        let text = try edited("[t]\n\"clé\" = \"é\" # ü\nb = 1\n") {
            try $0.set("clé", to: .string("x"), in: .named("t"))
        }
        #expect(text == "[t]\n\"clé\" = \"x\" # ü\nb = 1\n")
    }

    // MARK: Keys added and removed

    @Test func aNewKeyGoesAfterTheTablesLastKeyLine() throws {
        let text = try edited { try $0.set("fingers", to: .integer(4), in: .item("gesture", 0)) }
        #expect(
            text
                == Self.config.replacingFirst(
                    "action = \"desktop next\"\n", with: "action = \"desktop next\"\nfingers = 4\n")
        )
    }

    @Test func aNewKeyAtTheEndOfATextWithoutAFinalNewlineGetsItsOwnLine() throws {
        let text = try edited { try $0.set("fingers", to: .integer(4), in: .item("gesture", 1)) }
        #expect(text == Self.config + "\nfingers = 4\n")
    }

    @Test func aMissingSettingsTableIsAddedBeforeTheFirstGesture() throws {
        let text = try edited("# mine\n\n[[gesture]]\ntype = \"tap\"\naction = \"click\"\n") {
            try $0.set("overlay", to: .bool(true), in: .named("settings"))
        }
        #expect(
            text
                == "# mine\n\n[settings]\noverlay = true\n\n[[gesture]]\ntype = \"tap\"\naction = \"click\"\n"
        )
    }

    @Test func aRemovedKeyTakesItsLineAndItsComment() throws {
        let text = try edited { try $0.remove("direction", from: .item("gesture", 0)) }
        #expect(
            text
                == Self.config.replacingFirst(
                    "direction = \"left\"   # the way I swipe\n", with: ""))
    }

    @Test func removingAnAbsentKeyChangesNothing() throws {
        #expect(try edited { try $0.remove("fingers", from: .item("gesture", 0)) } == Self.config)
    }

    @Test func crlfDocumentsGetCrlfLines() throws {
        let crlf = "[settings]\r\narrival-window = 60\r\n"
        let text = try edited(crlf) {
            try $0.set("overlay", to: .bool(true), in: .named("settings"))
        }
        #expect(text == "[settings]\r\narrival-window = 60\r\noverlay = true\r\n")
    }

    @Test func inlineTablesAreRefusedWithTheirPlace() throws {
        #expect(
            throws: TOMLEditError(
                "1:12: [settings] is written inline or with dotted keys; edit it in the file")
        ) {
            try edited("settings = { overlay = true }\n") {
                try $0.set("overlay", to: .bool(false), in: .named("settings"))
            }
        }
    }

    // MARK: Tables

    @Test func aRemovedGestureTakesItsLinesAndTheBlankAfterButNotTheCommentAbove() throws {
        let text = try edited { try $0.removeItem("gesture", at: 0) }
        #expect(
            text == """
                # A config of my own.
                [settings]
                arrival-window = 60      # ms, as I like it
                templates = [
                  "mine.toml",  # drawn on Tuesday
                ]

                # Switch desktops.
                # The other way.
                [[gesture]]
                name = "previous"
                type = "swipe"
                direction = "right"
                action = ["desktop prev"]
                """)
    }

    @Test func aDuplicateIsTheTableAsWrittenRightAfterIt() throws {
        let text = try edited { try $0.duplicateItem("gesture", at: 0) }
        let table =
            "[[gesture]]\nname = \"next\"\ntype   = 'swipe'\ndirection = \"left\"   # the way I swipe\naction = \"desktop next\"\n"
        #expect(text == Self.config.replacingFirst(table, with: table + "\n" + table))
    }

    @Test func anAddedGestureGoesAtTheEndAfterABlankLine() throws {
        let text = try edited {
            try $0.addItem("gesture", [("type", .string("tap")), ("action", .string("click"))])
        }
        #expect(text == Self.config + "\n\n[[gesture]]\ntype = \"tap\"\naction = \"click\"\n")
    }

    // MARK: tomllib, the reference

    /// Every edit on every document read by tomllib: what it reads is the original with exactly
    /// that change.
    @Test func tomllibReadsEachEditedDocumentAsTheOriginalWithThatChange() throws {
        let documents = [
            Self.config, DefaultConfig.text, Self.config.replacingAll("\n", with: "\r\n"),
            "[settings]\n[[gesture]]\ntype=\"tap\"\n[[gesture]]\n",
        ]
        typealias Edit = (json: String, apply: (inout TOMLEditor) throws -> Void)
        let edits: [Edit] = [
            (
                #"["set", ["settings"], "overlay", true]"#,
                { try $0.set("overlay", to: .bool(true), in: .named("settings")) }
            ),
            (
                #"["set", ["settings"], "touch-timeout", 0.25]"#,
                { try $0.set("touch-timeout", to: .number(0.25), in: .named("settings")) }
            ),
            (
                #"["set", ["gesture", 0], "name", "a \"b\" \\ é\u0001"]"#,
                { try $0.set("name", to: .string("a \"b\" \\ é\u{1}"), in: .item("gesture", 0)) }
            ),
            (
                #"["set", ["gesture", 1], "app", ["x", "y"]]"#,
                { try $0.set("app", to: .strings(["x", "y"]), in: .item("gesture", 1)) }
            ),
            (
                #"["remove", ["gesture", 0], "type"]"#,
                { try $0.remove("type", from: .item("gesture", 0)) }
            ),
            (#"["del", "gesture", 0]"#, { try $0.removeItem("gesture", at: 0) }),
            (#"["del", "gesture", 1]"#, { try $0.removeItem("gesture", at: 1) }),
            (#"["dup", "gesture", 0]"#, { try $0.duplicateItem("gesture", at: 0) }),
            (
                #"["add", "gesture", 0, {"type": "tap", "fingers": 2}]"#,
                {
                    try $0.addItem(
                        "gesture", [("type", .string("tap")), ("fingers", .integer(2))], after: 0)
                }
            ),
            (
                #"["add", "gesture", null, {"type": "tap"}]"#,
                { try $0.addItem("gesture", [("type", .string("tap"))]) }
            ),
        ]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-edit-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var cases: [String] = []
        for (d, document) in documents.enumerated() {
            for (e, edit) in edits.enumerated() {
                let before = dir.path + "/\(d)-\(e)-before.toml"
                let after = dir.path + "/\(d)-\(e)-after.toml"
                try writeFile(before, document)
                try writeFile(after, try edited(document, edit.apply))
                cases.append(#"["\#(before)", "\#(after)", \#(edit.json)]"#)
            }
        }
        try writeFile(dir.path + "/cases.json", "[" + cases.joined(separator: ",\n") + "]")
        let answer = try #require(
            Self.runOracle(dir.path + "/cases.json"), "python3 with tomllib is needed")
        #expect(answer == "\(cases.count) edits read as expected\n")
    }

    static let oracle = """
        import sys, json, tomllib, copy
        def norm(v):
            if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
            if isinstance(v, list): return [norm(x) for x in v]
            if isinstance(v, bool): return ["bool", v]
            if isinstance(v, (int, float)): return ["number", float(v)]
            return ["string", v]
        def table(doc, path):
            return doc[path[0]] if len(path) == 1 else doc[path[0]][path[1]]
        bad = 0
        cases = json.load(open(sys.argv[1]))
        for before, after, edit in cases:
            want = tomllib.loads(open(before, encoding="utf-8").read())
            got = tomllib.loads(open(after, encoding="utf-8").read())
            op = edit[0]
            if op == "set": want.setdefault(edit[1][0], {}) if len(edit[1]) == 1 else None; table(want, edit[1])[edit[2]] = edit[3]
            elif op == "remove": table(want, edit[1]).pop(edit[2], None)
            elif op == "del": del want[edit[1]][edit[2]]
            elif op == "dup": want[edit[1]].insert(edit[2] + 1, copy.deepcopy(want[edit[1]][edit[2]]))
            elif op == "add": want[edit[1]].insert(len(want[edit[1]]) if edit[2] is None else edit[2] + 1, edit[3])
            if norm(want) != norm(got):
                bad += 1
                print("differs:", after, edit)
        print(f"{len(cases) - bad} edits read as expected")
        """

    /// What the oracle printed; nil when python3 could not run it.
    static func runOracle(_ casesFile: String) -> String? {
        let scriptFile = casesFile + ".py"
        guard (try? writeFile(scriptFile, oracle)) != nil,
            let pipe = popen("python3 '\(scriptFile)' '\(casesFile)'", "r")
        else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return pclose(pipe) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }
}

func writeFile(_ path: String, _ text: String) throws {
    guard let f = fopen(path, "w") else { throw TOMLEditError("cannot write \(path)") }
    defer { fclose(f) }
    _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, f) }
}

extension String {
    func replacingFirst(_ old: String, with new: String) -> String {
        guard let r = range(of: old) else { return self }
        return replacingCharacters(in: r, with: new)
    }

    func replacingAll(_ old: String, with new: String) -> String {
        split(separator: old, omittingEmptySubsequences: false).joined(separator: new)
    }
}
