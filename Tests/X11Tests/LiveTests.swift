import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// One real Xorg for the suite, with the inputtest driver's touchscreen, touchpad, mouse and
/// keyboard, and openbox managing the windows.
final class LiveDesktop: @unchecked Sendable {
    static let shared: Result<LiveDesktop, Error> = Result { try LiveDesktop() }

    let server: XServer

    private init() throws {
        server = try XServer.start()
        _ = try server.startWindowManager()
        atexit { if case .success(let d) = LiveDesktop.shared { d.server.stop() } }
    }

    static func get() throws -> LiveDesktop { try shared.get() }
}

/// The daemon on a real X server: what the applications under it receive, and what it does.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct LiveTests {
    let desktop: LiveDesktop
    var server: XServer { desktop.server }
    let window: TestWindow

    init() throws {
        desktop = try LiveDesktop.get()
        window = try TestWindow(
            displayName: desktop.server.displayName, name: "gestured-test", width: 1024, height: 768
        )
        guard window.raiseAndWait() else {
            throw TestWindowError("openbox did not show the test window")
        }
        window.clear()
    }

    static let config = """
        [[gesture]]
        name = "three-left"
        type = "swipe"
        fingers = 3
        direction = "left"
        action = "exec echo \\"$GESTURE_NAME $GESTURE_FINGERS $GESTURE_DIRECTION\\" >> @DIR@/result.txt"

        [[gesture]]
        name = "pad-pinch"
        type = "pinch"
        source = "touchpad"
        fingers = 3
        action = "exec echo \\"$GESTURE_NAME\\" >> @DIR@/result.txt"

        [[gesture]]
        name = "back"
        type = "stroke"
        source = "pointer"
        shape = "line-left"
        action = "exec echo \\"$GESTURE_NAME\\" >> @DIR@/result.txt"
        """

    func result(_ d: DaemonProcess) -> [String] { d.results }

    func waitForResult(_ d: DaemonProcess, lines: Int) throws -> [String] {
        d.results(waitingFor: lines)
    }

    /// What reached the test window before now, without waiting on a clock: a Shift pressed on
    /// the test keyboard is delivered after all the input sent before it, so once it arrives
    /// nothing earlier is still on its way.
    func receivedBeforeASentinelKey() throws -> [TestWindow.Received] {
        let shiftL = 50
        try server.keyboard.key(shiftL, pressed: true)
        try server.keyboard.key(shiftL, pressed: false)
        try server.keyboard.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "KeyPress" } }
        #expect(got.contains { $0.type == "KeyPress" }, "the sentinel key never arrived")
        return Array(got.prefix { $0.type != "KeyPress" })
    }

    /// Three fingers side by side moving left together.
    func threeFingerSwipe(at x: Double, _ y: Double, ids: [UInt32] = [1, 2, 3]) throws {
        let starts = (0..<3).map { (x: x + Double($0) * 60, y: y) }
        try dragLeftAndHold(starts, ids: ids)
        try lift(starts, ids: ids)
    }

    /// A finger down at each of `starts`, all moving 160 px left in 8 frames 8 ms apart; they
    /// stay down.
    func dragLeftAndHold(_ starts: [(x: Double, y: Double)], ids: [UInt32] = [1, 2, 3]) throws {
        let t = server.touchscreen
        for (id, s) in zip(ids, starts) { try t.touch(.begin, id: id, x: s.x, y: s.y) }
        for step in 1...8 {
            for (id, s) in zip(ids, starts) {
                try t.touch(.update, id: id, x: s.x - Double(step) * 20, y: s.y)
            }
            try t.sync()
            usleep(8_000)
        }
    }

    /// Three fingers spreading on the touchpad under the pointer at (500, 400): `pad-pinch`.
    func threeFingerPinchOutOnTheTouchpad() throws { try server.threeFingerPinchOutOnTheTouchpad() }

    /// Lifts the fingers `dragLeftAndHold` left down.
    func lift(_ starts: [(x: Double, y: Double)], ids: [UInt32] = [1, 2, 3]) throws {
        for (id, s) in zip(ids, starts) {
            try server.touchscreen.touch(.end, id: id, x: s.x - 160, y: s.y)
        }
        try server.touchscreen.sync()
    }

    @Test func aOneFingerTapNoBindingUsesReachesTheApplicationAtOnce() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        try server.touchscreen.touch(.begin, id: 11, x: 500, y: 400)
        try server.touchscreen.touch(.end, id: 11, x: 500, y: 400)
        try server.touchscreen.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "TouchEnd" } }
        #expect(got.map(\.type).filter { $0.hasPrefix("Touch") } == ["TouchBegin", "TouchEnd"])
        try d.waitFor("reject (unused)")
        #expect(!d.log.contains("reject (timeout)"))
    }

    @Test func aThreeFingerSwipeRunsItsActionAndNoneOfItsTouchesReachTheApplication() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        try threeFingerSwipe(at: 600, 400)
        #expect(try waitForResult(d, lines: 1) == ["three-left 3 left"], "\(d.log)")
        #expect(try receivedBeforeASentinelKey().filter { $0.type.hasPrefix("Touch") } == [])
    }

    @Test func aTouchpadPinchWithABindingIsKeptAndOneWithoutReachesTheApplication() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        try threeFingerPinchOutOnTheTouchpad()
        let pad = server.touchpad
        #expect(try waitForResult(d, lines: 1) == ["pad-pinch"], "\(d.log)")
        #expect(try receivedBeforeASentinelKey().filter { $0.type.hasPrefix("Pinch") } == [])
        window.clear()

        try pad.pinch(.begin, fingers: 2)
        for i in 1...4 { try pad.pinch(.update, fingers: 2, scale: 1 + 0.1 * Double(i)) }
        try pad.pinch(.end, fingers: 2)
        try pad.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "PinchEnd" } }
        #expect(
            got.map(\.type).filter { $0.hasPrefix("Pinch") } == [
                "PinchBegin", "PinchUpdate", "PinchUpdate", "PinchUpdate", "PinchUpdate",
                "PinchEnd",
            ])
        #expect(got.allSatisfy { $0.detail == 2 || !$0.type.hasPrefix("Pinch") })
    }

    @Test func aTouchpadSwipeWithABindingIsKeptAndOneWithoutReachesTheApplication() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let pad = server.touchpad
        try server.mouse.move(toX: 500, y: 400)
        try pad.swipe(.begin, fingers: 3)
        for _ in 1...6 {
            try pad.swipe(.update, fingers: 3, dx: -25, dy: 0)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        #expect(try waitForResult(d, lines: 1) == ["three-left 3 left"], "\(d.log)")
        #expect(try receivedBeforeASentinelKey().filter { $0.type.hasPrefix("Swipe") } == [])
        window.clear()

        try pad.swipe(.begin, fingers: 4)
        try pad.swipe(.update, fingers: 4, dx: -25, dy: 0)
        try pad.swipe(.end, fingers: 4)
        try pad.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "SwipeEnd" } }
        #expect(
            got.map(\.type).filter { $0.hasPrefix("Swipe") } == [
                "SwipeBegin", "SwipeUpdate", "SwipeEnd",
            ])
    }

    /// libinput's acceleration makes a slow swipe's pointer motion a fraction of the fingers':
    /// the swipe is decided on the unaccelerated deltas the server sends beside the accelerated.
    @Test func aTouchpadSwipeIsDecidedOnTheFingersMotionNotThePointers() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "debug"])
        let pad = server.touchpad
        // Slow: the pointer would go 30 px, the fingers went 150.
        try pad.swipe(.begin, fingers: 3)
        for _ in 1...6 {
            try pad.swipe(
                .update, fingers: 3, dx: -5, dy: 0, unacceleratedDx: -25, unacceleratedDy: 0)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        #expect(try waitForResult(d, lines: 1) == ["three-left 3 left"], "\(d.log)")
        // A flick: the pointer would go 150 px, the fingers went 30.
        try pad.swipe(.begin, fingers: 3)
        for _ in 1...6 {
            try pad.swipe(
                .update, fingers: 3, dx: -25, dy: 0, unacceleratedDx: -5, unacceleratedDy: 0)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        try d.waitFor(#"swipe "three-left": failed: lifted after 30 px < 80 px"#)
        #expect(try waitForResult(d, lines: 1) == ["three-left 3 left"], "\(d.log)")
    }

    /// x11vnc and xdotool inject input through XTest: its slave pointer draws like any other
    /// (its raw motion, all that arrives while the press is frozen, is absolute).
    @Test func aRightButtonDragInjectedThroughXTestIsAStroke() throws {
        try xtestDrag()
    }

    func xtestDrag() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        guard let dpy = XOpenDisplay(server.displayName) else {
            throw TestWindowError("cannot open \(server.displayName)")
        }
        defer { XCloseDisplay(dpy) }
        let screen = XDefaultScreen(dpy)
        XTestFakeMotionEvent(dpy, screen, 700, 400, 0)
        XTestFakeButtonEvent(dpy, 3, 1, 0)
        XSync(dpy, 0)
        for i in 1...15 {
            XTestFakeMotionEvent(dpy, screen, Int32(700 - 20 * i), 400, 0)
            XSync(dpy, 0)
            usleep(5_000)
        }
        XTestFakeButtonEvent(dpy, 3, 0, 0)
        XSync(dpy, 0)
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
    }

    /// The right button pressed at (700, `y`) and the mouse moving 300 px left in 15 reports
    /// `every` so often: the config's `back` stroke, let go unless `lift` is false.
    func drawBack(y: Double = 400, every pause: UInt32 = 5_000, lift: Bool = true) throws {
        let mouse = server.mouse
        try mouse.move(toX: 700, y: y)
        try mouse.sync()
        try mouse.button(3, pressed: true)
        for _ in 1...15 {
            try mouse.move(dx: -20, dy: 0)
            try mouse.sync()
            usleep(pause)
        }
        guard lift else { return }
        try mouse.button(3, pressed: false)
        try mouse.sync()
    }

    @Test func aRightButtonDragIsAStrokeAndARightClickReachesTheApplication() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        try drawBack()
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
        #expect(
            try receivedBeforeASentinelKey().filter {
                $0.type.hasPrefix("Button") && $0.detail == 3
            } == [])

        window.clear()
        let mouse = server.mouse
        try mouse.click(3)
        try mouse.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "ButtonRelease" } }
        #expect(
            got.filter { $0.detail == 3 }.map(\.type) == ["ButtonPress", "ButtonRelease"],
            "\(d.log)")
    }

    @Test func aTouchHeldPastTheTimeoutIsHandedBack() throws {
        let config =
            Self.config + """

                [[gesture]]
                name = "drawn-v"
                type = "stroke"
                source = "touchscreen"
                shape = "v"
                action = "exec true"
                """
        let d = try DaemonProcess(
            display: server.displayName, config: config, extra: ["--log-level", "trace"])
        try server.touchscreen.touch(.begin, id: 21, x: 300, y: 300)
        try server.touchscreen.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "TouchBegin" } }
        #expect(got.map(\.type).first == "TouchBegin")
        try d.waitFor("reject (timeout)")
        try server.touchscreen.touch(.end, id: 21, x: 300, y: 300)
        try server.touchscreen.sync()
        #expect(
            window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "TouchEnd" } }.contains {
                $0.type == "TouchEnd"
            })
    }

    @Test func aDaemonTerminatedMidGestureLeavesNoTouchOrPointerFrozen() throws {
        try stopMidGesture(SIGTERM)
    }

    func stopMidGesture(_ signal: Int32) throws {
        try Self.stopMidGesture([signal], server: server, window: window)
    }

    /// Touches and the right button held by the daemon, then `signals` sent back to back: the
    /// daemon must exit and leave nothing frozen.
    static func stopMidGesture(_ signals: [Int32], server: XServer, window: TestWindow) throws {
        let d = try DaemonProcess(display: server.displayName, config: config)
        try holdTwoTouchesAndTheRightButton(server, ids: (31, 32))
        let sent = ContinuousClock.now
        for s in signals { d.child.signal(s) }
        #expect(
            d.child.waitForExit(timeout: .seconds(10)),
            "gestured still runs after \(signals):\n\(d.log)")
        if signals.first == SIGTERM {
            #expect(d.child.exitStatus == 0, "\(d.log)")
            // It gives back what it holds and waits 100 ms for the server to replay it; the aim is
            // 200 ms, with room here for a loaded machine.
            let took = ContinuousClock.now - sent
            #expect(took < .milliseconds(500), "exit took \(took)")
        }
        try liftTwoTouchesAndTheRightButton(server, ids: (31, 32))
        try server.mouse.click(1)
        try server.mouse.sync()
        let got = window.drain(waiting: .seconds(10)) { r in
            r.contains { $0.type == "ButtonRelease" && $0.detail == 1 }
        }
        #expect(
            got.contains { $0.type == "ButtonPress" && $0.detail == 1 },
            "\(d.log)\n\(server.logTail())")
        #expect(got.contains { $0.type == "ButtonRelease" && $0.detail == 1 })
        try expectANewTapGoesStraightThrough(server: server, window: window, id: 33)
    }

    /// Two fingers down at (300, 300) and (360, 300), the right button pressed at (500, 500):
    /// what the daemon holds when it is stopped mid-gesture.
    static func holdTwoTouchesAndTheRightButton(_ server: XServer, ids: (UInt32, UInt32)) throws {
        try server.touchscreen.touch(.begin, id: ids.0, x: 300, y: 300)
        try server.touchscreen.touch(.begin, id: ids.1, x: 360, y: 300)
        try server.mouse.move(toX: 500, y: 500)
        try server.mouse.button(3, pressed: true)
        try server.mouse.sync()
        try server.touchscreen.sync()
    }

    static func liftTwoTouchesAndTheRightButton(_ server: XServer, ids: (UInt32, UInt32)) throws {
        try server.touchscreen.touch(.end, id: ids.0, x: 300, y: 300)
        try server.touchscreen.touch(.end, id: ids.1, x: 360, y: 300)
        try server.mouse.button(3, pressed: false)
        try server.touchscreen.sync()
        try server.mouse.sync()
    }

    /// Nothing is left frozen or held: a tap reaches the window at once, begin and end.
    static func expectANewTapGoesStraightThrough(server: XServer, window: TestWindow, id: UInt32)
        throws
    {
        window.clear()
        try server.touchscreen.touch(.begin, id: id, x: 400, y: 300)
        try server.touchscreen.touch(.end, id: id, x: 400, y: 300)
        try server.touchscreen.sync()
        let tap = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "TouchEnd" } }
        #expect(tap.map(\.type).filter { $0.hasPrefix("Touch") } == ["TouchBegin", "TouchEnd"])
    }

    @Test func aRecordedTraceReplaysToTheSameRecognitionsAsTheLiveRun() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config,
            command: ["record", "@DIR@/trace.jsonl"])
        try threeFingerSwipe(at: 600, 400, ids: [41, 42, 43])
        let pad = server.touchpad
        try pad.pinch(.begin, fingers: 3)
        for i in 1...4 { try pad.pinch(.update, fingers: 3, scale: 1 + 0.1 * Double(i)) }
        try pad.pinch(.end, fingers: 3)
        try pad.sync()
        try d.waitFor("recognized pinch \"pad-pinch\"")
        d.stop()
        let live = d.log.split(separator: "\n").compactMap { line in
            line.range(of: "recognized ").map { String(line[$0.upperBound...]) }
        }
        #expect(live == ["swipe \"three-left\"", "pinch \"pad-pinch\""])

        let replay = try DaemonProcess.runToEnd([
            "replay", "--config", d.directory.appendingPathComponent("config.toml").path,
            d.directory.appendingPathComponent("trace.jsonl").path,
        ])
        let replayed = replay.split(separator: "\n").filter { $0.contains("\"state\":\"ended\"") }
            .map { line -> String in
                let type =
                    line.range(of: #""type":""#).map {
                        line[$0.upperBound...].prefix { $0 != "\"" }
                    } ?? ""
                let name =
                    line.range(of: #""gesture":""#).map {
                        line[$0.upperBound...].prefix { $0 != "\"" }
                    } ?? ""
                return "\(type) \"\(name)\""
            }
        #expect(replayed == live)
        // No binding has an app rule: the window class under the gestures is never read.
        let trace = try String(
            contentsOf: d.directory.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        #expect(!trace.contains("\"app\""))
    }

    @Test func withAnAppRuleTheRecordedTraceNamesTheApplicationUnderEachGesture() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: Self.config + """

                [[gesture]]
                name = "in-test"
                type = "tap"
                fingers = 4
                app = "gestured-test"
                action = "click 1"
                """, command: ["record", "@DIR@/trace.jsonl"])
        try threeFingerSwipe(at: 600, 400, ids: [44, 45, 46])
        try d.waitFor("recognized swipe \"three-left\"")
        d.stop()
        let trace = try String(
            contentsOf: d.directory.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let begins = trace.split(separator: "\n").filter { $0.contains("touch-begin") }
        #expect(begins.count == 3)
        #expect(begins.allSatisfy { $0.contains(#""app":"gestured-test"#) }, "\(trace)")
    }
}

