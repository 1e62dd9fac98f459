import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// A real screen locker from Debian's packages, holding the screen from `init` until
/// `unlock` (a user typing the password ends it the same way: the locker exits and its grabs go).
final class ScreenLocker {
    let child: ChildProcess
    let name: String
    private let probe: OpaquePointer

    /// Starts `command` and waits until it holds the keyboard.
    init(
        _ command: String, _ arguments: [String] = [], server: XServer,
        environment: [String: String] = [:]
    ) throws {
        name = command
        guard let d = XOpenDisplay(server.displayName) else {
            throw TestWindowError("cannot open \(server.displayName)")
        }
        probe = d
        let log = server.directory.appendingPathComponent("\(command).log")
        child = try ChildProcess.spawn(
            try ExternalCommand.locate(command), arguments,
            environment: server.environment.merging(environment) { $1 }, standardOutput: log)
        let deadline = ContinuousClock.now + .seconds(10)
        while !keyboardHeldElsewhere() {
            guard child.isRunning, ContinuousClock.now < deadline else {
                throw TestWindowError(
                    "\(command) never held the keyboard: \(child.exitDescription ?? "still running"): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"
                )
            }
            usleep(5_000)
        }
    }

    /// Whether another client holds the keyboard: the probe's own grab fails.
    func keyboardHeldElsewhere() -> Bool {
        let r = XGrabKeyboard(
            probe, gestured_default_root(probe), 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime))
        if r == GrabSuccess { XUngrabKeyboard(probe, Time(CurrentTime)) }
        XSync(probe, 0)
        return r != GrabSuccess
    }

    /// Ends the locker and waits until its grabs are gone.
    func unlock() throws {
        child.terminate(grace: .seconds(2))
        let deadline = ContinuousClock.now + .seconds(5)
        while keyboardHeldElsewhere() {
            guard ContinuousClock.now < deadline else {
                throw TestWindowError("\(name) still holds the keyboard after it exited")
            }
            usleep(5_000)
        }
    }

    deinit {
        child.terminate(grace: .seconds(1))
        XCloseDisplay(probe)
    }
}

