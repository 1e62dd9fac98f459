import GestureCore
import GestureTrace
import Testing

/// Each form of `libinput debug-events` output seen in users' pastes, read into the whole
/// sequence of gestures it makes.
@Suite struct LibinputLogTests {
    typealias G = LibinputLog.Gesture

    /// The gestures of `text`, the ones `finish` ends included, the lines refused, and the
    /// gestures the text ended before their end.
    func read(_ text: String) -> (gestures: [G], problems: [String], cutOff: [String]) {
        var log = LibinputLog(file: "log.txt")
        var out: [G] = []
        for line in TraceText.lines(of: text) { out += log.read(line) }
        out += log.finish()
        return (out, log.problems.map(\.description), log.cutOff.map(\.description))
    }

    func swipe(
        _ t: Double, _ phase: G.Phase, _ fingers: Int, _ dx: Double = 0, _ dy: Double = 0,
        _ ux: Double = 0, _ uy: Double = 0,
        device: String? = nil
    ) -> G {
        G(
            time: t, .swipe, phase, fingers: fingers, delta: Point(x: dx, y: dy),
            unaccelerated: Point(x: ux, y: uy), device: device)
    }

    @Test func threeDecimalsWithATabBeforeTheFingersAsLibinput1Point18PrintsThem() {
        let text = """
             event5   GESTURE_SWIPE_BEGIN +0.139s\t4
             event5   GESTURE_SWIPE_UPDATE +0.164s\t4  1.91/-14.97 ( 7.16/-55.95 unaccelerated)
             event5   GESTURE_SWIPE_END +0.341s\t4
            """
        #expect(
            read(text).gestures == [
                swipe(139, .begin, 4), swipe(164, .update, 4, 1.91, -14.97, 7.16, -55.95),
                swipe(341, .end(cancelled: false), 4),
            ])
        #expect(read(text).problems == [])
    }

    @Test func twoDecimalsAndSpacesAsLibinput1Point6PrintsThem() {
        let text = """
             event10  GESTURE_SWIPE_BEGIN +10.30s   4
             event10  GESTURE_SWIPE_UPDATE +10.31s  4 109.17/ 3.99 (117.17/ 4.28 unaccelerated)
             event10  GESTURE_SWIPE_END  +9.64s     4
             event10  GESTURE_SWIPE_END  +10.40s     4
            """
        #expect(
            read(text).gestures == [
                swipe(10300, .begin, 4), swipe(10310, .update, 4, 109.17, 3.99, 117.17, 4.28),
                swipe(10400, .end(cancelled: false), 4),
            ])
        #expect(
            read(text).problems == [
                "log.txt:3: the time +9.64s is before the previous gesture event's +10.31s"
                    + " (another run pasted after the first is read on when its DEVICE_ADDED lines come before it)"
            ])
    }

    /// Two runs pasted one after the other, from N1's real lines: the first run's touchpad, a
    /// swipe begun on it, and the second run's touchpad added, whose times start again.
    static let firstRunThenSecondAdded = """
        -event15  DEVICE_ADDED     DELL07E6:00 06CB:76AF Touchpad    seat0 default group7  cap:pg  size 100x56mm
        event15	GESTURE_SWIPE_BEGIN	+188.18s	4
        -event6   DEVICE_ADDED     SynPS/2 Synaptics TouchPad        seat0 default group5  cap:pg  size 70x50mm
        """
    static let (dell, synaptics) = ("DELL07E6:00 06CB:76AF Touchpad", "SynPS/2 Synaptics TouchPad")
    /// The swipe the first run left open, ended where that run ended.
    static let firstRunsSwipe = [(188180.0, G.Phase.begin), (188180, .end(cancelled: true))]

    /// Two runs of `libinput debug-events` pasted one after the other: the second one's times
    /// start again, after its own DEVICE_ADDED lines. What the first left open ends where it
    /// ended, cancelled, and the second goes on a second later, each gesture with its own
    /// device's name.
    @Test func aSecondRunPastedAfterTheFirstGoesOnASecondAfterIt() {
        let text =
            Self.firstRunThenSecondAdded + """

                -event15  DEVICE_ADDED     Logitech USB Receiver             seat0 default group8  cap:p left
                event6 	GESTURE_SWIPE_UPDATE +12.10s	4  7.25/ 0.00 (12.53/ 0.00 unaccelerated)
                event6 	GESTURE_SWIPE_END +12.20s	4
                event6 	GESTURE_SWIPE_BEGIN +12.00s	3
                """
        let (dell, synaptics) = (Self.dell, Self.synaptics)
        #expect(
            read(text).gestures == Self.firstRunsSwipe.map { swipe($0, $1, 4, device: dell) } + [
                swipe(189180, .begin, 4, device: synaptics),
                swipe(189180, .update, 4, 7.25, 0, 12.53, 0, device: synaptics),
                swipe(189280, .end(cancelled: false), 4, device: synaptics),
            ])
        #expect(
            read(text).problems == [
                "log.txt:7: the time +12.00s is before the previous gesture event's +12.2s"
                    + " (another run pasted after the first is read on when its DEVICE_ADDED lines come before it)"
            ])
    }

    /// The second run's first gesture line is refused: what the first run left open still ends
    /// where it ended, cancelled, and is not lost with the refused line.
    @Test func aSecondRunWhoseFirstLineIsRefusedStillEndsWhatTheFirstLeftOpen() {
        let text =
            Self.firstRunThenSecondAdded + """

                event6 	GESTURE_SWIPE_UPDATE +12.10s	4
                event6 	GESTURE_SWIPE_BEGIN +12.20s	3
                """
        let synaptics = Self.synaptics
        #expect(
            read(text).gestures == Self.firstRunsSwipe.map { swipe($0, $1, 4, device: Self.dell) }
                + [
                    swipe(189280, .begin, 3, device: synaptics),
                    swipe(189280, .end(cancelled: false), 3, device: synaptics),
                ])
        #expect(read(text).problems == ["log.txt:4: GESTURE_SWIPE_UPDATE lacks its deltas"])
    }

    @Test func tabsAfterTheDeviceAndASpaceBeforeThem() {
        let text =
            "event13\tGESTURE_SWIPE_BEGIN  +4.89s\t3\nevent13 \tGESTURE_SWIPE_UPDATE +4.91s\t3 -17.01/-0.06 (-39.59/-0.14 unaccelerated)\n"
        #expect(
            read(text).gestures == [
                swipe(4890, .begin, 3), swipe(4910, .update, 3, -17.01, -0.06, -39.59, -0.14),
                swipe(4910, .end(cancelled: false), 3),
            ])
        #expect(read(text).problems == [])
    }

    @Test func theSequenceColumnOfNewerVersionsIsPassedOver() {
        let text = """
            event14  GESTURE_PINCH_BEGIN          +0.247s\t2
            event14  GESTURE_PINCH_UPDATE         +0.253s\t2  1.19/ 0.00 ( 1.32/ 0.00 unaccelerated)  1.07 @  0.41
            event14  GESTURE_PINCH_UPDATE      2  +0.260s\t2  1.76/ 0.00 ( 1.76/ 0.00 unaccelerated)  1.10 @ -0.24
            event14  GESTURE_PINCH_END         3  +0.300s\t2
            """
        #expect(
            read(text).gestures == [
                G(time: 247, .pinch, .begin, fingers: 2),
                G(
                    time: 253, .pinch, .update, fingers: 2, delta: Point(x: 1.19, y: 0),
                    unaccelerated: Point(x: 1.32, y: 0), scale: 1.07, angle: 0.41),
                G(
                    time: 260, .pinch, .update, fingers: 2, delta: Point(x: 1.76, y: 0),
                    unaccelerated: Point(x: 1.76, y: 0), scale: 1.10, angle: -0.24),
                G(time: 300, .pinch, .end(cancelled: false), fingers: 2),
            ])
    }

    @Test func holdGesturesAndEveryOtherEventAreSkippedSilently() {
        let text = """
            -event2   DEVICE_ADDED     Power Button                      seat0 default group1  cap:k
            event14  GESTURE_HOLD_BEGIN           +0.040s\t1
            event14  GESTURE_HOLD_END             +0.147s\t1 cancelled
             event5   POINTER_AXIS     +40.65s\tvert 10.27* horiz 0.00 (finger)
             event5   POINTER_MOTION   +40.70s\t  1.00/  2.00 ( +1.00/ +2.00)
             event3   KEYBOARD_KEY     +41.00s\t*** (-1) pressed
            """
        #expect(read(text).gestures == [])
        #expect(read(text).problems == [])
    }

    @Test func aDeviceIsNamedByItsAddedLineAndEachDeviceIsFollowedApart() {
        let text = """
            -event6   DEVICE_ADDED     SYNA3290:01 06CB:CD4F Touchpad    seat0 default group1  cap:pg  size 116x56mm
            -event6   GESTURE_SWIPE_BEGIN +0.036s    3
            -event9   GESTURE_SWIPE_BEGIN +0.040s    4
            -event6   GESTURE_SWIPE_UPDATE +0.043s   3 -0.62/15.82 (-0.59/14.94 unaccelerated)
             event6   GESTURE_SWIPE_END +0.050s   3
            -event9   GESTURE_SWIPE_UPDATE +0.060s   4  1.00/ 2.00 ( 3.00/ 4.00 unaccelerated)
            """
        let pad = "SYNA3290:01 06CB:CD4F Touchpad"
        #expect(
            read(text).gestures == [
                swipe(36, .begin, 3, device: pad), swipe(40, .begin, 4),
                swipe(43, .update, 3, -0.62, 15.82, -0.59, 14.94, device: pad),
                swipe(50, .end(cancelled: false), 3, device: pad),
                swipe(60, .update, 4, 1, 2, 3, 4), swipe(60, .end(cancelled: false), 4),
            ])
    }

    @Test func updatesWithNoBeginBeginTheirGestureAndAnEndWithNothingBegunIsDropped() {
        let text = """
            event6   GESTURE_SWIPE_END +40.04s\t3
             event6   GESTURE_SWIPE_UPDATE +112.09s\t3 -9.23/ 2.19 (-24.93/ 5.91 unaccelerated)
             event6   GESTURE_SWIPE_UPDATE +112.10s\t3 -12.62/ 1.21 (-34.12/ 3.28 unaccelerated)
             event6   GESTURE_SWIPE_END +112.20s\t3
            """
        #expect(
            read(text).gestures == [
                swipe(112090, .begin, 3), swipe(112090, .update, 3, -9.23, 2.19, -24.93, 5.91),
                swipe(112100, .update, 3, -12.62, 1.21, -34.12, 3.28),
                swipe(112200, .end(cancelled: false), 3),
            ])
    }

    /// A paste cut off inside a gesture (as users paste them) ends it there, as it would have
    /// gone on to end, says so, and reports the half line.
    @Test func aGestureCutOffAtTheEndOfThePasteEndsThereAndItsHalfLineIsReported() {
        let text = """
            event6   GESTURE_SWIPE_BEGIN +0.036s    3
            event6   GESTURE_SWIPE_UPDATE +0.100s   3  1.87/12.77 ( 1.76/12.01 unaccelerated)
             event6   GESTURE_SWIPE_UPDATE +0.17s\t3 -26.95/-0.97 (-72.83/-2.62 unaccel
             event6   GESTURE_PINCH_UPDATE  +0.18s\t3  0.91/-1.25 ( 2.46/-3.37
            event6
            """
        #expect(
            read(text).gestures == [
                swipe(36, .begin, 3), swipe(100, .update, 3, 1.87, 12.77, 1.76, 12.01),
                swipe(100, .end(cancelled: false), 3),
            ])
        #expect(
            read(text).cutOff == [
                "log.txt:5: the log ends before the 3-finger swipe on event6 ends (no GESTURE_SWIPE_END),"
                    + " as a paste cut off does: it ends there"
            ])
        #expect(
            read(text).problems == [
                "log.txt:3: cannot read the numbers of GESTURE_SWIPE_UPDATE: -26.95/-0.97 (-72.83/-2.62 unaccel",
                "log.txt:4: cannot read the numbers of GESTURE_PINCH_UPDATE: 0.91/-1.25 ( 2.46/-3.37",
                "log.txt:5: cannot read a line of one word: event6",
            ])
    }

    @Test func aBeginWhileAGestureIsOpenCancelsItAndAnUpdateOfAnotherKindToo() {
        let text = """
            event5 GESTURE_SWIPE_BEGIN +1.00s 3
            event5 GESTURE_SWIPE_BEGIN +1.10s 4
            event5 GESTURE_PINCH_UPDATE +1.20s 4 0.50/ 0.50 ( 1.00/ 1.00 unaccelerated)  0.90 @  1.50
            event5 GESTURE_PINCH_END +1.30s 4 cancelled
            """
        #expect(
            read(text).gestures == [
                swipe(1000, .begin, 3), swipe(1100, .end(cancelled: true), 3),
                swipe(1100, .begin, 4),
                swipe(1200, .end(cancelled: true), 4), G(time: 1200, .pinch, .begin, fingers: 4),
                G(
                    time: 1200, .pinch, .update, fingers: 4, delta: Point(x: 0.5, y: 0.5),
                    unaccelerated: Point(x: 1, y: 1), scale: 0.9, angle: 1.5),
                G(time: 1300, .pinch, .end(cancelled: true), fingers: 4),
            ])
        #expect(read(text).cutOff == [])
    }

    @Test func libinputsOwnMessagesAmongItsEventsAreSkippedSilently() {
        // As `libinput debug-events --verbose` (1.21) and the old `libinput-debug-events`
        // wrapper print them before and among the events (waynergy#56, fusuma#118, fusuma#337).
        let text = """
            libinput version: 1.21.0
            WARNING: This compatibility wrapper will be removed in the future. Please run 'libinput debug-events' instead
            -event8   DEVICE_ADDED     SYNA7DB5:01 06CB:CD41 Touchpad    seat0 default group7  cap:pg
            404: event8  - button state: touch 0 from BUTTON_STATE_AREA    event BUTTON_EVENT_UP          to BUTTON_STATE_NONE
              ... event8  - gesture: [1fg] event GESTURE_STATE_POINTER_MOTION → GESTURE_EVENT_END →
            event2  - Video Bus: is tagged by udev as: Keyboard
             event8   GESTURE_SWIPE_BEGIN  +1.00s\t3
            404: event8  - gesture: [3fg] event GESTURE_STATE_SWIPE → GESTURE_EVENT_END → GESTURE_STATE_NONE
             event8   GESTURE_SWIPE_END  +1.20s\t3
            """
        let device = "SYNA7DB5:01 06CB:CD41 Touchpad"
        #expect(
            read(text).gestures == [
                swipe(1000, .begin, 3, device: device),
                swipe(1200, .end(cancelled: false), 3, device: device),
            ])
        #expect(read(text).problems == [])
    }

    @Test func linesThatAreNotLibinputsAreReportedWithTheirLineAndSkipped() {
        let text = """
            $ sudo libinput debug-events

            # a comment
            event5 GESTURE_SWIPE_BEGIN +1.00s 3
            event5 GESTURE_SWIPE_WOBBLE +1.10s 3
            event5 GESTURE_SWIPE_UPDATE +1.20s 3 1.00/ 2.00/ 3.00 (4.00/ 5.00 unaccelerated)
            event5 GESTURE_SWIPE_UPDATE +1.x0s 3 1.00/ 2.00 ( 3.00/ 4.00 unaccelerated)
            event5 GESTURE_SWIPE_UPDATE +1.30s
            event5 GESTURE_SWIPE_END +1.40s 3 cancel
            """
        #expect(
            read(text).gestures == [swipe(1000, .begin, 3), swipe(1000, .end(cancelled: false), 3)])
        #expect(
            read(text).problems == [
                "log.txt:1: a libinput line starts with its device (eventN): $ sudo libinput debug-events",
                "log.txt:5: unknown gesture event GESTURE_SWIPE_WOBBLE",
                "log.txt:6: GESTURE_SWIPE_UPDATE has 5 numbers: 1.00/ 2.00/ 3.00 (4.00/ 5.00 unaccelerated)",
                "log.txt:7: cannot read the time '+1.x0s' of GESTURE_SWIPE_UPDATE",
                "log.txt:8: GESTURE_SWIPE_UPDATE lacks its finger count",
                "log.txt:9: cannot read 'cancel' after GESTURE_SWIPE_END",
            ])
    }

    /// The engine takes both deltas, as the X11 listener gives them from XInput's
    /// `delta_x/delta_y` and `delta_unaccel_x/delta_unaccel_y`.
    @Test func theEngineTakesBothDeltasAsTheListenerDecodesThem() {
        let text = """
            -event6   DEVICE_ADDED     Apple Inc. Magic Trackpad 2       seat0 default group3  cap:pg
             event6   GESTURE_PINCH_UPDATE +2.000s\t3  0.17/ 0.07 ( 1.48/ 0.56 unaccelerated)  0.99 @  0.36
             event6   GESTURE_SWIPE_UPDATE +2.010s\t3 -3.07/ 0.00 (-13.34/ 0.00 unaccelerated)
            """
        let pad = "Apple Inc. Magic Trackpad 2"
        #expect(
            read(text).gestures.map(\.input) == [
                InputEvent(time: 2000, .pinchBegin(fingers: 3), device: pad),
                InputEvent(
                    time: 2000,
                    .pinchUpdate(
                        fingers: 3, delta: Point(x: 0.17, y: 0.07),
                        unaccelerated: Point(x: 1.48, y: 0.56),
                        scale: 0.99, angle: 0.36), device: pad),
                InputEvent(time: 2010, .pinchEnd(fingers: 3, cancelled: true), device: pad),
                InputEvent(time: 2010, .swipeBegin(fingers: 3), device: pad),
                InputEvent(
                    time: 2010,
                    .swipeUpdate(
                        fingers: 3, delta: Point(x: -3.07, y: 0),
                        unaccelerated: Point(x: -13.34, y: 0)), device: pad),
                InputEvent(time: 2010, .swipeEnd(fingers: 3, cancelled: false), device: pad),
            ])
    }

    @Test func aFileIsALogWhenItsFirstLineWithContentIsNotJSON() {
        #expect(LibinputLog.isLog(firstLine: " event5   GESTURE_SWIPE_BEGIN +0.139s\t4"))
        #expect(
            LibinputLog.isLog(
                firstLine: "-event6   DEVICE_ADDED     SYNA3290:01 06CB:CD4F Touchpad    seat0"))
        #expect(!LibinputLog.isLog(firstLine: #"{"trace":1,"screen":[1920,1080]}"#))
        #expect(!LibinputLog.isLog(firstLine: #"  {"t":0,"ev":"idle"}"#))
    }

    /// A time libinput never prints, negative or too large for its milliseconds, is refused
    /// at its line like any other that cannot be read, and the lines around it are read on.
    @Test func aNegativeOrHugeTimeIsRefusedAtItsLine() {
        let text = """
            event5 GESTURE_SWIPE_BEGIN -0.5s 3
            event5 GESTURE_SWIPE_BEGIN +9223372036854776.000s 3
            event5 GESTURE_SWIPE_BEGIN +99999999999999999999999.5s 3
            event5 GESTURE_SWIPE_BEGIN +1.00s 3
            event5 GESTURE_SWIPE_END +1.20s 3
            """
        #expect(
            read(text).gestures == [swipe(1000, .begin, 3), swipe(1200, .end(cancelled: false), 3)])
        #expect(
            read(text).problems == [
                "log.txt:1: the time '-0.5s' of GESTURE_SWIPE_BEGIN is negative: libinput counts time up from its start",
                "log.txt:2: the time '+9223372036854776.000s' of GESTURE_SWIPE_BEGIN is past a hundred years of libinput running",
                "log.txt:3: the time '+99999999999999999999999.5s' of GESTURE_SWIPE_BEGIN is past a hundred years of libinput running",
            ])
    }

    /// Gestures begun on many devices and left open end together at the end of the paste, in
    /// the order they began (each device is followed apart, however many there are).
    @Test func gesturesOpenOnManyDevicesEndInTheOrderTheyBegan() {
        let devices = 20_000
        var text = ""
        for i in 0..<devices { text += "-event\(i) DEVICE_ADDED pad \(i) seat0 default\n" }
        for i in 0..<devices {
            text +=
                "event\(i) GESTURE_SWIPE_BEGIN +\(1 + i / 1000).\(String(i % 1000).leftPadded(3))s 3\n"
        }
        let gestures = read(text).gestures
        #expect(gestures.count == 2 * devices)
        #expect(gestures.suffix(devices).map(\.device) == (0..<devices).map { "pad \($0)" })
        #expect(
            gestures.suffix(devices).allSatisfy {
                $0.phase == .end(cancelled: false) && $0.time == Double(1000 + devices - 1)
            })
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
