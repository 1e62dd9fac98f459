import Foundation
import X11TestSupport
import XServerSupport

/// `gestured-bench chromium` (`make bench-chromium`): what a real application, Chromium full
/// screen on a page that logs every touch, pointer, mouse, wheel and zoom event, saw of the
/// same input without gestured and under it (the default config), on the test Xorg with the
/// inputtest devices and openbox. One markdown table, for docs/engine.md and
/// docs/performance.md. Chromium is started again for each case, so that each begins unzoomed.
struct ChromiumBench {
    let server: XServer
    let binary: URL
    let directory: URL

    /// The page: every event it gets, as one console line `EV <ms since the epoch> <what>`,
    /// which Chromium writes to its standard error (`--enable-logging=stderr`).
    static let page = """
        <!doctype html><html><head><meta charset="utf-8"><title>gestured app view</title>
        <style>html,body{margin:0;height:100%;background:#eee} #pad{width:100%;height:100%}</style></head>
        <body><div id="pad"></div><script>
        function log(s) { console.log("EV " + Date.now() + " " + s); }
        const r = Math.round;
        for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"])
          addEventListener(type, e => { for (const t of e.changedTouches) log(type + " " + t.identifier + " " + r(t.clientX) + " " + r(t.clientY) + " " + e.touches.length); }, {passive: true});
        for (const type of ["pointerdown", "pointerup", "pointercancel", "pointermove"])
          addEventListener(type, e => log(type + " " + e.pointerType + " " + e.pointerId + " " + e.button + " " + e.buttons + " " + r(e.clientX) + " " + r(e.clientY)));
        for (const type of ["click", "contextmenu", "auxclick", "mousedown", "mouseup"])
          addEventListener(type, e => { log(type + " " + e.button + " " + r(e.clientX) + " " + r(e.clientY)); if (type == "contextmenu") e.preventDefault(); });
        addEventListener("wheel", e => log("wheel " + e.deltaX + " " + e.deltaY + " " + e.ctrlKey), {passive: true});
        visualViewport.addEventListener("resize", () => log("zoom " + visualViewport.scale.toFixed(3)));
        addEventListener("load", () => log("ready"));
        </script></body></html>
        """

    /// One event the page logged: when (ms since the epoch) and its words.
    struct Seen {
        let time: Double
        let words: [Substring]
        var type: Substring { words[0] }
    }

    /// Chromium running full screen on the page, its standard error in `log`.
    final class Browser {
        let child: ChildProcess
        let log: URL
        init(_ bench: ChromiumBench, name: String) throws {
            let profile = bench.directory.appendingPathComponent("profile-\(name)")
            log = bench.directory.appendingPathComponent("chromium-\(name).log")
            let page = bench.directory.appendingPathComponent("page.html")
            child = try ChildProcess.spawn(try ExternalCommand.locate("chromium"), [
                "--no-sandbox", "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
                "--disable-gpu", "--ozone-platform=x11", "--kiosk", "--touch-events=enabled", "--password-store=basic",
                "--disable-features=Translate", "--enable-logging=stderr", "--v=0", page.absoluteString,
            ], environment: bench.server.environment, standardOutput: log)
            let deadline = ContinuousClock.now + .seconds(30)
            while !seen.contains(where: { $0.type == "ready" }) {
                guard ContinuousClock.now < deadline, child.isRunning else { throw BenchError("chromium did not load the page:\n\(text.suffix(3000))") }
                usleep(50_000)
            }
            // Full screen, and drawn: a moment for the window manager to give it the screen.
            usleep(1_500_000)
        }
        var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        var seen: [Seen] {
            text.split(separator: "\n").compactMap { line in
                guard let start = line.range(of: "\"EV ") else { return nil }
                let rest = line[start.upperBound...].prefix { $0 != "\"" }
                let words = rest.split(separator: " ")
                guard words.count >= 2, let time = Double(words[0]) else { return nil }
                return Seen(time: time, words: Array(words.dropFirst()))
            }
        }
        /// Waits until `done` holds of what the page saw (or `timeout`), then what it saw.
        func wait(_ timeout: Duration = .seconds(5), until done: ([Seen]) -> Bool) -> [Seen] {
            let deadline = ContinuousClock.now + timeout
            while !done(seen) && ContinuousClock.now < deadline { usleep(20_000) }
            return seen
        }
        deinit { child.terminate(grace: .seconds(2)) }
    }

