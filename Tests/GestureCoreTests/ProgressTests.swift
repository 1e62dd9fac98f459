import GestureCore
import Testing

/// Progress: 0 where the fingers landed, 1 at the commit point, along a heading fixed when the
/// gesture begins.
@Suite struct ProgressTests {
    /// Each transition of the engine's recognizers as `<time> <state> <heading> <progress>`, the
    /// progress in hundredths.
    static func progressLog(_ e: GestureEngine) -> [String] {
        e.outputs.compactMap { o in
            guard case .transition(_, _, let to, _) = o.kind, to != .failed else { return nil }
            let v = o.values
            let p = v.progress.map { String(Int(($0 * 100).rounded())) } ?? "-"
            return "\(Int(o.time)) \(to.rawValue) \(v.heading?.rawValue ?? "-") \(p)"
        }
    }

    @Test
    func
        aTouchpadPanReportsItsDistanceAlongTheWayItBeganOverTheCommitDistanceAndGoesBackWithTheFingers()
    {
        let e = GestureEngine()
        e.add(PanRecognizer(name: "pan", source: .touchpad, fingers: 3...5))
        e.process(InputEvent(time: 0, .swipeBegin(fingers: 3)))
        for (i, dx) in [-50.0, -50, -50, -50, -50, 100].enumerated() {
            e.process(
                InputEvent(
                    time: Double(i + 1) * 10, .swipeUpdate(fingers: 3, delta: Point(x: dx, y: 5))))
        }
        e.process(InputEvent(time: 70, .swipeEnd(fingers: 3, cancelled: false)))
        #expect(
            Self.progressLog(e) == [
                "10 began left 25", "20 changed left 50", "30 changed left 75",
                "40 changed left 100",
                "50 changed left 125", "60 changed left 75", "70 ended left 75",
            ])
    }

    @Test func aTouchscreenPanCommitsAtTheScreenDistanceAndAConfiguredDirectionIsItsHeading() {
        let pan = PanRecognizer(name: "pan", source: .touchscreen, fingers: 1...1)
        pan.direction = .down
        let e = GestureEngine()
        e.add(pan)
        e.process(InputEvent(time: 0, .touchBegin(id: 1, at: Point(x: 100, y: 100))))
        for i in 1...3 {
            e.process(
                InputEvent(
                    time: Double(i) * 10,
                    .touchMove(id: 1, at: Point(x: 100, y: 100 + Double(i) * 100))))
        }
        e.process(InputEvent(time: 40, .touchEnd(id: 1, at: Point(x: 100, y: 400))))
        e.flush()
        #expect(
            Self.progressLog(e) == [
                "10 began down 33", "20 changed down 67", "30 changed down 100",
                "40 ended down 100",
            ])
    }

    @Test(arguments: [
        (
            Direction?.none, [1.2, 1.5, 2.0, 2.5],
            [
                "10 began out 20", "20 changed out 50", "30 changed out 100", "40 changed out 150",
                "50 ended out 150",
            ]
        ),
        (
            nil, [0.9, 0.75, 0.5],
            ["10 began in 20", "20 changed in 50", "30 changed in 100", "40 ended in 100"]
        ),
    ])
    func aPinchGoesFromScaleOneToTheCommitScaleOrItsInverse(
        direction: Direction?, scales: [Double], expected: [String]
    ) {
        let e = GestureEngine()
        e.add(PinchRecognizer(name: "zoom", source: .touchpad, direction: direction))
        e.process(InputEvent(time: 0, .pinchBegin(fingers: 3)))
        for (i, s) in scales.enumerated() {
            e.process(
                InputEvent(
                    time: Double(i + 1) * 10,
                    .pinchUpdate(fingers: 3, delta: .zero, scale: s, angle: 0)))
        }
        e.process(
            InputEvent(time: Double(scales.count + 1) * 10, .pinchEnd(fingers: 3, cancelled: false))
        )
        #expect(Self.progressLog(e) == expected)
    }

    @Test func aSwipeReportsItsProgressWhenItIsRecognizedWithItsCommitDistance() {
        let swipe = SwipeRecognizer(name: "left", source: .touchpad, fingers: 3, direction: .left)
        swipe.commitDistance = 100
        let e = GestureEngine()
        e.add(swipe)
        e.process(InputEvent(time: 0, .swipeBegin(fingers: 3)))
        for i in 1...4 {
            e.process(
                InputEvent(
                    time: Double(i) * 10, .swipeUpdate(fingers: 3, delta: Point(x: -30, y: 0))))
        }
        #expect(Self.progressLog(e) == ["30 ended left 90"])
    }

    @Test func aRotationCountsDegreesAlongItsTurnOverTheCommitAngle() {
        let e = GestureEngine()
        e.add(RotateRecognizer(name: "turn", source: .touchpad))
        e.process(InputEvent(time: 0, .pinchBegin(fingers: 2)))
        for (i, a) in [-30.0, -15, -45].enumerated() {
            e.process(
                InputEvent(
                    time: Double(i + 1) * 10,
                    .pinchUpdate(fingers: 2, delta: .zero, scale: 1, angle: a)))
        }
        e.process(InputEvent(time: 40, .pinchEnd(fingers: 2, cancelled: false)))
        #expect(
            Self.progressLog(e) == [
                "10 began ccw 33", "20 changed ccw 50", "30 changed ccw 100", "40 ended ccw 100",
            ])
    }
}
