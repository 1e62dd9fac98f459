import Foundation
import GestureCore
import Testing
import X11TestSupport
import XServerSupport

@testable import GestureX11

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
        let times = [UInt(4_294_967_000), 200].map {
            clock.time($0, readAt: 10_000 + Double($0 == 200 ? 496 : 0))
        }
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
            if let r = late.report(at: now) {
                reports.append("\(Int(now)): \(r.given.count) after \(Int(r.delay)) ms")
            }
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
        let d = try DaemonProcess(
            display: server.displayName, config: "[settings]\ntouch-timeout = 300\n\n" + Self.config
        )
        try d.waitUntilWaitingForInput()
        d.child.signal(SIGSTOP)
        try threeFingerSwipe(at: 600, 400, ids: [61, 62, 63])
        // The swipe waits unread for longer than touch-timeout.
        usleep(500_000)
        d.child.signal(SIGCONT)
        try d.waitFor("later than touch-timeout: gave back at once, unseen, 3 touches")
        let got = window.drain(waiting: .seconds(10)) { r in
            r.filter { $0.type == "TouchEnd" }.count == 3
        }
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

/// A daemon held up (stopped, as a loaded machine would hold it) while a burst of touches goes
/// in, on a server of its own with no window manager: the touches it gives back go to the root
/// window, where nobody takes them. (With openbox and a window, Xorg replays a few of 600
/// given-back touches to the window and then nothing more for half a minute, with this daemon
/// and the one before alike, which would hold up the tests after it.) When the daemon runs
/// again it reads the socket one buffer at a time and gives back each late touch before it reads
/// more, so that its memory does not grow with the burst: Xlib, which read all the server had
/// queued at once, grew by 5.7 MiB here.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HeldUpDaemonLiveTests {
    /// Swipes of three fingers, 18 events each: 10,800 events.
    static let swipes = 200
    /// How much more than its resident memory before the hold-up the daemon may hold at its
    /// peak, less the pages of its binary it maps in meanwhile: one read of the socket is 4 KiB;
    /// what grows with the burst is a note of a few bytes for each touch given back (Xlib's
    /// record of the request, the log's list).
    static let boundKiB = 1024

    @Test func aDaemonHeldUpWhileABurstOfTouchesComesReadsItInBoundedMemoryAndGivesEveryTouchBack()
        throws
    {
        let server = try XServer.start()
        defer { server.stop() }
        let d = try DaemonProcess(
            display: server.displayName,
            config: "[settings]\ntouch-timeout = 300\n\n" + LiveTests.config)
        try d.waitUntilWaitingForInput()
        // The peak so far (the config loading) is forgotten: from here it is what is resident now.
        try ProcessStats.resetPeak(pid: d.child.pid)
        let before = try ProcessStats.read(pid: d.child.pid)
        d.child.signal(SIGSTOP)
        let t = server.touchscreen
        for swipe in 0..<Self.swipes {
            let ids = (0..<3).map { UInt32(swipe * 3 + $0 + 100) }
            for (f, id) in ids.enumerated() {
                try t.touch(.begin, id: id, x: 600 + Double(f) * 60, y: 400)
            }
            for step in 1...16 {
                for (f, id) in ids.enumerated() {
                    try t.touch(
                        .update, id: id, x: 600 + Double(f) * 60 - Double(step) * 10, y: 400)
                }
                try t.sync()
            }
            for (f, id) in ids.enumerated() {
                try t.touch(.end, id: id, x: 440 + Double(f) * 60, y: 400)
            }
            try t.sync()
        }
        // The last of it waits unread for longer than touch-timeout too.
        usleep(500_000)
        d.child.signal(SIGCONT)
        let touches = Self.swipes * 3
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.givenBack(in: d.log) < touches && ContinuousClock.now < deadline {
            usleep(20_000)
        }
        let after = try ProcessStats.read(pid: d.child.pid)
        #expect(Self.givenBack(in: d.log) == touches, "\(d.log)")
        #expect(
            ProcessStats.peakGrowthKiB(from: before, to: after) < Self.boundKiB,
            "VmHWM \(after.peakKiB) KiB after, VmRSS \(before.residentKiB) KiB before, RssFile \(before.fileKiB) KiB before and \(after.fileKiB) KiB after"
        )
        // The burst (three-finger swipes to the left, bound) fired nothing; a gesture after it
        // fires, alone.
        try server.threeFingerPinchOutOnTheTouchpad()
        #expect(d.results(waitingFor: 1) == ["pad-pinch"], "\(d.log)")
    }

    /// The touches the log says were given back as late, summed over its lines.
    static func givenBack(in log: String) -> Int {
        let mark = "later than touch-timeout: gave back at once, unseen, "
        return log.split(separator: "\n").reduce(0) { sum, line in
            guard let r = line.range(of: mark) else { return sum }
            return sum + (Int(line[r.upperBound...].prefix { $0.isNumber }) ?? 0)
        }
    }
}
