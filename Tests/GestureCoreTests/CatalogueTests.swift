import TestSupport
import Testing

@testable import GestureCore

/// Two or more fingers on a circle around (cx, cy), spread by `scale` and turned by `turn`
/// radians, one move per step.
private func spread(
    _ s: Scenario, fingers: Int, steps: Int, scale: Double, turn: Double, lift: Bool = true
) {
    let cx = 900.0
    let cy = 500.0
    let r = 100.0
    func at(_ i: Int, _ k: Double) -> Point {
        let a = 2 * Angle.pi * Double(i) / Double(fingers) + turn * k
        let rr = r * (1 + (scale - 1) * k)
        return Point(x: cx + rr * Angle.cos(a), y: cy + rr * Angle.sin(a))
    }
    for i in 0..<fingers {
        let p = at(i, 0)
        s.down(i + 1, p.x, p.y)
    }
    for step in 1...steps {
        s.after(10)
        for i in 0..<fingers {
            let p = at(i, Double(step) / Double(steps))
            s.move(i + 1, p.x, p.y)
        }
    }
    guard lift else { return }
    s.after(10)
    for i in 0..<fingers {
        let p = at(i, 1)
        s.up(i + 1, p.x, p.y)
    }
}

@Suite struct PinchTests {
    @Test(arguments: [2, 3, 4, 5])
    func aPinchOutBeginsPastItsThresholdChangesAndEndsOnLift(fingers: Int) {
        let s = Scenario(PinchRecognizer(name: "zoom", source: .touchscreen, direction: .out))
        spread(s, fingers: fingers, steps: 5, scale: 1.6, turn: 0)
        let own = s.log.filter { $0.contains("zoom") }
        #expect(
            own == [
                "10 zoom began", "20 zoom changed", "30 zoom changed", "40 zoom changed",
                "50 zoom changed", "60 zoom ended",
            ])
    }

    @Test func aPinchInDoesNotBeginWhenTheFingersSpreadAndFails() {
        let s = Scenario(PinchRecognizer(name: "close", source: .touchscreen, direction: .in))
        s.showReasons = true
        spread(s, fingers: 2, steps: 5, scale: 1.5, turn: 0)
        #expect(
            s.log.filter { $0.contains("close") } == [
                "10 close failed: the fingers spread, not closed"
            ])
    }

    @Test func pinchInAndPinchOutBindingsDoNotRace() {
        let pinchIn = PinchRecognizer(name: "in", source: .touchscreen, direction: .in)
        let pinchOut = PinchRecognizer(name: "out", source: .touchscreen, direction: .out)
        let s = Scenario(pinchIn, pinchOut)
        spread(s, fingers: 2, steps: 4, scale: 0.5, turn: 0)
        #expect(s.log.filter { $0.contains(" in ") || $0.contains(" out ") }.first == "10 in began")
        #expect(s.log.contains("10 out failed"))
    }

    /// As a rotation its angle since the fingers landed: a pinch to 1.8 reports 1.8, not the
    /// scale since it began (at 1.2, past its threshold).
    @Test func itReportsScaleRelativeToTheSpanWhenTheFingersLanded() {
        let e = GestureEngine()
        e.add(PinchRecognizer(name: "zoom", source: .touchpad))
        e.process(InputEvent(time: 0, .pinchBegin(fingers: 2)))
        for (t, scale) in [(10.0, 1.05), (20, 1.2), (30, 1.8)] {
            e.process(
                InputEvent(time: t, .pinchUpdate(fingers: 2, delta: .zero, scale: scale, angle: 0)))
        }
        var scales: [Double] = []
        for o in e.outputs {
            if case .transition = o.kind, let sc = o.values.scale {
                scales.append((sc * 1000).rounded() / 1000)
            }
        }
        #expect(scales == [1.2, 1.8])
    }

    @Test func aTouchpadPinchIsCancelledWhenTheTouchpadCancelsIt() {
        let s = Scenario(PinchRecognizer(name: "zoom", source: .touchpad))
        s.send(.pinchBegin(fingers: 3)).after(10).send(
            .pinchUpdate(fingers: 3, delta: .zero, scale: 1.3, angle: 0))
        s.after(10).send(.pinchEnd(fingers: 3, cancelled: true))
        #expect(
            s.log == ["0 touchpad pinch 3 accept (wanted)", "10 zoom began", "20 zoom cancelled"])
    }

    @Test func aTouchpadSwipeDoesNotFeedAPinch() {
        let s = Scenario(PinchRecognizer(name: "zoom", source: .touchpad))
        s.send(.swipeBegin(fingers: 3))
        #expect(s.log == ["0 zoom failed", "0 touchpad swipe 3 reject (unused)"])
    }
}

