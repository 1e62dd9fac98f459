import GestureCore
import TestSupport
import Testing

@testable import GestureTrace

@Suite struct TraceTests {
    func read(_ text: String, file: String = "t.jsonl") throws(TraceError) -> [TraceReader.Line] {
        var reader = TraceReader(file: file)
        var out: [TraceReader.Line] = []
        for line in TraceText.lines(of: text) {
            if let l = try reader.read(line) { out.append(l) }
        }
        return out
    }

    @Test func everyExampleInTheTraceFormatDocumentReads() throws {
        let blocks = Docs.blocks("docs/trace-format.md", language: "jsonl")
        #expect(blocks.count >= 2)
        var events = 0
        for block in blocks where !block.contains("\"gesture\"") {
            for line in try read(block) { if case .event = line { events += 1 } }
        }
        #expect(events == 8)
    }

    @Test func theHeaderGivesScreenAndMonitors() throws {
        let lines = try read(
            #"{"trace":1,"screen":[3840,1080],"monitors":[[0,0,1920,1080],[1920,0,1920,1080]]}"#)
        #expect(
            lines == [
                .header(
                    Screen(
                        width: 3840, height: 1080,
                        monitors: [
                            .init(x: 0, y: 0, width: 1920, height: 1080),
                            .init(x: 1920, y: 0, width: 1920, height: 1080),
                        ]))
            ])
    }

    @Test func blankLinesCommentsAndUnknownKeysAreIgnored() throws {
        let lines = try read("\n# a comment\n{\"t\":5,\"ev\":\"idle\",\"future\":{\"x\":[1,2]}}\n")
        #expect(lines == [.event(InputEvent(time: 5, .idle))])
    }

    @Test func writingThenReadingGivesTheSameEvents() throws {
        let events: [InputEvent] = [
            InputEvent(
                time: 0, .touchBegin(id: 1, at: Point(x: 100, y: 200)), device: "touch",
                app: "xterm"),
            InputEvent(time: 1.5, .touchMove(id: 1, at: Point(x: 101.25, y: 200))),
            InputEvent(time: 3, .touchEnd(id: 1, at: Point(x: 102, y: 201))),
            InputEvent(time: 4, .touchCancel(id: 2)),
            InputEvent(time: 5, .buttonPress(button: 3, at: Point(x: 10, y: 10))),
            InputEvent(time: 6, .motion(at: Point(x: 20, y: 10))),
            InputEvent(time: 7, .buttonRelease(button: 3, at: Point(x: 30, y: 10))),
            InputEvent(time: 8, .swipeBegin(fingers: 3)),
            InputEvent(time: 9, .swipeUpdate(fingers: 3, delta: Point(x: -14.2, y: 0.5))),
            InputEvent(
                time: 9.5,
                .swipeUpdate(
                    fingers: 3, delta: Point(x: -4.2, y: 0.5), unaccelerated: Point(x: -16.75, y: 2)
                )),
            InputEvent(time: 10, .swipeEnd(fingers: 3, cancelled: true)),
            InputEvent(time: 11, .pinchBegin(fingers: 2)),
            InputEvent(
                time: 12,
                .pinchUpdate(fingers: 2, delta: Point(x: 1, y: -1), scale: 1.08, angle: 2.5)),
            InputEvent(
                time: 12.5,
                .pinchUpdate(
                    fingers: 2, delta: Point(x: 1, y: -1), unaccelerated: Point(x: 3, y: -2.5),
                    scale: 1.1, angle: 0)),
            InputEvent(time: 13, .pinchEnd(fingers: 2, cancelled: false)),
            InputEvent(time: 14, .idle),
        ]
        let screen = Screen(
            width: 2560, height: 1440, monitors: [.init(x: 0, y: 0, width: 2560, height: 1440)])
        let text = ([TraceWriter.header(screen)] + events.map(TraceWriter.line)).joined(
            separator: "\n")
        #expect(try read(text) == [.header(screen)] + events.map { .event($0) })
    }

