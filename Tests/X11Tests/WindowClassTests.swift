import CXInput2
import Foundation
import GestureX11
import Testing
import X11TestSupport
import XServerSupport

/// Reading the class of the window under an event, on the test X server.
extension LiveTests {
    @Test func aWindowGoneBeforeItIsReadHasNoClassNorClientAndLogsNoError() throws {
        let x = try XConnection(name: server.displayName)
        let lines = xErrorsLogged {
            let gone = XCreateSimpleWindow(x.display, x.root, 0, 0, 10, 10, 0, 0, 0)
            XDestroyWindow(x.display, gone)
            x.sync()
            #expect(x.applicationClass(of: gone) == nil)
            #expect(x.clientWindow(gone) == nil)
            #expect(x.applicationClass(of: window.window) == "gestured-test")
            x.sync()
        }
        #expect(lines == [])
    }

    /// xlogo, an Xt application, over the middle of the test window; stopped when `body` ends.
    func withXlogo(_ body: () throws -> Void) throws {
        let xlogo = try ChildProcess.spawn(
            ExternalCommand.locate("xlogo"), ["-geometry", "400x400+200+100"],
            environment: server.environment,
            standardOutput: URL(fileURLWithPath: "/dev/null"))
        defer {
            xlogo.terminate()
            _ = window.raiseAndWait()
        }
        let x = try XConnection(name: server.displayName)
        let shown = window.wait {
            x.clientWindow(x.topLevel(at: 400, 300)) != x.clientWindow(window.window)
                && x.topLevel(at: 400, 300) != 0
        }
        guard shown else { throw TestWindowError("xlogo did not show") }
        try body()
    }

    @Test func appRulesMatchAnXtApplicationWhoseWidgetIsASubwindow() throws {
        try withXlogo {
            let d = try DaemonProcess(
                display: server.displayName,
                config: """
                    [[gesture]]
                    name = "over-xlogo"
                    type = "swipe"
                    source = "touchpad"
                    fingers = 3
                    direction = "left"
                    app = "XLogo"
                    action = "exec echo over-xlogo >> @DIR@/result.txt"

                    [[gesture]]
                    name = "over-anything"
                    type = "swipe"
                    source = "touchpad"
                    fingers = 4
                    direction = "left"
                    app = "*"
                    action = "exec echo over-anything >> @DIR@/result.txt"
                    """)
            try swipeLeft()
            #expect(try waitForResult(d, lines: 1) == ["over-xlogo"], "\(d.log)")
            try server.mouse.move(toX: 400, y: 300)
            let pad = server.touchpad
            try pad.swipe(.begin, fingers: 4)
            for _ in 1...6 {
                try pad.swipe(.update, fingers: 4, dx: -25, dy: 0)
                try pad.sync()
                usleep(8_000)
            }
            try pad.swipe(.end, fingers: 4)
            try pad.sync()
            #expect(try waitForResult(d, lines: 2) == ["over-xlogo", "over-anything"], "\(d.log)")
        }
    }
}
