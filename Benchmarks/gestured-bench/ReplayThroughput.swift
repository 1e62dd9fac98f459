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
        let start = ContinuousClock.now
        let child = try ChildProcess.spawn(binary, ["replay", "--config", config.path, trace.path], standardOutput: output)
        child.waitForExit(timeout: .seconds(600))
        let seconds = Stopwatch.seconds(since: start)
        guard child.exitStatus == 0 else {
            throw BenchError("gestured replay \(child.exitDescription ?? "did not finish"): \(String((try? String(contentsOf: output, encoding: .utf8))?.suffix(500) ?? ""))")
        }
        let printed = try String(contentsOf: output, encoding: .utf8)
        let actions = printed.split(separator: "\n").count { $0.hasPrefix("{\"t\":") && $0.contains(",\"action\":") }
        let bytes = (try FileManager.default.attributesOfItem(atPath: trace.path)[.size] as? Int) ?? 0
        return Result(seconds: seconds, bytes: bytes, actions: actions)
    }
}
