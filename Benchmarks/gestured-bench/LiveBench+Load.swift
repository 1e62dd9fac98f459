import Foundation
import X11TestSupport

/// What the daemon holds and costs under load and while it waits.
extension LiveBench {
    typealias Gesture = (_ leftward: Bool, _ pace: inout Pacer?) throws -> Int

    struct Cost {
        var events = 0
        var gestures = 0
        /// Actions the daemon logged: each gesture should have fired one.
        var performed = 0
        var seconds = 0.0
    }

    /// A load on the daemon: at least `target` events of `gestures`, taken in turn, alternating left and right; `pause` between gestures. Without `pace`, as
    /// fast as the daemon keeps up: after each gesture it is given the time to finish it, so
    /// that no backlog builds up. Stops early, with what it has, after `limit`.
    func cost(of d: DaemonProcess, events target: Int, actions names: [String], pace interval: Duration?,
              pause: Duration = .milliseconds(10), limit: Duration = .seconds(600), _ gestures: [Gesture]) throws -> Cost {
        let before = try ProcessStats.read(pid: d.child.pid)
        let performedBefore = Self.performed(names, in: d)
        let start = ContinuousClock.now
        var pace = interval.map(Pacer.init(every:))
        var cost = Cost()
        while cost.events < target && ContinuousClock.now - start < limit {
            let gesture = gestures[cost.gestures % gestures.count]
            cost.events += try gesture((cost.gestures / gestures.count) % 2 == 0, &pace)
            cost.gestures += 1
            if pause > .zero { usleep(UInt32(pause / .microseconds(1))) }
            if interval == nil { ProcessStats.waitUntilIdle(pid: d.child.pid) }
            if cost.gestures % 2000 == 0 {
                let now = try ProcessStats.read(pid: d.child.pid)
                Bench.progress("  \(Table.count(Double(cost.events))) events, daemon CPU \(Table.fixed(ProcessStats.milliseconds(now.cpuTicks - before.cpuTicks) / 1000, 1)) s, VmRSS \(Table.fixed(Double(now.residentKiB) / 1024, 1)) MiB")
            }
        }
        cost.seconds = Stopwatch.seconds(since: start)
        cost.performed = Self.settle(d, performed: names, count: performedBefore + cost.gestures) - performedBefore
        return cost
    }

    struct Overload {
        var events = 0
        var swipes = 0
        /// Touches the log says were given back at once because they were read late.
        var givenBack = 0
        var daemonPeakBefore = 0, daemonPeakAfter = 0, daemonAfter = 0
        /// What the daemon's peak grew by, less the pages of its binary it mapped in meanwhile
        /// (`ProcessStats.peakGrowthKiB`).
        var daemonGrowth = 0
        var serverBefore = 0, serverPeak = 0
        /// What a tap after the overload brought the window (not held up only): a touch begin and
        /// end when nothing was left undecided.
        var tap: [String] = []
        /// From the first event sent to the daemon's having read and answered everything.
        var catchUp = 0.0
        var performed = 0
    }

    /// Input as fast as the server takes it: `target` events of three-finger touchscreen
    /// swipes, not waiting for the daemon. `held`: the daemon is stopped meanwhile (as a loaded
    /// machine would hold it up) and continued after, so that all of it is read late. What the
    /// daemon holds at its peak, what the server held for it, and what its log says.
    func overload(_ d: DaemonProcess, events target: Int, held: Bool) throws -> Overload {
        var o = Overload()
        o.daemonPeakBefore = try ProcessStats.read(pid: d.child.pid).peakKiB
        try ProcessStats.resetPeak(pid: d.child.pid)
        let before = try ProcessStats.read(pid: d.child.pid)
        o.serverBefore = try ProcessStats.read(pid: server.pid).residentKiB
        let logged = d.log.count
        try d.waitUntilWaitingForInput()
        if held { d.child.signal(SIGSTOP) }
        let start = ContinuousClock.now
        var pace: Pacer? = nil
        while o.events < target {
            o.events += try touchSwipe(leftward: o.swipes % 2 == 0, pace: &pace)
            o.swipes += 1
        }
        o.serverPeak = try ProcessStats.read(pid: server.pid).residentKiB
        if held { d.child.signal(SIGCONT) }
        // Until the daemon has read everything and said what it gave back (at most a line a
        // second).
        ProcessStats.waitUntilIdle(pid: d.child.pid, quiet: .milliseconds(1200), limit: .seconds(120))
        o.catchUp = Stopwatch.seconds(since: start)
        let after = try ProcessStats.read(pid: d.child.pid)
        o.daemonPeakAfter = after.peakKiB
        o.daemonGrowth = ProcessStats.peakGrowthKiB(from: before, to: after)
        o.daemonAfter = after.residentKiB
        let mark = "gave back at once, unseen, "
        for line in d.log.dropFirst(logged).split(separator: "\n") {
            guard let r = line.range(of: mark) else { continue }
            o.givenBack += Int(line[r.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        o.performed = Self.performed(["next-desktop", "previous-desktop"], in: d) - Self.performed(["next-desktop", "previous-desktop"], in: d, upTo: logged)
        // Nothing is left undecided: a new tap goes straight through to the window (shown again:
        // the swipes switched desktops). Not after a hold-up: the server then replays every
        // given-back swipe to the window first, for longer than the bench waits.
        if held { return o }
        guard window.showDesktop(0) else { throw BenchError("openbox did not go back to the first desktop") }
        window.clear()
        try server.touchscreen.touch(.begin, id: 90, x: 400, y: 150)
        try server.touchscreen.touch(.end, id: 90, x: 400, y: 150)
        try server.touchscreen.sync()
        // Given-back swipes may still be replaying to the window: the tap is the touch at y = 150
        // on the screen (less the frame's height in the window's coordinates), the swipes' at 400.
        let got = window.drain(waiting: .seconds(60)) { $0.contains { $0.type == "TouchEnd" && $0.y < 200 } }
        let tap = got.filter { $0.y < 200 }
        // Reported in the row rather than thrown: the other figures of the run stand either way.
        o.tap = tap.map { "\($0.type)" }
        return o
    }

    /// CPU ticks and context switches of the daemon over `seconds` in which nothing happens.
    func idle(_ d: DaemonProcess, seconds: UInt32) throws -> (ticks: Int, wakeUps: Int) {
        let before = try ProcessStats.read(pid: d.child.pid)
        sleep(seconds)
        let after = try ProcessStats.read(pid: d.child.pid)
        return (after.cpuTicks - before.cpuTicks, after.contextSwitches - before.contextSwitches)
    }
}