    static func run(binary: URL) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try page.write(to: directory.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        Bench.progress("starting Xorg and openbox")
        let server = try XServer.start()
        defer { server.stop() }
        try server.startWindowManager()
        let bench = ChromiumBench(server: server, binary: binary, directory: directory)
        let config = try String(contentsOf: Bench.packageRoot.appendingPathComponent("Config/default.toml"), encoding: .utf8)
        let observing = config.replacingOccurrences(of: "[settings]\n", with: "[settings]\ntouchscreen-mode = \"observe\"\npointer-mode = \"observe\"\n")
        var rows: [(String, [String])] = []
        let only = ProcessInfo.processInfo.environment["GESTURED_BENCH_CASES"].map { $0.split(separator: ",").map(String.init) }
        for c in Case.allCases where only?.contains("\(c)") ?? true {
            var cells: [String] = []
            for (arm, config) in [("without", nil), ("grab", config), ("observe", observing)] {
                Bench.progress("\(c.rawValue), \(arm)")
                let daemon = try config.map { try DaemonProcess(display: server.displayName, config: $0, extra: ["--log-level", "info"], binary: binary) }
                let browser = try Browser(bench, name: "\(c)-\(arm)")
                cells.append(try bench.measure(c, browser))
                _ = daemon
            }
            rows.append((c.rawValue, cells))
        }
        print("machine: \(Machine.describe(xorgLog: server.logFile)); \(chromiumVersion())\n")
        print("| case | what the page saw without gestured | with gestured (default config) | with gestured in observe mode |")
        print("|---|---|---|---|")
        for (name, cells) in rows { print("| \(name) | \(cells.joined(separator: " | ")) |") }
    }