extension DaemonProcess {
    /// Runs a gestured command that ends by itself; returns its stdout.
    static func runToEnd(_ arguments: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let err = dir.appendingPathComponent("err")
        let child = try ChildProcess.spawn(
            binary, arguments, standardOutput: out, standardError: err)
        child.waitForExit(timeout: .seconds(30))
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    }
}

/// SIGKILL gives the daemon no chance to decide its touches: the X server must clean up. It
/// runs on a server of its own without a window manager: Xorg 21.1.7 crashes when a client
/// holding undecided touches dies while openbox manages the window under them (see the
/// troubleshooting notes), which no client can prevent.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct KilledDaemonTests {
    @Test func aDaemonKilledMidGestureLeavesNoTouchOrPointerFrozen() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let window = try TestWindow(
            displayName: server.displayName, name: "gestured-test", width: 1024, height: 768)
        try LiveTests.stopMidGesture([SIGKILL], server: server, window: window)
    }
}

/// In the same suite as the rest: one daemon at a time on the shared server.
extension LiveTests {
    @Test func devicesListsEveryInputDeviceWithItsClass() throws {
        let out = try DaemonProcess.runToEnd(["devices", "--display", desktop.server.displayName])
        #expect(
            out.hasPrefix(
                "X display \(desktop.server.displayName): The X.Org Foundation, XInput 2.4"))
        let rows = out.split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t").map(String.init)
        }
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0[3], $0[1]) })
        #expect(byName["gestured-touchscreen"] == "touchscreen")
        #expect(byName["gestured-touchpad"] == "touchpad")
        #expect(byName["gestured-pointer"] == "pointer")
        #expect(byName["gestured-keyboard"] == "keyboard")
    }

    @Test func aSecondDaemonOnTheSameDisplaySaysOneIsRunning() throws {
        let first = try DaemonProcess(display: server.displayName, config: LiveTests.config)
        defer { first.stop() }
        do {
            let second = try DaemonProcess(display: server.displayName, config: LiveTests.config)
            Issue.record("a second daemon started:\n\(second.log)\nfirst:\n\(first.log)")
        } catch {
            #expect("\(error)".contains("gestured is already running on \(server.displayName)"))
        }
    }

    /// Another gesture tool: the test window's client takes the passive touch grab on the root,
    /// until the returned function lets it go.
    func holdTheTouchGrab() -> () -> Void {
        let d = window.display
        var bits = [UInt8](repeating: 0, count: Int(gestured_mask_len()))
        for t in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { gestured_set_mask(&bits, t) }
        var mods = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        bits.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(
                deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XIGrabTouchBegin(d, XIAllMasterDevices, gestured_default_root(d), 0, &m, 1, &mods)
        }
        XSync(d, 0)
        return {
            XIUngrabTouchBegin(d, XIAllMasterDevices, gestured_default_root(d), 1, &mods)
            XSync(d, 0)
        }
    }

    @Test func aGrabAnotherClientHoldsIsReportedAtStartUp() throws {
        let letGo = holdTheTouchGrab()
        defer { letGo() }
        do {
            _ = try DaemonProcess(display: server.displayName, config: LiveTests.config)
            Issue.record("the daemon started without its grab")
        } catch {
            #expect(
                "\(error)".contains(
                    "cannot grab touches on the root window: another client holds it"))
        }
    }
}