@Suite struct RotateTests {
    @Test(arguments: [2, 3])
    func aClockwiseTurnBeginsPastTheThresholdAndReportsRadians(fingers: Int) {
        let rotate = RotateRecognizer(name: "turn", source: .touchscreen, direction: .cw)
        let e = Scenario(rotate)
        spread(e, fingers: fingers, steps: 6, scale: 1, turn: 0.6)
        #expect(
            e.log.filter { $0.contains("turn") } == [
                "30 turn began", "40 turn changed", "50 turn changed", "60 turn changed",
                "70 turn ended",
            ])
    }

    @Test func aCounterClockwiseTurnFailsAClockwiseRotation() {
        let s = Scenario(RotateRecognizer(name: "turn", source: .touchscreen, direction: .cw))
        s.showReasons = true
        spread(s, fingers: 2, steps: 6, scale: 1, turn: -0.6)
        #expect(
            s.log.filter { $0.contains("turn") } == ["30 turn failed: turned counter-clockwise"])
    }

    @Test func onATouchpadItReadsTheAngleDeltasOfPinchEvents() {
        let e = GestureEngine()
        e.add(RotateRecognizer(name: "turn", source: .touchpad))
        e.process(InputEvent(time: 0, .pinchBegin(fingers: 2)))
        for t in stride(from: 10.0, through: 40, by: 10) {
            e.process(
                InputEvent(time: t, .pinchUpdate(fingers: 2, delta: .zero, scale: 1, angle: 6)))
        }
        e.process(InputEvent(time: 50, .pinchEnd(fingers: 2, cancelled: false)))
        var lines: [String] = []
        for o in e.outputs {
            if case .transition(_, _, let to, _) = o.kind {
                let v = o.values
                lines.append(
                    "\(Int(o.time)) \(to) \(Int((Angle.degrees(radians: v.rotation ?? 0)).rounded()))"
                )
            }
        }
        #expect(lines == ["30 began 18", "40 changed 24", "50 ended 24"])
    }

    @Test func pinchPanAndRotateRaceAndTheFirstPastItsThresholdWins() {
        let pinch = PinchRecognizer(name: "pinch", source: .touchscreen)
        let pan = PanRecognizer(name: "pan", source: .touchscreen, fingers: 2...2)
        let rotate = RotateRecognizer(name: "rotate", source: .touchscreen)
        let s = Scenario(pinch, pan, rotate)
        spread(s, fingers: 2, steps: 6, scale: 1, turn: 0.8)
        #expect(s.log.prefix(3) == ["20 rotate began", "20 pinch failed", "20 pan failed"])
    }

    /// Each finger's move is an event of its own: while the first finger of a swipe has moved
    /// 20 px and the others not yet, the fingers seem to spread by a sixth, past the pinch's
    /// threshold before the centroid has moved far enough for the pan. The pinch compares the
    /// span only once every finger has moved, so the swipe is a pan.
    @Test func aFastThreeFingerTouchscreenSwipeIsAPanNotAPinch() {
        let pinch = PinchRecognizer(name: "pinch", source: .touchscreen, fingers: 3...5)
        let pan = PanRecognizer(name: "pan", source: .touchscreen, fingers: 3...5)
        let s = Scenario(pinch, pan)
        let xs = [600.0, 660, 720]
        for (i, x) in xs.enumerated() { s.down(i + 1, x, 400) }
        for step in 1...6 {
            s.after(10)
            // One millisecond apart, as the server stamps the touches of one frame when the
            // driver hands them over one by one.
            for (i, x) in xs.enumerated() {
                s.after(1)
                s.move(i + 1, x - Double(step) * 20, 400)
            }
        }
        s.after(10)
        for (i, x) in xs.enumerated() { s.up(i + 1, x - 120, 400) }
        #expect(
            s.log.filter { $0.hasSuffix("began") }.map {
                $0.split(separator: " ").dropFirst().joined(separator: " ")
            } == ["pan began"], "\(s.log)")
        #expect(!s.log.contains { $0.contains("pinch began") })
    }

    /// The same for the angle: while the first of two fingers side by side has moved 20 px
    /// down and the other not yet, the fingers seem to turn by 18°, past the rotation's
    /// threshold; a rotation judges whole frames, so the swipe is a pan.
    @Test func aFastTwoFingerTouchscreenSwipeDownIsAPanNotARotation() {
        let rotate = RotateRecognizer(name: "rotate", source: .touchscreen)
        let pan = PanRecognizer(name: "pan", source: .touchscreen, fingers: 2...2)
        let s = Scenario(rotate, pan)
        let xs = [600.0, 660]
        for (i, x) in xs.enumerated() { s.down(i + 1, x, 400) }
        for step in 1...6 {
            s.after(10)
            for (i, x) in xs.enumerated() {
                s.after(1)
                s.move(i + 1, x, 400 + Double(step) * 20)
            }
        }
        s.after(10)
        for (i, x) in xs.enumerated() { s.up(i + 1, x, 520) }
        #expect(
            s.log.filter { $0.hasSuffix("began") }.map {
                $0.split(separator: " ").dropFirst().joined(separator: " ")
            } == ["pan began"], "\(s.log)")
    }

    @Test func pinchAndRotateSimultaneousAreRecognizedTogether() {
        let pinch = PinchRecognizer(name: "pinch", source: .touchscreen)
        let rotate = RotateRecognizer(name: "rotate", source: .touchscreen)
        pinch.recognizeSimultaneously(with: rotate)
        let s = Scenario(pinch, rotate)
        spread(s, fingers: 2, steps: 6, scale: 1.6, turn: 0.8)
        let began = s.log.filter { $0.hasSuffix("began") }
        #expect(began.count == 2)
        #expect(s.log.filter { $0.hasSuffix("ended") } == ["70 pinch ended", "70 rotate ended"])
    }
}

