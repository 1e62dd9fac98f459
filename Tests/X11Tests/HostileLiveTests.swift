import CXInput2
import Foundation
import GestureCore
import GestureX11
import Testing
import X11TestSupport
import XServerSupport

/// Signals, reloads and config files handled carelessly or with hostility, against the running
/// daemon on the test server.
extension LiveTests {
    /// A touchpad swipe and a pointer stroke, each appending its name to result.txt.
    func swipeAndStroke(_ word: String) -> String {
        config(word) + """

            [[gesture]]
            name = "\(word)-stroke"
            type = "stroke"
            source = "pointer"
            shape = "line-left"
            action = "exec echo \(word)-stroke >> @DIR@/result.txt"
            """
    }

    /// How many times the log says `text`.
    func count(_ text: String, in d: DaemonProcess) -> Int {
        d.log.components(separatedBy: text).count - 1
    }

    @Test func sigtermFollowedAtOnceBySighupStillEndsTheDaemonAndGivesBackWhatItHeld() throws {
        // One slot for a pending signal let the HUP overwrite the TERM in 3 tries of 4.
        for _ in 1...5 {
            try Self.stopMidGesture([SIGTERM, SIGHUP], server: server, window: window)
        }
    }

    @Test func aThousandReloadsLeaveTheResidentMemoryFlat() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: swipeAndStroke("first") + """

                [[gesture]]
                name = "zoom"
                type = "pinch"
                source = "touchpad"
                repeat = 0.1
                action = "keys ctrl+plus"
                """, extra: ["--log-level", "info"])
        func reload(_ n: Int) throws {
            for _ in 0..<n {
                let before = count("SIGHUP: reloaded 3 gestures", in: d)
                d.child.signal(SIGHUP)
                let deadline = ContinuousClock.now + .seconds(5)
                while count("SIGHUP: reloaded 3 gestures", in: d) == before {
                    guard ContinuousClock.now < deadline, d.child.isRunning else {
                        throw TestWindowError("no reload:\n\(d.log.suffix(2000))")
                    }
                    usleep(200)
                }
            }
        }
        try reload(100)
        let warm = try ProcessStats.read(pid: d.child.pid).residentKiB
        try reload(900)
        let after = try ProcessStats.read(pid: d.child.pid).residentKiB
        #expect(after - warm < 1024, "RSS \(warm) KiB after 100 reloads, \(after) KiB after 1000")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["first"])
    }

    @Test func aConfigRemovedAndWrittenAgainDuringAStrokeKeepsEveryBinding() throws {
        let d = try DaemonProcess(display: server.displayName, config: swipeAndStroke("first"))
        let path = d.directory.appendingPathComponent("config.toml").path
        let mouse = server.mouse
        try mouse.move(toX: 700, y: 400)
        try mouse.button(3, pressed: true)
        try mouse.sync()
        for i in 1...15 {
            try mouse.move(dx: -20, dy: 0)
            try mouse.sync()
            usleep(5_000)
            if i == 5 {
                // As `rm config.toml; cat new > config.toml` does: gone, then there but empty, then whole.
                unlink(path)
                let f = fopen(path, "w")!
                fflush(f)
                usleep(20_000)
                fputs(
                    swipeAndStroke("second").replacingOccurrences(
                        of: "@DIR@", with: d.directory.path), f)
                fclose(f)
            }
        }
        try mouse.button(3, pressed: false)
        try mouse.sync()
        #expect(try waitForResult(d, lines: 1) == ["first-stroke"], "\(d.log)")
        try d.waitFor("the config file changed: reloaded 2 gestures")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 2) == ["first-stroke", "second"], "\(d.log)")
        #expect(!d.log.contains("reloaded 0 gestures"))
    }

    @Test func inputKeepsFlowingToTheLastGoodConfigWhileALargeOneLoads() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        // 20,000 taps take this debug build seconds to read: the swipe made meanwhile must be
        // recognized by the config in force, not wait in the queue for the new one.
        let taps = (0..<20_000).map {
            "[[gesture]]\nname = \"tap-\($0)\"\ntype = \"tap\"\nfingers = \(1 + $0 % 5)\naction = \"click 1\"\n"
        }
        try write(config("second") + "\n" + taps.joined(separator: "\n"), to: d, replacing: true)
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["first"], "\(d.log.suffix(3000))")
        #expect(!d.log.contains("reloaded"))
        try d.waitFor("the config file changed: reloaded 20001 gestures", timeout: .seconds(60))
        try swipeLeft()
        #expect(try waitForResult(d, lines: 2) == ["first", "second"])
    }

    @Test func aReloadWhoseGrabAnotherClientHoldsIsRefusedAndTheDaemonKeepsItsGrabs() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        let letGo = holdTheTouchGrab()
        defer { letGo() }
        try write(
            config("second") + "\n[[gesture]]\ntype = \"tap\"\nfingers = 2\naction = \"click 1\"\n",
            to: d, replacing: true)
        try d.waitFor(
            "the config file changed: cannot grab touches on the root window: another client holds it"
        )
        #expect(d.log.contains("keeping the last good config"))
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["first"])
    }

    @Test func aConfigWrittenInTwoPartsIsReadOnceWhole() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        // The first part alone is a valid config of one gesture: read before the writer closes
        // the file, it would be taken for the whole.
        let f = fopen(d.directory.appendingPathComponent("config.toml").path, "w")!
        fputs(config("second").replacingOccurrences(of: "@DIR@", with: d.directory.path), f)
        fflush(f)
        usleep(400_000)
        fputs("\n[[gesture]]\ntype = \"tap\"\nfingers = 2\naction = \"click 1\"\n", f)
        fclose(f)
        try d.waitFor("the config file changed: reloaded 2 gestures")
        #expect(!d.log.contains("reloaded 1 gesture "), "\(d.log)")
    }

    @Test func aConfigLeftEmptyIsRefusedAndTheLastGoodOneStaysActive() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        let path = d.directory.appendingPathComponent("config.toml").path
        unlink(path)
        fclose(fopen(path, "w")!)
        try d.waitFor("has no gestures (write `gesture = []` to run with none on purpose)")
        #expect(d.log.contains("the config has errors; keeping the last good one"))
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["first"])
        try write("gesture = []\n", to: d, replacing: true)
        try d.waitFor("the config file changed: reloaded 0 gestures")
    }

    @Test func execIsRefusedOnceOthersMayWriteTheConfigAndAllowedAgainAfterward() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        let path = d.directory.appendingPathComponent("config.toml").path
        chmod(path, 0o666)
        try d.waitFor(
            "exec actions are refused: \(path) is writable by every user; make it writable by you only (chmod go-w \(path))"
        )
        try swipeLeft()
        try d.waitFor("\"first\": exec refused")
        #expect(result(d) == [])
        chmod(path, 0o600)
        try d.waitFor("exec actions are allowed again")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["first"])
        // Owned by someone else, chmod alone cannot make it safe: the advice says chown.
        chown(path, 65534, 65534)
        try d.waitFor(
            "exec actions are refused: \(path) is owned by another user (uid 65534); make it yours (chown \(getuid()) \(path)) and writable by you only (chmod go-w)"
        )
        chown(path, getuid(), getgid())
    }
}

