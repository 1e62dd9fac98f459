import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// `window tile` and `window to-monitor` on two RandR monitors side by side, with a panel that
/// reserves the top 30 px of the right one only. On a server of its own: the monitors would
/// change what the other live tests' edges are.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TilingLiveTests {
    typealias Frame = (x: Int, y: Int, width: Int, height: Int)
    static let left: Frame = (0, 0, 1024, 768)
    /// The right monitor's work area: the panel takes 30 px off its top.
    static let rightWork: Frame = (1024, 30, 1024, 738)

    /// A server of its own with two monitors and the panel, openbox, and the window to tile,
    /// for `body`; the window closes before the server stops.
    func onTwoMonitors(_ body: (Desk) throws -> Void) throws {
        let server = try XServer.start(screen: ScreenSize(width: 2048, height: 768))
        defer { server.stop() }
        _ = try server.startWindowManager()
        // The dummy output's own monitor covers both halves: the left one takes its output, which
        // replaces it.
        let output =
            try server.run("xrandr", ["--listmonitors"]).split(separator: "\n").dropFirst().first?
            .split(separator: " ").last.map(String.init) ?? "DUMMY0"
        _ = try server.run(
            "xrandr", ["--setmonitor", "gestured-left", "1024/271x768/203+0+0", output])
        _ = try server.run(
            "xrandr", ["--setmonitor", "gestured-right", "1024/271x768/203+1024+0", "none"])
        let monitors = try server.run("xrandr", ["--listmonitors"])
        guard monitors.hasPrefix("Monitors: 2") else {
            throw TestWindowError("two monitors wanted:\n\(monitors)")
        }
        try body(try Desk(server))
    }

    final class Desk {
        let server: XServer
        let window: TestWindow

        init(_ server: XServer) throws {
            self.server = server
            window = try TestWindow(
                displayName: server.displayName, name: "gestured-tile", width: 300, height: 200)
            _ = TilingLiveTests.openPanel(window.display)
            guard window.raiseAndWait() else {
                throw TestWindowError("openbox did not show the window")
            }
        }

        /// The window's frame on the screen, `_NET_FRAME_EXTENTS` taken into account.
        func frame() -> Frame { window.frame() }

        func daemon() throws -> DaemonProcess {
            try DaemonProcess(display: server.displayName, config: TilingLiveTests.config)
        }

        /// A touchpad swipe with the pointer over the middle of the window.
        func swipe(fingers: Int = 3, _ dx: Double, _ dy: Double) throws {
            let f = frame()
            try server.mouse.move(toX: Double(f.x + f.width / 2), y: Double(f.y + f.height / 2))
            try server.mouse.sync()
            let pad = server.touchpad
            try pad.swipe(.begin, fingers: fingers)
            for _ in 1...6 {
                try pad.swipe(.update, fingers: fingers, dx: dx, dy: dy)
                try pad.sync()
                usleep(8_000)
            }
            try pad.swipe(.end, fingers: fingers)
            try pad.sync()
        }

        func expectFrame(_ expected: Frame, _ d: DaemonProcess, _ what: String) {
            let reached = window.wait { frame() == expected }
            #expect(reached, "\(what): the frame is \(frame()), not \(expected):\n\(d.log)")
        }
    }

    /// A dock along the top of the right monitor, as a panel application makes it.
    static func openPanel(_ d: OpaquePointer) -> Window {
        let root = gestured_default_root(d)
        let w = XCreateSimpleWindow(d, root, 1024, 0, 1024, 30, 0, 0, 0x404040)
        func set(_ property: String, _ type: Atom, _ values: [Int]) {
            var v = values
            XChangeProperty(
                d, w, XInternAtom(d, property, 0), type, 32, PropModeReplace,
                v.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                Int32(v.count))
        }
        set("_NET_WM_WINDOW_TYPE", XA_ATOM, [Int(XInternAtom(d, "_NET_WM_WINDOW_TYPE_DOCK", 0))])
        set("_NET_WM_STRUT_PARTIAL", XA_CARDINAL, [0, 0, 30, 0, 0, 0, 0, 0, 1024, 2047, 0, 0])
        set("_NET_WM_STRUT", XA_CARDINAL, [0, 0, 30, 0])
        XMapWindow(d, w)
        XSync(d, 0)
        return w
    }

    static let config = """
        [[gesture]]
        name = "tile-left"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "left"
        action = "window tile left"

        [[gesture]]
        name = "tile-right"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "right"
        action = "window tile right"

        [[gesture]]
        name = "tile-top-right"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "up"
        action = "window tile top-right"

        [[gesture]]
        name = "other-monitor"
        type = "swipe"
        source = "touchpad"
        fingers = 4
        direction = "down"
        action = "window to-monitor next"
        """

    @Test func tilesFillTheWorkAreaOfTheWindowsOwnMonitorAndASecondTileGoesOnToTheNext() throws {
        try onTwoMonitors { desk in
            let window = desk.window
            XMoveWindow(window.display, window.window, 1300, 200)
            XSync(window.display, 0)
            #expect(window.wait { desk.frame().x > 1024 })
            let d = try desk.daemon()

            try desk.swipe(-25, 0)
            desk.expectFrame((1024, 30, 512, 738), d, "left on the right monitor, under its panel")
            try desk.swipe(-25, 0)
            desk.expectFrame(
                (512, 0, 512, 768), d,
                "left again: the right half of the left monitor, which has no panel")
            try desk.swipe(25, 0)
            desk.expectFrame(
                (1024, 30, 512, 738), d,
                "right from the right half: the left half of the right monitor")
            try desk.swipe(0, -25)
            desk.expectFrame((1536, 30, 512, 369), d, "top-right of the right monitor's work area")
            try desk.swipe(fingers: 4, 0, 25)
            desk.expectFrame(
                (512, 0, 512, 369), d, "to the next monitor, at the same place in its work area")
        }
    }

    @Test func aMaximizedWindowIsRestoredBeforeItIsTiled() throws {
        try onTwoMonitors { desk in
            let window = desk.window
            let d = try desk.daemon()
            window.askToMaximize()
            let maximized = window.atomName(
                UInt(XInternAtom(window.display, "_NET_WM_STATE_MAXIMIZED_VERT", 0)))
            #expect(
                window.wait {
                    window.longs("_NET_WM_STATE", of: window.window).map(window.atomName).contains(
                        maximized)
                })
            try desk.swipe(25, 0)
            desk.expectFrame((512, 0, 512, 768), d, "right half of the left monitor")
            #expect(
                !window.longs("_NET_WM_STATE", of: window.window).map(window.atomName).contains(
                    maximized))
        }
    }
}