@Suite struct EdgeTests {
    @Test(arguments: [EdgeRecognizer.Edge.left, .right, .top, .bottom])
    func anEdgePanBeginsWhenTheTouchStartsAtThatEdgeAndMovesInwards(edge: EdgeRecognizer.Edge) {
        let s = Scenario(
            [EdgeRecognizer(name: "edge", edge: edge)], screen: Screen(width: 1920, height: 1080))
        let (start, step): (Point, Point) =
            switch edge {
            case .left: (Point(x: 3, y: 500), Point(x: 15, y: 0))
            case .right: (Point(x: 1917, y: 500), Point(x: -15, y: 0))
            case .top: (Point(x: 900, y: 2), Point(x: 0, y: 15))
            case .bottom: (Point(x: 900, y: 1078), Point(x: 0, y: -15))
            }
        s.down(1, start.x, start.y)
        for i in 1...3 {
            let p = start + step * Double(i)
            s.after(10).move(1, p.x, p.y)
        }
        let end = start + step * 3
        s.after(10).up(1, end.x, end.y)
        #expect(
            s.log == [
                "20 edge began", "20 touch 1 accept (recognized)", "30 edge changed",
                "40 edge ended",
            ])
    }

    @Test func aTouchAwayFromTheEdgeFailsAtOnceAndGoesToTheApplication() {
        let s = Scenario(EdgeRecognizer(name: "edge", edge: .left))
        s.showReasons = true
        s.down(1, 300, 500)
        #expect(
            s.log == [
                "0 edge failed: began 300 px from the left edge > 20 px",
                "0 touch 1 reject (unused)",
            ])
    }

    @Test func theEdgeIsTheEdgeOfTheMonitorTheTouchIsOn() {
        let screen = Screen(
            width: 3840, height: 1080,
            monitors: [
                .init(x: 0, y: 0, width: 1920, height: 1080),
                .init(x: 1920, y: 0, width: 1920, height: 1080),
            ])
        let s = Scenario([EdgeRecognizer(name: "edge", edge: .left)], screen: screen)
        s.down(1, 1925, 500).after(10).move(1, 1960, 500).after(10).up(1, 1960, 500)
        #expect(s.log == ["10 edge began", "10 touch 1 accept (recognized)", "20 edge ended"])
    }

    @Test func anEdgePanWinsOverAPlainPanOnlyWhenItStartsAtTheEdge() {
        let edge = EdgeRecognizer(name: "edge", edge: .left)
        let pan = PanRecognizer(name: "pan", source: .touchscreen)
        pan.require(toFail: edge)
        let s = Scenario(edge, pan)
        s.down(1, 5, 500).after(10).move(1, 40, 500).after(10).up(1, 40, 500)
        s.after(100).down(2, 500, 500).after(10).move(2, 540, 500).after(10).up(2, 540, 500)
        #expect(
            s.log == [
                "10 edge began", "10 pan failed", "10 touch 1 accept (recognized)", "20 edge ended",
                "120 edge failed", "130 pan began", "130 touch 2 accept (recognized)",
                "140 pan ended",
            ])
    }
}

