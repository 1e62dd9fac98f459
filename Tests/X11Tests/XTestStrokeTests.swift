import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// Pointer strokes that another client draws through XTest, as remote desktops (x11vnc) and
/// xdotool do: the server's XTEST pointer is a slave like any other.
extension LiveTests {
    @Test func aStrokeDrawnThroughXTestFiresLikeOneDrawnWithTheMouse() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config, extra: ["--log-level", "trace"])
        guard let x = XOpenDisplay(server.displayName) else { throw TestWindowError("cannot open \(server.displayName)") }
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
        #expect(try receivedBeforeASentinelKey().filter { $0.type.hasPrefix("Button") && $0.detail == 3 } == [])
    }
}
