import Foundation
import GestureConfig
import X11TestSupport

/// The daemon against the floor of an X client: the same paced input, from the same
/// generators, sent to the minimal client alone (`XClientFloor`), then to the daemon alone, in
/// a few rounds; CPU time of all threads per event, and the ratio.
extension LiveBench {
    /// Events of each input, to each of the two.
    static let floorEvents = 6_000
    /// Frames 4 ms apart, as a hand draws and a 250 Hz device reports; a pause between gestures.
    static let floorFrame = Duration.milliseconds(4)
    static let floorPause = Duration.milliseconds(10)

    /// What each input is and what it should make the daemon do.
    struct FloorInput {
        var label: String
        /// The gestures it is made of, as the table says them.
        var shape: String
        /// The default config's actions a gesture of it fires; none for plain motion.
        var actions: [String]
        var gesture: Gesture
    }

    var floorInputs: [FloorInput] {
        [FloorInput(label: "three-finger touchscreen swipes", shape: "swipes of 3 fingers x 18 frames",
                    actions: ["next-desktop", "previous-desktop"], gesture: touchSwipe),
         FloorInput(label: "three-finger touchpad swipes", shape: "swipes of a begin, 10 updates and an end",
                    actions: ["next-desktop", "previous-desktop"], gesture: padSwipe),
         FloorInput(label: "right-button strokes", shape: "strokes of a motion to where it starts, a press, 20 motions and a release",
                    actions: ["back", "forward"], gesture: stroke),
         FloorInput(label: "plain mouse motion, no button held", shape: "runs of 20 motions", actions: [], gesture: motion)]
    }

    /// One process's share of one input.
    struct FloorRun {
        var events = 0
        var gestures = 0
        var nanoseconds = 0
        var contextSwitches = 0
        /// The client: XInput 2 events it read. The daemon: actions it performed.
        var seen = 0

        var microsecondsPerEvent: Double { Double(nanoseconds) / 1000 / Double(events) }

        mutating func add(_ other: FloorRun) {
            events += other.events
            gestures += other.gestures
            nanoseconds += other.nanoseconds
            contextSwitches += other.contextSwitches
            seen += other.seen
        }
    }

    /// The client's and the daemon's share of one input, and the daemon's resident memory.
    struct FloorPair {
        var client = FloorRun()
        var daemon = FloorRun()
        var readyKiB = 0, afterKiB = 0
    }

    /// Rounds each input is cut into: a fresh minimal client alone, then a fresh daemon alone,
    /// in turn, so that the two halves of a ratio are seconds apart, not minutes, on a machine
    /// whose load moves.
    static let floorRounds = 4

    /// `events` of `input`, in `floorRounds` rounds: each round a share of them to a fresh minimal
    /// client alone, then the same to a fresh daemon alone (a daemon's grabs would take the
    /// touches and gestures from the client); the sums of the rounds.
    func floor(of input: FloorInput, events target: Int) throws -> FloorPair {
        var pair = FloorPair()
        for _ in 0..<Self.floorRounds {
            let round = try floorRound(of: input, events: target / Self.floorRounds)
            pair.client.add(round.client)
            pair.daemon.add(round.daemon)
            pair.readyKiB = max(pair.readyKiB, round.readyKiB)
            pair.afterKiB = max(pair.afterKiB, round.afterKiB)
        }
        return pair
    }

    private func floorRound(of input: FloorInput, events target: Int) throws -> FloorPair {
        var pair = FloorPair()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-bench-xclient-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // Each fresh process is left 100 ms of quiet before its input, so that what it does as it
        // starts (and what the window manager does about it) is not counted as the input's.
        let client = try XClientFloor.start(on: server, log: log)
        ProcessStats.waitUntilIdle(pid: client.pid, quiet: .milliseconds(100))
        pair.client = try feed(input, events: target, to: client.pid) { _ in ProcessStats.waitUntilIdle(pid: client.pid) }
        pair.client.seen = try XClientFloor.finish(client, log: log)

        let d = try daemon(config: DefaultConfig.text)
        defer { d.stop() }
        pair.readyKiB = try ProcessStats.read(pid: d.child.pid).residentKiB
        ProcessStats.waitUntilIdle(pid: d.child.pid, quiet: .milliseconds(100))
        pair.daemon = try feed(input, events: target, to: d.child.pid) { gestures in
            if input.actions.isEmpty {
                ProcessStats.waitUntilIdle(pid: d.child.pid)
            } else {
                _ = Self.settle(d, performed: input.actions, count: gestures)
            }
        }
        pair.daemon.seen = Self.performed(input.actions, in: d)
        pair.afterKiB = try ProcessStats.read(pid: d.child.pid).residentKiB
        return pair
    }

