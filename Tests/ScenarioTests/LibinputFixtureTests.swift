import Foundation
import GestureConfig
import GestureTrace
import TestSupport
import Testing

/// Real touchpad gestures that users pasted as `libinput debug-events` output in public issue
/// threads (Traces/libinput/, each with its source on its first line), replayed from the text
/// with a binding for every swipe direction and pinch: each fires its own binding, and only it.
@Suite struct LibinputFixtureTests {
    static let folder = ReplayTests.folder.appendingPathComponent("libinput")

    /// The fixtures' config (Traces/libinput/every-direction.toml): a binding for every swipe
    /// direction and pinch, pinches firing as they begin.
    static let config: Config = try! ConfigLoader.load(
        LibinputFixtures.config, file: "every-direction.toml")

    /// What replay prints for the fixture `name` under `config`, line by line, the lines of
    /// the fixture it could not read, and what it notes of gestures the paste cut off.
    static func replayed(_ name: String, config: Config = config) throws -> (
        printed: [String], skipped: [String], noted: [String]
    ) {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        var printed: [String] = []
        var skipped: [String] = []
        var noted: [String] = []
        let replay = Replay(config: config) { printed.append($0) }
        replay.skipped = { skipped.append($0.description) }
        replay.noted = { noted.append($0.description) }
        try replay.run(file: name, text: text)
        return (printed, skipped, noted)
    }

