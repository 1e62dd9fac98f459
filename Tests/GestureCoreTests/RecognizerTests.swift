import GestureCore
import GestureStrokes
import TestSupport
import Testing

@Suite struct PanTests {
    @Test(arguments: [1, 2, 3])
    func aPanBeginsAfterItsDistanceChangesWithEachMoveAndEndsWhenAllFingersLift(fingers: Int) {
        let s = Scenario(
            PanRecognizer(name: "pan", source: .touchscreen, fingers: fingers...fingers))
        let ids = Array(1...fingers)
        var start: [Int: Point] = [:]
        for id in ids {
            start[id] = Point(x: 100 + Double(id) * 40, y: 300)
            s.down(id, start[id]!.x, 300)
        }
        s.after(10).drag(ids, from: start, by: Point(x: 0, y: -5))
        s.after(10).drag(ids, from: start, by: Point(x: 0, y: -20))
        s.after(10).drag(ids, from: start, by: Point(x: 0, y: -40))
        s.after(10)
        for id in ids { s.up(id, start[id]!.x, 260) }
        let expected =
            ["20 pan began"] + ids.map { "20 touch \($0) accept (recognized)" } + [
                "30 pan changed", "40 pan ended",
            ]
        #expect(s.log == expected)
    }

    @Test func aPanLiftedBeforeItBeganFails() {
        let s = Scenario(PanRecognizer(name: "pan", source: .touchscreen))
        s.down(1, 100, 100).after(10).move(1, 104, 100).after(10).up(1, 104, 100)
        #expect(s.log == ["20 pan failed", "20 touch 1 reject (unused)"])
    }

    @Test func aPanReportsTranslationAndVelocity() {
        let e = GestureEngine()
        e.add(PanRecognizer(name: "pan", source: .touchscreen))
        e.process(InputEvent(time: 0, .touchBegin(id: 1, at: Point(x: 100, y: 100))))
        e.process(InputEvent(time: 50, .touchMove(id: 1, at: Point(x: 150, y: 100))))
        e.process(InputEvent(time: 100, .touchMove(id: 1, at: Point(x: 200, y: 120))))
        e.flush()
        var values: [GestureValues] = []
        for o in e.outputs { if case .transition = o.kind { values.append(o.values) } }
        #expect(values.map(\.translation) == [Point(x: 50, y: 0), Point(x: 100, y: 20)])
        #expect(values.map(\.velocity) == [Point(x: 1000, y: 0), Point(x: 1000, y: 200)])
    }

