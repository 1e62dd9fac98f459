import GestureActions
import Testing

/// Waiting for the window manager to restore a window, on a manual clock: each look says what
/// the window's state and extents are then.
@Suite struct RestoreWaitTests {
    typealias Look = (time: Double, restored: Bool, extentsChanged: Bool)

    /// The verdict of each look, and when the next one is due after it.
    func looks(_ looks: [Look]) -> [(RestoreWait.Verdict, Double)] {
        var wait = RestoreWait()
        return looks.map { l in
            (
                wait.look(at: l.time, stateRestored: l.restored, extentsChanged: l.extentsChanged),
                wait.nextLook
            )
        }
    }

    @Test func theFirstLookIsDueAtOnce() {
        #expect(RestoreWait().nextLook == -.infinity)
    }

    @Test func aWindowIsRestoredOnceItsStateAndThenItsExtentsSaySo() {
        let verdicts = looks([(100, false, false), (102, true, false), (104, true, true)])
        #expect(verdicts.map(\.0) == [.waiting, .waiting, .restored])
        #expect(verdicts.map(\.1).prefix(2) == [102, 104])
    }

    @Test func aRestoredStateWhoseExtentsStayTheSameIsTakenAfterSameExtentsMilliseconds() {
        let s = RestoreWait.sameExtents
        #expect(
            looks([(0, true, false), (s - 1, true, false), (s, true, false)]).map(\.0) == [
                .waiting, .waiting, .restored,
            ])
    }

    @Test func aWindowMaximizedAgainStartsTheSameExtentsTimeOver() {
        let s = RestoreWait.sameExtents
        #expect(
            looks([
                (0, true, false), (s - 1, false, false), (s, true, false), (2 * s - 1, true, false),
                (2 * s, true, false),
            ]).map(\.0)
                == [.waiting, .waiting, .waiting, .waiting, .restored])
    }

    @Test func aWindowNeverRestoredIsGivenUpAfterTheLimitFromTheFirstLook() {
        let l = RestoreWait.limit
        #expect(
            looks([(500, false, false), (500 + l - 1, false, false), (500 + l, false, false)]).map(
                \.0)
                == [.waiting, .waiting, .givenUp])
    }
}