@Suite struct PressTests {
    static let slow = GestureEngine.Settings(touchTimeout: 800)

    @Test(arguments: [1, 2, 3])
    func aPressBeginsAfterItsDurationChangesOnMovementAndEndsOnLift(fingers: Int) {
        let s = Scenario([PressRecognizer(name: "press", fingers: fingers)], settings: Self.slow)
        for i in 1...fingers { s.down(i, 100 * Double(i), 300) }
        s.after(500).idle().after(20)
        for i in 1...fingers { s.move(i, 100 * Double(i) + 30, 300) }
        s.after(20)
        for i in 1...fingers { s.up(i, 100 * Double(i) + 30, 300) }
        let expected =
            ["500 press began"] + (1...fingers).map { "500 touch \($0) accept (recognized)" } + [
                "520 press changed", "540 press ended",
            ]
        #expect(s.log == expected)
    }

    @Test func aPressLiftedTooEarlyFails() {
        let s = Scenario([PressRecognizer(name: "press")], settings: Self.slow)
        s.showReasons = true
        s.down(1, 100, 100).after(200).up(1, 100, 100)
        #expect(
            s.log == [
                "200 press failed: lifted after 200 ms < 500 ms", "200 touch 1 reject (unused)",
            ])
    }

    @Test func aPressThatMovesTooFarFails() {
        let s = Scenario([PressRecognizer(name: "press")], settings: Self.slow)
        s.showReasons = true
        s.down(1, 100, 100).after(100).move(1, 120, 100)
        #expect(
            s.log == [
                "100 press failed: moved 20 px > 10 px before 500 ms",
                "100 touch 1 reject (unused)",
            ])
    }

    @Test func aTapThenHoldIsAPressWithOneTapBefore() {
        let s = Scenario([PressRecognizer(name: "tap-hold", taps: 1)], settings: Self.slow)
        s.tap().after(100).down(2, 100, 100).after(500).idle().after(10).up(2, 100, 100)
        #expect(
            s.log == [
                "660 tap-hold began", "660 touch 1 accept (recognized)",
                "660 touch 2 accept (recognized)", "670 tap-hold ended",
            ])
    }

    @Test func aLongPressWinsOverATapAndATapOverAPress() {
        let press = PressRecognizer(name: "press", fingers: 2)
        let tap = TapRecognizer(name: "tap", source: .touchscreen, fingers: 2)
        let s = Scenario([press, tap], settings: Self.slow)
        s.tap(fingers: 2)
        s.after(200).down(3, 100, 100).down(4, 130, 100).after(600).idle()
        let outcome = s.log.filter { $0.contains("press") || $0.contains("tap") }
        #expect(
            outcome == ["60 press failed", "60 tap ended", "460 tap failed", "760 press began"])
    }
}

@Suite struct SwipeAgainstPanTests {
    func recognizers() -> (SwipeRecognizer, PanRecognizer) {
        let swipe = SwipeRecognizer(name: "swipe", source: .touchpad, fingers: 3, direction: .left)
        let pan = PanRecognizer(name: "pan", source: .touchpad, fingers: 3...3)
        pan.require(toFail: swipe)
        return (swipe, pan)
    }

