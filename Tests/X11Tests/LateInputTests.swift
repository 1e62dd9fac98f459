import Foundation
import GestureCore
@testable import GestureX11
import Testing
import X11TestSupport

/// The server's clock as the events carry it, and how late each event is read: pure arithmetic
/// on times given as data.
@Suite struct ServerClockTests {
    @Test func anEventReadLateShowsItsDelayAndLeavesNowWhereItWas() {
        var clock = ServerClock()
        _ = clock.time(5_000, readAt: 100_000)
        _ = clock.time(5_010, readAt: 100_010)
        #expect(clock.delay == 0 && clock.now(at: 100_020) == 5_020)
        // Written by the server at 5,020, read 800 ms later: the offset may have grown by
        // 0.82 ms meanwhile, no more.
        _ = clock.time(5_020, readAt: 100_820)
        #expect((799...800).contains(clock.delay), "delay \(clock.delay)")
        #expect((5_819...5_820).contains(clock.now(at: 100_820)), "now \(clock.now(at: 100_820))")
    }

    @Test func aServerClockRunningSlowerIsFollowedWithoutSeeingADelay() {
        // A remote server whose clock loses 500 ms a day more than it may (0.5 ms a second):
        // events 10 ms apart for 100 s, each read as soon as it is written.
        var clock = ServerClock()
        var largest = 0.0
        for i in 0...10_000 {
            let local = 50_000 + Double(i) * 10
            _ = clock.time(UInt(1_000 + Double(i) * 10 * 0.9995), readAt: local)
            largest = max(largest, clock.delay)
        }
        #expect(largest < 1, "delay \(largest) ms")
    }

    @Test func theServerTimeWrapsAfter32Bits() {
        var clock = ServerClock()
        let times = [UInt(4_294_967_000), 200].map { clock.time($0, readAt: 10_000 + Double($0 == 200 ? 496 : 0)) }
        #expect(times == [4_294_967_000, 4_294_967_496])
        #expect(clock.delay == 0)
    }
}

/// What the log says of input given back as late: at once, then at most once a second.
@Suite struct LateInputReportTests {
    @Test func theFirstLateInputIsReportedAtOnceAndWhatFollowsWithinASecondTogetherAfterIt() {
        var late = LateInput()
        var reports: [String] = []
        func tick(_ now: Double) {
            if let r = late.report(at: now) { reports.append("\(Int(now)): \(r.given.count) after \(Int(r.delay)) ms") }
        }
        let nothingDue = late.due
        late.add(.touch(id: 1), delay: 700)
        tick(10_000)
        late.add(.touch(id: 2), delay: 900)
        tick(10_400)
        late.add(.button(3), delay: 800)
        let due = late.due
        tick(10_999)
        tick(11_000)
        tick(13_000)
        #expect(nothingDue == nil && due == 11_000 && late.due == nil)
        #expect(reports == ["10000: 1 after 700 ms", "11000: 2 after 900 ms"])
    }
}

extension LiveTests {
    /// A daemon that cannot read (stopped, as a machine under load would hold it up) while a
    /// bound three-finger swipe happens: when it reads the swipe later than touch-timeout, it
    /// gives the touches back at once instead of acting on them, and says so.
    @Test func touchesReadLaterThanTouchTimeoutAreGivenBackAtOnceAndFireNothing() throws {
        let d = try DaemonProcess(display: server.displayName, config: "[settings]\ntouch-timeout = 300\n\n" + Self.config)
        try d.waitUntilWaitingForInput()
        d.child.signal(SIGSTOP)
        try threeFingerSwipe(at: 600, 400, ids: [61, 62, 63])
        // The swipe waits unread for longer than touch-timeout.
        usleep(500_000)
        d.child.signal(SIGCONT)
        try d.waitFor("later than touch-timeout: gave back at once, unseen, 3 touches")
        let got = window.drain(waiting: .seconds(3)) { r in r.filter { $0.type == "TouchEnd" }.count == 3 }
            .map(\.type).filter { $0.hasPrefix("Touch") }
        // Each touch whole, one after the other, as the server replays them to the window.
        let oneTouch = ["TouchBegin"] + Array(repeating: "TouchUpdate", count: 8) + ["TouchEnd"]
        #expect(got == oneTouch + oneTouch + oneTouch, "\(got)")
        // A gesture after it fires, alone: the swipe fired nothing.
        try threeFingerPinchOutOnTheTouchpad()
        #expect(try waitForResult(d, lines: 1) == ["pad-pinch"], "\(d.log)")
        try LiveTests.expectANewTapGoesStraightThrough(server: server, window: window, id: 64)
    }
}
