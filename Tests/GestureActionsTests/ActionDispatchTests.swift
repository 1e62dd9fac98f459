import GestureActions
import GestureCore
import Testing

/// The policy between a fired action and its performer, with a performer that only records.
@Suite struct ActionDispatchTests {
    let here = ActionContext(location: Point(x: 10, y: 20), time: 5)
    let gesture = GestureContext(name: "g", type: "swipe", state: "ended")

    static let everyKind: [Action] = [
        .exec("true"), try! ActionParser.parse("keys ctrl+c"), .click(button: 1), .scroll(.down, times: 2),
        .desktop(.next, wrap: false), .moveWindow(.previous, wrap: true, window: .active),
        .window(.maximize, window: .under), .showDesktop, .pass,
    ]

    @Test func aDryRunPerformsNothingAndSaysEachActionWouldBePerformed() {
        let performer = RecordingPerformer()
        let dispatch = ActionDispatch(performer: performer, dryRun: true)
        let outcomes = Self.everyKind.map { dispatch.fire($0, gesture: gesture, at: here) }
        #expect(outcomes == Array(repeating: .wouldPerform, count: Self.everyKind.count))
        #expect(performer.performed.isEmpty)
    }

    @Test func execIsRefusedWithItsReasonAndNothingElseIsAffected() {
        let performer = RecordingPerformer()
        let dispatch = ActionDispatch(performer: performer, execRefusal: "config.toml is writable by every user")
        #expect(dispatch.fire(.exec("touch /tmp/never"), gesture: gesture, at: here) == .refused("config.toml is writable by every user"))
        #expect(dispatch.fire(.showDesktop, gesture: gesture, at: here) == .performed("recorded show-desktop", milliseconds: 0))
        #expect(performer.performed.map(\.action) == [.showDesktop])
    }

    @Test func clicksAndScrollsWaitWhileThePointerIsHeldAndArePerformedInOrderOnceItIsFree() {
        let performer = RecordingPerformer()
        var busy = true
        let dispatch = ActionDispatch(performer: performer, pointerBusy: { busy })
        #expect(dispatch.fire(.click(button: 3), gesture: gesture, at: here) == .deferred)
        #expect(dispatch.fire(.desktop(.next, wrap: false), gesture: gesture, at: here) == .performed("recorded desktop next", milliseconds: 0))
        #expect(dispatch.fire(.scroll(.up, times: 1), gesture: gesture, at: here) == .deferred)
        #expect(dispatch.performDeferred().isEmpty)
        busy = false
        let later = dispatch.performDeferred()
        #expect(later.map(\.action) == [.click(button: 3), .scroll(.up, times: 1)])
        #expect(later.map(\.gesture) == ["g", "g"])
        #expect(performer.performed.map(\.action) == [.desktop(.next, wrap: false), .click(button: 3), .scroll(.up, times: 1)])
        #expect(performer.performed.map(\.context) == [here, here, here])
        #expect(dispatch.performDeferred().isEmpty)
    }

    static let locked = "another client holds the keyboard (a screen locker, or a menu open)"

    @Test func whileAnotherClientHoldsTheKeyboardNothingIsPerformedAndEachSaysWhy() {
        let performer = RecordingPerformer()
        let dispatch = ActionDispatch(performer: performer, heldElsewhere: { Self.locked })
        let outcomes = Self.everyKind.map { dispatch.fire($0, gesture: gesture, at: here) }
        #expect(outcomes == Array(repeating: .withheld(Self.locked), count: Self.everyKind.count - 1) + [.passed])
        #expect(performer.performed.isEmpty)
    }

    @Test func clicksWaitingWhenTheScreenLocksAreDroppedNotKeptForAfterTheUnlock() {
        let performer = RecordingPerformer()
        var busy = true, locked: String? = nil
        let dispatch = ActionDispatch(performer: performer, pointerBusy: { busy }, heldElsewhere: { locked })
        #expect(dispatch.fire(.click(button: 1), gesture: gesture, at: here) == .deferred)
        #expect(dispatch.fire(.scroll(.down, times: 1), gesture: gesture, at: here) == .deferred)
        locked = Self.locked
        busy = false
        let dropped = dispatch.performDeferred()
        #expect(dropped.map(\.action) == [.click(button: 1), .scroll(.down, times: 1)])
        #expect(dropped.map(\.outcome) == [.withheld(Self.locked), .withheld(Self.locked)])
        locked = nil
        #expect(dispatch.performDeferred().isEmpty)
        #expect(performer.performed.isEmpty)
    }

