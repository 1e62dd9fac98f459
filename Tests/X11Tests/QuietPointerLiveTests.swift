import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// With a stroke button bound, gestured follows a pointer's motion only while that button's
/// press is held: plain motion never wakes it, and a stroke still sees all of its motion from
/// the press on, the motion made before gestured turned the following on included.
extension LiveTests {
    @Test func plainMouseMotionWithNoButtonHeldNeverWakesTheDaemon() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let mouse = server.mouse
        // The master pointer turns to the mouse (a slave switch gestured hears of) before counting.
        try mouse.move(toX: 300, y: 300)
        try mouse.sync()
        try d.waitUntilWaitingForInput()
        try d.waitUntilIdleWithNoTimer()
        let before = try ProcessStats.read(pid: d.child.pid).wakeUps
        for batch in 0..<100 {
            for _ in 0..<10 {
                try mouse.move(dx: batch % 2 == 0 ? 4 : -4, dy: batch % 4 < 2 ? 1 : -1)
            }
            try mouse.sync()
        }
        ProcessStats.waitUntilIdle(pid: d.child.pid)
        try d.waitUntilWaitingForInput()
        let woke = try ProcessStats.read(pid: d.child.pid).wakeUps - before

        // Awake to the stroke button all the same.
        try drawBack(every: 2_000)
        #expect(woke == 0, "1,000 motions woke the daemon \(woke) times")
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
    }

    /// The press and the stroke's one long motion reach the server together, before gestured
    /// has read the press: the motion happens before gestured follows the pointer, and the stroke
    /// is that motion alone.
    @Test func aStrokeWhoseOnlyMotionComesWithItsPressIsRecognized() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        let mouse = server.mouse
        try mouse.move(toX: 700, y: 400)
        try mouse.sync()
        try mouse.button(3, pressed: true)
        try mouse.move(dx: -300, dy: 0)
        try mouse.sync()
        // Let go only once gestured has the press: a press let go before is a click.
        try d.waitFor("\"button-press\"")
        try mouse.button(3, pressed: false)
        try mouse.sync()
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
        // The press, then the pointer where the motion took it (the server accelerates it, and
        // may report where it stands again), then the release there.
        let input = d.log.split(separator: "\n").filter { $0.contains(" input {") }.map { line in
            let ev = line.firstMatch(of: /"ev":"([a-z-]+)"/).map { String($0.1) } ?? "?"
            return (
                ev,
                Double(line.firstMatch(of: /"x":(-?[0-9.]+)/).map { String($0.1) } ?? "") ?? .nan
            )
        }
        let went = input.last?.1 ?? .nan
        #expect(input.first.map { "\($0.0) \($0.1)" } == "button-press 700.0", "\(d.log)")
        #expect(input.last?.0 == "button-release", "\(d.log)")
        #expect(
            input.count >= 3 && input.dropFirst().dropLast().allSatisfy { $0.0 == "motion" }
                && input[input.count - 2].1 == went, "\(d.log)")
        #expect(went <= 400, "\(input)")
        #expect(
            try receivedBeforeASentinelKey().filter {
                $0.type.hasPrefix("Button") && $0.detail == 3
            } == [])
    }

    /// A slave's own position is the pointer's only once it has moved since another device
    /// moved the pointer: a mouse clicked where another device took the pointer has not moved,
    /// however far its last own position lies, and its click is the application's.
    @Test func aClickWhereAnotherDeviceTookThePointerIsNoStroke() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        guard let dpy = XOpenDisplay(server.displayName) else {
            throw TestWindowError("cannot open \(server.displayName)")
        }
        defer { XCloseDisplay(dpy) }
        let mouse = server.mouse
        try mouse.move(toX: 300, y: 400)
        try mouse.sync()
        // The XTEST pointer takes the pointer 400 px right of where the mouse left it.
        XTestFakeMotionEvent(dpy, XDefaultScreen(dpy), 700, 400, 0)
        XSync(dpy, 0)
        try mouse.button(3, pressed: true)
        try mouse.sync()
        try d.waitFor("\"button-press\"")
        try mouse.button(3, pressed: false)
        try mouse.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "ButtonRelease" } }
        #expect(
            got.filter { $0.type.hasPrefix("Button") }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 3", "ButtonRelease 3",
            ], "\(d.log)")
        #expect(!d.log.contains("\"ev\":\"motion\""), "\(d.log)")
        #expect(result(d) == [])
    }
}