    @Test func aFlickInTheSwipesDirectionIsASwipe() {
        let (swipe, pan) = recognizers()
        let s = Scenario(swipe, pan)
        s.send(.swipeBegin(fingers: 3))
        for _ in 0..<5 { s.after(8).send(.swipeUpdate(fingers: 3, delta: Point(x: -25, y: 0))) }
        s.after(8).send(.swipeEnd(fingers: 3, cancelled: false))
        #expect(
            s.log == [
                "0 touchpad swipe 3 accept (wanted)", "8 pan waits for swipe", "32 swipe ended",
                "32 pan failed",
            ])
    }

    @Test func aDragAnotherWayIsAPanOnceTheSwipeHasFailed() {
        let (swipe, pan) = recognizers()
        let s = Scenario(swipe, pan)
        s.send(.swipeBegin(fingers: 3))
        for _ in 0..<5 { s.after(8).send(.swipeUpdate(fingers: 3, delta: Point(x: 0, y: 12))) }
        s.after(8).send(.swipeEnd(fingers: 3, cancelled: false))
        #expect(
            s.log == [
                "0 touchpad swipe 3 accept (wanted)", "8 pan waits for swipe", "24 swipe failed",
                "24 pan began", "24 pan changed",
                "32 pan changed", "40 pan changed", "48 pan ended",
            ])
    }
}

@Suite struct CancellationTests {
    /// Two fingers down, moved far enough for any two-finger gesture to begin, then one cancelled.
    static func touchscreen() -> [(String, GestureRecognizer)] {
        let press = PressRecognizer(name: "press", fingers: 2)
        press.duration = 50
        let edge = EdgeRecognizer(name: "edge", edge: .left, fingers: 2...2)
        edge.margin = 2000
        return [
            ("pan", PanRecognizer(name: "pan", source: .touchscreen, fingers: 2...2)),
            ("pinch", PinchRecognizer(name: "pinch", source: .touchscreen)),
            ("rotate", RotateRecognizer(name: "rotate", source: .touchscreen)),
            ("edge", edge),
            ("press", press),
        ]
    }

    @Test(arguments: touchscreen().map(\.0))
    func aCancelledTouchCancelsAContinuousGestureUnderWay(kind: String) {
        let r = Self.touchscreen().first { $0.0 == kind }!.1
        let s = Scenario([r], settings: .init(touchTimeout: 800))
        s.down(1, 800, 500).down(2, 900, 500).after(100).idle()
        // Move so that pan, pinch (spread), rotate (turn) and edge (rightwards) all begin.
        for step in 1...6 {
            let k = Double(step)
            s.after(10).move(1, 800 + 20 * k, 500 - 12 * k).move(2, 900 + 45 * k, 500 + 12 * k)
        }
        s.after(10).cancel(1)
        let own = s.log.filter { $0.split(separator: " ")[1] == kind }
        #expect(own.first?.hasSuffix("began") == true, "\(own)")
        #expect(own.last?.hasSuffix("cancelled") == true, "\(own)")
    }

    @Test(arguments: ["pan", "pinch", "rotate"])
    func aCancelledTouchpadGestureCancelsAContinuousGestureUnderWay(kind: String) {
        let r: GestureRecognizer =
            switch kind {
            case "pan": PanRecognizer(name: "pan", source: .touchpad, fingers: 3...3)
            case "pinch": PinchRecognizer(name: "pinch", source: .touchpad)
            default: RotateRecognizer(name: "rotate", source: .touchpad)
            }
        let s = Scenario(r)
        if kind == "pan" {
            s.send(.swipeBegin(fingers: 3))
            for _ in 0..<3 { s.after(10).send(.swipeUpdate(fingers: 3, delta: Point(x: 10, y: 0))) }
            s.after(10).send(.swipeEnd(fingers: 3, cancelled: true))
        } else {
            s.send(.pinchBegin(fingers: 3))
            for i in 1...3 {
                s.after(10).send(
                    .pinchUpdate(fingers: 3, delta: .zero, scale: 1 + 0.1 * Double(i), angle: 10))
            }
            s.after(10).send(.pinchEnd(fingers: 3, cancelled: true))
        }
        let own = s.log.filter { $0.split(separator: " ")[1] == kind }
        #expect(own.first?.hasSuffix("began") == true, "\(own)")
        #expect(own.last == "40 \(kind) cancelled")
    }
}
