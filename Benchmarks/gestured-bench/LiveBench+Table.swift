import Foundation
import GestureConfig
import X11TestSupport

/// Every live figure, in the order the table gives them.
extension LiveBench {
    /// `gestured-bench stream`: the stream's latency alone.
    func measureStream() throws {
        let row = Self.streamRow(try streamLatency(samples: Bench.latencySamples))
        print("\(row.label): \(row.value); \(row.detail)")
    }

    static func streamRow(_ samples: [Double]) -> (label: String, value: String, detail: String) {
        ("touchegg stream latency",
         "\(Table.fixed(Table.percentile(samples, 0.5))) ms median, \(Table.fixed(Table.percentile(samples, 0.99))) ms p99",
         "a three-finger touchpad swipe update written to the server's inputtest driver to its OnGestureUpdate in a Gio client's "
             + "handler (Tests/X11Tests/touchegg-client.py, as GNOME's X11 Gestures extension connects), CLOCK_MONOTONIC on both sides, "
             + "one update at a time, \(samples.count) samples")
    }

    /// `gestured-bench overload`: the overload rows alone, each measured whatever became of the
    /// other (`overload held`: the held-up row only).
    func measureOverload() throws {
        let rows = CommandLine.arguments.dropFirst(2).first == "held" ? [true] : [false, true]
        for held in rows {
            let d = try daemon(config: DefaultConfig.text)
            defer { d.stop() }
            do {
                let row = Self.row(try overload(d, events: Self.overloadEvents, held: held), held: held)
                print("\(row.label): \(row.value); \(row.detail)")
            } catch {
                print("\(held ? "held up" : "not held up"): \(error)")
            }
        }
    }

    static let overloadEvents = 50_000

    static func row(_ o: Overload, held: Bool) -> (label: String, value: String, detail: String) {
        let label = held ? "daemon memory, input read seconds late (daemon held up)" : "daemon memory, input as fast as the server takes it"
        let value = "\(Table.fixed(Double(o.daemonPeakAfter) / 1024, 1)) MiB at its peak (\(Table.fixed(Double(o.daemonPeakBefore) / 1024, 1)) MiB before), "
            + "\(Table.fixed(Double(o.daemonGrowth) / 1024, 2)) MiB more than before less the binary's pages mapped in, "
            + "\(o.givenBack) of \(o.swipes * 3) touches given back as late"
        let detail = "VmHWM (reset with clear_refs before the input; RssFile's growth taken off for the second figure); \(Table.count(Double(o.events))) events of \(o.swipes) three-finger touchscreen swipes sent without waiting for the daemon"
            + (held ? ", which was stopped (SIGSTOP) meanwhile and continued after" : "")
            + "; the server grew by \(Table.fixed(Double(o.serverPeak - o.serverBefore) / 1024, 1)) MiB meanwhile; \(o.performed) swipes performed, "
            + "\(o.givenBack) touches given back unseen as read later than touch-timeout (the log's count); everything answered "
            + "\(Table.fixed(o.catchUp, 1)) s after the first event" + (held ? "" : o.tap == ["TouchBegin", "TouchEnd"] ? ", and a tap after it went straight through"
                : ", and a tap after it did **not** reach the window as a touch: it brought \(o.tap.isEmpty ? "nothing in 60 s" : o.tap.joined(separator: ", "))")
        return (label, value, detail)
    }

