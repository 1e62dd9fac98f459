import Foundation
import GestureConfig

/// The settings window's start: from spawn to the end of its first painted frame, and its memory
/// then, against a bare GTK window (one label, same program, same libraries) on the same server
/// and session bus: the floor any GTK 4 program pays.
enum SettingsWindowBench {
    static let runs = 7

    struct Start {
        let milliseconds: Double
        let peakKiB: Int
        let residentKiB: Int
    }

    static func measure(into table: inout Table, display: String, directory: URL) throws {
        Bench.progress("settings window, \(runs) starts and \(runs) of a bare GTK window")
        let (window, bare) = try starts(display: display, directory: directory)
        func median(_ s: [Start], _ f: (Start) -> Double) -> Double { Table.percentile(s.map(f), 0.5) }
        let ms = median(window, \.milliseconds), bareMs = median(bare, \.milliseconds)
        table.add("settings window: start to first frame", "\(Table.fixed(ms, 0)) ms median, \(Table.fixed(window.map(\.milliseconds).max() ?? 0, 0)) ms max (asked: < 1 s); \(Table.fixed(ms / bareMs, 1))x a bare GTK window (\(Table.fixed(bareMs, 0)) ms)",
                  "`gestured-settings --config default.toml` (release build) from spawn to the end of its window's first painted frame (GdkFrameClock after-paint), GSK_RENDERER=cairo, under openbox, one session bus for all; median of \(runs), taken in turn with a GTK window holding one label")
        let mib = { (k: Double) in Table.fixed(k / 1024, 1) }
        table.add("settings window: memory at first frame", "VmHWM \(mib(median(window) { Double($0.peakKiB) })) MiB, VmRSS \(mib(median(window) { Double($0.residentKiB) })) MiB; a bare GTK window \(mib(median(bare) { Double($0.peakKiB) })) MiB",
                  "/proc/self/status at the first frame, median of the same starts")
    }

    /// Runs both in turn under one `dbus-run-session`, as a desktop session has one bus.
    static func starts(display: String, directory: URL) throws -> (window: [Start], bare: [Start]) {
        let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("gestured-settings")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("\(binary.path) is missing: build gestured-settings in the same configuration first (make bench does)")
        }
        let config = directory.appendingPathComponent("settings.toml")
        try DefaultConfig.text.write(to: config, atomically: false, encoding: .utf8)
        let one = "GESTURED_SETTINGS_FIRST_FRAME=$(date +%s%N) '\(binary.path)' --config '\(config.path)'"
        let script = "for i in $(seq \(runs)); do \(one); GESTURED_SETTINGS_BARE=1 \(one); done"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "/bin/sh", "-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display, "GSK_RENDERER": "cairo"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let starts: [Start] = output.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 4, f[0] == "first-frame", let ms = Double(f[1]), let peak = Int(f[2]), let rss = Int(f[3]) else { return nil }
            return Start(milliseconds: ms, peakKiB: peak, residentKiB: rss)
        }
        guard starts.count == 2 * runs else { throw BenchError("gestured-settings reported \(starts.count) of \(2 * runs) first frames:\n\(output)") }
        return (stride(from: 0, to: starts.count, by: 2).map { starts[$0] }, stride(from: 1, to: starts.count, by: 2).map { starts[$0] })
    }
}
