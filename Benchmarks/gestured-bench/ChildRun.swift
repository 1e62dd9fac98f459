import Foundation
import X11TestSupport
import XServerSupport

/// One program run to its end, timed from spawn to exit, with the CPU time (user + system) of
/// it and of every descendant that was waited for: getrusage(RUSAGE_CHILDREN) before and after.
struct ChildRun {
    var seconds: Double
    var cpuSeconds: Double

    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                    standardOutput: URL, timeout: Duration = .seconds(600)) throws -> ChildRun {
        let before = childrenCPU()
        let start = ContinuousClock.now
        let child = try ChildProcess.spawn(executable, arguments, environment: environment, standardOutput: standardOutput)
        guard child.waitForExit(timeout: timeout) else {
            child.terminate(grace: .zero)
            throw BenchError("\(child.commandLine) did not finish in \(timeout)")
        }
        let seconds = Stopwatch.seconds(since: start)
        guard child.exitStatus == 0 else {
            let tail = (try? String(contentsOf: standardOutput, encoding: .utf8))?.suffix(500) ?? ""
            throw BenchError("\(child.commandLine) \(child.exitDescription ?? "failed"): \(tail)")
        }
        return ChildRun(seconds: seconds, cpuSeconds: childrenCPU() - before)
    }

    /// The median run of three, by CPU time.
    static func median(_ runs: () throws -> ChildRun) rethrows -> ChildRun {
        let all = try (0..<3).map { _ in try runs() }
        return all.sorted { $0.cpuSeconds < $1.cpuSeconds }[1]
    }

    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
