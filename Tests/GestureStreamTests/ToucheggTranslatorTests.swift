import GestureCore
import GestureStream
import Testing

/// The signals touchegg's clients hear for what the engine reports, compared whole.
@Suite struct ToucheggTranslatorTests {
    /// Runs `events` through an engine holding `recognizers` and translates every transition.
    static func signals(_ recognizers: [GestureRecognizer], _ events: [InputEvent]) -> [String] {
        let e = GestureEngine()
        for r in recognizers { e.add(r) }
        var t = ToucheggTranslator()
        var out: [String] = []
        func collect() {
            for o in e.outputs {
                guard case .transition(let id, _, let to, _) = o.kind else { continue }
                let v = o.values
                out += t.signals(id, type: e.recognizer(id).type, to: to, values: v, at: o.time)
                    .map(\.description)
            }
            e.clearOutputs()
        }
        for event in events {
            e.process(event)
            collect()
        }
        e.flush()
        collect()
        return out
    }

    /// The percentage goes on rising past the commit point (100), as the fingers go.
    @Test func aThreeFingerTouchpadSwipeLeftBeginsUpdatesWithRisingPercentageAndEnds() {
        let events =
            [InputEvent(time: 1000, .swipeBegin(fingers: 3))]
            + (1...5).map {
                InputEvent(
                    time: 1000 + Double($0) * 10,
                    .swipeUpdate(fingers: 3, delta: Point(x: -50, y: 2)))
            }
            + [InputEvent(time: 1060, .swipeEnd(fingers: 3, cancelled: false))]
        #expect(
            Self.signals([PanRecognizer(name: "s", source: .touchpad, fingers: 3...5)], events) == [
                "OnGestureBegin 1 3 25 3 1 0",
                "OnGestureUpdate 1 3 50 3 1 10",
                "OnGestureUpdate 1 3 75 3 1 20",
                "OnGestureUpdate 1 3 100 3 1 30",
                "OnGestureUpdate 1 3 125 3 1 40",
                "OnGestureEnd 1 3 125 3 1 50",
            ])
    }

    @Test func aTouchpadPinchOutIsTypeTwoDirectionSixAndACancelledOneStillEnds() {
        let events =
            [InputEvent(time: 0, .pinchBegin(fingers: 4))]
            + [1.2, 1.5].enumerated().map {
                InputEvent(
                    time: Double($0.offset + 1) * 10,
                    .pinchUpdate(fingers: 4, delta: .zero, scale: $0.element, angle: 0))
            }
            + [InputEvent(time: 30, .pinchEnd(fingers: 4, cancelled: true))]
        #expect(
            Self.signals([PinchRecognizer(name: "p", source: .touchpad, fingers: 3...5)], events)
                == [
                    "OnGestureBegin 2 6 20 4 1 0",
                    "OnGestureUpdate 2 6 50 4 1 10",
                    "OnGestureEnd 2 6 50 4 1 20",
                ])
    }

    @Test func aTouchscreenTapIsABeginAndAnEndAtOnceWithNoDirection() {
        let events =
            (1...3).map {
                InputEvent(time: 0, .touchBegin(id: $0, at: Point(x: Double($0) * 50, y: 100)))
            }
            + (1...3).map {
                InputEvent(time: 50, .touchEnd(id: $0, at: Point(x: Double($0) * 50, y: 100)))
            }
        #expect(
            Self.signals(
                [TapRecognizer(name: "t", source: .touchscreen, taps: 1, fingers: 3)], events) == [
                    "OnGestureBegin 3 0 100 3 2 0",
                    "OnGestureEnd 3 0 100 3 2 0",
                ])
    }

    @Test func aRotationHasNoToucheggTypeAndSendsNothing() {
        let events = [
            InputEvent(time: 0, .pinchBegin(fingers: 2)),
            InputEvent(time: 10, .pinchUpdate(fingers: 2, delta: .zero, scale: 1, angle: 40)),
            InputEvent(time: 20, .pinchEnd(fingers: 2, cancelled: false)),
        ]
        #expect(Self.signals([RotateRecognizer(name: "r", source: .touchpad)], events) == [])
    }
}
