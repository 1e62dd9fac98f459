import Foundation
import GestureConfig
import GestureCore
import XServerSupport
import GestureStrokes

/// `make bench`: measures gestured on this machine in one run and prints one markdown table,
/// with the machine it ran on, for docs/performance.md.
@main
enum Bench {
    static let seed: UInt64 = 1
    static let traceEvents = 1_000_000
    static let latencySamples = 200
    static let startups = 10
    /// Events of touchpad swipes and pinches for the libinput-gestures comparison.
    static let touchpadEvents = 200_000
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func main() {
        do {
            if CommandLine.arguments.dropFirst().first == "xclient", CommandLine.arguments.count == 5 {
                let a = CommandLine.arguments
                exit(XClientFloor.main(display: a[2], touchscreen: a[3], touchpad: a[4]))
            }
            if CommandLine.arguments.dropFirst().first == "strokes" {
                StrokeBench.main(Array(CommandLine.arguments.dropFirst(2)))
                return
            }
            if CommandLine.arguments.dropFirst().first == "engine" {
                engineOnly()
                return
            }
            try run()
        } catch {
            FileHandle.standardError.write(Data("gestured-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func progress(_ text: String) { FileHandle.standardError.write(Data("bench: \(text)\n".utf8)) }

    static func run() throws {
        // `gestured-bench reader FILE`: the trace reader alone on a trace of one's own, as the table's
        // row reads the generated one, for profiling it (callgrind --toggle-collect='*traceReader*').
        if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "reader" {
            let r = try PythonBaseline.traceReader(trace: URL(fileURLWithPath: CommandLine.arguments[2]))
            print("trace reader: \(Table.fixed(r.seconds)) s of CPU, median of 3, \(Table.count(Double(r.events))) events")
            return
        }
        let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("gestured")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("\(binary.path) is missing: build gestured in the same configuration first (make bench does)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // `chromium`: what Chromium's page saw without gestured and under it (make bench-chromium).
        if CommandLine.arguments.dropFirst().first == "chromium" {
            // GESTURED_BENCH_BINARY: another build's gestured, to compare with (an older commit's).
            let other = ProcessInfo.processInfo.environment["GESTURED_BENCH_BINARY"].map { URL(fileURLWithPath: $0) }
            try ChromiumBench.run(binary: other ?? binary)
            return
        }
        // `floor`, `overload`, `drag`, `stream` and `feedback`: single live figures, for working on them (not for the docs).
        let single: [String: (LiveBench) throws -> Void] = ["floor": { try $0.measureFloor() }, "overload": { try $0.measureOverload() },
                                                            "drag": { try $0.measureDrag() }, "stream": { try $0.measureStream() },
                                                            "feedback": { try $0.measureFeedback() }]
        if CommandLine.arguments.dropFirst().first == "settings" {
            let server = try XServer.start()
            defer { server.stop() }
            try server.startWindowManager()
            var table = Table()
            try SettingsWindowBench.measure(into: &table, display: server.displayName, directory: directory)
            print(table.markdown)
            return
        }
        if let mode = CommandLine.arguments.dropFirst().first, let measure = single[mode] {
            let server = try XServer.start()
            defer { server.stop() }
            try server.startWindowManager()
            try measure(LiveBench(server: server, binary: binary))
            return
        }
        var table = Table()
        try offline(into: &table, directory: directory, binary: binary)
        // `gestured-bench replay`: the offline rows only, without the X server's five minutes.
        if CommandLine.arguments.dropFirst().first == "replay" {
            print("machine: \(Machine.describe(xorgLog: nil))\n\n\(table.markdown)")
            return
        }
        progress("starting Xorg and openbox")
        let server = try XServer.start()
        defer { server.stop() }
        try server.startWindowManager()
        let machine = Machine.describe(xorgLog: server.logFile)
        try LiveBench(server: server, binary: binary).measure(into: &table)
        try SettingsWindowBench.measure(into: &table, display: server.displayName, directory: directory)
        print("machine: \(machine)\n\n\(table.markdown)")
    }

    /// `gestured-bench engine`: the engine throughput figure alone, for profiling and for
    /// measuring a change to the engine in seconds rather than the minutes of the whole table.
    static func engineOnly() {
        let events = TraceGenerator.events(count: traceEvents, seed: seed)
        let runs = (0..<5).map { _ in EngineThroughput.run(events) }
        let seconds = Table.percentile(runs.map(\.seconds), 0.5)
        print("engine throughput, default config: \(Table.count(Double(events.count) / seconds)) events/s "
              + "(median of \(runs.count) runs over \(Table.count(Double(events.count))) events; \(runs[0].actions) actions fired)")
    }

    /// The engine and `gestured replay` on a generated trace; no X server.
    static func offline(into table: inout Table, directory: URL, binary: URL) throws {
        progress("generating \(Table.count(Double(traceEvents))) events")
        let events = TraceGenerator.events(count: traceEvents, seed: seed)
        let share = { (s: InputSource) in Table.fixed(Double(events.count { $0.source == s }) * 100 / Double(events.count), 0) + " %" }
        let mix = "\(share(.touchscreen)) touchscreen, \(share(.touchpad)) touchpad, \(share(.pointer)) pointer"

        progress("engine throughput")
        let engine = (0..<3).map { _ in EngineThroughput.run(events) }
        let engineSeconds = Table.percentile(engine.map(\.seconds), 0.5)
        table.add("engine throughput, default config", "\(Table.count(Double(events.count) / engineSeconds)) events/s",
                  "\(Table.count(Double(events.count))) generated events (seed \(seed); \(mix); swipes, pinches, taps, edge swipes, strokes, clicks, pointer motion), in process, median of 3 runs; \(Table.count(Double(engine[0].actions))) actions fired")

        progress("stroke matching")
        let stroke = StrokeBench.matchMicroseconds()
        table.add("stroke match, every built-in template", "\(Table.fixed(stroke.median, 1)) µs per stroke (asked: < 50 µs)",
                  "`StrokeMatcher.match` of \(stroke.strokes) generated strokes (all 16 shapes, 3 speeds, every variation; seed \(StrokeBench.reportSeed)) against the \(stroke.templates) built-in templates, in process, median of 7 runs")
        let reading = StrokeBench.readingMicroseconds()
        table.add("stroke reading, as the daemon reads a finished stroke", "\(Table.fixed(reading, 1)) µs per stroke",
                  "`StrokeBook.read` of the same strokes with the 16 shapes bound: the shapes ruled out, every built-in template and the evidence model's, the model's decision; in process, median of 7 runs")
        progress("strokes of people, leave one set out")
        if let people = StrokeBench.leaveOneSetOut() {
            table.add("strokes of people, held out by set", people.value, people.about)
        }

        progress("gestured replay throughput")
        let config = directory.appendingPathComponent("default.toml")
        try DefaultConfig.text.write(to: config, atomically: false, encoding: .utf8)
        let trace = try ReplayThroughput.write(events, into: directory)
        let replays = try (0..<3).map { _ in try ReplayThroughput.run(binary: binary, config: config, trace: trace) }
        let replay = replays.sorted { $0.seconds < $1.seconds }[1]
        let megabytes = Double(replay.bytes) / 1_000_000
        table.add("`gestured replay` throughput", "\(Table.count(Double(events.count) / replay.seconds)) events/s, \(Table.fixed(megabytes / replay.seconds, 1)) MB/s",
                  "the same trace as a \(Table.fixed(megabytes, 0)) MB file, `gestured replay --config default.toml FILE` from spawn to exit (reading, parsing, engine, output), median of 3; \(Table.count(Double(replay.actions))) actions printed")
        try againstPython(into: &table, trace: trace, lines: events.count + 1, replays: replays)
        try againstLibinputGestures(into: &table, directory: directory, binary: binary)
    }

    /// `gestured replay` and its trace reader against Python's json.loads over the same lines.
    static func againstPython(into table: inout Table, trace: URL, lines: Int, replays: [ReplayThroughput.Result]) throws {
        progress("python3 json.loads over the same trace")
        let python = try PythonBaseline.jsonLoads(trace: trace)
        let replayCPU = Table.percentile(replays.map(\.cpuSeconds), 0.5)
        table.add("Python `json.loads`, the same trace", "\(Table.fixed(python.cpuSeconds)) s CPU, \(Table.count(Double(lines) / python.cpuSeconds)) lines/s",
                  "`python3 -c` reading the file line by line with `json.loads` and nothing else, \(Table.count(Double(lines))) lines, user + system time, median of 3; \(Table.fixed(python.seconds)) s from spawn to exit")
        table.add("`gestured replay` against `json.loads`", "\(Table.fixed(python.cpuSeconds / replayCPU, 1))x faster (asked: 10x)",
                  "CPU time, user + system: `json.loads` \(Table.fixed(python.cpuSeconds)) s, `gestured replay` \(Table.fixed(replayCPU)) s (median of the 3 runs above: reading, parsing, engine, dispatch, output)")
        progress("the trace reader alone")
        let reader = try PythonBaseline.traceReader(trace: trace)
        table.add("trace reader alone against `json.loads`", "\(Table.fixed(python.cpuSeconds / reader.seconds, 1))x faster",
                  "`TraceReader` in process on the same file, read a megabyte at a time, into \(Table.count(Double(reader.events))) events: \(Table.fixed(reader.seconds)) s of CPU (this thread's), median of 3; the part of replay that does what `json.loads` does")
    }

    /// CPU time of gestured and libinput-gestures on one touchpad stream.
    static func againstLibinputGestures(into table: inout Table, directory: URL, binary: URL) throws {
        progress("libinput-gestures on a touchpad stream")
        let r = try LibinputGestures.measure(binary: binary, packageRoot: packageRoot, directory: directory, events: touchpadEvents, seed: seed)
        let stream = "\(Table.count(Double(r.events))) touchpad events, \(Table.count(Double(r.gestures))) swipes (3 and 4 fingers) and pinches (2 and 4)"
        table.add("`gestured replay` CPU, touchpad stream", "\(Table.fixed(r.gestured.cpuSeconds * 1000, 0)) ms",
                  "\(stream) as a trace, a config of 12 gestures (swipes in 4 directions, pinches in and out) each `exec true`, dry run; user + system time, median of 3; \(Table.count(Double(r.gesturedActions))) actions printed")
        guard let peer = r.peer else {
            table.add("libinput-gestures CPU, the same stream", "not measured", r.peerMissing ?? "")
            return
        }
        table.add("libinput-gestures CPU, the same stream", "\(Table.fixed(peer.cpuSeconds * 1000, 0)) ms",
                  "the same swipes and pinches as `libinput debug-events` text from a stand-in `libinput`, the same 12 gestures each `true`, `libinput-gestures --device all --debug` (dry run); user + system time of python3, stdbuf and the stand-in, median of 3; \(Table.count(Double(r.peerActions))) commands it would run")
        table.add("gestured against libinput-gestures", "\(Table.fixed(peer.cpuSeconds / r.gestured.cpuSeconds, 1))x less CPU (asked: 20x)",
                  "the two rows above")
    }
}
