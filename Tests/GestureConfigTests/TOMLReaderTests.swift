import TestSupport
import Testing

@testable import GestureConfig

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TOMLReaderTests {
    func parse(_ text: String) throws -> TOMLTable { try TOMLReader.parse(text) }

    /// The document as one line of TOML-like text in document order, to compare whole results.
    func show(_ text: String) throws -> String { try show(table: parse(text)) }

    func show(table: TOMLTable) -> String {
        "{"
            + table.keys.map { "\(TOMLReader.Parser.keyText([$0])) = \(show(table[$0]!))" }.joined(
                separator: ", ") + "}"
    }

    func show(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string(let s): s.debugDescription
        case .integer(let n): "\(n)"
        case .float(let x): "\(x)f"
        case .bool(let b): "\(b)"
        case .datetime(let text): text
        case .array(let items): "[" + items.map(show).joined(separator: ", ") + "]"
        case .table(let t): show(table: t)
        }
    }

    /// "line:column: message", or nil when the document is read.
    func failure(_ text: String) -> String? {
        do {
            _ = try TOMLReader.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    func at(_ line: Int, _ column: Int) -> TOMLPosition { TOMLPosition(line: line, column: column) }

    // MARK: Constructs

    @Test func commentsAreIgnoredEverywhereOutsideStrings() throws {
        let text = """
            # top
            a = 1 # after a value
            b = [ # open
              2, # element
              # alone
            ] # close
            c = "# kept" #x
            [t] # header
            """
        #expect(try show(text) == ##"{a = 1, b = [2], c = "# kept", t = {}}"##)
    }

    @Test func bareQuotedAndDottedKeysNameTablesInDocumentOrder() throws {
        let text = """
            z = 1
            "quoted key" = 2
            'literal' = 3
            site."google.com" = true
            a . b . c = 4
            a.'d' = 5
            3.14 = "pi"
            "" = "empty"
            """
        #expect(
            try show(text) == """
                {z = 1, "quoted key" = 2, literal = 3, site = {"google.com" = true}, a = {b = {c = 4}, d = 5}, 3 = {14 = "pi"}, "" = "empty"}
                """)
    }

    @Test func keysAreComparedScalarByScalarNotByCanonicalEquivalence() throws {
        let table = try parse("\"\\u00e9\" = 1\n\"e\\u0301\" = 2\n")
        #expect(table.keys.count == 2)
        #expect(table["\u{e9}"]?.int == 1)
        #expect(table["e\u{301}"]?.int == 2)
    }

    @Test func basicStringsDecodeEveryEscapeAndRejectNonScalars() throws {
        let table = try parse(#"s = "\b\t\n\f\r\"\\ \u00E9 \U0001F600 \u0000 tab:"# + "\t\"")
        #expect(table["s"]?.string == "\u{8}\t\n\u{C}\r\"\\ é 😀 \u{0} tab:\t")
        #expect(failure(#"s = "\uD800""#) == #"1:6: \uD800 is not a Unicode scalar value"#)
        #expect(failure(#"s = "\U00110000""#) == #"1:6: \U00110000 is not a Unicode scalar value"#)
    }

    @Test func multiLineBasicStringsTrimTheFirstNewlineAndJoinLinesAtABackslash() throws {
        let table = try parse(
            "a = \"\"\"\nRoses\nViolets\"\"\"\nb = \"\"\"\\\n    The quick \\\n\n    fox.\\\n    \"\"\"\nc = \"\"\"x \\  \n  y\"\"\"\n"
        )
        #expect(table["a"]?.string == "Roses\nViolets")
        #expect(table["b"]?.string == "The quick fox.")
        #expect(table["c"]?.string == "x y")
    }

    @Test func multiLineStringsHoldUpToTwoQuotesBeforeTheClosingOnes() throws {
        let table = try parse(
            "a = \"\"\"\"x\"\"\"\"\nb = \"\"\"\"\"y\"\"\"\"\"\nc = '''''z'''''\nd = \"\"\"q \"\" r\"\"\"\n"
        )
        #expect(table["a"]?.string == "\"x\"")
        #expect(table["b"]?.string == "\"\"y\"\"")
        #expect(table["c"]?.string == "''z''")
        #expect(table["d"]?.string == "q \"\" r")
        #expect(
            failure("a = \"\"\"x\"\"\"\"\"\"\n")
                == #"1:14: expected the end of the line after the value, found '"'"#)
    }

    @Test func literalStringsKeepBackslashesAndNewlinesAsWritten() throws {
        let table = try parse("a = 'C:\\Users\\n'\nb = '''\nfirst\n  \\second\n'''\n")
        #expect(table["a"]?.string == "C:\\Users\\n")
        #expect(table["b"]?.string == "first\n  \\second\n")
    }

    @Test func integersReadDecimalHexOctalAndBinaryWithUnderscores() throws {
        let text =
            "a = +99\nb = -17\nc = 1_000\nd = 0xDEAD_beef\ne = 0o755\nf = 0b1101\ng = -0\nh = 0x00ff\n"
        #expect(
            try show(text)
                == "{a = 99, b = -17, c = 1000, d = 3735928559, e = 493, f = 13, g = 0, h = 255}")
    }

    @Test func theExtremeIntegersFitAndOneMoreDoesNot() throws {
        #expect(
            try parse(
                "a = 9223372036854775807\nb = -9223372036854775808\nc = 0x7FFF_FFFF_FFFF_FFFF")[
                    "a"]?.int == Int.max)
        #expect(try parse("b = -9223372036854775808")["b"]?.int == Int.min)
        #expect(
            failure("a = 9223372036854775808")
                == #"1:5: the integer "9223372036854775808" does not fit in 64 bits"#)
        #expect(
            failure("a = -9223372036854775809")
                == #"1:5: the integer "-9223372036854775809" does not fit in 64 bits"#)
        #expect(
            failure("a = 0x8000000000000000")
                == #"1:5: the integer "0x8000000000000000" does not fit in 64 bits"#)
    }

    @Test func floatsReadExponentsUnderscoresInfinityAndNaN() throws {
        let table = try parse(
            "a = 5e+22\nb = -2E-2\nc = 224_617.445_991\nd = -0.0\ne = inf\nf = -inf\ng = +nan\nh = 1e1_0\ni = 0e0\n"
        )
        #expect(table["a"]?.double == 5e22)
        #expect(table["b"]?.double == -0.02)
        #expect(table["c"]?.double == 224_617.445_991)
        #expect(table["d"]?.double?.sign == .minus)
        #expect(table["e"]?.double == .infinity)
        #expect(table["f"]?.double == -.infinity)
        #expect(table["g"]?.double?.isNaN == true)
        #expect(table["h"]?.double == 1e10)
        #expect(table["i"]?.double == 0)
    }

    @Test func datesAndTimesAreKeptAsWrittenOnceChecked() throws {
        let text =
            "a = 1979-05-27T07:32:00Z\nb = 1979-05-27 00:32:00.999999-07:00\nc = 1979-05-27t07:32:00z\nd = 1979-05-27\ne = 07:32:00.5\nf = 2000-02-29 # a date and a comment\ng = [1979-05-27, 07:32:00]\n"
        #expect(
            try show(text)
                == "{a = 1979-05-27T07:32:00Z, b = 1979-05-27 00:32:00.999999-07:00, c = 1979-05-27t07:32:00z, d = 1979-05-27, e = 07:32:00.5, f = 2000-02-29, g = [1979-05-27, 07:32:00]}"
        )
        #expect(try parse("a = 1979-05-27")["a"]?.datetime == "1979-05-27")
    }

    @Test func arraysMixTypesAndSpanLinesWithCommentsAndATrailingComma() throws {
        let text =
            "a = [ 1, 'two', 3.0, [4], { five = 5 }, ]\nb = [\n  1, # one\n\n  2\n  ,\n]\nc = []\n"
        #expect(try show(text) == #"{a = [1, "two", 3.0f, [4], {five = 5}], b = [1, 2], c = []}"#)
    }

    @Test func inlineTablesNestAndTakeDottedKeys() throws {
        let text = "a = { x = 1, y.z = 2, y.w = { q = [1,\n 2] } }\nb = {}\n"
        #expect(try show(text) == "{a = {x = 1, y = {z = 2, w = {q = [1, 2]}}}, b = {}}")
    }

    @Test func headersDefineTablesAndArraysOfTablesAppendOneTablePerHeader() throws {
        let text = """
            [a]
            x = 1
            [a.b]
            y = 2
            [[g]]
            n = 1
            [g.sub]
            s = 1
            [[g]]
            [[g.v]]
            k = 1
            [[g.v]]
            k = 2
            """
        #expect(
            try show(text)
                == "{a = {x = 1, b = {y = 2}}, g = [{n = 1, sub = {s = 1}}, {v = [{k = 1}, {k = 2}]}]}"
        )
    }

    @Test func aSuperTableMayBeDefinedOnceAfterItsSubTables() throws {
        #expect(
            try show("[x.y.z]\na = 1\n[x]\nb = 2\n[x.y]\nc = 3\n")
                == "{x = {y = {z = {a = 1}, c = 3}, b = 2}}")
        #expect(failure("[x.y]\n[x]\n[x]\n") == "3:2: the table [x] is already defined at line 2")
    }

    @Test func aTableMadeByDottedKeysTakesSubTablesFromHeadersButNotItsOwnHeader() throws {
        let text =
            "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n"
        #expect(
            try show(text)
                == #"{fruit = {apple = {color = "red", taste = {sweet = true}, texture = {smooth = true}}}}"#
        )
        #expect(
            failure("[fruit]\napple.color = \"red\"\n[fruit.apple]\n")
                == "3:8: the table [fruit.apple] is already defined by dotted keys at line 2")
    }

    @Test func crlfLineEndsAndALeadingByteOrderMarkAreAccepted() throws {
        let table = try parse(
            "\u{FEFF}a = 1\r\nb = \"\"\"\r\nx\r\ny\"\"\"\r\n[t]\r\nc = '''\r\nz\r\n'''\r\n")
        #expect(table["a"]?.int == 1)
        #expect(table["b"]?.string == "x\ny")
        #expect(table["t"]?.table?["c"]?.string == "z\n")
        #expect(table.keyPosition("a") == at(1, 1))
        #expect(table["t"]?.table?.keyPosition("c") == at(6, 1))
    }

    @Test func accessorsAnswerOnlyForTheirOwnType() throws {
        let table = try parse(
            "i = 1\nf = 1.0\ns = \"1\"\nb = true\na = [1]\nt = {}\nd = 07:00:00\n")
        #expect(table["i"]?.int == 1 && table["i"]?.double == nil && table["i"]?.string == nil)
        #expect(table["f"]?.double == 1 && table["f"]?.int == nil)
        #expect(table["s"]?.string == "1" && table["s"]?.int == nil)
        #expect(table["b"]?.bool == true && table["b"]?.int == nil)
        #expect(table["a"]?.array?.count == 1 && table["a"]?.table == nil)
        #expect(table["t"]?.table?.isEmpty == true && table["t"]?.array == nil)
        #expect(table["d"]?.datetime == "07:00:00" && table["d"]?.string == nil)
        #expect(table["missing"] == nil && table.keyPosition("missing") == nil)
    }

    @Test func anEmptyDocumentIsAnEmptyRootTable() throws {
        for text in ["", "\n\n", "# only a comment", "  \t\n"] {
            let table = try parse(text)
            #expect(table.keys.isEmpty)
            #expect(table.position == at(1, 1))
        }
    }

    // MARK: Positions

    @Test func keysAndValuesKnowTheirLineAndColumn() throws {
        let table = try parse("# config\nname = \"next\"\n  fingers   =   3\n")
        #expect(table.keyPosition("name") == at(2, 1))
        #expect(table["name"]?.position == at(2, 8))
        #expect(table.keyPosition("fingers") == at(3, 3))
        #expect(table["fingers"]?.position == at(3, 17))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let table = try parse("\"é😀\" = 'ü'\nx = 1\n\t\"中\" = 2\n")
        #expect(table["é😀"]?.position == at(1, 8))
        #expect(table.keyPosition("x") == at(2, 1))
        #expect(table.keyPosition("中") == at(3, 2))
        #expect(table["中"]?.position == at(3, 8))
        #expect(
            failure("s = \"é😀\" x")
                == #"1:10: expected the end of the line after the value, found "x""#)
    }

    @Test func dottedKeyPartsAreLocatedOneByOne() throws {
        let table = try parse("a . b.\"c\" = 1\n")
        let b = try #require(table["a"]?.table)
        let c = try #require(b["b"]?.table)
        #expect(table.keyPosition("a") == at(1, 1))
        #expect(b.keyPosition("b") == at(1, 5))
        #expect(c.keyPosition("c") == at(1, 7))
        #expect(c["c"]?.position == at(1, 13))
        #expect(b.position == at(1, 1))
        #expect(c.position == at(1, 5))
    }

    @Test func positionsInsideInlineTablesAndArrays() throws {
        let table = try parse("p = { x = 1, y = [10, \"v\"] }\n")
        let p = try #require(table["p"]?.table)
        #expect(p.position == at(1, 5))
        #expect(table["p"]?.position == at(1, 5))
        #expect(p.keyPosition("x") == at(1, 7))
        #expect(p["x"]?.position == at(1, 11))
        #expect(p.keyPosition("y") == at(1, 14))
        #expect(p["y"]?.array?.map(\.position) == [at(1, 19), at(1, 23)])
    }

    @Test func tablesAndArraysOfTablesArePlacedAtTheirHeaders() throws {
        let table = try parse(
            "top = 1\n[[gesture]]\nname = \"a\"\n\n  [[gesture]]\n  name = \"b\"\n[x.y]\n[x]\n")
        let gestures = try #require(table["gesture"]?.array)
        #expect(table.position == at(1, 1))
        #expect(table.keyPosition("gesture") == at(2, 3))
        #expect(table["gesture"]?.position == at(2, 1))
        #expect(gestures.map(\.position) == [at(2, 1), at(5, 3)])
        #expect(gestures[1].table?.position == at(5, 3))
        #expect(gestures[1].table?.keyPosition("name") == at(6, 3))
        #expect(gestures[1].table?["name"]?.position == at(6, 10))
        // An implied table moves to the header that defines it later.
        #expect(table["x"]?.table?.position == at(8, 1))
        #expect(table["x"]?.table?["y"]?.table?.position == at(7, 1))
    }

    // MARK: Errors

    static let errors: [(String, String)] = [
        // Keys and values
        ("a = 1\na = 2", #"2:1: the key "a" is already defined at line 1"#),
        ("a = 1\n\"a\" = 2", #"2:1: the key "a" is already defined at line 1"#),
        ("a.b = 1\na.b = 2", #"2:3: the key "a.b" is already defined at line 1"#),
        ("[[gesture]]\ntype = \n", "2:8: expected a value, found the end of the line"),
        ("type \"swipe\"", #"1:6: expected "=" after the key "type", found '"'"#),
        ("type: \"swipe\"", #"1:5: expected "=" after the key "type", found ":""#),
        ("a\n= 1", #"1:2: expected "=" after the key "a", found the end of the line"#),
        (" = 1", #"1:2: expected a key, found "=""#),
        ("a. = 1", #"1:4: expected a key after ".", found "=""#),
        ("é = 1", #"1:1: expected a key, found "é""#),
        ("\"\"\"a\"\"\" = 1", "1:1: a key cannot be a multi-line string"),
        ("a = hello", #"1:5: expected a value, found "hello" (a string is written in quotes)"#),
        ("a = True", #"1:5: expected a value, found "True" (a string is written in quotes)"#),
        ("a = nope", #"1:5: expected a value, found "nope" (a string is written in quotes)"#),
        ("a = 1 b = 2", #"1:7: expected the end of the line after the value, found "b""#),
        ("a = @", #"1:5: expected a value, found "@""#),
        ("a =", "1:4: expected a value, found the end of the document"),
        // Tables
        ("[a]\n[a]", "2:2: the table [a] is already defined at line 1"),
        ("[a]\n[a.b]\n[a]", "3:2: the table [a] is already defined at line 1"),
        ("a.b = 1\n[a]", "2:2: the table [a] is already defined by dotted keys at line 1"),
        (
            "[a.b]\nx = 1\n[a]\nb.y = 2",
            "4:1: the table [a.b] is defined by a header at line 1 and cannot be extended with dotted keys"
        ),
        ("[[a]]\n[a]", "2:2: the table [a] is already defined as an array of tables at line 1"),
        (
            "[a]\n[[a]]",
            "2:3: the table [a] is already defined at line 1 and is not an array of tables"
        ),
        ("a = 1\n[a]", #"2:2: the key "a" is already defined at line 1"#),
        ("a = 1\n[a.b]", #"2:2: the key "a" is already defined at line 1 and is not a table"#),
        ("a = 1\na.b = 2", #"2:1: the key "a" is already defined at line 1 and is not a table"#),
        (
            "a = []\n[[a]]",
            #"2:3: the array "a" (line 1) is static and cannot be extended with [[a]]"#
        ),
        ("a = {}\n[a.b]", #"2:2: the inline table "a" (line 1) cannot be extended"#),
        ("a = {}\n[a]", #"2:2: the inline table "a" (line 1) cannot be extended"#),
        ("a = { b = 1 }\na.c = 2", #"2:1: the inline table "a" (line 1) cannot be extended"#),
        (
            "[[a.b]]\n[a]\nb.c = 1",
            "3:1: the array of tables [[a.b]] (line 1) cannot be extended with dotted keys"
        ),
        (
            "[a.b.c]\n[a]\nb.d = 1\n[a.b]",
            "4:4: the table [a.b] is already defined by dotted keys at line 3"
        ),
        ("[a", #"1:3: expected "]" to close the header [a], found the end of the document"#),
        (
            "[[a]\nb = 1",
            #"1:5: expected "]]" to close the header [[a]], found the end of the line"#
        ),
        ("[]", #"1:2: expected a key, found "]""#),
        ("[a] b = 1", #"1:5: expected the end of the line after the table header, found "b""#),
        // Inline tables and arrays
        (
            "a = { b = 1,\n c = 2 }",
            "1:13: expected a key, found the end of the line (an inline table must be on one line)"
        ),
        (
            "a = { b = 1\n}",
            #"1:12: expected "," or "}" after a value in an inline table, found the end of the line (an inline table must be on one line)"#
        ),
        ("a = { b = 1, }", "1:12: a trailing comma is not allowed in an inline table"),
        ("a = { b = 1, b = 2 }", #"1:14: the key "b" is already defined at line 1"#),
        ("a = [1 2]", #"1:8: expected "," or "]" after an array element, found "2""#),
        (
            "a = [1, 2",
            #"1:10: expected "," or "]" after an array element, found the end of the document"#
        ),
        ("a = [,1]", #"1:6: expected a value, found ",""#),
        // Strings
        ("a = \"abc\nb = 1", #"1:9: expected a closing '"' before the end of the line"#),
        ("a = \"abc", #"1:9: expected a closing '"' before the end of the document"#),
        ("a = 'abc\n", #"1:9: expected a closing "'" before the end of the line"#),
        (
            "a = \"\"\"abc\n\n",
            #"3:1: expected '"""' to close the multi-line string that starts at line 1"#
        ),
        (
            "a = '''abc",
            #"1:11: expected "'''" to close the multi-line string that starts at line 1"#
        ),
        (#"a = "\q""#, #"1:6: invalid escape "\q" (a backslash is written \\)"#),
        (
            "a = \"\\\n\"",
            #"1:6: a backslash must begin an escape such as \n, \" or \\ (found the end of the line)"#
        ),
        (#"a = "\u12""#, #"1:10: expected 4 hexadecimal digits after \u, found '"'"#),
        (
            "a = \"\"\"a \\ b\"\"\"",
            #"1:12: a backslash followed by spaces must end the line, but "b" follows"#
        ),
        (
            "a = \"a\u{1}b\"",
            #"1:7: the control character U+0001 is not allowed in a string (write it as an escape: \u0001)"#
        ),
        ("a = 'a\u{7F}b'", "1:7: the control character U+007F is not allowed in a literal string"),
        (
            "a = '''a\u{0}b'''",
            "1:9: the control character U+0000 is not allowed in a literal string"
        ),
        // Numbers
        ("a = 01", #"1:5: invalid number "01": leading zeros are not allowed"#),
        ("a = 01.5", #"1:5: invalid number "01.5": leading zeros are not allowed"#),
        ("a = 1__2", #"1:5: invalid number "1__2": an underscore must stand between two digits"#),
        ("a = 1_", #"1:5: invalid number "1_": an underscore must stand between two digits"#),
        ("a = _1", #"1:5: expected a value, found "_""#),
        ("a = +0xFF", #"1:5: invalid number "+0xFF": only decimal numbers take a sign"#),
        ("a = 0X1F", #"1:5: invalid number "0X1F""#),
        ("a = 0x", #"1:5: invalid number "0x""#),
        ("a = 0xG", #"1:5: invalid number "0xG""#),
        ("a = .5", #"1:5: expected a value, found ".""#),
        ("a = 1.", #"1:5: invalid number "1.": a decimal point needs digits on both sides"#),
        ("a = 1.e5", #"1:5: invalid number "1.e5": a decimal point needs digits on both sides"#),
        ("a = 1e", #"1:5: invalid number "1e": the exponent needs digits"#),
        ("a = 1e_5", #"1:5: invalid number "1e_5": an underscore must stand between two digits"#),
        ("a = 1-2", #"1:5: invalid number "1-2""#),
        ("a = +", #"1:5: invalid number "+""#),
        ("a = Inf", #"1:5: expected a value, found "Inf" (a string is written in quotes)"#),
        // Dates and times
        ("a = 2021-02-29", #"1:5: invalid date "2021-02-29""#),
        ("a = 2021-13-01", #"1:5: invalid date "2021-13-01""#),
        ("a = 2021-1-01", #"1:5: invalid date "2021-1-01""#),
        ("a = 24:00:00", #"1:5: invalid time "24:00:00""#),
        ("a = 07:32", #"1:5: invalid time "07:32""#),
        ("a = 07:32:60", #"1:5: invalid time "07:32:60""#),
        ("a = 1979-05-27T07:32", #"1:5: invalid date-time "1979-05-27T07:32""#),
        ("a = 1979-05-27 07:32", #"1:5: invalid date-time "1979-05-27 07:32""#),
        ("a = 1979-05-27T07:32:00+25:00", #"1:5: invalid date-time "1979-05-27T07:32:00+25:00""#),
        ("a = 1979-05-27T07:32:00.Z", #"1:5: invalid date-time "1979-05-27T07:32:00.Z""#),
        ("a = 07:32:00Z", #"1:13: expected the end of the line after the value, found "Z""#),
        // Characters
        (
            "a = 1\rb = 2",
            "1:6: expected the end of the line after the value, found a carriage return without a line feed"
        ),
        ("a = [1,\r2]", "1:8: expected a value, found a carriage return without a line feed"),
        ("# a \u{1} b", "1:5: the control character U+0001 is not allowed in a comment"),
        ("# a \r b", "1:5: a carriage return must be followed by a line feed"),
        ("a = 1\n\u{7F}", "2:1: expected a key, found the control character U+007F"),
    ]

    @Test(arguments: errors)
    func aMalformedDocumentIsRejectedWithItsPlaceAndWhatWasExpected(
        document: String, expected: String
    ) {
        #expect(failure(document) == expected)
    }

    @Test func invalidUTF8IsRejectedWhereItStands() {
        func failure(_ bytes: [UInt8]) -> String? {
            do {
                _ = try TOMLReader.parse(utf8: bytes)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            failure(Array("# é\na = \"".utf8) + [0xFF, 0x22])
                == "2:6: invalid UTF-8: the byte 0xFF does not begin a character")
        #expect(
            failure(Array("a = \"".utf8) + [0xC0, 0xAF, 0x22])
                == "1:6: invalid UTF-8: the byte 0xC0 does not begin a character")
        #expect(
            failure(Array("a = \"".utf8) + [0xED, 0xA0, 0x80, 0x22])
                == "1:6: invalid UTF-8: the byte 0xED does not begin a character")
        #expect(
            failure(Array("a = \"".utf8) + [0xE2, 0x82])
                == "1:6: invalid UTF-8: the byte 0xE2 does not begin a character")
        #expect(failure(Array("a = \"é😀\"".utf8)) == nil)
    }

    @Test func nestingDeeperThan64LevelsIsAnErrorNotACrash() throws {
        func arrays(_ n: Int) -> String {
            String(repeating: "[", count: n) + String(repeating: "]", count: n)
        }
        #expect(failure("a = \(arrays(64))") == nil)
        #expect(
            failure("a = \(arrays(65))") == "1:69: tables and arrays nest deeper than 64 levels")
        #expect(
            failure(
                "a = " + String(repeating: "{b = ", count: 65) + String(repeating: "}", count: 65))
                == "1:325: tables and arrays nest deeper than 64 levels")
        func key(_ parts: Int) -> String { (1...parts).map { "k\($0)" }.joined(separator: ".") }
        #expect(failure("[\(key(64))]") == nil)
        #expect(
            failure("[\(key(65))]")
                == "1:\(2 + key(64).utf8.count + 1): tables and arrays nest deeper than 64 levels")
        #expect(failure("\(key(65)) = 1") == nil)
        #expect(
            failure("\(key(66)) = 1")
                == "1:\(key(64).utf8.count + 2): tables and arrays nest deeper than 64 levels")
        #expect(
            failure("[[a]]\n[[a.\(key(63))]]")
                == "2:\(3 + 2 + key(62).utf8.count + 1): tables and arrays nest deeper than 64 levels"
        )
        #expect(
            failure("a = " + String(repeating: "[", count: 100_000))
                == "1:69: tables and arrays nest deeper than 64 levels")
    }

    // MARK: Memory and size

    @Test func aParsedDocumentIsFreedWithItsLastReference() throws {
        weak var root: TOMLTable?
        weak var gesture: TOMLTable?
        weak var inline: TOMLTable?
        do {
            let table = try parse(
                "[[gesture]]\nname = \"a\"\nsub = { x = [1, { y = 2 }] }\n[gesture.more]\nz = 1\n")
            root = table
            gesture = table["gesture"]?.array?.first?.table
            inline = gesture?["sub"]?.table
            #expect(root != nil && gesture != nil && inline != nil)
        }
        #expect(root == nil)
        #expect(gesture == nil)
        #expect(inline == nil)
    }

    @Test func tenThousandArrayTablesParseInDocumentOrder() throws {
        let document = Self.gestures(10_000)
        let clock = ContinuousClock()
        var table: TOMLTable?
        let elapsed = try clock.measure { table = try parse(document) }
        let gestures = try #require(table?["gesture"]?.array)
        #expect(gestures.count == 10_000)
        #expect(gestures[9_999].table?["name"]?.string == "g9999")
        #expect(
            gestures[9_999].table?.keys == [
                "name", "type", "fingers", "direction", "threshold", "action", "enabled",
            ])
        // Generous, for a debug build on a shared machine: a quadratic reader takes minutes.
        #expect(elapsed < .seconds(10))
    }

    /// `count` gestures of seven keys each, as a config would have them.
    static func gestures(_ count: Int) -> String {
        (0..<count).map { n in
            """
            [[gesture]]
            name = "g\(n)"
            type = "swipe"
            fingers = \(3 + n % 3)
            direction = "left"
            threshold = 0.25
            action = ["key ctrl+alt+Right", "desktop next"]
            enabled = true

            """
        }.joined()
    }

    // MARK: Against tomllib and at random

    static let corpus = "Tests/TOMLCorpus"

    @Test func everyValidDocumentInTheCorpusReadsAsTomllibReadsIt() throws {
        let paths =
            Docs.files(in: "\(Self.corpus)/valid").map { "\(Docs.root)/\(Self.corpus)/valid/\($0)" }
            + ["\(Docs.root)/Sources/GestureConfig/Resources/default.toml"]
        #expect(paths.count >= 40)
        let answers = try #require(
            Tomllib.read(paths), "python3 3.11 or later, with tomllib, must be on PATH")
        for path in paths {
            let name = path.split(separator: "/").suffix(2).joined(separator: "/")
            let ours: Tomllib.Answer
            do {
                ours = .document(
                    CanonicalJSON.render(
                        try TOMLReader.parse(
                            utf8: Docs.bytes(String(path.dropFirst(Docs.root.count + 1))))))
            } catch {
                ours = .error(error.description)
            }
            #expect(ours == answers[path], "\(name)")
        }
    }

    @Test func everyInvalidDocumentInTheCorpusIsRejectedAsTomllibRejectsIt() throws {
        let names = Docs.files(in: "\(Self.corpus)/invalid")
        #expect(names.count >= 30)
        let paths = names.map { "\(Docs.root)/\(Self.corpus)/invalid/\($0)" }
        let answers = try #require(
            Tomllib.read(paths), "python3 3.11 or later, with tomllib, must be on PATH")
        for (name, path) in zip(names, paths) {
            let bytes = Docs.bytes("\(Self.corpus)/invalid/\(name)")
            var ours: String?
            do { _ = try TOMLReader.parse(utf8: bytes) } catch { ours = error.description }
            #expect(ours != nil, "\(name) was read")
            if case .document = answers[path] { Issue.record("tomllib reads \(name)") }
        }
    }

    @Test func randomDocumentsReadAsTheyWereBuilt() {
        for seed in UInt64(1)...400 {
            let document = RandomTOML(seed: seed)
            do {
                let table = try TOMLReader.parse(document.text)
                #expect(
                    CanonicalJSON.render(table) == RandomTOML.Model.json(document.root),
                    "seed \(seed):\n\(document.text)")
            } catch {
                Issue.record("seed \(seed): \(error)\n\(document.text)")
            }
        }
    }

    @Test func randomDocumentsReadAsTomllibReadsThem() throws {
        let documents = (UInt64(1)...200).map { RandomTOML(seed: $0).text }
        try Self.compareWithTomllib(documents.map { Array($0.utf8) })
    }

    /// Random documents with bytes replaced, inserted or dropped: whatever tomllib reads we read
    /// the same, whatever it rejects we reject, and nothing crashes. Known differences: tomllib
    /// takes integers of any size and no year 0.
    @Test func damagedDocumentsAreAcceptedOrRejectedAsTomllibDoes() throws {
        var rng = SeededRandom(state: 7)
        let pool: [UInt8] =
            Array("[]{}\"'=.,#\\ \t\n\r0123456789_+-:eExTZabtf".utf8) + [
                0x00, 0x01, 0x7F, 0xC3, 0xA9, 0xFF, 0xE2,
            ]
        var documents: [[UInt8]] = []
        for seed in UInt64(1)...300 {
            var bytes = Array(RandomTOML(seed: seed).text.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0...2, using: &rng) {
                case 0 where at < bytes.count: bytes[at] = pool.randomElement(using: &rng)!
                case 1 where at < bytes.count: bytes.remove(at: at)
                default: bytes.insert(pool.randomElement(using: &rng)!, at: at)
                }
            }
            documents.append(bytes)
        }
        try Self.compareWithTomllib(documents) { error in
            error.message.hasSuffix("does not fit in 64 bits")
        }
    }

    /// Writes the documents to a temporary folder, reads them with both readers and compares.
    static func compareWithTomllib(
        _ documents: [[UInt8]], allowedDifference: (TOMLError) -> Bool = { _ in false }
    ) throws {
        var template = Array("/tmp/toml-reader-XXXXXX".utf8CString)
        let folder = try #require(
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map {
                String(cString: $0)
            })
        defer {
            for n in documents.indices { unlink("\(folder)/\(n).toml") }
            rmdir(folder)
        }
        let paths = documents.indices.map { "\(folder)/\($0).toml" }
        for (path, bytes) in zip(paths, documents) {
            let file = try #require(fopen(path, "w"))
            fwrite(bytes, 1, bytes.count, file)
            fclose(file)
        }
        let answers = try #require(
            Tomllib.read(paths), "python3 3.11 or later, with tomllib, must be on PATH")
        for (path, bytes) in zip(paths, documents) {
            let text = String(decoding: bytes, as: UTF8.self)
            switch (
                Result { () throws(TOMLError) in try TOMLReader.parse(utf8: bytes) }, answers[path]
            ) {
            case (.success(let table), .document(let theirs)?):
                #expect(CanonicalJSON.render(table) == theirs, "\(text)")
            case (.failure, .error?):
                break
            case (.failure(let error), .document?) where allowedDifference(error):
                break
            case (let ours, let theirs):
                Issue.record("ours: \(ours), tomllib: \(String(describing: theirs))\n\(text)")
            }
        }
    }
}