@Suite(.serialized, .timeLimit(.minutes(1)))
struct ServerGoneTests {
    @Test func whenTheXServerGoesAwayTheDaemonExitsWithAMessageAndANonZeroCode() throws {
        let server = try XServer.start()
        let d = try DaemonProcess(display: server.displayName, config: LiveTests.config)
        server.stop()
        #expect(d.child.waitForExit(timeout: .seconds(5)))
        #expect(d.child.exitStatus == 3)
        #expect(d.log.contains("lost the connection to the X server"))
    }
}

@Suite(.serialized, .timeLimit(.minutes(1)))
struct ScreenChangeTests {
    @Test func monitorChangesReachTheEngineAndTheOverlayLive() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let config = """
            [[gesture]]
            name = "from-right"
            type = "edge"
            edge = "right"
            action = "exec echo from-right >> @DIR@/result.txt"
            """
        let d = try DaemonProcess(
            display: server.displayName, config: config,
            extra: ["--log-level", "trace", "--overlay"])
        let overlaySize = { (try? server.run("xwininfo", ["-name", "gestured overlay"])) ?? "" }
        #expect(overlaySize().contains("Width: 1024") && overlaySize().contains("Height: 768"))
        _ = try server.run("xrandr", ["-s", "800x600"])
        try d.waitFor("screen 800x600, monitors 800x600+0+0")
        // The right edge of the new 800 px wide screen, far from the old one's. The touchscreen's
        // axis spans the whole screen, and the harness still counts in the old size: 1020 of
        // 1024 lands at 797 of 800.
        let t = server.touchscreen
        try t.touch(.begin, id: 1, x: 1020, y: 400)
        for i in 1...5 {
            try t.touch(.update, id: 1, x: 1020 - Double(i) * 26, y: 400)
            try t.sync()
            usleep(8_000)
        }
        try t.touch(.end, id: 1, x: 890, y: 400)
        try t.sync()
        try d.waitFor("recognized edge \"from-right\"")
        // The overlay covers the new screen.
        #expect(
            overlaySize().contains("Width: 800") && overlaySize().contains("Height: 600"),
            "\(overlaySize())")
    }
}

extension XServer {
    /// Three fingers spreading on the touchpad under the pointer at (500, 400): `pad-pinch` in
    /// `LiveTests.config`.
    func threeFingerPinchOutOnTheTouchpad() throws {
        try mouse.move(toX: 500, y: 400)
        try touchpad.pinch(.begin, fingers: 3)
        for i in 1...4 { try touchpad.pinch(.update, fingers: 3, scale: 1 + 0.1 * Double(i)) }
        try touchpad.pinch(.end, fingers: 3)
        try touchpad.sync()
    }
}