    /// Sends at least `target` events of `input`, its gestures alternating left and right, frames
    /// `floorFrame` apart and `floorPause` between gestures; `finish` waits until `pid` has
    /// handled them (given how many gestures went). `pid`'s CPU time and context switches over it.
    private func feed(_ input: FloorInput, events target: Int, to pid: pid_t, finish: (Int) throws -> Void) throws -> FloorRun {
        var run = FloorRun()
        let nanoseconds = try ProcessStats.allThreadsRunNanoseconds(pid: pid)
        let switches = try ProcessStats.read(pid: pid).contextSwitches
        var pace: Pacer? = Pacer(every: Self.floorFrame)
        while run.events < target {
            run.events += try input.gesture(run.gestures % 2 == 0, &pace)
            run.gestures += 1
            usleep(UInt32(Self.floorPause / .microseconds(1)))
            // A fresh pacer: a gesture's first frame waits its interval after the one before it
            // (a stroke's first motion after its press), however long the pause.
            pace = Pacer(every: Self.floorFrame)
        }
        try finish(run.gestures)
        run.nanoseconds = try ProcessStats.allThreadsRunNanoseconds(pid: pid) - nanoseconds
        run.contextSwitches = try ProcessStats.read(pid: pid).contextSwitches - switches
        return run
    }

    /// The table's rows: the daemon's and the client's CPU per event for each input, and the ratio.
    func floorRows(_ pairs: [FloorPair]) -> [(label: String, value: String, detail: String)] {
        zip(floorInputs, pairs).map { input, pair in
            let (c, d) = (pair.client, pair.daemon)
            let lost = d.gestures - d.seen
            let performed = input.actions.isEmpty ? "\(Table.count(Double(d.contextSwitches))) daemon wake-ups (context switches) over them"
                : "\(d.seen) of \(d.gestures) actions performed" + (lost == 0 ? "" : " (**\(lost) lost**)")
            return ("daemon CPU against a minimal X client, \(input.label)",
                    "daemon \(Table.fixed(d.microsecondsPerEvent, 1)) µs per event, client \(Table.fixed(c.microsecondsPerEvent, 1)): "
                        + "\(Table.fixed(d.microsecondsPerEvent / c.microsecondsPerEvent, 2))x",
                    "\(Table.count(Double(d.events))) events in \(d.gestures) \(input.shape), frames \(Table.fixed(Stopwatch.milliseconds(Self.floorFrame), 0)) ms apart, "
                        + "\(Table.fixed(Stopwatch.milliseconds(Self.floorPause), 0)) ms between; in \(Self.floorRounds) rounds of a fresh minimal client alone, then a fresh daemon alone; "
                        + "CPU of all threads, /proc/PID/task/*/schedstat; the client read \(Table.count(Double(c.seen))) events; \(performed); "
                        + "wake-ups (context switches) per gesture: daemon \(Table.fixed(Double(d.contextSwitches) / Double(d.gestures), 1)), "
                        + "client \(Table.fixed(Double(c.contextSwitches) / Double(c.gestures), 1))")
        }
    }

    /// `gestured-bench floor`: the rows above and the daemons' resident memory, alone.
    func measureFloor() throws {
        let pairs = try floorInputs.map { try floor(of: $0, events: Self.floorEvents) }
        for row in floorRows(pairs) { print("\(row.label): \(row.value); \(row.detail)") }
        print("daemon resident memory, the largest of the four: " + Self.memoryGuard(readyKiB: pairs.map(\.readyKiB).max() ?? 0,
              afterKiB: pairs.map(\.afterKiB).max() ?? 0, after: "its input"))
    }

    /// Resident memory at ready and after the load, against the guard of 16 MiB.
    static func memoryGuard(readyKiB: Int, afterKiB: Int, after load: String) -> String {
        let held = max(readyKiB, afterKiB) <= 16 * 1024
        return "\(Table.fixed(Double(readyKiB) / 1024, 1)) MiB ready, \(Table.fixed(Double(afterKiB) / 1024, 1)) MiB after \(load) "
            + (held ? "(guard, at most 16 MiB: held)" : "(guard, at most 16 MiB: **not held**)")
    }
}