    @Test func setTranslationMovesTheBaseline() {
        let pan = PanRecognizer(name: "pan", source: .touchpad, fingers: 3...3)
        let e = GestureEngine()
        e.add(pan)
        e.process(InputEvent(time: 0, .swipeBegin(fingers: 3)))
        e.process(InputEvent(time: 10, .swipeUpdate(fingers: 3, delta: Point(x: 30, y: 0))))
        e.process(InputEvent(time: 20, .swipeUpdate(fingers: 3, delta: Point(x: 10, y: 5))))
        // The handler consumed what it saw: the next change counts from there.
        pan.setTranslation(.zero)
        e.process(InputEvent(time: 30, .swipeUpdate(fingers: 3, delta: Point(x: 7, y: -2))))
        pan.setTranslation(Point(x: 100, y: 0))
        e.process(InputEvent(time: 40, .swipeUpdate(fingers: 3, delta: Point(x: 1, y: 1))))
        let translations = e.outputs.compactMap { o -> Point? in
            if case .transition = o.kind { o.values.translation } else { nil }
        }
        #expect(
            translations == [
                Point(x: 30, y: 0), Point(x: 40, y: 5), Point(x: 7, y: -2), Point(x: 101, y: 1),
            ])
    }

    @Test func setTranslationMovesThePointersBaselineTooOnATouchpad() {
        let pan = PanRecognizer(name: "pan", source: .touchpad, fingers: 3...3)
        let e = GestureEngine()
        e.add(pan)
        e.process(InputEvent(time: 0, .swipeBegin(fingers: 3)))
        e.process(
            InputEvent(
                time: 10,
                .swipeUpdate(
                    fingers: 3, delta: Point(x: 6, y: 0), unaccelerated: Point(x: 12, y: 0))))
        pan.setTranslation(.zero)
        e.process(
            InputEvent(
                time: 20,
                .swipeUpdate(fingers: 3, delta: Point(x: 2, y: 1), unaccelerated: Point(x: 4, y: 2))
            ))
        let values = e.outputs.compactMap { o -> GestureValues? in
            if case .transition = o.kind { o.values } else { nil }
        }
        #expect(values.map(\.translation) == [Point(x: 12, y: 0), Point(x: 4, y: 2)])
        #expect(values.map(\.pointerTranslation) == [Point(x: 6, y: 0), Point(x: 2, y: 1)])
    }

    @Test func aThreeFingerTouchpadDragPansFromSwipeEventsAndACancelledOneIsCancelled() {
        let s = Scenario(PanRecognizer(name: "drag", source: .touchpad, fingers: 3...3))
        s.send(.swipeBegin(fingers: 3)).after(8).send(
            .swipeUpdate(fingers: 3, delta: Point(x: 4, y: 0)))
        s.after(8).send(.swipeUpdate(fingers: 3, delta: Point(x: 12, y: 0)))
        s.after(8).send(.swipeUpdate(fingers: 3, delta: Point(x: 12, y: 0)))
        s.after(8).send(.swipeEnd(fingers: 3, cancelled: true))
        #expect(
            s.log == [
                "0 touchpad swipe 3 accept (wanted)",
                "16 drag began", "24 drag changed", "32 drag cancelled",
            ])
    }
}