    func measure(into table: inout Table) throws {
        Bench.progress("start-up, \(Bench.startups) times")
        let startups = try (0..<Bench.startups).map { _ in
            let d = try daemon(config: DefaultConfig.text)
            defer { d.stop() }
            return Stopwatch.milliseconds(d.startup)
        }
        Bench.progress("action latency, \(Bench.latencySamples) samples each")
        let latency = try latency(samples: Bench.latencySamples)
        Bench.progress("drag latency, \(Bench.latencySamples) updates")
        let drag = Self.dragRow(try dragLatency(samples: Bench.latencySamples))
        Bench.progress("touchegg stream latency, \(Bench.latencySamples) samples")
        let stream = try streamLatency(samples: Bench.latencySamples)
        Bench.progress("feedback animating, 20 swipes")
        let feedback = Self.feedbackRow(try feedbackCost(swipes: 20))

        Bench.progress("the minimal X client, then the daemon, \(Table.count(Double(Self.floorEvents))) events of each input")
        let floors = try floorInputs.map { try floor(of: $0, events: Self.floorEvents) }

        let d = try daemon(config: DefaultConfig.text)
        defer { d.stop() }
        let atStart = try ProcessStats.read(pid: d.child.pid).residentKiB
        Bench.progress("a million events through the X server")
        let million = try cost(of: d, events: 1_000_000, actions: ["next-desktop", "previous-desktop", "back", "forward"], pace: nil,
                               pause: .zero, limit: .seconds(150), [touchSwipe, stroke, padSwipe])
        let rss = try ProcessStats.read(pid: d.child.pid).residentKiB
        Bench.progress("ten idle seconds")
        let idle = try idle(d, seconds: 10)
        Bench.progress("input faster than the daemon reads it")
        let flooded = try overload(d, events: Self.overloadEvents, held: false)
        let heldUp = try overload(d, events: Self.overloadEvents, held: true)
        // The gestures went in turn: touchscreen swipe, stroke, touchpad swipe.
        let strokes = (million.gestures + 1) / 3, strokesPerformed = Self.performed(["back", "forward"], in: d)

        for row in floorRows(floors) { table.add(row.label, row.value, row.detail) }
        table.add("daemon CPU, idle", "\(idle.ticks) ticks in 10 s" + (idle.ticks == 0 ? " (zero, as it must be)" : " (**not zero**)"),
                  "utime+stime from /proc/PID/stat after the load below, nothing happening")
        table.add("daemon wake-ups, idle", "\(idle.wakeUps) in 10 s" + (idle.wakeUps == 0 ? " (none)" : " (**not none**)"),
                  "voluntary + involuntary context switches over all threads, /proc/PID/task/*/status")
        let counted = million.events >= 1_000_000 ? "" : " (all that fitted in \(Int(million.seconds)) s)"
        // More than a gesture in a hundred without its action: the daemon stopped taking input,
        // and the rows after this one, on the same daemon, measure nothing.
        let missing = million.gestures - million.performed
        let stopped = missing * 100 > million.gestures ? " (**\(missing) gestures without their action**)" : ""
        table.add("daemon resident memory", Self.memoryGuard(readyKiB: atStart, afterKiB: rss, after: "\(Table.count(Double(million.events))) events\(counted)") + stopped,
                  "VmRSS when ready and after the load: the \(Table.count(Double(million.events))) events unpaced, each gesture once the daemon had finished the one before (touchscreen swipes, strokes, touchpad swipes in turn, \(Table.count(Double(million.events) / million.seconds)) events/s); actions performed for \(strokesPerformed) of \(strokes) strokes, \(million.performed - strokesPerformed) of \(million.gestures - strokes) swipes")
        for (o, held) in [(flooded, false), (heldUp, true)] {
            let row = Self.row(o, held: held)
            table.add(row.label, row.value, row.detail)
        }
        table.add("start to ready", "\(Table.fixed(Table.percentile(startups, 0.5), 1)) ms median, \(Table.fixed(startups.max() ?? 0, 1)) ms max",
                  "spawn of `gestured run` with the default config to its \"ready\" log line, \(startups.count) starts")
        for (label, action, samples) in [("keys", "keys ctrl+alt+Home", latency.keys), ("exec", "exec touch FILE", latency.exec)] {
            table.add("action latency, `\(action)`",
                      "\(Table.fixed(Table.percentile(samples, 0.5))) ms median, \(Table.fixed(Table.percentile(samples, 0.99))) ms p99",
                      "touchpad swipe's completing event to the \(label == "keys" ? "key press in a test window" : "file present"), \(samples.count) samples")
        }
        table.add(drag.label, drag.value, drag.detail)
        table.add(Self.streamRow(stream).label, Self.streamRow(stream).value, Self.streamRow(stream).detail)
        table.add(feedback.label, feedback.value, feedback.detail)
    }
}
