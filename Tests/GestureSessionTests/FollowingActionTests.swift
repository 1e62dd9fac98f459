import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import Testing

/// `drag` and `pointer`: the pointer steps a gesture's transitions send, compared whole, from
/// the config through the engine and the session to the effects.
@Suite struct FollowingActionTests {
    /// A session for one gesture bound to `action`, with what its effects send.
    static func rig(
        _ action: String, type: String = "pan", source: String = "touchpad", fingers: Int = 3,
        dryRun: Bool = false, observer: SessionObserver? = nil
    ) throws -> Applied {
        try Applied(
            """
            [[gesture]]
            name = "follow"
            type = "\(type)"
            source = "\(source)"
            fingers = \(fingers)
            action = "\(action)"
            """, screen: Screen(width: 1920, height: 1080), dryRun: dryRun, observer: observer)
    }

    static let right = [
        Point(x: 6, y: 0), Point(x: 6, y: 0), Point(x: 4.5, y: 1), Point(x: 4.5, y: 1),
    ]

    @Test func aTouchpadDragPressesWhenItBeginsFollowsTheDeltasAndReleasesWhenTheLockRunsOut()
        throws
    {
        let rig = try Self.rig("drag")
        rig.swipe(from: 0, Self.right)
        #expect(
            rig.steps == [
                .press(button: 1), .moveBy(dx: 12, dy: 0), .moveBy(dx: 4, dy: 1),
                .moveBy(dx: 5, dy: 1),
            ])
        rig.at(549)
        #expect(rig.steps.last == .moveBy(dx: 5, dy: 1), "released before the lock ran out")
        rig.at(550)
        #expect(rig.steps.last == .release(button: 1))
        #expect(rig.session.dragLockDeadline == nil)
    }

    @Test func aTouchpadDragBeginsOnTheFingersPhysicalMotionAndMovesThePointerByTheAcceleratedOne()
        throws
    {
        let rig = try Self.rig("drag lock=0")
        // Slow fingers: libinput's acceleration makes the pointer's motion a fifth of theirs.
        rig.at(0, .swipeBegin(fingers: 3))
        for i in 1...4 {
            rig.at(
                Double(10 * i),
                .swipeUpdate(fingers: 3, delta: Point(x: 1, y: 0), unaccelerated: Point(x: 5, y: 0))
            )
        }
        rig.at(50, .swipeEnd(fingers: 3, cancelled: false))
        // The pan begins at the second update (10 physical), where the pointer has moved 2.
        #expect(
            rig.steps == [
                .press(button: 1), .moveBy(dx: 2, dy: 0), .moveBy(dx: 1, dy: 0),
                .moveBy(dx: 1, dy: 0),
                .release(button: 1),
            ])
    }

    @Test func aDragThatBeginsUnderALockedScreenPressesNothingAndMovesNothing() throws {
        let rig = try Self.rig("drag")
        rig.heldElsewhere = "another client holds the keyboard (a screen locker, or a menu open)"
        rig.swipe(from: 0, Self.right)
        rig.at(1000)
        #expect(rig.steps == [])
        #expect(rig.session.policy.follower.held == nil)
        rig.heldElsewhere = nil
        rig.swipe(from: 2000, Self.right)
        #expect(rig.steps.first == .press(button: 1))
    }

    @Test func fingersBackWithinTheLockGoOnWithTheSameDragOnePressOneRelease() throws {
        let rig = try Self.rig("drag button=3 lock=300")
        rig.swipe(from: 0, Self.right)
        rig.swipe(from: 200, [Point(x: 0, y: -12), Point(x: 0, y: -3)])
        rig.at(1000)
        #expect(
            rig.steps == [
                .press(button: 3), .moveBy(dx: 12, dy: 0), .moveBy(dx: 4, dy: 1),
                .moveBy(dx: 5, dy: 1),
                .moveBy(dx: 0, dy: -12), .moveBy(dx: 0, dy: -3),
                .release(button: 3),
            ])
    }

    @Test func lockZeroReleasesAsTheFingersLiftAndACancelReleasesAtOnce() throws {
        let zero = try Self.rig("drag lock=0")
        zero.swipe(from: 0, Self.right)
        #expect(zero.steps.last == .release(button: 1))
        #expect(zero.session.dragLockDeadline == nil)

        let cancelled = try Self.rig("drag")
        cancelled.swipe(from: 0, Self.right, cancelled: true)
        #expect(
            cancelled.steps.filter { if case .moveBy = $0 { false } else { true } }
                == [.press(button: 1), .release(button: 1)])
        #expect(cancelled.session.dragLockDeadline == nil)
    }

    @Test func releaseAllLetsGoOfAHeldButtonOnceAndOnlyOnce() throws {
        let rig = try Self.rig("drag")
        rig.swipe(from: 0, Self.right, lift: false)
        rig.session.releaseAll(at: 45)
        rig.apply()
        rig.session.releaseAll(at: 46)
        rig.apply()
        #expect(
            rig.steps.filter { if case .moveBy = $0 { false } else { true } }
                == [.press(button: 1), .release(button: 1)])
    }

    @Test func aTouchscreenDragPressesWhereTheFingersBeganAndFollowsTheirCentroid() throws {
        let rig = try Self.rig("drag lock=0", source: "touchscreen", fingers: 2)
        rig.at(0, .touchBegin(id: 1, at: Point(x: 100, y: 100)))
        rig.at(1, .touchBegin(id: 2, at: Point(x: 140, y: 100)))
        for i in 1...3 {
            rig.at(Double(10 * i), .touchMove(id: 1, at: Point(x: 100 + 8 * Double(i), y: 100)))
            rig.at(Double(10 * i + 1), .touchMove(id: 2, at: Point(x: 140 + 8 * Double(i), y: 100)))
        }
        rig.at(40, .touchEnd(id: 1, at: Point(x: 124, y: 100)))
        rig.at(41, .touchEnd(id: 2, at: Point(x: 164, y: 100)))
        rig.at(3000)
        let steps = rig.steps
        #expect(steps.first == .moveTo(x: 120, y: 100), "\(steps)")
        #expect(steps.dropFirst().first == .press(button: 1), "\(steps)")
        #expect(steps.last == .release(button: 1), "\(steps)")
        #expect(steps.contains(.moveTo(x: 144, y: 100)), "\(steps)")
    }

    @Test func pointerMovesByTheDeltasTimesItsSpeedWithNoButton() throws {
        let rig = try Self.rig("pointer speed=1.5")
        rig.swipe(from: 0, Self.right)
        rig.at(2000)
        #expect(
            rig.steps == [.moveBy(dx: 18, dy: 0), .moveBy(dx: 6, dy: 1), .moveBy(dx: 7, dy: 2)])
    }

    @Test func aDryRunSendsNothingAndReportsTheStepsItWouldSend() throws {
        final class Steps: SessionObserver {
            var lines: [String] = []
            func observe(_ output: EngineOutput, in bindings: Bindings) {}
            func fired(
                _ fired: Fired, by r: GestureRecognizer, outcome: ActionOutcome, at time: Double
            ) {
                if case .moved(let steps, let dryRun) = outcome, !steps.isEmpty {
                    lines.append("\(dryRun) \(FollowStep.text(steps))")
                }
            }
            func warning(_ message: String, about r: GestureRecognizer, at time: Double) {}
            func later(_ name: String, _ action: Action, outcome: ActionOutcome, at time: Double) {}
            func notCommitted(
                _ binding: GestureBinding, by r: GestureRecognizer, progress: Double,
                at time: Double
            ) {}
        }
        let observer = Steps()
        let rig = try Self.rig("drag lock=0", dryRun: true, observer: observer)
        rig.swipe(from: 0, Self.right)
        #expect(rig.steps.isEmpty)
        #expect(
            observer.lines == [
                "true press 1, move +12 +0", "true move +4 +1", "true move +5 +1", "true release 1",
            ])
    }

    @Test func windowMoveTakesTheWindowUnderThePointerAndMovesItsFrameByTheWholeTranslation() throws
    {
        let rig = try Self.rig("window move")
        rig.swipe(from: 0, Self.right)
        #expect(
            rig.steps == [
                .takeWindow(.under, at: nil), .moveWindow(dx: 12, dy: 0),
                .moveWindow(dx: 17, dy: 1),
                .moveWindow(dx: 21, dy: 2), .letGoOfWindow,
            ])
    }

    @Test func windowResizeOnATouchscreenTakesTheWindowWhereTheFingersBegan() throws {
        let rig = try Self.rig(
            "window resize edge=left window=active", source: "touchscreen", fingers: 2)
        rig.at(0, .touchBegin(id: 1, at: Point(x: 100, y: 100)))
        rig.at(1, .touchBegin(id: 2, at: Point(x: 140, y: 100)))
        for i in 1...2 {
            rig.at(Double(10 * i), .touchMove(id: 1, at: Point(x: 100 - 10 * Double(i), y: 100)))
            rig.at(
                Double(10 * i + 1), .touchMove(id: 2, at: Point(x: 140 - 10 * Double(i), y: 100)))
        }
        rig.at(30, .touchEnd(id: 1, at: Point(x: 80, y: 100)))
        rig.at(31, .touchEnd(id: 2, at: Point(x: 120, y: 100)))
        rig.at(3000)
        let steps = rig.steps
        #expect(steps.first == .takeWindow(.active, at: Point(x: 120, y: 100)), "\(steps)")
        #expect(steps.last == .letGoOfWindow, "\(steps)")
        #expect(steps.dropLast().last == .resizeWindow(.left, dx: -20, dy: 0), "\(steps)")
    }
}
