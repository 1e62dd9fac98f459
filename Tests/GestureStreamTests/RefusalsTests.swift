import Testing

@testable import GestureStream

/// What the log says of refused connections, and when the listener rests, as time goes.
@Suite struct RefusalsTests {
    static let second: UInt64 = 1_000_000

    @Test func theFirstRefusalIsSaidAtOnceAndTheRestCountedInOneLineAtTheEndOfTheWindow() {
        var r = Refusals()
        var said: [String] = []
        func refuse(_ pid: Int32, _ uid: UInt32, at t: UInt64) {
            if let line = r.refused(pid: pid, uid: uid, at: t) { said.append(line) }
        }
        refuse(10, 65534, at: 0)
        refuse(11, 65534, at: 1 * Self.second)
        refuse(12, 1001, at: 2 * Self.second)
        refuse(13, 65534, at: 3 * Self.second)
        #expect(r.summary(at: 4 * Self.second) == nil)
        #expect(r.windowEnd == 5 * Self.second)
        if let line = r.summary(at: 5 * Self.second) { said.append(line) }
        // A quiet window ends the counting: the next refusal is said at once again.
        #expect(r.summary(at: 10 * Self.second) == nil)
        #expect(r.windowEnd == nil)
        refuse(14, 65534, at: 11 * Self.second)
        #expect(
            said == [
                "refused pid 10 of user 65534: only this user's programs may listen (more refusals are counted, and said every 5 s)",
                "refused 3 more connections in 5 s: 2 of user 65534, 1 of user 1001",
                "refused pid 14 of user 65534: only this user's programs may listen (more refusals are counted, and said every 5 s)",
            ])
    }

    @Test func aHundredRefusalsInASecondRestTheListenerForTheRestOfIt() {
        var r = Refusals()
        for i in 0..<99 { _ = r.refused(pid: 1, uid: 2, at: UInt64(i) * 1000) }
        #expect(r.resting(at: 99_000) == nil)
        _ = r.refused(pid: 1, uid: 2, at: 99_000)
        #expect(r.resting(at: 99_000) == Self.second)
        #expect(r.resting(at: Self.second) == nil)
        _ = r.refused(pid: 1, uid: 2, at: Self.second)
        #expect(r.resting(at: Self.second) == nil)
    }
}
