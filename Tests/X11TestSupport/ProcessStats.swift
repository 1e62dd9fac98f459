import Foundation

/// What the kernel counts for a running process, read from /proc: CPU time, context switches of
/// all its threads, resident memory. For the benchmark and for tests of an idle daemon.
public struct ProcessStats {
    /// User plus system time, in clock ticks (`ticksPerSecond` of them a second).
    public var cpuTicks: Int
    /// Voluntary and involuntary context switches, summed over every thread: each one a wake-up
    /// or a preemption.
    public var contextSwitches: Int
    /// Voluntary context switches, summed over every thread: each one a sleep after a wake-up.
    /// Unlike preemptions, which other processes on a busy machine cause, only the process's own
    /// waking moves it.
    public var wakeUps: Int
    /// VmRSS in KiB.
    public var residentKiB: Int
    /// VmHWM in KiB: the most it was resident at any time.
    public var peakKiB: Int
    /// RssFile in KiB: pages of files mapped in (the binary's and the libraries' code, mostly),
    /// which grow as code runs for the first time, and by megabytes at once when the kernel
    /// gathers a binary's text into huge pages: not memory the process holds of its input.
    public var fileKiB: Int

    public static let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))

    public static func read(pid: pid_t) throws -> ProcessStats {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which may itself hold spaces and parentheses;
        // utime and stime are fields 14 and 15 of the whole line.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(
            separator: " ")
        let ticks = Int(fields[11])! + Int(fields[12])!
        var switches = 0
        var voluntary = 0
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            let status = try String(
                contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            voluntary += value(of: "voluntary_ctxt_switches", in: status)
            switches +=
                value(of: "voluntary_ctxt_switches", in: status)
                + value(of: "nonvoluntary_ctxt_switches", in: status)
        }
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return ProcessStats(
            cpuTicks: ticks, contextSwitches: switches, wakeUps: voluntary,
            residentKiB: value(of: "VmRSS", in: status),
            peakKiB: value(of: "VmHWM", in: status), fileKiB: value(of: "RssFile", in: status))
    }

    /// Nanoseconds the main thread of `pid` has run (/proc/PID/schedstat), finer than ticks.
    public static func runNanoseconds(pid: pid_t) -> Int {
        Int(
            (try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8))?.split(
                separator: " "
            ).first ?? "") ?? 0
    }

    /// Nanoseconds all the threads of `pid` have run (/proc/PID/task/*/schedstat): CPU time
    /// finer than ticks, for figures per event.
    public static func allThreadsRunNanoseconds(pid: pid_t) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").reduce(0) {
            sum, task in
            let line = try String(
                contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)
            return sum + (Int(line.split(separator: " ").first ?? "") ?? 0)
        }
    }

    /// Waits until `pid` has not run for `quiet`: it has worked through what was sent to it.
    public static func waitUntilIdle(
        pid: pid_t, quiet: Duration = .milliseconds(1), limit: Duration = .seconds(5)
    ) {
        let start = ContinuousClock.now
        var last = runNanoseconds(pid: pid)
        while ContinuousClock.now - start < limit {
            usleep(UInt32(quiet / .microseconds(1)))
            let now = runNanoseconds(pid: pid)
            if now == last { return }
            last = now
        }
    }

    /// The number of a `Key:   value` line of a /proc status file.
    private static func value(of key: String, in status: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
        return Int(line.dropFirst(key.count + 1).split(whereSeparator: \.isWhitespace).first ?? "")
            ?? 0
    }

    /// How much more the process held at its peak since `before` than it held then, less the
    /// pages of files it mapped in meanwhile (`fileKiB`). With /proc/PID/clear_refs reset to
    /// the resident size just before `before` was read, so that an earlier peak does not hide
    /// this one.
    public static func peakGrowthKiB(from before: ProcessStats, to after: ProcessStats) -> Int {
        after.peakKiB - before.residentKiB - max(0, after.fileKiB - before.fileKiB)
    }

    /// Forgets the peak so far: VmHWM is the resident size from now on (Linux 4.0 and later).
    public static func resetPeak(pid: pid_t) throws {
        try "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Milliseconds of CPU time in `ticks`.
    public static func milliseconds(_ ticks: Int) -> Double {
        Double(ticks) * 1000 / Double(ticksPerSecond)
    }
}