/// The daemon under a locked screen: on a server of its own with openbox, so that a locker left
/// behind by a failing test holds no other test's screen.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct LockedScreenLiveTests {
    static let config = """
        [[gesture]]
        name = "screen-left"
        type = "swipe"
        source = "touchscreen"
        fingers = 3
        direction = "left"
        action = "exec echo screen-left >> @DIR@/result.txt"

        [[gesture]]
        name = "screen-two-left"
        type = "swipe"
        source = "touchscreen"
        fingers = 2
        direction = "left"
        action = "exec echo screen-two-left >> @DIR@/result.txt"

        [[gesture]]
        name = "pad-left"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "left"
        action = "exec echo pad-left >> @DIR@/result.txt"
        """

    /// Three fingers side by side at (600, 400), moving 160 px left together.
    static func touchscreenSwipeLeft(_ server: XServer, ids: [UInt32]) throws {
        let t = server.touchscreen
        let starts = (0..<3).map { 600 + Double($0) * 60 }
        for (id, x) in zip(ids, starts) { try t.touch(.begin, id: id, x: x, y: 400) }
        for step in 1...8 {
            for (id, x) in zip(ids, starts) {
                try t.touch(.update, id: id, x: x - Double(step) * 20, y: 400)
            }
            try t.sync()
            usleep(8_000)
        }
        for (id, x) in zip(ids, starts) { try t.touch(.end, id: id, x: x - 160, y: 400) }
        try t.sync()
    }

    static func touchpadSwipeLeft(_ server: XServer) throws {
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 3)
        for _ in 1...6 {
            try pad.swipe(.update, fingers: 3, dx: -25, dy: 0)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
    }

    /// Waits until the log says `text` `times` times.
    static func waitFor(_ text: String, times: Int, in d: DaemonProcess) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while d.log.components(separatedBy: text).count - 1 < times {
            guard ContinuousClock.now < deadline else {
                throw TestWindowError("gestured did not say \"\(text)\" \(times) times:\n\(d.log)")
            }
            usleep(5_000)
        }
    }

    /// What the log says of the actions of `gestures`, in order, without times and durations.
    static func actionLines(_ d: DaemonProcess, _ gestures: [String]) -> [String] {
        d.log.split(separator: "\n").compactMap { line -> String? in
            guard let at = line.range(of: "gestured: "),
                gestures.contains(where: { line[at.upperBound...].hasPrefix("\"\($0)\": ") })
            else { return nil }
            let text = String(line[at.upperBound...])
            return text.range(of: #" \([0-9.]+ ms\)$"#, options: .regularExpression).map {
                String(text[..<$0.lowerBound])
            } ?? text
        }
    }

    static let held = "another client holds the keyboard (a screen locker, or a menu open)"

    /// The locker's grab of the pointer takes the first touch (the one that emulates the
    /// pointer), not the others, which still come to gestured's touch grab: a three-finger swipe
    /// reaches it as a two-finger one, and its action must not be performed.
    @Test(arguments: ["i3lock", "xsecurelock"])
    func whileALockerHoldsTheScreenSwipesPerformNothingAndTheFirstAfterUnlockWorks(locker: String)
        throws
    {
        try DesktopOfItsOwn.run { server, _ in
            let d = try DaemonProcess(display: server.displayName, config: Self.config)
            try server.mouse.move(toX: 500, y: 400)
            try server.mouse.sync()
            let lock = try ScreenLocker(locker, locker == "i3lock" ? ["-n"] : [], server: server)
            try Self.touchscreenSwipeLeft(server, ids: [1, 2, 3])
            try Self.touchpadSwipeLeft(server)
            try lock.unlock()
            try Self.touchscreenSwipeLeft(server, ids: [4, 5, 6])
            try Self.touchpadSwipeLeft(server)
            #expect(d.results(waitingFor: 2) == ["screen-left", "pad-left"], "\(d.log)")
            try d.waitFor("\"pad-left\": exec (pid")
            let dir = d.directory.path
            #expect(
                Self.actionLines(d, ["screen-left", "screen-two-left", "pad-left"]).map {
                    $0.replacingOccurrences(
                        of: #"pid [0-9]+"#, with: "pid N", options: .regularExpression)
                } == [
                    "\"screen-two-left\": exec echo screen-two-left >> \(dir)/result.txt not performed: \(Self.held)",
                    "\"screen-left\": exec (pid N) echo screen-left >> \(dir)/result.txt",
                    "\"pad-left\": exec (pid N) echo pad-left >> \(dir)/result.txt",
                ])
        }
    }

    /// A pinch that began before the lock goes on coming to gestured (its events come through
    /// the grab it began with): the steps it fires after the lock are not typed into the
    /// locker, and clicks that waited for the fingers to lift are dropped.
    @Test func stepsOfAPinchUnderWayWhenTheScreenLocksAreNotPerformedAndWaitingClicksAreDropped()
        throws
    {
        try DesktopOfItsOwn.run { server, _ in
            let d = try DaemonProcess(
                display: server.displayName,
                config: """
                    [[gesture]]
                    name = "zoom"
                    type = "pinch"
                    source = "touchpad"
                    fingers = 3
                    repeat = 0.1
                    action = "keys ctrl+plus"

                    [[gesture]]
                    name = "zoom-click"
                    type = "pinch"
                    source = "touchpad"
                    fingers = 2
                    repeat = 0.1
                    action = "click 1"
                    """)
            try server.mouse.move(toX: 500, y: 400)
            try server.mouse.sync()
            let pad = server.touchpad
            for (fingers, before) in [
                (3, "\"zoom\": keys ctrl+plus: pressed"), (2, "\"zoom-click\": click 1 waits"),
            ] {
                try pad.pinch(.begin, fingers: fingers)
                for i in 1...3 {
                    try pad.pinch(.update, fingers: fingers, scale: 1 + 0.12 * Double(i))
                }
                try pad.sync()
                // Steps of 0.1 from the fingers' span when they landed: 1.12, 1.24 and 1.36 are three.
                try Self.waitFor(before, times: 3, in: d)
                let lock = try ScreenLocker("i3lock", ["-n"], server: server)
                for i in 4...6 {
                    try pad.pinch(.update, fingers: fingers, scale: 1 + 0.12 * Double(i))
                }
                try pad.pinch(.end, fingers: fingers, scale: 1.72)
                try pad.sync()
                try Self.waitFor(
                    "recognized pinch \"\(fingers == 3 ? "zoom" : "zoom-click")\"", times: 1, in: d)
                try lock.unlock()
            }
            let keys = "\"zoom\": keys ctrl+plus"
            let click = "\"zoom-click\": click 1"
            #expect(
                Self.actionLines(d, ["zoom", "zoom-click"]) == [String](
                    repeating: "\(keys): pressed ctrl+plus", count: 3)
                    + [String](repeating: "\(keys) not performed: \(Self.held)", count: 4)
                    + [String](
                        repeating: "\(click) waits until gestured lets go of the pointer", count: 3)
                    + [String](repeating: "\(click) not performed: \(Self.held)", count: 7),
                "\(d.log)")
        }
    }

    /// A drag's button held through its lock keeps any locker from grabbing the pointer, as a
    /// mouse button held down does: the locker gets the screen once the lock lets the button go,
    /// if it tries that long. i3lock does with the default lock of 500 ms; with a lock of 3 s it
    /// gave up ("Cannot grab pointer/keyboard").
    @Test func aLockerStartedWhileADragHoldsItsButtonGetsTheScreenOnceTheLockLetsGo() throws {
        try DesktopOfItsOwn.run { server, _ in
            let d = try DaemonProcess(
                display: server.displayName,
                config: """
                    [[gesture]]
                    name = "three-finger-drag"
                    type = "pan"
                    source = "touchpad"
                    fingers = 3
                    action = "drag lock=500"
                    """)
            try server.mouse.move(toX: 500, y: 400)
            try server.mouse.sync()
            let pad = server.touchpad
            try pad.swipe(.begin, fingers: 3)
            for _ in 1...4 { try pad.swipe(.update, fingers: 3, dx: 10, dy: 0) }
            try pad.swipe(.end, fingers: 3)
            try pad.sync()
            try d.waitFor("\"three-finger-drag\": drag: press 1")
            let lock = try ScreenLocker("i3lock", ["-n"], server: server)
            #expect(d.log.contains("\"three-finger-drag\": drag: release 1"))
            try lock.unlock()
        }
    }

    /// Asking whether another client holds the keyboard takes no grab: the focused application
    /// sees no FocusOut and FocusIn before the keys an action sends.
    @Test func askingWhetherTheKeyboardIsHeldMovesNoFocusAwayFromTheApplication() throws {
        let server = try XServer.start()
        defer { server.stop() }
        try {
            guard let x = XOpenDisplay(server.displayName) else {
                throw TestWindowError("cannot open \(server.displayName)")
            }
            defer { XCloseDisplay(x) }
            let w = XCreateSimpleWindow(
                x, gestured_default_root(x), 0, 0, 1024, 768, 0, 0, 0xFFFFFF)
            XSelectInput(x, w, FocusChangeMask | KeyPressMask)
            XMapRaised(x, w)
            XSync(x, 0)
            XSetInputFocus(x, w, RevertToParent, Time(CurrentTime))
            XSync(x, 0)
            var ev = XEvent()
            while XPending(x) > 0 { XNextEvent(x, &ev) }
            let d = try DaemonProcess(
                display: server.displayName,
                config: """
                    [[gesture]]
                    name = "type-a"
                    type = "swipe"
                    source = "touchpad"
                    fingers = 3
                    direction = "left"
                    action = "keys a"
                    """)
            try Self.touchpadSwipeLeft(server)
            var seen: [Int32] = []
            let deadline = ContinuousClock.now + .seconds(3)
            while !seen.contains(KeyPress) && ContinuousClock.now < deadline {
                XSync(x, 0)
                while XPending(x) > 0 {
                    XNextEvent(x, &ev)
                    seen.append(ev.type)
                }
                usleep(5_000)
            }
            #expect(
                seen == [KeyPress],
                "FocusIn is \(FocusIn), FocusOut \(FocusOut), KeyPress \(KeyPress):\n\(d.log)")
        }()
    }
}
