import GestureActions
import GestureConfig
import GestureCore
import GestureDispatch
import Testing

/// `drag` and `pointer`: the pointer steps a gesture's transitions send, compared whole, from
/// the config through the engine and the dispatcher to the performer.
@Suite struct FollowingActionTests {
    /// A dispatcher for one gesture bound to `action`, its performer, and a clock of input.
    final class Rig {
        let performer = RecordingPerformer()
        let dispatcher: Dispatcher
        var engine: GestureEngine { dispatcher.bindings.engine }

        /// Why input would not reach the session now (a screen locker holds the keyboard).
        var heldElsewhere: String?

        init(_ action: String, type: String = "pan", source: String = "touchpad", fingers: Int = 3, dryRun: Bool = false) throws {
            let config = try ConfigLoader.load("""
                [[gesture]]
                name = "follow"
                type = "\(type)"
                source = "\(source)"
                fingers = \(fingers)
                action = "\(action)"
                """, file: "c.toml")
            var held: () -> String? = { nil }
            dispatcher = Dispatcher(bindings: Bindings(config, screen: Screen(width: 1920, height: 1080)),
                                    actions: ActionDispatch(performer: performer, dryRun: dryRun, heldElsewhere: { held() }), observer: nil)
            held = { [unowned self] in self.heldElsewhere }
        }

        /// Time passes to `t`: what is due fires, then the event at `t` if any.
        func at(_ t: Double, _ kind: InputEvent.Kind? = nil) {
            dispatcher.advance(to: t)
            engine.process(InputEvent(time: t, kind ?? .idle))
            dispatcher.dispatch()
        }

        /// Three fingers on the touchpad moving by `deltas`, from `t`, 10 ms apart; they lift
        /// after the last unless `lift` is false.
        func swipe(from t: Double, _ deltas: [Point], lift: Bool = true, cancelled: Bool = false) {
            at(t, .swipeBegin(fingers: 3))
            for (i, d) in deltas.enumerated() { at(t + 10 * Double(i + 1), .swipeUpdate(fingers: 3, delta: d)) }
            if lift { at(t + 10 * Double(deltas.count + 1), .swipeEnd(fingers: 3, cancelled: cancelled)) }
        }
    }

    static let right = [Point(x: 6, y: 0), Point(x: 6, y: 0), Point(x: 4.5, y: 1), Point(x: 4.5, y: 1)]

    @Test func aTouchpadDragPressesWhenItBeginsFollowsTheDeltasAndReleasesWhenTheLockRunsOut() throws {
        let rig = try Rig("drag")
        rig.swipe(from: 0, Self.right)
        #expect(rig.performer.steps == [.press(button: 1), .moveBy(dx: 12, dy: 0), .moveBy(dx: 4, dy: 1), .moveBy(dx: 5, dy: 1)])
        rig.at(549)
        #expect(rig.performer.steps.last == .moveBy(dx: 5, dy: 1), "released before the lock ran out")
        rig.at(550)
        #expect(rig.performer.steps.last == .release(button: 1))
        #expect(rig.dispatcher.actions.nextDeadline == nil)
    }

