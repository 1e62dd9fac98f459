import GestureCore
import GestureOverlay
import Testing

/// The overlay model is fed what the engine is fed and what it reports, as the daemon does,
/// and its scene is compared whole (its texts) or shape by shape.
@Suite struct OverlayModelTests {
    let engine = GestureEngine()
    let model = OverlayModel()
    let layout = OverlayModel.Layout(width: 1024, height: 768)

    init() {
        engine.add(
            SwipeRecognizer(name: "next", source: .touchscreen, fingers: 3, direction: .left))
        engine.add(TapRecognizer(name: "tap", source: .touchscreen, fingers: 1))
        engine.add(
            SwipeRecognizer(name: "pad-next", source: .touchpad, fingers: 3, direction: .left))
        engine.add(PanRecognizer(name: "drag", source: .pointer))
        model.configure(engine.recognizers)
    }

    func send(_ time: Double, _ kind: InputEvent.Kind) {
        let e = InputEvent(time: time, kind)
        model.input(e)
        engine.process(e)
        engine.flush()
        for o in engine.outputs { model.output(o, in: engine) }
        engine.clearOutputs()
    }

    func idle(_ time: Double) {
        engine.advance(to: time)
        for o in engine.outputs { model.output(o, in: engine) }
        engine.clearOutputs()
        model.advance(to: time)
    }

    func touchLines(_ scene: OverlayScene) -> [[Point]] {
        scene.items.compactMap {
            if case .line(let points, _) = $0.shape, $0.ink == .touch { points } else { nil }
        }
    }