@Suite struct SwipeTests {
    @Test(arguments: [InputSource.touchscreen, .touchpad])
    func aSwipeIsRecognizedDuringTheMovementOnceDistanceAndSpeedHold(source: InputSource) {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: source, fingers: 3, direction: .left))
        feedSwipe(s, source: source, steps: 6, step: Point(x: -20, y: 1))
        let recognized = s.log.filter { $0.contains("left") }
        #expect(recognized == ["32 left ended"])
    }

    @Test(arguments: [InputSource.touchscreen, .touchpad])
    func aSwipeTheWrongWayFails(source: InputSource) {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: source, fingers: 3, direction: .left))
        s.showReasons = true
        feedSwipe(s, source: source, steps: 6, step: Point(x: 0, y: -20))
        #expect(s.log.filter { $0.contains("left") } == ["16 left failed: moved up, not left"])
    }

    @Test(arguments: [InputSource.touchscreen, .touchpad])
    func aSwipeLiftedTooSoonFails(source: InputSource) {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: source, fingers: 3, direction: .left))
        s.showReasons = true
        feedSwipe(s, source: source, steps: 2, step: Point(x: -20, y: 0))
        #expect(
            s.log.filter { $0.contains("left") } == ["24 left failed: lifted after 40 px < 80 px"])
    }

    @Test func aSwipeWhoseEventsArriveInOneBurstIsRecognized() {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        s.send(.swipeBegin(fingers: 3))
        for _ in 0..<4 { s.send(.swipeUpdate(fingers: 3, delta: Point(x: -25, y: 0))) }
        #expect(s.log == ["0 touchpad swipe 3 accept (wanted)", "0 left ended"])
    }

    @Test func aTouchpadSwipeIsMeasuredOnItsUnacceleratedDeltasWhateverTheAccelerationMadeOfThem() {
        // A slow swipe: the pointer's deltas add up to 20, the fingers' to 100.
        let slow = Scenario(
            SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        slow.send(.swipeBegin(fingers: 3))
        for _ in 0..<4 {
            slow.after(8).send(
                .swipeUpdate(
                    fingers: 3, delta: Point(x: -5, y: 0), unaccelerated: Point(x: -25, y: 0)))
        }
        slow.after(8).send(.swipeEnd(fingers: 3, cancelled: false))
        #expect(slow.log == ["0 touchpad swipe 3 accept (wanted)", "32 left ended"])
        // A flick: the pointer's deltas add up to 100, the fingers' to 20.
        let flick = Scenario(
            SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        flick.showReasons = true
        flick.send(.swipeBegin(fingers: 3))
        for _ in 0..<4 {
            flick.after(8).send(
                .swipeUpdate(
                    fingers: 3, delta: Point(x: -25, y: 0), unaccelerated: Point(x: -5, y: 0)))
        }
        flick.after(8).send(.swipeEnd(fingers: 3, cancelled: false))
        #expect(
            flick.log == [
                "0 touchpad swipe 3 accept (wanted)", "40 left failed: lifted after 20 px < 80 px",
            ])
    }

    @Test func aSwipeReportsThePhysicalTranslationAndThePointersBeside() {
        let e = GestureEngine()
        e.add(SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        e.process(InputEvent(time: 0, .swipeBegin(fingers: 3)))
        for i in 1...4 {
            e.process(
                InputEvent(
                    time: Double(8 * i),
                    .swipeUpdate(
                        fingers: 3, delta: Point(x: -10, y: 1), unaccelerated: Point(x: -25, y: 2)))
            )
        }
        let ended = e.outputs.compactMap { o -> GestureValues? in
            if case .transition(_, _, .ended, _) = o.kind { o.values } else { nil }
        }
        #expect(ended.map(\.translation) == [Point(x: -100, y: 8)])
        #expect(ended.map(\.pointerTranslation) == [Point(x: -40, y: 4)])
    }

    @Test func aSlowSwipeTimesOut() {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        s.showReasons = true
        s.send(.swipeBegin(fingers: 3)).after(900).idle()
        #expect(
            s.log.filter { $0.contains("left") } == ["800 left failed: took longer than 800 ms"])
    }

    @Test func aCancelledTouchpadSwipeFails() {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        s.showReasons = true
        s.send(.swipeBegin(fingers: 3)).after(8).send(
            .swipeUpdate(fingers: 3, delta: Point(x: -30, y: 0)))
        s.after(8).send(.swipeEnd(fingers: 3, cancelled: true))
        #expect(
            s.log.filter { $0.contains("left") } == [
                "16 left failed: the touchpad cancelled the gesture"
            ])
    }

    @Test func swipesOfOtherFingerCountsDoNotFire() {
        let s = Scenario(
            SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left))
        s.send(.swipeBegin(fingers: 4))
        #expect(s.log == ["0 left failed", "0 touchpad swipe 4 reject (unused)"])
    }

    @Test(arguments: [InputSource.touchscreen, .touchpad])
    func aSwipeThatFollowsTheFingersBeginsWhenRecognizedChangesAsTheyGoAndEndsOnlyAtTheLift(
        source: InputSource
    ) {
        let s = Scenario(
            SwipeRecognizer(
                name: "left", source: source, fingers: 3, direction: .left, untilLift: true))
        feedSwipe(s, source: source, steps: 6, step: Point(x: -20, y: 1))
        let log = s.log.filter { $0.contains("left") }
        #expect(log.first == "32 left began")
        #expect(log.last == "56 left ended")
        #expect(
            log.dropFirst().dropLast().allSatisfy { $0.hasSuffix("left changed") } && log.count > 3)
    }

    @Test func aSwipeThatFollowsTheFingersOutlastsItsDurationAndIsCancelledByTheTouchpad() {
        let s = Scenario(
            SwipeRecognizer(
                name: "left", source: .touchpad, fingers: 3, direction: .left, untilLift: true))
        s.send(.swipeBegin(fingers: 3))
        for _ in 0..<5 { s.after(8).send(.swipeUpdate(fingers: 3, delta: Point(x: -20, y: 0))) }
        s.after(1000).idle().send(.swipeUpdate(fingers: 3, delta: Point(x: 20, y: 0)))
        s.after(8).send(.swipeEnd(fingers: 3, cancelled: true))
        #expect(
            s.log.filter { $0.contains("left") } == [
                "32 left began", "40 left changed", "1040 left changed", "1048 left cancelled",
            ])
    }

    /// Three fingers (or a three-finger touchpad swipe) moving by `step` every 8 ms, then lifting.
    func feedSwipe(_ s: Scenario, source: InputSource, steps: Int, step: Point) {
        if source == .touchpad {
            s.send(.swipeBegin(fingers: 3))
            for _ in 0..<steps { s.after(8).send(.swipeUpdate(fingers: 3, delta: step)) }
            s.after(8).send(.swipeEnd(fingers: 3, cancelled: false))
        } else {
            let ids = [1, 2, 3]
            var start: [Int: Point] = [:]
            for id in ids {
                start[id] = Point(x: 600 + Double(id) * 50, y: 400)
                s.down(id, start[id]!.x, 400)
            }
            for i in 1...steps { s.after(8).drag(ids, from: start, by: step * Double(i)) }
            s.after(8)
            for id in ids {
                s.up(id, start[id]!.x + step.x * Double(steps), 400 + step.y * Double(steps))
            }
        }
    }
}

