import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// What the settings window asks of the daemon over gestured's own stream, asked by a real
/// D-Bus client (Gio, gestured-live-client.py) of a daemon on the test X server: listening for
/// the gestures a user performs, watching why bindings did not fire, pausing.
extension StreamLiveTests {
    static let controlConfig = """
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

        [[gesture]]
        name = "circle"
        type = "stroke"
        source = "pointer"
        shape = "circle"
        action = "exec echo circle >> @DIR@/result.txt"
        """

    /// A client that calls `methods` at once, and later what `ask` appends to its commands file.
    final class LiveClient {
        let client: StreamClient
        let commands: URL

        init(_ d: DaemonProcess, name: String, _ methods: [String]) throws {
            commands = d.directory.appendingPathComponent("\(name).commands")
            client = try StreamClient(
                d, name: name, script: "gestured-live-client.py",
                arguments: [commands.path] + methods)
        }

        /// Calls `method` and waits for its reply.
        @discardableResult
        func ask(_ method: String) throws -> [String] {
            let handle =
                FileHandle(forWritingAtPath: commands.path)
                ?? {
                    FileManager.default.createFile(atPath: commands.path, contents: nil)
                    return FileHandle(forWritingAtPath: commands.path)!
                }()
            handle.seekToEndOfFile()
            handle.write(Data((method + "\n").utf8))
            try handle.close()
            let before = replies.count
            _ = try client.waitForLine { _ in replies.count > before }
            return Array(replies.dropFirst(before))
        }

        /// The replies to the calls made, in order: `called X`, `state ...`, `error ...`.
        var replies: [String] {
            client.text.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("called ") || $0.hasPrefix("state ") || $0.hasPrefix("error ")
            }
        }