    @Test func aTouchIsADotWithItsIdAndItsTrail() {
        send(0, .touchBegin(id: 7, at: Point(x: 100, y: 100)))
        send(10, .touchMove(id: 7, at: Point(x: 120, y: 100)))
        send(20, .touchMove(id: 7, at: Point(x: 140, y: 110)))
        let scene = model.scene(at: 20, layout)
        #expect(
            touchLines(scene) == [
                [Point(x: 100, y: 100), Point(x: 120, y: 100), Point(x: 140, y: 110)]
            ])
        #expect(
            scene.items.contains(.init(.dot(center: Point(x: 140, y: 110), radius: 14), .touch)))
        #expect(scene.items.contains(.init(.text("7", at: Point(x: 156, y: 94)), .touch)))
    }

    @Test func thePanelShowsEachRecognizerOfTheSourceAndWhyOneFailed() {
        send(0, .touchBegin(id: 1, at: Point(x: 500, y: 300)))
        send(50, .touchMove(id: 1, at: Point(x: 420, y: 300)))
        #expect(
            model.scene(at: 50, layout).texts == [
                "1",
                #"swipe "next": possible"#,
                #"tap "tap": failed: moved 80 px > 10 px"#,
            ])
    }

    /// A continuous gesture begins before it is recognized: the overlay says recognized when
    /// it ends, as the log does, and not while it goes on.
    @Test func aContinuousGestureIsSaidRecognizedWhenItEndsNotWhenItBegins() {
        send(0, .buttonPress(button: 1, at: Point(x: 100, y: 100)))
        for step in 1...4 {
            send(Double(step) * 10, .motion(at: Point(x: 100 + Double(step) * 20, y: 100)))
        }
        #expect(model.scene(at: 40, layout).texts.filter { $0.hasPrefix("recognized") } == [])
        #expect(model.scene(at: 40, layout).texts.contains(#"pan "drag": changed"#))
        send(50, .buttonRelease(button: 1, at: Point(x: 180, y: 100)))
        #expect(
            model.scene(at: 50, layout).texts.filter { $0.hasPrefix("recognized") } == [
                #"recognized pan "drag""#
            ])
    }

    @Test func aRecognizedGestureIsAMessageThatFades() {
        for (i, x) in [500.0, 540, 580].enumerated() {
            send(0, .touchBegin(id: i + 1, at: Point(x: x, y: 300)))
        }
        for step in 1...5 {
            for (i, x) in [500.0, 540, 580].enumerated() {
                send(
                    Double(step) * 20,
                    .touchMove(id: i + 1, at: Point(x: x - Double(step) * 30, y: 300)))
            }
        }
        model.action("\"next\": desktop next", at: 100)
        for (i, x) in [350.0, 390, 430].enumerated() {
            send(120, .touchEnd(id: i + 1, at: Point(x: x, y: 300)))
        }
        let texts = model.scene(at: 120, layout).texts
        #expect(
            Array(texts.dropFirst(3)) == [
                #"swipe "next": ended"#,
                #"tap "tap": failed: 2 fingers > 1"#,
                #"recognized swipe "next""#,
                #""next": desktop next"#,
            ])
        let halfway = model.scene(at: 120 + model.fade / 2, layout)
        #expect(halfway.items.filter { $0.ink == .touch }.allSatisfy { abs($0.alpha - 0.5) < 1e-9 })
        idle(120 + model.fade)
        #expect(model.scene(at: 120 + model.fade, layout).items == [])
    }

    /// The pointer's (accelerated) deltas and, where they differ, the fingers' own, whose way
    /// the gauge's arm points.
    @Test func theTouchpadGaugeShowsBothDeltasWhereTheyDiffer() {
        send(0, .swipeBegin(fingers: 3))
        send(
            10,
            .swipeUpdate(fingers: 3, delta: Point(x: -5, y: 0), unaccelerated: Point(x: -25, y: 2)))
        send(
            20,
            .swipeUpdate(fingers: 3, delta: Point(x: -5, y: 1), unaccelerated: Point(x: -25, y: 0)))
        let scene = model.scene(at: 20, layout)
        #expect(scene.texts.first == "swipe 3 fingers dx -10 dy 1 (unaccelerated -50 2)")
        let arms = scene.items.compactMap { item -> [Point]? in
            if case .line(let points, _) = item.shape, item.ink == .gauge { points } else { nil }
        }
        #expect(arms.map { $0[1] - $0[0] } == [Point(x: -50, y: 2)])
    }

    @Test func theTouchpadGaugeShowsFingersAndDeltas() {
        send(0, .swipeBegin(fingers: 3))
        send(10, .swipeUpdate(fingers: 3, delta: Point(x: -30, y: 4)))
        send(20, .swipeUpdate(fingers: 3, delta: Point(x: -30, y: 0)))
        let scene = model.scene(at: 20, layout)
        #expect(scene.texts == ["swipe 3 fingers dx -60 dy 4", #"swipe "pad-next": possible"#])
        let dots = scene.items.filter {
            if case .dot = $0.shape { $0.ink == .gauge } else { false }
        }
        #expect(dots.count == 3)
    }

    @Test func aPointerStrokeIsDrawnWhileTheButtonIsHeld() {
        send(0, .buttonPress(button: 3, at: Point(x: 10, y: 10)))
        send(10, .motion(at: Point(x: 60, y: 10)))
        send(20, .motion(at: Point(x: 60, y: 60)))
        let lines = model.scene(at: 20, layout).items.filter { $0.ink == .stroke }
        #expect(
            lines.first
                == .init(
                    .line(
                        [Point(x: 10, y: 10), Point(x: 60, y: 10), Point(x: 60, y: 60)], width: 4),
                    .stroke))
    }

    @Test func anIdleOverlayNeverAsksToBeRedrawn() {
        #expect(model.nextRedraw(after: 0, step: 50) == nil)
        send(0, .touchBegin(id: 1, at: Point(x: 100, y: 100)))
        #expect(model.nextRedraw(after: 0, step: 50) == nil)
        send(100, .touchEnd(id: 1, at: Point(x: 100, y: 100)))
        #expect(model.nextRedraw(after: 100, step: 50) == 150)
        #expect(model.nextRedraw(after: 100, step: .infinity) == 100 + model.fade)
        idle(100 + model.fade + 1000)
        #expect(model.nextRedraw(after: 100 + model.fade + 1000, step: 50) == nil)
    }

    @Test func aTouchHandedBackToTheApplicationFadesFromThere() {
        // gestured sees nothing more of a touch it rejected: not even its end.
        let e = InputEvent(time: 0, .touchBegin(id: 1, at: Point(x: 100, y: 100)))
        model.input(e)
        engine.process(e)
        engine.flush()
        engine.advance(to: 300)
        for o in engine.outputs { model.output(o, in: engine) }
        #expect(!model.isLive)
        // The tap gave up after its 200 ms, and the touch was handed back then.
        #expect(model.nextRedraw(after: 300, step: .infinity) == 200 + model.fade)
        idle(300 + model.fade)
        #expect(model.scene(at: 300 + model.fade, layout).items == [])
    }

    @Test func aLineTooLongForTheScreenIsCut() {
        model.action(String(repeating: "x", count: 200), at: 0)
        let narrow = OverlayModel.Layout(width: 200, height: 100, charWidth: 10, lineHeight: 18)
        #expect(model.scene(at: 0, narrow).texts == [String(repeating: "x", count: 13) + "..."])
    }

    @Test func aTrailKeepsItsNewestPoints() {
        model.trailLength = 3
        send(0, .touchBegin(id: 1, at: Point(x: 0, y: 0)))
        for i in 1...5 { send(Double(i), .touchMove(id: 1, at: Point(x: Double(i) * 10, y: 0))) }
        #expect(
            touchLines(model.scene(at: 5, layout)) == [
                [Point(x: 30, y: 0), Point(x: 40, y: 0), Point(x: 50, y: 0)]
            ])
    }
}
