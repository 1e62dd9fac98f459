import Foundation
import GestureConfig
import GestureCore
import XServerSupport

/// `make bench`: measures gestured on this machine in one run and prints one markdown table,
/// with the machine it ran on, for docs/performance.md.
@main
enum Bench {
    static let seed: UInt64 = 1
    static let traceEvents = 1_000_000
    /// Events per CPU-time figure: enough that a 10 ms clock tick is a small part of it.
    static let loadEvents = 20_000
    static let latencySamples = 200
    static let startups = 10

    static func main() {
        do {
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
        let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("gestured")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("\(binary.path) is missing: build gestured in the same configuration first (make bench does)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        if CommandLine.arguments.dropFirst().first == "cpu" {
            // Only the daemon's CPU per event, for working on it (not a figure for the docs).
            let server = try XServer.start()
            defer { server.stop() }
            try server.startWindowManager()
            try LiveBench(server: server, binary: binary).measureCPU()
            return
        }
        var table = Table()
        try offline(into: &table, directory: directory, binary: binary)
        progress("starting Xorg and openbox")
        let server = try XServer.start()
        defer { server.stop() }
        try server.startWindowManager()
        let machine = Machine.describe(xorgLog: server.logFile)
        try LiveBench(server: server, binary: binary).measure(into: &table)
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

        progress("gestured replay throughput")
        let config = directory.appendingPathComponent("default.toml")
        try DefaultConfig.text.write(to: config, atomically: false, encoding: .utf8)
        let trace = try ReplayThroughput.write(events, into: directory)
        let replays = try (0..<3).map { _ in try ReplayThroughput.run(binary: binary, config: config, trace: trace) }
        let replay = replays.sorted { $0.seconds < $1.seconds }[1]
        let megabytes = Double(replay.bytes) / 1_000_000
        table.add("`gestured replay` throughput", "\(Table.count(Double(events.count) / replay.seconds)) events/s, \(Table.fixed(megabytes / replay.seconds, 1)) MB/s",
                  "the same trace as a \(Table.fixed(megabytes, 0)) MB file, `gestured replay --config default.toml FILE` from spawn to exit (reading, parsing, engine, output), median of 3; \(Table.count(Double(replay.actions))) actions printed")
    }
}