    static func chromiumVersion() -> String {
        ((try? ExternalCommand.run("chromium", ["--version"])) ?? "chromium").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    enum Case: String, CaseIterable {
        case twoFingerTap = "quick 2-finger tap, 120 px apart, held 30 ms, lifted together"
        case twoFingerTapStaggered = "the same, the second finger lifted 20 ms after the first"
        case threeFingerTap = "quick 3-finger tap, lifted together"
        case pinch = "2-finger pinch out, 12 steps of 2 × 10 px"
        case threeFingerMove = "unbound 3-finger move down, 20 steps of 8 px"
        case rightHold = "right button held still"
        case rightClick = "right click"
    }

    func measure(_ c: Case, _ b: Browser) throws -> String {
        let t = server.touchscreen, m = server.mouse
        switch c {
        case .twoFingerTap, .twoFingerTapStaggered, .threeFingerTap:
            let fingers = c == .threeFingerTap ? 3 : 2
            let ids = (0..<fingers).map { UInt32(500 + $0) }
            for (i, id) in ids.enumerated() { try t.touch(.begin, id: id, x: 300 + Double(i) * 120, y: 300) }
            try t.sync()
            usleep(30_000)
            for (i, id) in ids.enumerated() {
                if i > 0 && c == .twoFingerTapStaggered { usleep(20_000) }
                try t.touch(.end, id: id, x: 300 + Double(i) * 120, y: 300)
                try t.sync()
            }
            let seen = b.wait { $0.filter { $0.type == "touchend" }.count >= fingers }
            usleep(700_000)
            return touchSummary(b.seen.isEmpty ? seen : b.seen, fingers: fingers)
        case .pinch:
            try move(starts: [(400, 400), (500, 400)], steps: 12, step: [(-10, 0), (10, 0)])
            _ = b.wait { $0.filter { $0.type == "touchend" }.count >= 2 }
            usleep(700_000)
            return touchSummary(b.seen, fingers: 2)
        case .threeFingerMove:
            try move(starts: [(300, 200), (400, 200), (500, 200)], steps: 20, step: [(0, 8), (0, 8), (0, 8)])
            _ = b.wait { $0.filter { $0.type == "touchend" }.count >= 3 }
            usleep(700_000)
            return touchSummary(b.seen, fingers: 3)
        case .rightHold, .rightClick:
            try m.move(toX: 600, y: 500)
            try m.sync()
            usleep(300_000)
            let before = b.seen.count
            let sent = Date().timeIntervalSince1970 * 1000
            try m.button(3, pressed: true)
            try m.sync()
            if c == .rightClick {
                try m.button(3, pressed: false)
                try m.sync()
            }
            let seen = Array(b.wait { $0.dropFirst(before).contains { $0.type == "contextmenu" } }.dropFirst(before))
            if c == .rightHold {
                try m.button(3, pressed: false)
                try m.sync()
            }
            usleep(500_000)
            let after = Array(b.seen.dropFirst(before))
            let menu = seen.first { $0.type == "contextmenu" }.map { "contextmenu \(Int(($0.time - sent).rounded())) ms after the press" } ?? "no contextmenu"
            // Motion with the right button held (buttons bit 2) before the press reached the page.
            let press = after.firstIndex { $0.type == "pointerdown" } ?? after.count
            let early = after[..<press].filter { $0.type == "pointermove" && $0.words.count > 4 && (Int($0.words[4]) ?? 0) & 2 != 0 }.count
            let downs = after.filter { $0.type == "mousedown" }.count, menus = after.filter { $0.type == "contextmenu" }.count
            if ProcessInfo.processInfo.environment["GESTURED_BENCH_VERBOSE"] != nil {
                Bench.progress(after.map { "\(Int($0.time - sent)) \($0.words.joined(separator: " "))" }.joined(separator: "\n"))
            }
            return "\(menu); \(downs) mousedown, \(menus) contextmenu; \(early) move with the button held before the press"
        }
    }

    func move(starts: [(x: Double, y: Double)], steps: Int, step: [(x: Double, y: Double)]) throws {
        let t = server.touchscreen
        for (i, s) in starts.enumerated() { try t.touch(.begin, id: UInt32(600 + i), x: s.x, y: s.y) }
        try t.sync()
        for n in 1...steps {
            usleep(8_000)
            for (i, s) in starts.enumerated() {
                try t.touch(.update, id: UInt32(600 + i), x: s.x + Double(n) * step[i].x, y: s.y + Double(n) * step[i].y)
            }
            try t.sync()
        }
        for (i, s) in starts.enumerated() {
            try t.touch(.end, id: UInt32(600 + i), x: s.x + Double(steps) * step[i].x, y: s.y + Double(steps) * step[i].y)
        }
        try t.sync()
    }

    /// Touches, how many were down at once, where they ended, the clicks and context menus and
    /// the zoom the page saw.
    func touchSummary(_ seen: [Seen], fingers: Int) -> String {
        let starts = seen.filter { $0.type == "touchstart" }, ends = seen.filter { $0.type == "touchend" }
        let most = seen.filter { $0.type == "touchstart" }.compactMap { Int($0.words[4]) }.max() ?? 0
        let endsAt = ends.map { "\($0.words[2]),\($0.words[3])" }.joined(separator: " ")
        let moves = seen.filter { $0.type == "touchmove" }.count
        let clicks = seen.filter { $0.type == "click" }.count, menus = seen.filter { $0.type == "contextmenu" }.count
        let downs = seen.filter { $0.type == "pointerdown" && $0.words[1] == "touch" }.count
        let zoom = seen.last { $0.type == "zoom" }.map { String($0.words[1]) } ?? "1"
        return "\(starts.count) touchstart, at most \(most) down together, \(moves) touchmove, touchend at \(endsAt.isEmpty ? "none" : endsAt); "
            + "\(downs) touch pointerdown, \(clicks) click, \(menus) contextmenu; zoom \(zoom)"
    }
}
