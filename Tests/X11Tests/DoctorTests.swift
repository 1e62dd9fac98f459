import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// `gestured doctor` on the test X server, each condition made real.
struct DoctorRun {
    let status: Int32
    let output: String

    /// The findings as `level subject`, in order: what the doctor looked at and what it made of it.
    var findings: [String] {
        output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { line in
            let level = line.prefix { $0 != " " }
            let rest = line.dropFirst(level.count).drop { $0 == " " }
            return "\(level) \(rest.prefix { $0 != ":" })"
        }
    }

    /// Runs the doctor on `display` with `config` (a file in a folder of its own, with `mode`).
    init(display: String, config: String, mode: mode_t = 0o644, environment: [String: String] = [:])
        throws
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.toml")
        try config.write(to: file, atomically: false, encoding: .utf8)
        chmod(file.path, mode)
        let out = folder.appendingPathComponent("doctor.out")
        let child = try ChildProcess.spawn(
            DaemonProcess.binary, ["doctor", "--config", file.path, "--display", display],
            environment: ["DISPLAY": display, "XDG_SESSION_TYPE": "x11", "WAYLAND_DISPLAY": ""]
                .merging(environment) { $1 },
            standardOutput: out)
        guard child.waitForExit(timeout: .seconds(20)) else {
            child.terminate()
            throw TestWindowError("gestured doctor did not finish")
        }
        status = child.exitStatus ?? -1
        output = ((try? String(contentsOf: out, encoding: .utf8)) ?? "").replacingOccurrences(
            of: file.path, with: "CONFIG")
    }
}

extension LiveTests {
    @Test func withEveryDeviceAndNoDaemonTheDoctorFindsWhatTheConfigNeedsAndExitsZero() throws {
        let run = try DoctorRun(display: server.displayName, config: Self.config)
        #expect(
            run.findings == [
                "ok session", "ok config", "ok X server", "ok touchpad \"gestured-touchpad\"",
                "ok touchscreen \"gestured-touchscreen\"",
                "warning daemon", "ok grabs",
            ], "\(run.output)")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok       config: CONFIG loads: 3 gestures"), "\(run.output)")
        #expect(
            run.output.contains(
                "grabs: touches, touchpad swipes, touchpad pinches, pointer buttons 3: free to take"
            ), "\(run.output)")
        #expect(
            run.output.contains(
                "warning  daemon: gestured is not running on \(server.displayName)\n         -> systemctl --user enable --now gestured"
            ), "\(run.output)")
    }

    @Test func aGrabAnotherClientHoldsIsAProblemThatNamesTheGrab() throws {
        guard let d = XOpenDisplay(server.displayName) else {
            throw TestWindowError("cannot open \(server.displayName)")
        }
        defer { XCloseDisplay(d) }
        var bits = [UInt8](repeating: 0, count: Int(gestured_mask_len()))
        gestured_set_mask(&bits, XI_ButtonPress)
        var mods = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        bits.withUnsafeMutableBufferPointer { buf in
            var mask = XIEventMask(
                deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XIGrabButton(
                d, XIAllMasterDevices, 3, gestured_default_root(d), 0, GrabModeAsync, GrabModeAsync,
                0, &mask, 1, &mods)
        }
        XSync(d, 0)
        let run = try DoctorRun(display: server.displayName, config: Self.config)
        #expect(run.findings.last == "problem grabs", "\(run.output)")
        #expect(
            run.output.contains(
                "problem  grabs: cannot grab pointer button 3 on the root window: another client holds it"
            ), "\(run.output)")
        #expect(run.status == 1)
    }

    @Test func execFromAConfigItsGroupCanChangeIsAProblem() throws {
        let run = try DoctorRun(display: server.displayName, config: Self.config, mode: 0o664)
        #expect(
            run.output.contains(
                "problem  config: exec actions are refused (three-left, pad-pinch, back): CONFIG is writable by its group; make it writable by you only (chmod go-w CONFIG)"
            ), "\(run.output)")
        #expect(run.status == 1)
    }

    @Test func theRunningDaemonIsNamedWithItsProcessAndStartAndItsGrabsAreNotTakenAgain() throws {
        let daemon = try DaemonProcess(display: server.displayName, config: Self.config)
        let run = try DoctorRun(display: server.displayName, config: Self.config)
        #expect(run.findings.suffix(1) == ["ok daemon"], "\(run.output)")
        #expect(
            run.output.contains(
                "daemon: gestured runs on \(server.displayName) (pid \(daemon.child.pid)) since "),
            "\(run.output)")
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func otherGestureToolsRunningAreNamedAlsoWhenAnInterpreterRunsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-peers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let touchegg = folder.appendingPathComponent("touchegg")
        let script = folder.appendingPathComponent("libinput-gestures")
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: touchegg.path)
        try "import time\ntime.sleep(60)\n".write(to: script, atomically: false, encoding: .utf8)
        let peers = [
            try ChildProcess.spawn(
                touchegg, ["60"], standardOutput: folder.appendingPathComponent("1.out")),
            try ChildProcess.spawn(
                URL(fileURLWithPath: "/usr/bin/python3"), [script.path],
                standardOutput: folder.appendingPathComponent("2.out")),
        ]
        defer { peers.forEach { $0.terminate(grace: .seconds(1)) } }
        let run = try DoctorRun(display: server.displayName, config: Self.config)
        #expect(
            run.output.contains(
                "warning  other gesture tools: running: libinput-gestures, touchegg; they take the same input"
            ), "\(run.output)")
    }

    @Test func underWaylandTheDoctorSaysPlainlyThatGesturedIsForX11() throws {
        let run = try DoctorRun(
            display: server.displayName, config: Self.config,
            environment: ["XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"])
        #expect(run.findings.first == "problem session", "\(run.output)")
        #expect(
            run.output.contains(
                "this is a Wayland session (XDG_SESSION_TYPE=wayland, WAYLAND_DISPLAY=wayland-0): gestured is for X11 sessions"
            ), "\(run.output)")
        #expect(run.status == 1)
    }
}

