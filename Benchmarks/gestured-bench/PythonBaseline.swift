import Foundation
import GestureTrace
import X11TestSupport
import XServerSupport

/// What `gestured replay` is compared with: Python's json.loads over the same trace, a line at
/// a time and nothing else, and gestured's own trace reader alone, in process.
enum PythonBaseline {
    /// The whole Python program: read the file line by line, parse each line.
    static let program = "import json, sys\nfor line in open(sys.argv[1], 'rb'):\n    json.loads(line)\n"

    /// `python3 -c PROGRAM TRACE`, median of three by CPU time.
    static func jsonLoads(trace: URL) throws -> ChildRun {
        let python = try locate("python3")
        let output = trace.deletingLastPathComponent().appendingPathComponent("python.out")
        return try ChildRun.median { try ChildRun.run(python, ["-c", program, trace.path], standardOutput: output) }
    }

    /// The trace read into events by `TraceReader` in this process, a megabyte read at a time, as
    /// `gestured replay` reads it: the part of replay that does what json.loads does. CPU seconds
    /// of this thread, as json.loads is counted in CPU time, median of three.
    static func traceReader(trace: URL) throws -> (seconds: Double, events: Int) {
        var runs: [(Double, Int)] = []
        for _ in 0..<3 {
            guard let file = fopen(trace.path, "rb") else { throw BenchError("cannot open \(trace.path)") }
            defer { fclose(file) }
            var reader = TraceReader(file: trace.lastPathComponent)
            var splitter = TraceText.Splitter()
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            var events = 0
            let start = threadCPU()
            do throws(TraceError) {
                while true {
                    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                    guard count > 0 else { break }
                    try chunk.withUnsafeBufferPointer { (all) throws(TraceError) in
                        try splitter.feed(UnsafeBufferPointer(rebasing: all[0..<count])) { (line) throws(TraceError) in
                            if case .event? = try reader.read(line: line) { events += 1 }
                        }
                    }
                }
                try splitter.finish { (line) throws(TraceError) in
                    if case .event? = try reader.read(line: line) { events += 1 }
                }
            } catch {
                throw BenchError("the bench's own trace does not read: \(error)")
            }
            runs.append((threadCPU() - start, events))
        }
        return runs.sorted { $0.0 < $1.0 }[1]
    }

    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func locate(_ name: String) throws -> URL {
        do { return try ExternalCommand.locate(name) } catch { throw BenchError("\(name) is not on PATH: \(error)") }
    }
}