    @Test func aTouchpadDragBeginsOnTheFingersPhysicalMotionAndMovesThePointerByTheAcceleratedOne() throws {
        let rig = try Rig("drag lock=0")
        // Slow fingers: libinput's acceleration makes the pointer's motion a fifth of theirs.
        rig.at(0, .swipeBegin(fingers: 3))
        for i in 1...4 {
            rig.at(Double(10 * i), .swipeUpdate(fingers: 3, delta: Point(x: 1, y: 0), unaccelerated: Point(x: 5, y: 0)))
        }
        rig.at(50, .swipeEnd(fingers: 3, cancelled: false))
        // The pan begins at the second update (10 physical), where the pointer has moved 2.
        #expect(rig.performer.steps == [.press(button: 1), .moveBy(dx: 2, dy: 0), .moveBy(dx: 1, dy: 0), .moveBy(dx: 1, dy: 0),
                                        .release(button: 1)])
    }

    @Test func aDragThatBeginsUnderALockedScreenPressesNothingAndMovesNothing() throws {
        let rig = try Rig("drag")
        rig.heldElsewhere = "another client holds the keyboard (a screen locker, or a menu open)"
        rig.swipe(from: 0, Self.right)
        rig.at(1000)
        #expect(rig.performer.steps == [])
        #expect(rig.dispatcher.actions.follower.held == nil)
        rig.heldElsewhere = nil
        rig.swipe(from: 2000, Self.right)
        #expect(rig.performer.steps.first == .press(button: 1))
    }

    @Test func fingersBackWithinTheLockGoOnWithTheSameDragOnePressOneRelease() throws {
        let rig = try Rig("drag button=3 lock=300")
        rig.swipe(from: 0, Self.right)
        rig.swipe(from: 200, [Point(x: 0, y: -12), Point(x: 0, y: -3)])
        rig.at(1000)
        #expect(rig.performer.steps == [
            .press(button: 3), .moveBy(dx: 12, dy: 0), .moveBy(dx: 4, dy: 1), .moveBy(dx: 5, dy: 1),
            .moveBy(dx: 0, dy: -12), .moveBy(dx: 0, dy: -3),
            .release(button: 3),
        ])
    }

    @Test func lockZeroReleasesAsTheFingersLiftAndACancelReleasesAtOnce() throws {
        let zero = try Rig("drag lock=0")
        zero.swipe(from: 0, Self.right)
        #expect(zero.performer.steps.last == .release(button: 1))
        #expect(zero.dispatcher.actions.nextDeadline == nil)

        let cancelled = try Rig("drag")
        cancelled.swipe(from: 0, Self.right, cancelled: true)
        #expect(cancelled.performer.steps.filter { if case .moveBy = $0 { false } else { true } }
                == [.press(button: 1), .release(button: 1)])
        #expect(cancelled.dispatcher.actions.nextDeadline == nil)
    }

    @Test func releaseAllLetsGoOfAHeldButtonOnceAndOnlyOnce() throws {
        let rig = try Rig("drag")
        rig.swipe(from: 0, Self.right, lift: false)
        rig.dispatcher.releaseAll(at: 45)
        rig.dispatcher.releaseAll(at: 46)
        #expect(rig.performer.steps.filter { if case .moveBy = $0 { false } else { true } }
                == [.press(button: 1), .release(button: 1)])
    }

    @Test func aTouchscreenDragPressesWhereTheFingersBeganAndFollowsTheirCentroid() throws {
        let rig = try Rig("drag lock=0", source: "touchscreen", fingers: 2)
        rig.at(0, .touchBegin(id: 1, at: Point(x: 100, y: 100)))
        rig.at(1, .touchBegin(id: 2, at: Point(x: 140, y: 100)))
        for i in 1...3 {
            rig.at(Double(10 * i), .touchMove(id: 1, at: Point(x: 100 + 8 * Double(i), y: 100)))
            rig.at(Double(10 * i + 1), .touchMove(id: 2, at: Point(x: 140 + 8 * Double(i), y: 100)))
        }
        rig.at(40, .touchEnd(id: 1, at: Point(x: 124, y: 100)))
        rig.at(41, .touchEnd(id: 2, at: Point(x: 164, y: 100)))
        rig.at(3000)
        let steps = rig.performer.steps
        #expect(steps.first == .moveTo(x: 120, y: 100), "\(steps)")
        #expect(steps.dropFirst().first == .press(button: 1), "\(steps)")
        #expect(steps.last == .release(button: 1), "\(steps)")
        #expect(steps.contains(.moveTo(x: 144, y: 100)), "\(steps)")
    }

    @Test func pointerMovesByTheDeltasTimesItsSpeedWithNoButton() throws {
        let rig = try Rig("pointer speed=1.5")
        rig.swipe(from: 0, Self.right)
        rig.at(2000)
        #expect(rig.performer.steps == [.moveBy(dx: 18, dy: 0), .moveBy(dx: 6, dy: 1), .moveBy(dx: 7, dy: 2)])
    }

    @Test func aDryRunSendsNothingAndReportsTheStepsItWouldSend() throws {
        let rig = try Rig("drag lock=0", dryRun: true)
        final class Steps: DispatchObserver {
            var lines: [String] = []
            func observe(_ output: EngineOutput, in engine: GestureEngine) {}
            func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionDispatch.Outcome, at time: Double) {
                if case let .moved(steps, dryRun) = outcome, !steps.isEmpty { lines.append("\(dryRun) \(FollowStep.text(steps))") }
            }
            func warning(_ message: String, about r: GestureRecognizer, at time: Double) {}
            func later(_ name: String, _ action: Action, outcome: ActionDispatch.Outcome, at time: Double) {}
            func notCommitted(_ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double) {}
        }
        let observer = Steps()
        rig.dispatcher.observer = observer
        rig.swipe(from: 0, Self.right)
        #expect(rig.performer.steps.isEmpty)
        #expect(observer.lines == ["true press 1, move +12 +0", "true move +4 +1", "true move +5 +1", "true release 1"])
    }

    @Test func windowMoveTakesTheWindowUnderThePointerAndMovesItsFrameByTheWholeTranslation() throws {
        let rig = try Rig("window move")
        rig.swipe(from: 0, Self.right)
        #expect(rig.performer.steps == [.takeWindow(.under, at: nil), .moveWindow(dx: 12, dy: 0), .moveWindow(dx: 17, dy: 1),
                                        .moveWindow(dx: 21, dy: 2), .letGoOfWindow])
    }

    @Test func windowResizeOnATouchscreenTakesTheWindowWhereTheFingersBegan() throws {
        let rig = try Rig("window resize edge=left window=active", source: "touchscreen", fingers: 2)
        rig.at(0, .touchBegin(id: 1, at: Point(x: 100, y: 100)))
        rig.at(1, .touchBegin(id: 2, at: Point(x: 140, y: 100)))
        for i in 1...2 {
            rig.at(Double(10 * i), .touchMove(id: 1, at: Point(x: 100 - 10 * Double(i), y: 100)))
            rig.at(Double(10 * i + 1), .touchMove(id: 2, at: Point(x: 140 - 10 * Double(i), y: 100)))
        }
        rig.at(30, .touchEnd(id: 1, at: Point(x: 80, y: 100)))
        rig.at(31, .touchEnd(id: 2, at: Point(x: 120, y: 100)))
        rig.at(3000)
        let steps = rig.performer.steps
        #expect(steps.first == .takeWindow(.active, at: Point(x: 120, y: 100)), "\(steps)")
        #expect(steps.last == .letGoOfWindow, "\(steps)")
        #expect(steps.dropLast().last == .resizeWindow(.left, dx: -20, dy: 0), "\(steps)")
    }
}