        /// Waits for a line that starts with `prefix`; returns it.
        func line(_ prefix: String) throws -> String {
            try client.waitForLine { $0.hasPrefix(prefix) }.first { $0.hasPrefix(prefix) }!
        }
    }

    /// The right button drags 300 px left from (700, 400): a stroke that reads as line-left.
    func drawLineLeft() throws {
        let mouse = server.mouse
        try mouse.move(toX: 700, y: 400)
        try mouse.sync()
        try mouse.button(3, pressed: true)
        for _ in 1...15 {
            try mouse.move(dx: -20, dy: 0)
            try mouse.sync()
            usleep(5_000)
        }
        try mouse.button(3, pressed: false)
        try mouse.sync()
    }

    /// Three fingers around (600, 400) spreading from 40 to 136 px on the touchscreen.
    func pinchOut(ids: [UInt32] = [41, 42, 43]) throws {
        let t = server.touchscreen
        let ways: [(dx: Double, dy: Double)] = [(0, -1), (0.87, 0.5), (-0.87, 0.5)]
        func at(_ i: Int, _ r: Double) -> (x: Double, y: Double) {
            (600 + ways[i].dx * r, 400 + ways[i].dy * r)
        }
        for i in 0..<3 {
            let p = at(i, 40)
            try t.touch(.begin, id: ids[i], x: p.x, y: p.y)
        }
        for step in 1...8 {
            for i in 0..<3 {
                let p = at(i, 40 + Double(step) * 12)
                try t.touch(.update, id: ids[i], x: p.x, y: p.y)
            }
            try t.sync()
        }
        for i in 0..<3 {
            let p = at(i, 136)
            try t.touch(.end, id: ids[i], x: p.x, y: p.y)
        }
        try t.sync()
    }

    /// How many times the log says `binding` ran its command.
    static func execs(_ d: DaemonProcess, _ binding: String) -> Int {
        d.log.components(separatedBy: "\"\(binding)\": exec (pid").count - 1
    }

    @Test
    func whileAClientListensEachGestureIsReportedAsItsBindingAndNothingIsPerformedUntilItLeaves()
        throws
    {
        let d = try DaemonProcess(display: server.displayName, config: Self.controlConfig)
        let before = try ProcessStats.read(pid: d.child.pid).residentKiB
        let window = try LiveClient(d, name: "window", ["Listen"])
        try d.waitFor("listening for the settings window (pid \(window.client.child.pid))")
        #expect(try window.line("StateChanged") == "StateChanged paused=False listening=True")
        try swipe(steps: 6, dx: 25)
        #expect(
            try window.line("Seen") == "Seen direction=right fingers=3 source=touchpad type=swipe")
        try pinchOut()
        #expect(
            try window.line("Seen direction=out")
                == "Seen direction=out fingers=3 source=touchscreen type=pinch")
        // A shape no binding draws: the catalogue has every template.
        try drawLineLeft()
        #expect(
            try window.line("Seen button")
                == "Seen button=3 shape=line-left source=pointer type=stroke")
        #expect(try window.line("Stroke").hasPrefix("Stroke pointer "))
        #expect(try window.ask("GetState").contains("state paused=False listening=True"))
        let listening = try ProcessStats.read(pid: d.child.pid).residentKiB
        print(
            "listening: resident memory \(before) KiB before, \(listening) KiB with the catalogue after three gestures (libsystemd mapped for the client too)"
        )

        // The window goes away: the config is back, and the next swipe performs its action.
        window.client.child.terminate(grace: .seconds(1))
        try d.waitFor("stopped listening: back to 2 gestures")
        try swipe(steps: 6, dx: 25)
        try d.waitFor("\"three-right\": exec (pid")
        #expect(
            Self.execs(d, "three-right") == 1, "the swipe made while listening performed: \(d.log)")
    }

    @Test func aClientThatStopsListeningPutsTheConfigBackAndOthersHearTheState() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.controlConfig)
        let panel = try LiveClient(d, name: "panel", [])
        let window = try LiveClient(d, name: "window", ["Listen"])
        try d.waitFor("listening for the settings window")
        #expect(try panel.line("StateChanged") == "StateChanged paused=False listening=True")
        try window.ask("StopListening")
        try d.waitFor("stopped listening: back to 2 gestures")
        #expect(
            try panel.client.waitForLine { $0 == "StateChanged paused=False listening=False" }
                .filter { $0.hasPrefix("StateChanged") }
                == [
                    "StateChanged paused=False listening=True",
                    "StateChanged paused=False listening=False",
                ])
        // Only the listening client heard what was seen: none was.
        #expect(!panel.client.text.contains("Seen"))
    }

    @Test func aWatcherHearsWhyEachBindingDidNotFireAndWhatAStrokeReadAs() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.controlConfig)
        let window = try LiveClient(d, name: "window", ["Watch"])
        let other = try LiveClient(d, name: "other", [])
        try swipe(steps: 6, dx: -25)
        #expect(
            try window.line("NotFired three-right")
                == "NotFired three-right touchpad failed moved left, not right")
        try drawLineLeft()
        let stroke = try window.line("Stroke")
        #expect(
            stroke.hasPrefix("Stroke pointer ")
                && stroke.hasSuffix(" read as \"line-left\" (100 %), which no binding draws")
                || stroke.contains("read as \"line-left\""), "\(stroke)")
        #expect(Int(stroke.split(separator: " ")[2]) ?? 0 >= 10, "\(stroke)")
        #expect(
            try window.line("NotFired circle").hasPrefix(
                "NotFired circle pointer cancelled read as \"line-left\""))
        // A client that did not ask hears none of it.
        try other.ask("GetState")
        #expect(!other.client.text.contains("NotFired") && !other.client.text.contains("Stroke"))
    }

    /// A one-finger touchscreen stroke that waits behind a one-finger swipe to the right that it
    /// never reaches (the swipe fails only at the lift, so the stroke is decided after its input
    /// ended and its recognizers were reset): a watcher still gets its points with its reading.
    @Test func aWatcherGetsTheTrailOfATouchscreenStrokeThatWaitedBehindASwipe() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: Self.controlConfig + """

                [[gesture]]
                name = "far-right"
                type = "swipe"
                source = "touchscreen"
                fingers = 1
                direction = "right"
                distance = 100000
                action = "exec true"

                [[gesture]]
                name = "drawn-v"
                type = "stroke"
                source = "touchscreen"
                shape = "v"
                require-failure-of = ["far-right"]
                action = "exec true"
                """)
        let window = try LiveClient(d, name: "window", ["Watch"])
        let t = server.touchscreen
        try t.touch(.begin, id: 61, x: 300, y: 200)
        for i in 1...10 {
            try t.touch(.update, id: 61, x: 300 + Double(i) * 10, y: 200 + Double(i) * 20)
            try t.sync()
        }
        for i in 1...10 {
            try t.touch(.update, id: 61, x: 400 + Double(i) * 10, y: 400 - Double(i) * 20)
            try t.sync()
        }
        try t.touch(.end, id: 61, x: 500, y: 200)
        try t.sync()
        let stroke = try window.line("Stroke touchscreen")
        #expect(Int(stroke.split(separator: " ")[2]) ?? 0 >= 10, "\(stroke)\n\(d.log)")
        #expect(
            window.client.text.components(separatedBy: "Stroke touchscreen").count == 2,
            "one stroke, told once: \(window.client.text)")
    }

    @Test func aPausedDaemonPerformsNothingUntilAClientResumesIt() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.controlConfig)
        let tray = try LiveClient(d, name: "tray", ["SetPaused:true"])
        try d.waitFor("paused (pid \(tray.client.child.pid)): nothing is grabbed")
        #expect(try tray.line("StateChanged") == "StateChanged paused=True listening=False")
        try swipe(steps: 6, dx: 25)
        // The pause outlives the client that asked for it.
        tray.client.child.terminate(grace: .seconds(1))
        try d.waitFor("(pid \(tray.client.child.pid)) disconnected")
        let again = try LiveClient(d, name: "again", [])
        #expect(try again.ask("GetState").contains("state paused=True listening=False"))
        try again.ask("SetPaused:false")
        try d.waitFor("resumed (pid \(again.client.child.pid)): 2 gestures")
        try swipe(steps: 6, dx: 25)
        try d.waitFor("\"three-right\": exec (pid")
        #expect(
            Self.execs(d, "three-right") == 1, "the swipe made while paused performed: \(d.log)")
        // A call the stream does not know, or with the wrong argument, is refused with its name.
        let refused = try again.ask("SetPaused")
        let unknown = try again.ask("Fly")
        #expect(
            refused == [
                "error org.freedesktop.DBus.Error.InvalidArgs SetPaused takes one boolean (b)"
            ])
        #expect(
            unknown == [
                "error org.freedesktop.DBus.Error.UnknownMethod no method Fly on org.gestured.Gestures1 at /org/gestured/Gestures1"
            ])
    }

    /// The tray icon, read and clicked by a panel's side of the protocol on a session bus of its own.
    @Test func theTrayIconSaysWhetherGesturedRunsAndAClickPausesAndResumesIt() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.controlConfig)
        let script = StreamClient.folder.appendingPathComponent("sni-client.py").path
        let settings = DaemonProcess.root.appendingPathComponent(".build/debug/gestured-settings")
            .path
        let output = d.directory.appendingPathComponent("sni.out")
        let child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
            ["--", "/usr/bin/python3", script, settings],
            environment: ["XDG_RUNTIME_DIR": d.directory.path], standardOutput: output)
        if !child.waitForExit(timeout: .seconds(60)) {
            child.terminate(grace: .seconds(1))
            Issue.record("sni-client.py did not finish within 60 s")
        }
        let lines = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(
            separator: "\n"
        )
        .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }.filter
        { $0.count > 1 || $0 == ["done"] }
        #expect(lines.last == ["done"], "\(lines)\n\(d.log)")
        #expect(
            lines.contains {
                $0.first == "registered" && $0[1].hasPrefix("org.kde.StatusNotifierItem-")
            }, "\(lines)")
        #expect(
            lines.contains([
                "item", "gestured", "ApplicationStatus", "Active", "input-touchpad", "gestured",
                "Gestures on. Click to pause.",
            ]), "\(lines)")
        #expect(
            lines.filter { $0.first == "after activate" } == [
                [
                    "after activate", "gestured", "ApplicationStatus", "NeedsAttention",
                    "media-playback-pause", "gestured (paused)",
                    "Paused: no gesture does anything. Click to resume.",
                ],
                [
                    "after activate", "gestured", "ApplicationStatus", "Active", "input-touchpad",
                    "gestured", "Gestures on. Click to pause.",
                ],
            ], "\(lines)")
        #expect(lines.contains(["signals", "NewIcon NewStatus NewToolTip"]), "\(lines)")
        try d.waitFor("paused (pid")
        try d.waitFor("resumed (pid")
    }
}