@Suite struct StrokeCaptureTests {
    @Test func itFailsWhenTheFirstEventCarriesTwoTouches() {
        let s = Scenario(StrokeCaptureRecognizer(name: "capture", source: .touchscreen))
        s.down(1, 100, 100).down(2, 200, 100)
        #expect(
            s.log == ["0 capture failed", "0 touch 1 reject (unused)", "0 touch 2 reject (unused)"])
    }

    @Test func itTracksOnlyItsFirstTouchAndKeepsASampleOfEveryPosition() {
        let capture = StrokeCaptureRecognizer(name: "capture", source: .touchscreen)
        let s = Scenario(capture)
        s.down(1, 10, 10).after(5).down(2, 300, 300).after(5).move(2, 320, 300).move(1, 20, 10)
        s.after(5).move(1, 30, 15).after(5).up(1, 40, 20)
        #expect(
            s.log == [
                "0 capture began", "0 touch 1 accept (recognized)",
                "5 touch 2 reject (unused)",
                "10 capture changed", "15 capture changed", "20 capture ended",
            ])
    }

    @Test func itReportsItsSamplesAndDropsThemOnReset() {
        let capture = StrokeCaptureRecognizer(name: "capture", source: .touchscreen)
        let e = GestureEngine()
        e.add(capture)
        e.process(InputEvent(time: 0, .touchBegin(id: 1, at: Point(x: 10, y: 10))))
        e.process(InputEvent(time: 5, .touchMove(id: 1, at: Point(x: 20, y: 10))))
        e.flush()
        #expect(capture.samples == [Point(x: 10, y: 10), Point(x: 20, y: 10)])
        e.process(InputEvent(time: 10, .touchEnd(id: 1, at: Point(x: 30, y: 10))))
        e.flush()
        var points: [Int?] = []
        for o in e.outputs { if case .transition = o.kind { points.append(o.values.points) } }
        #expect(points == [1, 2, 3])
        #expect(capture.samples.isEmpty && capture.state == .possible)
    }

    @Test func itIsCancelledWhenItsTouchIsCancelled() {
        let capture = StrokeCaptureRecognizer(name: "capture", source: .touchscreen)
        let s = Scenario(capture)
        s.down(1, 10, 10).after(5).move(1, 20, 10).after(5).cancel(1)
        #expect(
            s.log == [
                "0 capture began", "0 touch 1 accept (recognized)", "5 capture changed",
                "10 capture cancelled",
            ])
    }

    @Test func onThePointerItDrawsWithItsButton() {
        let capture = StrokeCaptureRecognizer(name: "capture", source: .pointer)
        capture.button = 3
        let s = Scenario(capture)
        s.send(.buttonPress(button: 3, at: Point(x: 5, y: 5))).after(10).send(
            .motion(at: Point(x: 50, y: 5)))
        s.after(10).send(.buttonRelease(button: 3, at: Point(x: 60, y: 5)))
        #expect(
            s.log == [
                "0 capture began", "0 button 3 accept (recognized)", "10 capture changed",
                "20 capture ended",
            ])
    }
}
