import Foundation
import X11TestSupport

/// What the daemon costs while it works and while it waits.
extension LiveBench {
    typealias Gesture = (_ leftward: Bool, _ pace: inout Pacer?) throws -> Int

    struct Cost {
        var ticks = 0
        var events = 0
        var gestures = 0
        /// Actions the daemon logged: each gesture should have fired one.
        var performed = 0
        var seconds = 0.0

        var msPerThousand: Double { ProcessStats.milliseconds(ticks) * 1000 / Double(events) }
    }

    /// The daemon's CPU time while it works through at least `target` events of `gestures`,
    /// taken in turn, alternating left and right; `pause` between gestures. Without `pace`, as
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
        cost.ticks = try ProcessStats.read(pid: d.child.pid).cpuTicks - before.cpuTicks
        return cost
    }

    /// CPU ticks and context switches of the daemon over `seconds` in which nothing happens.
    func idle(_ d: DaemonProcess, seconds: UInt32) throws -> (ticks: Int, wakeUps: Int) {
        let before = try ProcessStats.read(pid: d.child.pid)
        sleep(seconds)
        let after = try ProcessStats.read(pid: d.child.pid)
        return (after.cpuTicks - before.cpuTicks, after.contextSwitches - before.contextSwitches)
    }
}