    @Test func theActionsOneInputEventFiresAskWhetherTheKeyboardIsHeldOnce() {
        var asked = 0
        let dispatch = ActionDispatch(performer: RecordingPerformer(), heldElsewhere: { asked += 1; return nil })
        for _ in 1...5 { _ = dispatch.fire(.showDesktop, gesture: gesture, at: here) }
        var next = here
        next.time = 6
        _ = dispatch.fire(.showDesktop, gesture: gesture, at: next)
        #expect(asked == 2)
    }

    @Test func passDoesNothing() {
        let performer = RecordingPerformer()
        #expect(ActionDispatch(performer: performer).fire(.pass, gesture: gesture, at: here) == .passed)
        #expect(performer.performed.isEmpty)
    }

    @Test func aPerformerThatFailsIsReportedWithItsReason() {
        final class Failing: ActionPerforming {
            func perform(_ action: Action, _ context: ActionContext) -> Result<String, ActionError> {
                .failure(ActionError(message: "the window manager does not support _NET_CURRENT_DESKTOP"))
            }
            func send(_ steps: [FollowStep]) -> ActionError? { nil }
            var nextDeadline: Double? { nil }
            func advance(to time: Double) -> [Waited] { [] }
        }
        #expect(ActionDispatch(performer: Failing()).fire(.desktop(.next, wrap: false), gesture: gesture, at: here)
                == .failed("the window manager does not support _NET_CURRENT_DESKTOP"))
    }

    @Test func thePerformerIsTimedWithTheClockItIsGiven() {
        var t = 100.0
        let dispatch = ActionDispatch(performer: RecordingPerformer(), clock: { t += 1.5; return t })
        #expect(dispatch.fire(.showDesktop, gesture: gesture, at: here) == .performed("recorded show-desktop", milliseconds: 1.5))
    }
}

extension ActionDispatchTests {
    /// A performer that leaves a tile waiting for the window manager until 10 ms, as the X11 one
    /// does for a maximized window, and then places it, or gives it up.
    final class Waiting: ActionPerforming {
        var waiting: [(Action, ActionContext)] = []
        let restores: Bool
        init(restores: Bool) { self.restores = restores }
        func perform(_ action: Action, _ context: ActionContext) -> Result<String, ActionError> {
            waiting.append((action, context))
            return .success("restored first")
        }
        func send(_ steps: [FollowStep]) -> ActionError? { nil }
        var nextDeadline: Double? { waiting.isEmpty ? nil : 10 }
        func advance(to time: Double) -> [Waited] {
            defer { waiting.removeAll() }
            return waiting.map { Waited($0, restores ? .success("placed") : .failure(ActionError(message: "not restored: not placed"))) }
        }
    }

    @Test func whatThePerformerLeftWaitingIsDueAtItsDeadlineAndReportedWithItsGestureTimedFromItsEvent() {
        let performer = Waiting(restores: true)
        let dispatch = ActionDispatch(performer: performer)
        var context = here
        context.gesture = "g"
        #expect(dispatch.fire(.tile(.left, window: .under), gesture: gesture, at: context) == .performed("restored first", milliseconds: 0))
        #expect(dispatch.nextDeadline == 10)
        let done = dispatch.advance(to: 12)
        #expect(done.map(\.gesture) == ["g"])
        #expect(done.map(\.action) == [.tile(.left, window: .under)])
        #expect(done.map(\.outcome) == [.performed("placed", milliseconds: 7)])
        #expect(dispatch.nextDeadline == nil)
    }

    @Test func whatThePerformerGaveUpOnIsReportedAsFailed() {
        let dispatch = ActionDispatch(performer: Waiting(restores: false))
        var context = here
        context.gesture = "g"
        _ = dispatch.fire(.tile(.left, window: .under), gesture: gesture, at: context)
        #expect(dispatch.advance(to: 1010).map(\.outcome) == [.failed("not restored: not placed")])
    }
}