@Suite(.serialized, .timeLimit(.minutes(1)))
struct DoctorWithoutATouchpadTests {
    @Test func aTouchpadGestureWithNoTouchpadCanNeverFire() throws {
        let server = try XServer.start(devices: [
            .touchscreen(touchCount: 4), .mouse(), .keyboard(),
        ])
        defer { server.stop() }
        let run = try DoctorRun(display: server.displayName, config: LiveTests.config)
        #expect(
            run.findings == [
                "ok session", "ok config", "ok X server", "ok touchscreen \"gestured-touchscreen\"",
                "problem gesture \"pad-pinch\"", "warning daemon", "ok grabs",
            ], "\(run.output)")
        #expect(
            run.output.contains(
                "problem  gesture \"pad-pinch\": can never fire: it takes input from a touchpad, and there is none here"
            ), "\(run.output)")
        #expect(run.status == 1)
    }

    @Test func moreFingersThanTheTouchscreenReportsCanNeverFire() throws {
        let server = try XServer.start(devices: [
            .touchscreen(touchCount: 4), .mouse(), .keyboard(),
        ])
        defer { server.stop() }
        let run = try DoctorRun(
            display: server.displayName,
            config: """
                [[gesture]]
                name = "five-up"
                type = "swipe"
                source = "touchscreen"
                fingers = 5
                direction = "up"
                action = "desktop next"
                """)
        #expect(
            run.output.contains(
                "problem  gesture \"five-up\": can never fire: it needs 5 fingers, and the touchscreen reports at most 4"
            ), "\(run.output)")
        #expect(run.status == 1)
    }
}

@Suite(.serialized, .timeLimit(.minutes(1)))
struct DoctorOfAStoppedServerTests {
    /// A stopped Xorg still takes connections (the kernel queues them) and answers nothing:
    /// the doctor waited for its first reply for ever.
    @Test func aServerThatTakesTheConnectionAndNeverAnswersIsAProblemWithinTheTimeout() throws {
        let server = try XServer.start(devices: [.mouse(), .keyboard()])
        defer { server.stop() }
        kill(server.pid, SIGSTOP)
        defer { kill(server.pid, SIGCONT) }
        let started = ContinuousClock.now
        let run = try DoctorRun(display: server.displayName, config: LiveTests.config)
        let took = ContinuousClock.now - started
        #expect(run.findings == ["ok session", "ok config", "problem X server"], "\(run.output)")
        #expect(
            run.output.contains(
                "problem  X server: \(server.displayName) did not answer within 5 s: it takes connections but answers nothing (a stopped or hung X server)\n"
                    + "         -> see whether the X server runs"), "\(run.output)")
        #expect(run.status == 1)
        #expect(took < .seconds(10), "\(took)")
    }
}