extension LiveTests {
    @Test func aPinchScaleOfZeroFromTheDeviceIsDroppedWithAWarningAndThePinchGoesOn() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let pad = server.touchpad
        try server.mouse.move(toX: 500, y: 400)
        try pad.pinch(.begin, fingers: 3)
        try pad.pinch(.update, fingers: 3, scale: 0)
        for i in 1...4 { try pad.pinch(.update, fingers: 3, scale: 1 + 0.1 * Double(i)) }
        try pad.pinch(.end, fingers: 3)
        try pad.sync()
        #expect(try waitForResult(d, lines: 1) == ["pad-pinch"], "\(d.log)")
        #expect(
            d.log.contains(#"input dropped, its scale is not a number above 0: {"t":"#), "\(d.log)")
        #expect(
            d.log.contains(
                #""ev":"pinch-update","fingers":3,"dx":0,"dy":0,"udx":0,"udy":0,"scale":0,"angle":0}"#
            ), "\(d.log)")
    }
}

/// The listener on a server without touchpad gestures (XInput 2.3, asked for by the client,
/// which the server then treats as it would if it had no more).
extension LiveTests {
    @Test func onAnXInput23ServerTheListenerSaysItGrabsNoTouchpadGestures() throws {
        let x = try XConnection(name: server.displayName, xi: (2, 3))
        #expect(!x.hasGestures)
        let listener = try XInputListener(
            x, needs: InputNeeds(touchscreen: true, touchpadSwipe: true, touchpadPinch: true))
        #expect(listener.grabbedText == "touches")
        listener.ungrab()
    }
}

/// Input the daemon never read: a stopped daemon cannot read, so the touches and the press
/// wait in its queue when SIGTERM comes. On a server of its own with openbox: Xorg 21.1 crashes
/// when a client leaves with undecided touches on a window that openbox manages.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct UnreadInputAtExitTests {
    @Test func touchesAndAPressStillQueuedAtSigtermAreGivenBackAndTheServerLivesOn() throws {
        let server = try XServer.start()
        defer { server.stop() }
        _ = try server.startWindowManager()
        let window = try TestWindow(
            displayName: server.displayName, name: "gestured-test", width: 1024, height: 768)
        guard window.raiseAndWait() else {
            throw TestWindowError("openbox did not show the test window")
        }
        window.clear()
        let d = try DaemonProcess(display: server.displayName, config: LiveTests.config)
        try d.waitUntilWaitingForInput()
        d.child.signal(SIGSTOP)
        try LiveTests.holdTwoTouchesAndTheRightButton(server, ids: (51, 52))
        d.child.signal(SIGTERM)
        d.child.signal(SIGCONT)
        #expect(d.child.waitForExit(timeout: .seconds(10)), "gestured still runs:\n\(d.log)")
        #expect(d.child.exitStatus == 0, "\(d.log)")
        try LiveTests.liftTwoTouchesAndTheRightButton(server, ids: (51, 52))
        #expect(
            d.log.contains("gave back input not yet read: 2 touches, a press of button 3"),
            "\(d.log)")
        let got = window.drain(waiting: .seconds(10)) { r in
            r.contains { $0.type == "TouchEnd" }
                && r.contains { $0.type == "ButtonRelease" && $0.detail == 3 }
        }
        // The first touch emulates the pointer and goes to openbox's grab on the frame; the
        // second reaches the window.
        #expect(
            got.map(\.type).filter { $0.hasPrefix("Touch") } == ["TouchBegin", "TouchEnd"],
            "\(got)\n\(server.logTail())")
        #expect(got.contains { $0.type == "ButtonPress" && $0.detail == 3 })
        #expect(got.contains { $0.type == "ButtonRelease" && $0.detail == 3 })
        // And the server lives on.
        try LiveTests.expectANewTapGoesStraightThrough(server: server, window: window, id: 53)
    }
}
