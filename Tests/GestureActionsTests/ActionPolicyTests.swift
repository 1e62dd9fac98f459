import GestureActions
import GestureCore
import Testing

/// The policy between a fired action and whoever performs it: what it says of each action in
/// each world, as values.
@Suite struct ActionPolicyTests {
    let here = ActionContext(location: Point(x: 10, y: 20), time: 5)
    static let free = World(pointerBusy: false, keyboard: .free)
    static let busy = World(pointerBusy: true, keyboard: .free)
    static let locked = "another client holds the keyboard (a screen locker, or a menu open)"
    static let lockedWorld = World(pointerBusy: false, keyboard: .heldElsewhere(locked))

    static let everyKind: [Action] = [
        .exec("true"), try! ActionParser.parse("keys ctrl+c"), .click(button: 1),
        .scroll(.down, times: 2),
        .desktop(.next, wrap: false), .moveWindow(.previous, wrap: true, window: .active),
        .window(.maximize, window: .under), .showDesktop, .pass,
    ]

    @Test func aDryRunPerformsNothingAndSaysEachActionWouldBePerformed() {
        var policy = ActionPolicy(dryRun: true)
        let verdicts = Self.everyKind.map { policy.judge($0, at: here, in: Self.lockedWorld) }
        #expect(verdicts == Array(repeating: .settled(.wouldPerform), count: Self.everyKind.count))
        #expect(Self.everyKind.allSatisfy { !policy.asksAboutKeyboard($0, at: here) })
    }

    @Test func execIsRefusedWithItsReasonAndNothingElseIsAffected() {
        var policy = ActionPolicy(execRefusal: "config.toml is writable by every user")
        #expect(
            policy.judge(.exec("touch /tmp/never"), at: here, in: Self.free)
                == .settled(.refused("config.toml is writable by every user")))
        #expect(policy.judge(.showDesktop, at: here, in: Self.free) == .perform)
        #expect(
            policy.judge(.exec("true"), at: here, in: Self.lockedWorld)
                == .settled(.withheld(Self.locked)))
    }

    @Test func clicksAndScrollsWaitWhileThePointerIsHeldAndAreReleasedInOrderOnceItIsFree() {
        var policy = ActionPolicy()
        #expect(policy.judge(.click(button: 3), at: here, in: Self.busy) == .settled(.deferred))
        #expect(policy.judge(.desktop(.next, wrap: false), at: here, in: Self.busy) == .perform)
        #expect(
            policy.judge(.scroll(.up, times: 1), at: here, in: Self.busy) == .settled(.deferred))
        #expect(!policy.asksAboutKeyboard(releasingIn: Self.busy))
        #expect(policy.releaseWaiting(in: Self.busy).isEmpty)
        #expect(policy.asksAboutKeyboard(releasingIn: Self.free))
        let released = policy.releaseWaiting(in: Self.free)
        #expect(released.map(\.0.action) == [.click(button: 3), .scroll(.up, times: 1)])
        #expect(released.map(\.0.context) == [here, here])
        #expect(released.map(\.1) == [.perform, .perform])
        #expect(policy.releaseWaiting(in: Self.free).isEmpty)
        #expect(!policy.asksAboutKeyboard(releasingIn: Self.free))
    }

    @Test func whileAnotherClientHoldsTheKeyboardNothingIsPerformedAndEachSaysWhy() {
        var policy = ActionPolicy()
        let verdicts = Self.everyKind.map { policy.judge($0, at: here, in: Self.lockedWorld) }
        #expect(
            verdicts == Array(
                repeating: .settled(.withheld(Self.locked)), count: Self.everyKind.count - 1) + [
                    .settled(.passed)
                ])
    }

    @Test func clicksWaitingWhenTheScreenLocksAreDroppedNotKeptForAfterTheUnlock() {
        var policy = ActionPolicy()
        #expect(policy.judge(.click(button: 1), at: here, in: Self.busy) == .settled(.deferred))
        #expect(
            policy.judge(.scroll(.down, times: 1), at: here, in: Self.busy) == .settled(.deferred))
        let dropped = policy.releaseWaiting(in: Self.lockedWorld)
        #expect(dropped.map(\.0.action) == [.click(button: 1), .scroll(.down, times: 1)])
        #expect(
            dropped.map(\.1) == [
                .settled(.withheld(Self.locked)), .settled(.withheld(Self.locked)),
            ])
        #expect(policy.releaseWaiting(in: Self.free).isEmpty)
    }

    @Test func everyActionButPassAsksAboutTheKeyboardAndAFollowingOneOnlyWhenItTakesHold() {
        let policy = ActionPolicy()
        #expect(
            Self.everyKind.map { policy.asksAboutKeyboard($0, at: here) } == Array(
                repeating: true, count: Self.everyKind.count - 1) + [false])
        var began = here
        var changed = here
        began.state = .began
        changed.state = .changed
        #expect(policy.asksAboutKeyboard(.drag(button: 1, lock: 0), at: began))
        #expect(!policy.asksAboutKeyboard(.drag(button: 1, lock: 0), at: changed))
        #expect(policy.asksAboutKeyboard(.windowMove(window: .under), at: began))
        #expect(!policy.asksAboutKeyboard(.pointer(speed: 1), at: began))
    }

    @Test func passDoesNothing() {
        var policy = ActionPolicy()
        #expect(policy.judge(.pass, at: here, in: Self.free) == .settled(.passed))
    }

    @Test func aDragUnderALockedScreenTakesHoldOfNothingAndLetsGoOfTheButtonItHeld() {
        var policy = ActionPolicy()
        var c = here
        c.gesture = "drag"
        c.state = .began
        c.location = nil
        c.translation = .zero
        #expect(
            policy.judge(.drag(button: 1, lock: 500), at: c, in: Self.free)
                == .send([.press(button: 1)]))
        c.state = .ended
        #expect(
            policy.judge(.drag(button: 1, lock: 500), at: c, in: Self.free)
                == .settled(.moved([], dryRun: false)))
        #expect(policy.nextDeadline == 505)
        c.gesture = "other"
        c.state = .began
        #expect(
            policy.judge(.drag(button: 3, lock: 500), at: c, in: Self.lockedWorld)
                == .withheld(Self.locked, letGo: [.release(button: 1)]))
        #expect(policy.follower.held == nil)
        #expect(policy.nextDeadline == nil)
    }
}

extension ActionPolicyTests {
    @Test func whatThePerformerLeftWaitingIsReportedWithItsGestureTimedFromItsEvent() {
        var context = here
        context.gesture = "g"
        let placed = Waited((.tile(.left, window: .under), context), .success("placed"))
        #expect(
            placed.report(at: 12, taking: nil)! == (
                "g", .tile(.left, window: .under), .performed("placed", milliseconds: 7)
            ))
        let givenUp = Waited(
            (.tile(.left, window: .under), context),
            .failure(ActionError(message: "not restored: not placed")))
        #expect(
            givenUp.report(at: 1010, taking: nil)!.outcome == .failed("not restored: not placed"))
    }

    @Test func theWindowAFollowingActionTookIsReportedAsTheGestureThatTookIt() {
        let taken = Waited(nil, .success("moved"))
        #expect(taken.report(at: 40, taking: nil) == nil)
        #expect(
            taken.report(at: 40, taking: ("move", .windowMove(window: .under)))! == (
                "move", .windowMove(window: .under), .performed("moved", milliseconds: 0)
            ))
    }
}
