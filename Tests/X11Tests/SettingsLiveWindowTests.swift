import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// The settings window's live parts on the test X server, beside a running daemon: bindings
/// added by performing them on the inputtest devices, and the watch page saying why a gesture
/// did not fire (settings-live.py drives the window; this test performs what it asks for).
extension LiveTests {
    static let liveSettingsConfig = """
        [settings]
        gestured-stream = true
        touch-timeout = 3000

        [[gesture]]
        name = "three-right"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "right"
        action = "exec echo three-right >> @DIR@/result.txt"
        """

    /// A three-finger touchpad swipe, 150 px right (or left).
    func touchpadSwipe(dx: Double) throws {
        let pad = server.touchpad
        try server.mouse.move(toX: 500, y: 400)
        try pad.swipe(.begin, fingers: 3)
        for _ in 0..<6 {
            try pad.swipe(.update, fingers: 3, dx: dx / 6, dy: 1)
            try pad.sync()
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
    }

    /// Three fingers around (600, 400) spreading from 40 to 136 px on the touchscreen.
    func touchscreenPinchOut() throws {
        let t = server.touchscreen
        let ways: [(dx: Double, dy: Double)] = [(0, -1), (0.87, 0.5), (-0.87, 0.5)]
        func at(_ i: Int, _ r: Double) -> (x: Double, y: Double) {
            (600 + ways[i].dx * r, 400 + ways[i].dy * r)
        }
        for i in 0..<3 {
            let p = at(i, 40)
            try t.touch(.begin, id: UInt32(51 + i), x: p.x, y: p.y)
        }
        for step in 1...8 {
            for i in 0..<3 {
                let p = at(i, 40 + Double(step) * 12)
                try t.touch(.update, id: UInt32(51 + i), x: p.x, y: p.y)
            }
            try t.sync()
        }
        for i in 0..<3 {
            let p = at(i, 136)
            try t.touch(.end, id: UInt32(51 + i), x: p.x, y: p.y)
        }
        try t.sync()
    }

    /// The right button held from `start` through `segments` (each `count` moves of dx, dy).
    func rightButtonStroke(
        from start: (x: Double, y: Double), _ segments: [(dx: Double, dy: Double, count: Int)]
    ) throws {
        let mouse = server.mouse
        try mouse.move(toX: start.x, y: start.y)
        try mouse.sync()
        try mouse.button(3, pressed: true)
        for s in segments {
            for _ in 0..<s.count {
                try mouse.move(dx: s.dx, dy: s.dy)
                try mouse.sync()
                usleep(5_000)
            }
        }
        try mouse.button(3, pressed: false)
        try mouse.sync()
    }

    /// 300 px right from (300, 400): a line right, which no binding draws.
    func drawLineRight() throws { try rightButtonStroke(from: (300, 400), [(20, 0, 15)]) }

    /// A Z, 160 px a side, from (600, 250): right along the top, down-left across, right along the bottom.
    func drawZed() throws {
        try rightButtonStroke(from: (600, 250), [(16, 0, 10), (-16, 16, 10), (16, 0, 10)])
    }

    /// Runs settings-live.py, performing each gesture it asks for; its output lines, split at tabs.
    func driveLiveSettings(_ d: DaemonProcess) throws -> [[String]] {
        let (child, output) = try startSettingsScript(
            "settings-live.py", config: d.directory.appendingPathComponent("config.toml"), d)
        defer { child.terminate(grace: .seconds(1)) }
        func lines() -> [[String]] { Self.lines(output) }
        let deadline = ContinuousClock.now + .seconds(120)
        var performed = 0
        var listens = 0
        while ContinuousClock.now < deadline {
            let all = lines()
            if let last = all.last, last == ["done"] || last.first == "failed" { return all }
            let asked = all.filter { $0.first == "perform" }
            if asked.count > performed {
                let what = asked[performed][1]
                if what == "zed-stroke" {
                    // The template file and the binding saved, and read by the daemon.
                    try d.waitFor("reloaded 5 gestures", timeout: .seconds(10))
                } else if what.hasPrefix("failing") {
                    try d.waitFor(
                        "watches: it hears why each binding does not fire", timeout: .seconds(10))
                } else {
                    // The window listens once the daemon says so; each dialog asks anew.
                    listens += 1
                    let needed = listens
                    let deadline = ContinuousClock.now + .seconds(10)
                    while d.log.components(separatedBy: "listening for the settings window").count
                        - 1 < needed
                    {
                        if ContinuousClock.now > deadline {
                            throw TestWindowError(
                                "the daemon did not listen a \(needed). time:\n\(d.log)")
                        }
                        usleep(5_000)
                    }
                }
                switch what {
                case "touchpad-swipe": try touchpadSwipe(dx: 150)
                case "touchscreen-pinch": try touchscreenPinchOut()
                case "mouse-stroke": try drawBack()
                case "failing-stroke": try drawLineRight()
                case "failing-swipe": try touchpadSwipe(dx: -150)
                case "zed-stroke": try drawZed()
                default: Issue.record("settings-live.py asked to perform \(what)")
                }
                performed += 1
            }
            usleep(20_000)
        }
        Issue.record("settings-live.py did not finish within 120 s: \(lines())")
        return lines()
    }

    @Test func aUserBindsGesturesByPerformingThemAndReadsWhyOneDidNotFire() throws {
        // A dry run: the bindings the window adds show the desktop, which would hide the windows.
        let d = try DaemonProcess(
            display: server.displayName, config: Self.liveSettingsConfig, extra: ["--dry-run"])
        let lines = try driveLiveSettings(d)
        #expect(lines.last == ["done"], "\(lines)\n\(d.log)")
        #expect(
            lines.filter { $0.first == "seen" } == [
                ["seen", "touchpad-swipe", "Swipe right with 3 fingers on the touchpad"],
                ["seen", "touchscreen-pinch", "Spread out with 3 fingers on the touchscreen"],
                ["seen", "mouse-stroke", "Draw a line left with the right mouse button held"],
            ], "\(lines)")
        // The three bindings, written as a person would, and applied by the daemon.
        let written = try String(
            contentsOf: d.directory.appendingPathComponent("config.toml"), encoding: .utf8)
        #expect(
            written
                == (Self.liveSettingsConfig.replacingOccurrences(
                    of: "@DIR@", with: d.directory.path
                ).replacingOccurrences(
                    of: "touch-timeout = 3000",
                    with: "touch-timeout = 3000\ntemplates = [\"strokes.stroke\"]") + """


                        [[gesture]]
                        name = "swipe"
                        type = "swipe"
                        source = "touchpad"
                        fingers = 3
                        direction = "right"
                        action = "show-desktop"

                        [[gesture]]
                        name = "pinch"
                        type = "pinch"
                        source = "touchscreen"
                        fingers = 3
                        direction = "out"
                        action = "show-desktop"

                        [[gesture]]
                        name = "stroke"
                        type = "stroke"
                        source = "pointer"
                        shape = "line-left"
                        button = 3
                        action = "show-desktop"

                        [[gesture]]
                        name = "stroke-2"
                        type = "stroke"
                        source = "pointer"
                        shape = "zed"
                        action = "show-desktop"

                        """),
            "\(written)")
        #expect(lines.contains(["toast", "Applied: gestured now uses 4 gestures."]), "\(lines)")
        try d.waitFor("reloaded 5 gestures")
        // The watch page: the swipe left did not fire the swipe right, and says why.
        #expect(
            lines.contains([
                "reason", "three-right on the touchpad did not fire: moved left, not right",
            ]), "\(lines)")
        #expect(
            lines.contains {
                $0.first == "stroke"
                    && $0[1].hasPrefix("Stroke on the mouse: read as \"line-right\"")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.first == "last stroke" && $0[1].hasPrefix("Read as \"line-right\"")
            }, "\(lines)")
        // A stroke of one's own: three drawings saved in strokes.stroke beside the config, the file
        // added to `templates`, a binding for it, and the daemon recognizes it drawn with the mouse.
        #expect(lines.contains(["drawings", "3 drawings"]), "\(lines)")
        let templates = try String(
            contentsOf: d.directory.appendingPathComponent("strokes.stroke"), encoding: .utf8)
        #expect(templates.components(separatedBy: "name=zed ").count - 1 == 3, "\(templates)")
        #expect(written.contains("templates = [\"strokes.stroke\"]"), "\(written)")
        try d.waitFor("recognized stroke \"stroke-2\"", timeout: .seconds(10))
        #expect(
            lines.contains { $0.first == "reading" && $0[1].hasPrefix("Reads as \"zed\": ") },
            "\(lines)")
        // Paused from the window: the daemon says so, and the window says what the daemon said.
        try d.waitFor("paused (pid")
        #expect(
            lines.contains(["paused", "Paused: no gesture does anything until you turn this off"]),
            "\(lines)")
        #expect(lines.filter { $0.first == "screenshot" }.count == 7)
    }

    /// How many times the log says `binding` ran its command.
    static func execs(_ d: DaemonProcess, _ binding: String) -> Int {
        d.log.components(separatedBy: "\"\(binding)\": exec (pid").count - 1
    }

    @Test func withTheDefaultConfigTheWindowOffersToImportAPeersConfigAndShowsWhatBeforeWriting()
        throws
    {
        let d = try DaemonProcess(display: server.displayName, config: Self.liveSettingsConfig)
        let home = d.directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try "gesture swipe up 3 xdotool key super\ngesture hold on 4 xdotool key super\n"
            .write(
                to: home.appendingPathComponent(".config/libinput-gestures.conf"), atomically: true,
                encoding: .utf8)
        let fresh = d.directory.appendingPathComponent("fresh/config.toml")
        let lines = try runSettingsScript(
            "settings-import.py", config: fresh, d, environment: ["HOME": home.path])
        #expect(lines.last == ["done"], "\(lines)")
        // The preview said what comes over and what does not, before anything was written.
        #expect(
            lines.contains {
                $0.first == "preview" && $0[1].hasPrefix("imported 1 of 2 gestures from ")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.first == "preview" && $0[1].hasPrefix("# not imported: ")
                    && $0[1].contains("hold")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.first == "toast" && $0[1].hasPrefix("Imported from libinput-gestures: ")
            }, "\(lines)")
        #expect(lines.contains { $0.first == "row" && $0[1].hasPrefix("lig-") }, "\(lines)")
        let written = try String(contentsOf: fresh, encoding: .utf8)
        #expect(
            written.contains(
                "[[gesture]]\nname = \"lig-swipe-up-3\"\ntype = \"pan\"\nsource = \"touchpad\"\nfingers = 3\ndirection = \"up\"\n"
            ), "\(written)")
    }
}