    @Test(arguments: [
        (
            #"{"t":0,"ev":"swipe-update","fingers":3,"dy":1}"#,
            #"t.jsonl:1: "swipe-update" lacks "dx""#
        ),
        (
            #"{"t":0,"ev":"touch-bgin","id":1,"x":1,"y":2}"#,
            #"t.jsonl:1: unknown event "touch-bgin" (did you mean "touch-begin"?)"#
        ),
        (
            #"{"t":0,"ev":"touch-begin","id":1,"x":1 "y":2}"#,
            #"t.jsonl:1:40: ',' or '}' is expected"#
        ),
        (
            #"{"t":0,"ev":"touch-begin","id":1.5,"x":1,"y":2}"#,
            #"t.jsonl:1: "id" must be a whole number"#
        ),
        (#"{"t":0,"ev":"touch-begin","id":1,"x":"1","y":2}"#, #"t.jsonl:1: "x" must be a number"#),
        (#"{"ev":"idle"}"#, #"t.jsonl:1: "idle" lacks "t""#),
        (#"{"t":0}"#, #"t.jsonl:1: the event lacks "ev""#),
        (#"[1,2]"#, "t.jsonl:1: a line must be a JSON object"),
        (
            #"{"t":0,"ev":"pinch-update","fingers":2,"scale":0}"#,
            #"t.jsonl:1: "pinch-update": its scale is not a number above 0"#
        ),
        (#"{"t":0,"ev":"swipe-begin","fingers":0}"#, #"t.jsonl:1: "fingers" must be at least 1"#),
        (
            #"{"t":0,"ev":"swipe-update","fingers":3,"dx":1,"dy":1,"udx":4}"#,
            #"t.jsonl:1: "swipe-update" has "udx" but lacks "udy""#
        ),
        (
            #"{"t":0,"ev":"pinch-update","fingers":2,"scale":1,"udy":4}"#,
            #"t.jsonl:1: "pinch-update" has "udy" but lacks "udx""#
        ),
        (
            #"{"t":0,"ev":"swipe-update","fingers":3,"dx":1,"dy":1,"udx":"4","udy":1}"#,
            #"t.jsonl:1: "udx" must be a number"#
        ),
        (
            #"{"t":0,"ev":"swipe-end","fingers":3,"cancelled":"yes"}"#,
            #"t.jsonl:1: "cancelled" must be true or false"#
        ),
        (
            #"{"trace":2}"#,
            "t.jsonl:1: trace version 2 is not supported (this gestured reads version 1)"
        ),
        (
            #"{"trace":1,"screen":[0,10]}"#,
            #"t.jsonl:1: "screen" must be [width, height] in pixels"#
        ),
        (#"{"t":0,"ev":"idle","app":7}"#, #"t.jsonl:1: "app" must be a string"#),
        (#"{"t":0,"ev":"touch-cancel","id":1e19}"#, #"t.jsonl:1: "id" 1e+19 is out of range"#),
        (
            #"{"t":0,"ev":"touch-cancel","id":9223372036854775808}"#,
            #"t.jsonl:1: "id" 9.223372036854776e+18 is out of range"#
        ),
        (#"{"t":0,"ev":"touch-cancel","id":1.5e0}"#, #"t.jsonl:1: "id" must be a whole number"#),
        (
            #"{"t":0,"ev":"motion","x":1e400,"y":0}"#,
            "t.jsonl:1:26: '1e400' is too large for a number"
        ),
        (#"{"t":-1e400,"ev":"idle"}"#, "t.jsonl:1:6: '-1e400' is too large for a number"),
    ])
    func aMalformedLineIsReportedWithItsPlace(line: String, message: String) {
        #expect(throws: TraceError.self) { try read(line) }
        do { _ = try read(line) } catch { #expect(error.description == message) }
    }

    @Test func theErrorNamesTheLineAfterBlankAndCommentLines() {
        do {
            _ = try read(
                "{\"trace\":1}\n\n# c\n{\"t\":40,\"ev\":\"idle\"}\n{\"t\":30,\"ev\":\"idle\"}",
                file: "late.jsonl")
            Issue.record("no error")
        } catch {
            #expect(error.description == "late.jsonl:5: \"t\" 30 is before the previous event's 40")
        }
    }

    @Test func aHeaderAfterTheFirstEventIsAnError() {
        do {
            _ = try read("{\"t\":0,\"ev\":\"idle\"}\n{\"trace\":1}")
            Issue.record("no error")
        } catch {
            #expect(error.description == "t.jsonl:2: a header is only allowed on the first line")
        }
    }

    static let swipe = [
        "# three fingers to the left",
        #"{"trace":1,"screen":[1920,1080]}"#,
        #"{"t":0,"ev":"swipe-begin","fingers":3}"#,
        #"{"t":8,"ev":"swipe-update","fingers":3,"dx":-90,"dy":0}"#,
        "",
        #"{"t":24,"ev":"swipe-end","fingers":3}"#,
    ]

    @Test func theLinesOfATraceAreCutAtLFWithACRBeforeItDropped() {
        #expect(
            TraceText.lines(of: "a\r\nb\n\r\nc\rd\n\u{FEFF}e\r") == [
                "a", "b", "", "c\rd", "\u{FEFF}e",
            ])
        #expect(TraceText.lines(of: "") == [""])
    }

    @Test func aTraceWithCRLFLineEndsReadsLikeOneWithLF() throws {
        let lf = try read(Self.swipe.joined(separator: "\n") + "\n")
        #expect(try read(Self.swipe.joined(separator: "\r\n") + "\r\n") == lf)
        #expect(lf.count == 4)
    }

    @Test func aByteOrderMarkAtTheStartOfATraceIsSkipped() throws {
        let text = Self.swipe.dropFirst().joined(separator: "\n")
        let lines = try read(text)
        #expect(try read("\u{FEFF}" + text) == lines)
        #expect(lines.count == 4)
    }

    @Test func aWholeNumberWrittenWithAnExponentReads() throws {
        #expect(
            try read(
                #"{"t":0,"ev":"touch-cancel","id":1e16}"# + "\n"
                    + #"{"t":1,"ev":"button-press","button":3E0,"x":0,"y":0}"#) == [
                    .event(InputEvent(time: 0, .touchCancel(id: 10_000_000_000_000_000))),
                    .event(InputEvent(time: 1, .buttonPress(button: 3, at: Point(x: 0, y: 0)))),
                ])
    }

    /// Past 1.8e304 the old rounding overflowed to `inf`. From 1e15 up a number is written in
    /// Swift's shortest form, `-2500000000000000.0` or `1e+20`, and both are JSON.
    @Test func extremeNumbersAreWrittenAsJSONThatReadsBackTheSame() throws {
        let values: [Double] = [
            .greatestFiniteMagnitude, 1e308, -1.8e304, 1e20, 1e16, -2.5e15, 123_456_789_012.5,
            0.00004, -0.0,
        ]
        #expect(
            values.map(JSONLineWriter.number) == [
                "1.7976931348623157e+308", "1e+308", "-1.8e+304", "1e+20", "1e+16",
                "-2500000000000000.0", "123456789012.5", "0", "0",
            ])
        let events = values.dropLast(2).enumerated().map { i, v in
            InputEvent(time: Double(i), .touchMove(id: 1, at: Point(x: v, y: -v)))
        }
        let text = events.map(TraceWriter.line).joined(separator: "\n")
        #expect(try read(text) == events.map { .event($0) })
    }

    @Test func aNonFiniteNumberIsWrittenAsNullSoThatTheLineIsStillJSON() throws {
        var w = JSONLineWriter()
        w.add("t", 8)
        w.add("scale", Double.infinity)
        w.add("velocity", [-Double.infinity, Double.nan, 2])
        #expect(w.line() == #"{"t":8,"scale":null,"velocity":[null,null,2]}"#)
        #expect(
            try JSONValue.parse(Substring(w.line()))
                == .object([
                    ("t", .number(8)), ("scale", .null),
                    ("velocity", .array([.null, .null, .number(2)])),
                ]))
    }

    /// Python's json.dumps writes a character beyond U+FFFF as two escapes, a UTF-16 pair.
    @Test func aSurrogatePairEscapeReadsAsTheOneCharacterItEncodes() throws {
        #expect(
            try JSONValue.parse(
                #"["\ud83d\ude00","\uD83D\uDE00!","\ud83d","\ude00x","\ud83d\u0041","\ud83d\n"]"#)
                == .array([
                    .string("\u{1F600}"), .string("\u{1F600}!"), .string("\u{FFFD}"),
                    .string("\u{FFFD}x"), .string("\u{FFFD}A"), .string("\u{FFFD}\n"),
                ]))
        #expect(
            try read(#"{"t":0,"ev":"idle","app":"\ud83d\ude00 term"}"#) == [
                .event(InputEvent(time: 0, .idle, app: "\u{1F600} term"))
            ])
    }

    @Test func stringsWithEscapesReadBack() throws {
        let e = InputEvent(time: 0, .idle, app: "a \"quoted\" \\ name\té")
        #expect(try read(TraceWriter.line(e)) == [.event(e)])
    }

    // MARK: Reading bytes

    /// Every line's outcome, the event or header or the error's text, read one way or the other.
    static func outcomes(_ lines: [[UInt8]], inPlace: Bool) -> [String] {
        var reader = TraceReader(file: "d.jsonl")
        reader.readsFlatLinesInPlace = inPlace
        return lines.map { line in
            do throws(TraceError) {
                return try line.withUnsafeBufferPointer { (b) throws(TraceError) in
                    "\(try reader.read(line: b) as Any)"
                }
            } catch {
                return error.description
            }
        }
    }

    static let shapes: [String] = [
        #"{"t":0,"ev":"touch-begin","id":1,"x":300,"y":300,"app":"xterm","device":"pad"}"#,
        #"{"t":8.5,"ev":"swipe-update","fingers":3,"dx":-14.25,"dy":0.5}"#,
        #"{"t":9,"ev":"pinch-update","fingers":2,"scale":1.08,"angle":-2.5,"dx":1e2,"dy":-0}"#,
        #"{"t":10,"ev":"swipe-end","fingers":3,"cancelled":true}"#,
        #" { "t" : 11 , "ev" : "idle" , "x" : null } "#,
        #"{"t":12,"ev":"touch-cancel","id":1e16,"ev":"motion"}"#,
        #"{"t":13,"ev":"button-press","button":3,"x":0.123456789012345,"y":123456789012345678}"#,
        #"{"t":14,"ev":"idle","app":"caf\u00e9","future":[1,{"a":2}]}"#,
        #"{"t":15,"ev":"idle","app":"é 😀"}"#,
        // Lines as gestured writes them, read first by the written-line path.
        #"{"t":16,"ev":"touch-move","id":1,"x":300.25,"y":-0.5,"device":"pad","app":"xterm"}"#,
        #"{"t":17,"ev":"pinch-update","fingers":4,"dx":0.0461,"dy":-0.429,"scale":1.0305,"angle":0.294}"#,
        #"{"t":18,"ev":"swipe-end","fingers":3,"cancelled":true,"app":"a"}"#,
        #"{"t":19,"ev":"button-release","button":1,"x":1000.6121,"y":1234567.1}"#,
        #"{"t":20,"ev":"touch-cancel","id":-7}"#,
    ]

    /// The bytes read in place and the parsed tree must agree on every line, good or broken:
    /// the same event, or the same error at the same place.
    @Test func readingInPlaceAgreesWithTheParsedTreeOnMutatedLines() {
        var random = SeededRandom(state: 7)
        let alphabet =
            Array(#"{}[]":,.-+eE0123456789 tfnul"#.utf8) + [0x09, 0x0D, 0xC3, 0xA9, 0xFF]
        var lines: [[UInt8]] = []
        for _ in 0..<20_000 {
            var b = Array(Self.shapes.randomElement(using: &random)!.utf8)
            for _ in 0..<Int.random(in: 0...3, using: &random) where !b.isEmpty {
                let at = Int.random(in: 0..<b.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: b[at] = alphabet.randomElement(using: &random)!
                case 1: b.insert(alphabet.randomElement(using: &random)!, at: at)
                default: b.remove(at: at)
                }
            }
            lines.append(b)
        }
        // Times go up line by line in the shapes, and a mutation may break that: each line is
        // read by a fresh reader pair as well as in sequence.
        #expect(Self.outcomes(lines, inPlace: true) == Self.outcomes(lines, inPlace: false))
        for line in lines.prefix(5_000) {
            #expect(
                Self.outcomes([line], inPlace: true) == Self.outcomes([line], inPlace: false),
                "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func theFirstOfTwoEqualKeysCounts() throws {
        #expect(
            try read(#"{"t":1,"ev":"touch-cancel","id":4,"id":5}"#) == [
                .event(InputEvent(time: 1, .touchCancel(id: 4)))
            ])
        #expect(
            try read(#"{"t":1,"ev":"touch-cancel","id":4,"id":[5]}"#) == [
                .event(InputEvent(time: 1, .touchCancel(id: 4)))
            ])
    }

    /// A String read them as U+FFFD, and so does the byte reader: the same name, the same column.
    @Test func bytesThatAreNotUTF8ReadAsReplacementCharacters() {
        let line: [UInt8] =
            Array(#"{"t":0,"ev":"idle","app":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8)
        #expect(
            Self.outcomes([line], inPlace: true) == [
                "\(TraceReader.Line?.some(.event(InputEvent(time: 0, .idle, app: "a\u{FFFD}b"))) as Any)"
            ])
        let broken: [UInt8] = [0xFF] + Array(#"{"t":0}"#.utf8)
        #expect(Self.outcomes([broken], inPlace: true) == ["d.jsonl:1:1: unexpected character 'ï'"])
    }

    /// "#" and a combining mark after it are one Character, not "#": not a comment, as before.
    @Test func aHashWithACombiningMarkIsNotAComment() throws {
        #expect(throws: TraceError.self) { try read("#\u{301} not a comment") }
        #expect(try read("# é is a comment") == [])
    }

    /// A trace read a few bytes at a time is cut into the lines of the whole text.
    @Test func aTraceGivenInChunksIsCutIntoTheSameLines() {
        let text = "\u{FEFF}" + "a\r\nbé\n\r\nc\rd\n\u{FEFF}e\r"
        let bytes = Array(text.utf8)
        for size in [1, 2, 3, 5, 64] {
            var splitter = TraceText.Splitter()
            var lines: [String] = []
            var at = 0
            while at < bytes.count {
                let chunk = Array(bytes[at..<min(bytes.count, at + size)])
                chunk.withUnsafeBufferPointer {
                    splitter.feed($0) { lines.append(String(decoding: $0, as: UTF8.self)) }
                }
                at += size
            }
            splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
            #expect(lines == TraceText.lines(of: text).map(String.init), "chunks of \(size)")
        }
    }

    /// Every event name read from its bytes is itself; a name one byte off, or a byte longer or
    /// shorter, is none.
    @Test func everyEventNameReadFromBytesIsItselfAndANearMissIsNone() {
        func name(_ bytes: [UInt8]) -> TraceReader.EventName? {
            bytes.withUnsafeBufferPointer { TraceReader.EventName($0) }
        }
        for e in TraceReader.EventName.allCases {
            let spelled = Array(e.rawValue.utf8)
            #expect(name(spelled) == e)
            #expect(name(spelled + [UInt8(ascii: "s")]) == nil)
            #expect(name(Array(spelled.dropLast())) == nil)
            for i in spelled.indices {
                var off = spelled
                off[i] ^= 0x20
                #expect(name(off) == nil, "\(String(decoding: off, as: UTF8.self))")
            }
        }
    }

    /// A number of any length, with or without a fraction, a sign or an exponent, at the end of a
    /// line or before another member, reads in place as the parsed tree reads it.
    @Test func numbersOfEveryLengthReadInPlaceAsTheParsedTreeReadsThem() {
        var numbers: [String] = [
            "0", "-0", "1.", "-", "-.5", ".5", "1e3", "1.5E-3", "01", "1.0", "12.50", "1..2", "1-2",
            "9007199254740993",
        ]
        for whole in 1...17 {
            let digits = String(String(repeating: "9876543210", count: 2).prefix(whole))
            numbers.append(digits)
            numbers.append("-" + digits)
            for fraction in 1...17 {
                numbers.append(
                    digits + "."
                        + String(String(repeating: "1357924680", count: 2).prefix(fraction)))
            }
        }
        var lines: [[UInt8]] = []
        for n in numbers {
            lines.append(Array(#"{"t":1,"ev":"motion","x":\#(n),"y":2}"#.utf8))
            lines.append(Array(#"{"t":1,"ev":"motion","x":2,"y":\#(n)}"#.utf8))
            lines.append(Array(#"{"t":\#(n)}"#.utf8))
        }
        for line in lines {
            #expect(
                Self.outcomes([line], inPlace: true) == Self.outcomes([line], inPlace: false),
                "\(String(decoding: line, as: UTF8.self))")
        }
    }

    /// Events of every kind, with and without names, with the numbers gestured writes and a few
    /// it does not: whatever their layout, reading them one way or the other gives one outcome.
    static func writtenEvents(count: Int) -> [InputEvent] {
        var random = SeededRandom(state: 11)
        func number() -> Double {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: Double(Int.random(in: -3000...3000, using: &random))
            case 1: (Double.random(in: -2000...2000, using: &random) * 10_000).rounded() / 10_000
            case 2: Double.random(in: -1e9...1e9, using: &random)
            default:
                [0, -0.0, 0.5, 1e-5, 1234567.1234567, 9_999_999, 0.0000001].randomElement(
                    using: &random)!
            }
        }
        func point() -> Point { Point(x: number(), y: number()) }
        var time = 0.0
        return (0..<count).map { _ in
            time += [0, 1, 8.5, 0.1234, 1e7].randomElement(using: &random)!
            let whole = [1, 2, 3, 4, 0, -1, 12_345_678].randomElement(using: &random)!
            let kind: InputEvent.Kind =
                switch Int.random(in: 0..<14, using: &random) {
                case 0: .touchBegin(id: whole, at: point())
                case 1: .touchMove(id: whole, at: point())
                case 2: .touchEnd(id: whole, at: point())
                case 3: .touchCancel(id: whole)
                case 4: .buttonPress(button: whole, at: point())
                case 5: .motion(at: point())
                case 6: .buttonRelease(button: whole, at: point())
                case 7: .swipeBegin(fingers: whole)
                case 8:
                    .swipeUpdate(
                        fingers: whole, delta: point(),
                        unaccelerated: Bool.random(using: &random) ? point() : nil)
                case 9: .swipeEnd(fingers: whole, cancelled: Bool.random(using: &random))
                case 10: .pinchBegin(fingers: whole)
                case 11:
                    .pinchUpdate(
                        fingers: whole, delta: point(),
                        unaccelerated: Bool.random(using: &random) ? point() : nil,
                        scale: [number(), 1.0305, 0].randomElement(using: &random)!, angle: number()
                    )
                case 12: .pinchEnd(fingers: whole, cancelled: Bool.random(using: &random))
                default: .idle
                }
            let names = ["pad", "Synaptics TM3289-021", "a\"b", "é", ""]
            return InputEvent(
                time: time, kind,
                device: Bool.random(using: &random) ? names.randomElement(using: &random)! : nil,
                app: Bool.random(using: &random) ? names.randomElement(using: &random)! : nil)
        }
    }

    /// Every line gestured writes is read by the written-line path, to the event the general
    /// reader reads from it, or left to the general reader when it is one that reader refuses.
    @Test func theLinesGesturedWritesReadInPlaceAsTheParsedTreeReadsThem() {
        let lines = Self.writtenEvents(count: 5_000).map { Array(TraceWriter.line($0).utf8) }
        #expect(Self.outcomes(lines, inPlace: true) == Self.outcomes(lines, inPlace: false))
        var reader = TraceReader(file: "d.jsonl")
        var taken = 0
        for line in lines {
            let event = line.withUnsafeBufferPointer { reader.writtenEvent($0) }
            if let event {
                taken += 1
                #expect(TraceWriter.line(event) == String(decoding: line, as: UTF8.self))
            }
        }
        // Most take the written-line path (not those with a long number, an escape, or a time
        // that goes back), so that a change that sends every line to the general reader fails.
        #expect(taken > lines.count / 3)
    }

    /// Replay reads the lines gestured writes into one event kept from line to line: each line
    /// read so gives the event the line-by-line reader gives, its names included or let go
    /// (a line without a device after one with), its length with its LF; a line it does not take
    /// is left whole, for the general reader, and the lines after it read on.
    @Test func linesReadIntoOneKeptEventAreTheEventsReadLineByLine() {
        let events = Self.writtenEvents(count: 5_000)
        var text: [UInt8] = []
        var starts: [Int] = []
        for e in events {
            starts.append(text.count)
            text += Array(TraceWriter.line(e).utf8) + [0x0A]
        }
        var lineByLine = TraceReader(file: "d.jsonl")
        var inPlace = TraceReader(file: "d.jsonl")
        let slot = UnsafeMutablePointer<InputEvent>.allocate(capacity: 1)
        slot.initialize(to: InputEvent(time: 0, .idle, device: "old", app: "old"))
        defer {
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
        var taken = 0
        var named = 0
        text.withUnsafeBufferPointer { all in
            for (i, start) in starts.enumerated() {
                let end = i + 1 < starts.count ? starts[i + 1] : all.count
                let expected = lineByLine.writtenEvent(
                    UnsafeBufferPointer(rebasing: all[start..<(end - 1)]))
                var length = -1
                let read = inPlace.readWritten(
                    startOf: UnsafeBufferPointer(rebasing: all[start...]), length: &length,
                    into: slot)
                #expect(read == (expected != nil), "\(TraceWriter.line(events[i]))")
                guard read, let expected else { continue }
                taken += 1
                if expected.device != nil || expected.app != nil { named += 1 }
                #expect(slot.pointee == expected, "\(TraceWriter.line(events[i]))")
                #expect(length == end - start)
            }
        }
        #expect(inPlace.lineNumber == lineByLine.lineNumber)
        #expect(taken > events.count / 3 && named > taken / 4 && named < taken)
    }

    /// The common lines of the two traces `make bench` replays take the written-line path.
    @Test func aWrittenLineOfEachKindTakesTheWrittenLinePath() {
        var reader = TraceReader(file: "d.jsonl")
        let events: [InputEvent] = [
            InputEvent(time: 575, .pinchBegin(fingers: 4)),
            InputEvent(
                time: 584,
                .pinchUpdate(
                    fingers: 4, delta: Point(x: 0.0461, y: -0.429), scale: 1.0305, angle: 0.294)),
            InputEvent(time: 590, .pinchEnd(fingers: 4, cancelled: true)),
            InputEvent(time: 591, .swipeBegin(fingers: 3)),
            InputEvent(time: 592, .swipeUpdate(fingers: 3, delta: Point(x: -14.25, y: 0.5))),
            InputEvent(
                time: 592,
                .swipeUpdate(
                    fingers: 3, delta: Point(x: -4.25, y: 0.5), unaccelerated: Point(x: -12, y: 1.5)
                )),
            InputEvent(
                time: 592,
                .pinchUpdate(
                    fingers: 2, delta: Point(x: 1, y: 0), unaccelerated: Point(x: 2, y: 0),
                    scale: 1.1, angle: 0)),
            InputEvent(time: 593, .swipeEnd(fingers: 3, cancelled: false)),
            InputEvent(time: 594, .motion(at: Point(x: 972.8135, y: 538.7569))),
            InputEvent(time: 595, .buttonPress(button: 1, at: Point(x: 1000.6121, y: 0))),
            InputEvent(time: 596, .buttonRelease(button: 1, at: Point(x: 1000, y: 0.5))),
            InputEvent(time: 597, .touchBegin(id: 12, at: Point(x: 1919.9999, y: 1079))),
            InputEvent(
                time: 598, .touchMove(id: 12, at: Point(x: 1919, y: 1079)), device: "touch",
                app: "xterm"),
            InputEvent(time: 599, .touchEnd(id: 12, at: Point(x: 1919, y: 1079)), device: "touch"),
            InputEvent(time: 600, .touchCancel(id: 13), app: "xterm"),
            InputEvent(time: 601, .idle),
        ]
        for e in events {
            let line = Array(TraceWriter.line(e).utf8)
            #expect(
                line.withUnsafeBufferPointer { reader.writtenEvent($0) } == e,
                "\(TraceWriter.line(e))")
        }
        #expect(reader.lineNumber == events.count)
    }
}