    /// The names of the bindings that fire when `name` is replayed, in order, and the lines
    /// it could not read.
    static func fired(_ name: String, config: Config = config) throws -> (
        bindings: [String], skipped: [String]
    ) {
        let (printed, skipped, _) = try replayed(name, config: config)
        let fired = printed.compactMap { line -> String? in
            guard line.contains(#""action":"#), let range = line.range(of: #""gesture":""#) else {
                return nil
            }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        return (fired, skipped)
    }

    /// Every fixture and what it fires (Traces/libinput/fires.txt, which the live test sends too).
    static let firing: [(String, [String])] = LibinputFixtures.firing.map { ($0.name, $0.bindings) }

    @Test(arguments: firing)
    func aRealGestureReplayedFromItsLogFiresItsOwnBinding(name: String, bindings: [String]) throws {
        #expect(try Self.fired(name).bindings == bindings)
    }

    /// A slow three-finger swipe up whose fingers travel 51 units (about 5 mm) before they
    /// pause 0.59 s and turn back: under the default `distance` of 80 (about 8 mm) it is too
    /// short to be a swipe, and with `distance` 40 it is one.
    @Test func aShortSlowSwipeUpThatPausesAndTurnsBackFiresOnlyUnderItsDistance() throws {
        let name = "libinput-gestures-355-three-up-paused-reversed.log"
        #expect(try Self.fired(name).bindings == [])
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "short-up"
            type = "swipe"
            source = "touchpad"
            fingers = 3
            direction = "up"
            distance = 40
            action = "exec true"
            """, file: "short.toml")
        #expect(
            try Self.replayed(name, config: config).printed.filter { $0.contains(#""action":"#) }
                == [#"{"t":10741,"action":"exec true","gesture":"short-up"}"#])
    }

    /// A three-finger pinch whose paste ends at scale 0.93, before the 10 % a pinch begins at.
    @Test func aPinchInCutOffBeforeItsThresholdFiresNothing() throws {
        #expect(try Self.fired("comfortable-swipe-46-three-pinch-in.log").bindings == [])
    }

    /// The last two updates of a three-finger swipe right on a touchpad whose acceleration
    /// doubles the fingers' motion: the pointer would go 116 px, the fingers went 49 units
    /// (about 5 mm), under the default `distance` of 80.
    @Test func theTailOfAFastSwipeRightIsTooShortForTheFingersThoughNotForThePointer() throws {
        #expect(try Self.fired("fusuma-322-three-right-cut-begin.log").bindings == [])
    }

    @Test func everyFixtureNamesItsSourceAndIsReplayed() throws {
        let names = LibinputFixtures.names
        #expect(Set(names) == Set(Self.firing.map(\.0)))
        for name in names {
            let text = try String(
                contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("# From "), "\(name)")
            #expect(text.split(separator: "\n").first?.contains("#") == true, "\(name)")
        }
    }

    /// The lines a paste cut in half are reported with their line numbers, counted from the top
    /// of the file, comments included.
    @Test func theHalfLinesOfAPasteAreReportedWithTheirLineNumbers() throws {
        #expect(
            try Self.fired("libinput-gestures-310-three-down.log").skipped == [
                "libinput-gestures-310-three-down.log:14: cannot read a line of one word: event6"
            ])
        #expect(
            try Self.fired("comfortable-swipe-69-three-left-no-begin.log").skipped == [
                "comfortable-swipe-69-three-left-no-begin.log:2: a libinput line starts with its device (eventN): $ comfortable-swipe debug | grep GESTURE_SWIPE",
                "comfortable-swipe-69-three-left-no-begin.log:17: cannot read the numbers of GESTURE_SWIPE_UPDATE: -26.95/-0.97 (-72.83/-2.62 unaccel",
            ])
    }

    /// Read a chunk at a time, as `gestured replay` reads a file, a log replays as it does whole.
    @Test func aLogReadInChunksReplaysAsItDoesWhole() throws {
        let name = "touchegg-278-three-left.log"
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        var whole: [String] = []
        var chunked: [String] = []
        try Replay(config: Self.config, options: .init(decisions: true)) { whole.append($0) }
            .run(file: name, text: String(decoding: bytes, as: UTF8.self))
        var at = 0
        try Replay(config: Self.config, options: .init(decisions: true)) { chunked.append($0) }.run(
            file: name
        ) { buffer in
            let n = min(37, bytes.count - at, buffer.count)
            for i in 0..<n { buffer[i] = bytes[at + i] }
            at += n
            return n
        }
        #expect(whole.count > 2)
        #expect(chunked == whole)
    }

    /// A log that goes on without a line end (a device file read by mistake) is refused at the
    /// line where that begins, counted as the log counts its lines.
    @Test func aLogLineThatNeverEndsIsRefusedAtItsNumber() throws {
        let head = Array(
            " event7   GESTURE_SWIPE_BEGIN +0.100s\t3\n event7   GESTURE_SWIPE_END +0.200s\t3\n"
                .utf8)
        // Three of replay's megabyte chunks.
        let bytes = head + [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        var at = 0
        let replay = Replay(config: Self.config) { (_: String) in }
        do throws(TraceError) {
            try replay.run(file: "log.txt") { buffer in
                let n = min(bytes.count - at, buffer.count)
                for i in 0..<n { buffer[i] = bytes[at + i] }
                at += n
                return n
            }
            Issue.record("a line that never ends was read")
        } catch {
            #expect(
                error.description
                    == "log.txt:3: the line is longer than \(TraceReader.longestLine) bytes: a trace line is one event"
            )
        }
    }

    /// A real slow swipe up that pauses 0.59 s and turns back, followed by a pan: after the
    /// pause its velocity is the fingers' motion since the window opened (0.68 down in 100 ms), not
    /// zero, and the paste, cut off before its end, ends it there. The swipe before it, which ends 0.84 s after
    /// its last update, moves 3.7 px and begins nothing: it fails, and says why.
    @Test func aPanAfterAPauseMeasuresItsVelocityOverTheWindowAndTurnsWithTheFingers() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "follow"
            type = "pan"
            source = "touchpad"
            fingers = 3
            action = "exec true"

            """, file: "pan.toml")
        let out = try Self.replayed(
            "libinput-gestures-355-three-up-paused-reversed.log", config: config
        ).printed
        let head = #"{"t":%@,"gesture":"follow","type":"pan","source":"touchpad","state":"#
        func line(_ t: String, _ state: String, _ rest: String) -> String {
            head.replacingOccurrences(of: "%@", with: t) + "\"\(state)\",\"fingers\":3," + rest
        }
        #expect(
            out == [
                #"{"t":9716,"gesture":"follow","type":"pan","source":"touchpad","state":"failed","reason":"ended before it began"}"#,
                line(
                    "10627", "began",
                    #""translation":[1.42,-22.91],"pointer":[1.38,-21.71],"velocity":[27.8431,-449.2157],"heading":"up","progress":0.1146}"#
                ),
                line(
                    "10659", "changed",
                    #""translation":[1.42,-25.01],"pointer":[1.38,-23.81],"velocity":[17.1084,-301.3253],"heading":"up","progress":0.1251}"#
                ),
                line(
                    "10692", "changed",
                    #""translation":[1.42,-28.24],"pointer":[1.38,-27.04],"velocity":[10.989,-203.8462],"heading":"up","progress":0.1412}"#
                ),
                line(
                    "10720", "changed",
                    #""translation":[1.75,-37.03],"pointer":[1.71,-35.83],"velocity":[3.5484,-151.828],"heading":"up","progress":0.1852}"#
                ),
                line(
                    "10741", "changed",
                    #""translation":[1.75,-45.67],"pointer":[1.71,-44.47],"velocity":[4.0244,-251.9512],"heading":"up","progress":0.2284}"#
                ),
                line(
                    "10774", "changed",
                    #""translation":[1.75,-50.18],"pointer":[1.71,-48.98],"velocity":[4.0244,-267.561],"heading":"up","progress":0.2509}"#
                ),
                line(
                    "10794", "changed",
                    #""translation":[1.75,-51.46],"pointer":[1.71,-50.26],"velocity":[0,-195],"heading":"up","progress":0.2573}"#
                ),
                line(
                    "11382", "changed",
                    #""translation":[1.75,-50.78],"pointer":[1.71,-49.81],"velocity":[0,6.8],"heading":"up","progress":0.2539}"#
                ),
                line(
                    "11382", "ended",
                    #""translation":[1.75,-50.78],"pointer":[1.71,-49.81],"velocity":[0,6.8],"heading":"up","progress":0.2539}"#
                ),
                #"{"t":11382,"action":"exec true","gesture":"follow"}"#,
            ])
    }

    /// A real two-finger pinch out pasted without its END (the scale grows from 1.04 to 1.52,
    /// the copy ends mid-line): it ends where the paste ends, as the same sequence would have
    /// gone on to end live, so that a binding firing at the end (the default) fires, and replay
    /// says the paste was cut off there.
    @Test func aPinchCutOffBeforeItsEndEndsThereAndFiresABindingThatFiresAtTheEnd() throws {
        let config = try ConfigLoader.load(
            """
            [[gesture]]
            name = "zoom-out"
            type = "pinch"
            source = "touchpad"
            fingers = 2
            direction = "out"
            action = "exec true"

            """, file: "pinch.toml")
        let name = "fusuma-174-two-pinch-out.log"
        let (printed, _, noted) = try Self.replayed(name, config: config)
        #expect(
            printed.filter { $0.contains(#""action":"#) } == [
                #"{"t":3633,"action":"exec true","gesture":"zoom-out"}"#
            ])
        #expect(
            noted == [
                "\(name):11: the log ends before the 2-finger pinch on event5 ends (no GESTURE_PINCH_END), as a paste cut off does: it ends there"
            ])
    }
}
