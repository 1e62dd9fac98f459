import Foundation
import GestureCore
import GestureTrace
import XServerSupport

/// gestured against libinput-gestures (a Python program that reads `libinput debug-events` and
/// runs a command per swipe or pinch) on one touchpad stream: the same swipes and pinches, given
/// to gestured as a trace and to libinput-gestures as the text `libinput debug-events` prints for
/// them, through a stand-in `libinput` that prints it. Both in a dry run: `gestured replay`
/// prints the actions that would fire, `libinput-gestures --debug` the commands it would run.
/// The figure is CPU time, user + system, of each process tree.
enum LibinputGestures {
    struct Result {
        var gestured: ChildRun
        var gesturedActions: Int
        /// Nil when libinput-gestures could not be had, with why.
        var peer: ChildRun?
        var peerActions = 0
        var peerMissing: String?
        var events: Int
        var gestures: Int
    }

    /// Where a copy fetched by the bench is kept between runs.
    static func cache(_ packageRoot: URL) -> URL { packageRoot.appendingPathComponent(".build/bench-peers/libinput-gestures") }
    static let repository = "https://github.com/bulletmark/libinput-gestures"

    static func measure(binary: URL, packageRoot: URL, directory: URL, events count: Int, seed: UInt64) throws -> Result {
        let events = TraceGenerator.touchpad(count: count, seed: seed)
        let gestures = events.count { if case .swipeBegin = $0.kind { true } else if case .pinchBegin = $0.kind { true } else { false } }

        let trace = directory.appendingPathComponent("touchpad.jsonl")
        var text = TraceWriter.header(TraceGenerator.screen) + "\n"
        for e in events { text += TraceWriter.line(e) + "\n" }
        try text.write(to: trace, atomically: false, encoding: .utf8)
        let config = directory.appendingPathComponent("touchpad.toml")
        try gesturedConfig.write(to: config, atomically: false, encoding: .utf8)
        let output = directory.appendingPathComponent("touchpad-replay.out")
        let gestured = try ChildRun.median {
            try? FileManager.default.removeItem(at: output)
            return try ChildRun.run(binary, ["replay", "--config", config.path, trace.path], standardOutput: output)
        }
        var result = Result(gestured: gestured, gesturedActions: try ReplayThroughput.actionLines(in: output),
                            events: events.count, gestures: gestures)

        guard let peer = locate(packageRoot) else {
            result.peerMissing = missing
            return result
        }
        let recorded = directory.appendingPathComponent("debug-events.txt")
        try debugEvents(events).write(to: recorded, atomically: false, encoding: .utf8)
        let standIn = directory.appendingPathComponent("stand-in")
        try FileManager.default.createDirectory(at: standIn, withIntermediateDirectories: true)
        let libinput = standIn.appendingPathComponent("libinput")
        try standInScript.write(to: libinput, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: libinput.path)
        let peerConfig = directory.appendingPathComponent("libinput-gestures.conf")
        try self.peerConfig.write(to: peerConfig, atomically: false, encoding: .utf8)
        let peerOutput = directory.appendingPathComponent("libinput-gestures.out")
        let times = URL(fileURLWithPath: recorded.path + ".times")
        let python = try PythonBaseline.locate("python3")
        let environment = [
            "PATH": standIn.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "GESTURED_BENCH_DEBUG_EVENTS": recorded.path,
        ]
        result.peer = try ChildRun.median {
            try? FileManager.default.removeItem(at: peerOutput)
            try? FileManager.default.removeItem(at: times)
            var run = try ChildRun.run(python, [peer.path, "--conffile", peerConfig.path, "--device", "all", "--debug"],
                                       environment: environment, standardOutput: peerOutput)
            // libinput-gestures does not wait for its `libinput debug-events`: the stand-in
            // reports its own CPU time, which belongs to the tree.
            run.cpuSeconds += standInSeconds(times)
            return run
        }
        let printed = (try? String(contentsOf: peerOutput, encoding: .utf8)) ?? ""
        result.peerActions = printed.split(separator: "\n").count { $0.contains(": SWIPE ") || $0.contains(": PINCH ") }
        return result
    }

    /// Why libinput-gestures was not measured, when it was not.
    nonisolated(unsafe) static var missing = ""

    /// `LIBINPUT_GESTURES=/path/to/libinput-gestures`, one on PATH, or a copy cloned from its
    /// repository into .build/bench-peers (when the network lets git reach it).
    static func locate(_ packageRoot: URL) -> URL? {
        if let path = ProcessInfo.processInfo.environment["LIBINPUT_GESTURES"] { return URL(fileURLWithPath: path) }
        if let found = try? ExternalCommand.locate("libinput-gestures") { return found }
        let clone = cache(packageRoot)
        let script = clone.appendingPathComponent("libinput-gestures")
        if FileManager.default.fileExists(atPath: script.path) { return script }
        try? FileManager.default.createDirectory(at: clone.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            _ = try ExternalCommand.run("git", ["clone", "--quiet", "--depth", "1", repository, clone.path], timeout: .seconds(120))
            if FileManager.default.fileExists(atPath: script.path) { return script }
            missing = "\(repository) cloned, but it holds no libinput-gestures script"
        } catch {
            let why = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            missing = "not installed: Debian 12 does not package it, PyPI does not have it, and `git clone \(repository)` failed here (\(why)); "
                + "set LIBINPUT_GESTURES=/path/to/libinput-gestures to measure it"
        }
        return nil
    }

