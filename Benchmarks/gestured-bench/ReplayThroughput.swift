import Foundation
import GestureCore
import GestureTrace
import X11TestSupport
import XServerSupport

/// `gestured replay` on the trace written to a file: reading, parsing, the engine and printing
/// what it recognizes, timed from the spawn of the release binary to its exit.
enum ReplayThroughput {
    struct Result {
        var seconds: Double
        /// User + system time of the replay process.
        var cpuSeconds: Double
        var bytes: Int
        /// Action lines replay printed: the same number as the engine's when all is well.
        var actions: Int
    }

    /// Writes `events` as a trace into `directory`; returns the file.
    static func write(_ events: [InputEvent], into directory: URL) throws -> URL {
        var text = TraceWriter.header(TraceGenerator.screen) + "\n"
        text.reserveCapacity(events.count * 72)
        for e in events {
            text += TraceWriter.line(e)
            text += "\n"
        }
        let file = directory.appendingPathComponent("bench.jsonl")
        try text.write(to: file, atomically: false, encoding: .utf8)
        return file
    }

    static func run(binary: URL, config: URL, trace: URL) throws -> Result {
        let output = trace.deletingLastPathComponent().appendingPathComponent("replay.out")
        try? FileManager.default.removeItem(at: output)
        let run = try ChildRun.run(binary, ["replay", "--config", config.path, trace.path], standardOutput: output)
        let actions = try actionLines(in: output)
        let bytes = (try FileManager.default.attributesOfItem(atPath: trace.path)[.size] as? Int) ?? 0
        return Result(seconds: run.seconds, cpuSeconds: run.cpuSeconds, bytes: bytes, actions: actions)
    }

    /// The action lines of replay's output.
    static func actionLines(in output: URL) throws -> Int {
        let printed = try String(contentsOf: output, encoding: .utf8)
        return printed.split(separator: "\n").count { $0.hasPrefix("{\"t\":") && $0.contains(",\"action\":") }
    }
}
