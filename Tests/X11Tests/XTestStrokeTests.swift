import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// Pointer strokes that another client draws through XTest, as remote desktops (x11vnc) and
/// xdotool do: the server's XTEST pointer is a slave like any other.
extension LiveTests {
    @Test func aStrokeDrawnThroughXTestFiresLikeOneDrawnWithTheMouse() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        guard let x = XOpenDisplay(server.displayName) else {
            throw TestWindowError("cannot open \(server.displayName)")
        }
        defer { XCloseDisplay(x) }
        XTestFakeMotionEvent(x, -1, 700, 400, 0)
        XTestFakeButtonEvent(x, 3, 1, 0)
        XSync(x, 0)
        for _ in 1...15 {
            XTestFakeRelativeMotionEvent(x, -20, 0, 0)
            XSync(x, 0)
            usleep(5_000)
        }
        XTestFakeButtonEvent(x, 3, 0, 0)
        XSync(x, 0)
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
        #expect(
            try receivedBeforeASentinelKey().filter {
                $0.type.hasPrefix("Button") && $0.detail == 3
            } == [])
    }
}

extension LiveTests {
    /// gestured's own right click, on the button it draws strokes with, is a click: it reaches
    /// the application at once and starts no stroke.
    @Test func gesturedsOwnClickOnTheStrokeButtonIsNotTakenForAStroke() throws {
        let config =
            Self.config + """

                [[gesture]]
                name = "two-finger-tap"
                type = "tap"
                source = "touchscreen"
                fingers = 2
                action = "click 3"
                """
        let d = try DaemonProcess(
            display: server.displayName, config: config, extra: ["--log-level", "trace"])
        let screen = server.touchscreen
        try screen.touch(.begin, id: 31, x: 500, y: 300)
        try screen.touch(.begin, id: 32, x: 540, y: 300)
        try screen.sync()
        try screen.touch(.end, id: 31, x: 500, y: 300)
        try screen.touch(.end, id: 32, x: 540, y: 300)
        try screen.sync()
        let got = window.drain(waiting: .seconds(10)) {
            $0.contains { $0.type == "ButtonRelease" && $0.detail == 3 }
        }
        #expect(
            got.filter { $0.type.hasPrefix("Button") }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 3", "ButtonRelease 3",
            ], "\(d.log)")
        // The engine never saw it: no press, no stroke that failed for want of movement.
        #expect(!d.log.contains("\"ev\":\"button-press\",\"button\":3"), "\(d.log)")
        #expect(!d.log.contains("stroke \"back\": failed"), "\(d.log)")
    }
}