    /// The same bindings in both: three- and four-finger swipes in four directions, two- and
    /// four-finger pinches in and out, each running a command that does nothing.
    static let directions = ["left", "right", "up", "down"]
    static var gesturedConfig: String {
        var text = "# The touchpad gestures of the libinput-gestures comparison.\n"
        for fingers in [3, 4] {
            for d in directions {
                text += "\n[[gesture]]\nname = \"swipe-\(fingers)-\(d)\"\ntype = \"swipe\"\nfingers = \(fingers)\ndirection = \"\(d)\"\naction = \"exec true\"\n"
            }
        }
        for fingers in [2, 4] {
            for d in ["in", "out"] {
                text += "\n[[gesture]]\nname = \"pinch-\(fingers)-\(d)\"\ntype = \"pinch\"\nfingers = \(fingers)\ndirection = \"\(d)\"\naction = \"exec true\"\n"
            }
        }
        return text
    }

    static var peerConfig: String {
        var text = "# The touchpad gestures of gestured's comparison, in libinput-gestures' format.\n"
        for fingers in [3, 4] { for d in directions { text += "gesture swipe \(d) \(fingers) true\n" } }
        for fingers in [2, 4] { for d in ["in", "out"] { text += "gesture pinch \(d) \(fingers) true\n" } }
        return text
    }

    /// `libinput`: its version, one touchpad, and for `debug-events` the recorded text; then
    /// the shell's and cat's CPU time (`times`) into a file beside the text.
    static let standInScript = """
        #!/bin/bash
        # A stand-in for libinput: prints recorded `libinput debug-events` text (gestured-bench).
        case "$1" in
        --version) echo 1.22.1 ;;
        list-devices) printf 'Device:           Bench Touchpad\\nKernel:           /dev/input/event7\\nCapabilities:     pointer gesture\\nSize:             100x60mm\\n\\n' ;;
        debug-events) cat "$GESTURED_BENCH_DEBUG_EVENTS"; times > "$GESTURED_BENCH_DEBUG_EVENTS.times" ;;
        *) exit 1 ;;
        esac

        """

    /// The seconds in the stand-in's `times` (two lines of user and system time, `0m0.012s`).
    static func standInSeconds(_ file: URL) -> Double {
        let deadline = ContinuousClock.now + .seconds(5)
        while !FileManager.default.fileExists(atPath: file.path) && ContinuousClock.now < deadline { usleep(10_000) }
        usleep(20_000)
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reduce(0.0) { sum, field in
            let parts = field.dropLast().split(separator: "m")
            guard parts.count == 2, let m = Double(parts[0]), let s = Double(parts[1]) else { return sum }
            return sum + m * 60 + s
        }
    }

    /// The events as `libinput debug-events` prints them (tools/libinput-debug-events.c): the
    /// device and event type in columns, the time since the start, the finger count, for an
    /// update the deltas (accelerated, then unaccelerated) and for a pinch its scale and angle;
    /// an end says `cancelled` when it was.
    static func debugEvents(_ events: [InputEvent]) -> String {
        var text = "-event7   DEVICE_ADDED            Bench Touchpad                    seat0 default group1  cap:pg  size 100x60mm\n"
        for e in events {
            let time = String(format: "+%.3fs", e.time / 1000)
            func line(_ type: String, _ rest: String) {
                text += " event7   " + type.padding(toLength: 23, withPad: " ", startingAt: 0) + " " + time + "\t" + rest + "\n"
            }
            func delta(_ d: Point, _ u: Point?) -> String {
                let u = u ?? d
                return String(format: "%5.2f/%5.2f (%5.2f/%5.2f unaccelerated)", d.x, d.y, u.x, u.y)
            }
            switch e.kind {
            case .swipeBegin(let f): line("GESTURE_SWIPE_BEGIN", "\(f)")
            case let .swipeUpdate(f, d, u): line("GESTURE_SWIPE_UPDATE", "\(f) " + delta(d, u))
            case let .swipeEnd(f, c): line("GESTURE_SWIPE_END", "\(f)" + (c ? " cancelled" : ""))
            case .pinchBegin(let f): line("GESTURE_PINCH_BEGIN", "\(f)")
            case let .pinchUpdate(f, d, u, scale, angle):
                line("GESTURE_PINCH_UPDATE", "\(f) " + delta(d, u) + String(format: " %5.2f @ %5.2f", scale, angle))
            case let .pinchEnd(f, c): line("GESTURE_PINCH_END", "\(f)" + (c ? " cancelled" : ""))
            default: continue
            }
        }
        return text
    }
}
