import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// The debug overlay on the test X server, seen as a screenshot of the root window: the trails
/// are where the fingers and the pointer went, and the overlay takes no input.
extension LiveTests {
    /// The overlay's colours on the test server's 24-bit visual (OverlayWindow.inks).
    static let touchInk: UInt = 0x00C8FF
    static let strokeInk: UInt = 0xFF8C00

    /// The screen's pixel at (x, y), as a screenshot (XGetImage on the root) shows it.
    func screenPixel(_ x: Double, _ y: Double) -> UInt {
        let d = window.display
        guard
            let image = XGetImage(
                d, gestured_default_root(d), Int32(x), Int32(y), 1, 1, UInt.max, ZPixmap)
        else { return .max }
        defer { _ = image.pointee.f.destroy_image(image) }
        return image.pointee.f.get_pixel(image, 0, 0) & 0xFFFFFF
    }

    /// Waits until the pixel at (x, y) is `ink`, or is not, as `shown` says.
    func waitForPixel(_ x: Double, _ y: Double, _ ink: UInt, shown: Bool = true) -> Bool {
        window.wait(.seconds(10)) { (screenPixel(x, y) == ink) == shown }
    }

    @Test func theOverlayDrawsTrailsWhereTheFingersWentAndLetsAClickThrough() throws {
        let starts: [(x: Double, y: Double)] = [(600, 300), (640, 420), (680, 540)]
        for s in starts { #expect(screenPixel(s.x - 80, s.y) != Self.touchInk) }
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--overlay"])
        try d.waitFor("debug overlay on (shaped, no compositor)")
        try dragLeftAndHold(starts)
        // The fingers are still down: every trail is drawn along its finger's path, and only there.
        for s in starts {
            // The overlay draws once a frame: wait for the frame with the last move.
            #expect(
                waitForPixel(s.x - 150, s.y, Self.touchInk),
                "no trail at \(s.x - 150),\(s.y)\n\(d.log)")
            for dx in stride(from: 0.0, through: 140, by: 20) {
                #expect(screenPixel(s.x - dx, s.y) == Self.touchInk, "at \(s.x - dx),\(s.y)")
            }
            #expect(screenPixel(s.x - 80, s.y + 40) != Self.touchInk)
            #expect(screenPixel(s.x + 40, s.y) != Self.touchInk)
        }
        try lift(starts)
        #expect(try waitForResult(d, lines: 1) == ["three-left 3 left"], "\(d.log)")

        // A click on a trail still drawn reaches the test window under it.
        let (cx, cy) = (starts[1].x - 80, starts[1].y)
        #expect(screenPixel(cx, cy) == Self.touchInk)
        window.clear()
        try server.mouse.move(toX: cx, y: cy)
        try server.mouse.click(1)
        try server.mouse.sync()
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "ButtonRelease" } }
        #expect(
            got.filter { $0.detail == 1 }.map(\.type) == ["ButtonPress", "ButtonRelease"],
            "\(d.log)")

        // The trails fade out, and the overlay then shows nothing and never wakes the daemon.
        #expect(waitForPixel(cx, cy, Self.touchInk, shown: false), "the trail stayed\n\(d.log)")
        try d.waitUntilIdleWithNoTimer()
        let before = try ProcessStats.read(pid: d.child.pid).wakeUps
        usleep(1_000_000)
        #expect(try ProcessStats.read(pid: d.child.pid).wakeUps == before)
    }

    @Test func withACompositorTheOverlayIsTranslucent() throws {
        let compositor = try Compositor(displayName: server.displayName, watcher: window)
        defer { compositor.stop() }
        let daemon = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--overlay"])
        try daemon.waitFor("debug overlay on (translucent, with the compositor)")
        let starts: [(x: Double, y: Double)] = [(600, 300), (600, 420), (600, 540)]
        try dragLeftAndHold(starts)
        // 85 % of the touch colour over the test window's white, as the compositor blends it.
        let blended: UInt = 0x26D0FF
        func near(_ p: UInt) -> Bool {
            [16, 8, 0].allSatisfy { shift in
                abs(Int((p >> UInt(shift)) & 0xFF) - Int((blended >> UInt(shift)) & 0xFF)) <= 3
            }
        }
        #expect(
            window.wait(.seconds(10)) { near(screenPixel(540, 420)) },
            "pixel \(String(screenPixel(540, 420), radix: 16))\n\(daemon.log)")
        #expect(screenPixel(540, 460) == 0xFFFFFF)
        try lift(starts)
        #expect(try waitForResult(daemon, lines: 1) == ["three-left 3 left"], "\(daemon.log)")
    }

    /// A translucent overlay that no compositor blends would show black over the whole screen:
    /// when the compositor leaves the overlay is made again shaped, and the window under it
    /// shows; when one comes back it is translucent again.
    @Test func theOverlayFollowsTheCompositorLeavingAndComingBack() throws {
        let white: UInt = 0xFFFFFF
        let compositor = try Compositor(displayName: server.displayName, watcher: window)
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--overlay"])
        try d.waitFor("debug overlay on (translucent, with the compositor)")
        #expect(
            waitForPixel(512, 384, white),
            "pixel \(String(screenPixel(512, 384), radix: 16))\n\(d.log)")

        #expect(compositor.stop(), "xcompmgr kept _NET_WM_CM_S0")
        try d.waitFor("debug overlay now shaped, the compositor left")
        // The daemon logs once the server has shown the new window: one screenshot tells.
        for (x, y) in [(512.0, 384.0), (100.0, 400.0), (1000.0, 700.0)] {
            #expect(
                screenPixel(x, y) == white,
                "pixel at \(x),\(y) \(String(screenPixel(x, y), radix: 16))\n\(d.log)")
        }

        let again = try Compositor(displayName: server.displayName, watcher: window)
        defer { again.stop() }
        try d.waitFor("debug overlay now translucent, a compositor came")
        let starts: [(x: Double, y: Double)] = [(600, 300), (600, 420), (600, 540)]
        try dragLeftAndHold(starts)
        // 85 % of the touch colour over the test window's white, as the compositor blends it.
        let blended: UInt = 0x26D0FF
        func near(_ p: UInt) -> Bool {
            [16, 8, 0].allSatisfy { shift in
                abs(Int((p >> UInt(shift)) & 0xFF) - Int((blended >> UInt(shift)) & 0xFF)) <= 3
            }
        }
        #expect(
            window.wait(.seconds(10)) { near(screenPixel(540, 420)) },
            "pixel \(String(screenPixel(540, 420), radix: 16))\n\(d.log)")
        #expect(screenPixel(540, 460) == white)
        try lift(starts)
        #expect(try waitForResult(d, lines: 1) == ["three-left 3 left"], "\(d.log)")
        #expect(d.log.components(separatedBy: "debug overlay now").count == 3, "\(d.log)")
    }

    @Test func aTouchHandedBackToTheApplicationFadesFromTheOverlay() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--overlay"])
        let t = server.touchscreen
        try t.touch(.begin, id: 21, x: 300, y: 600)
        try t.sync()
        #expect(waitForPixel(300, 600, Self.touchInk), "no dot\n\(d.log)")
        // No binding takes one finger: it goes to the application, and gestured hears no more of it.
        let got = window.drain(waiting: .seconds(10)) { $0.contains { $0.type == "TouchBegin" } }
        #expect(got.map(\.type).contains("TouchBegin"))
        #expect(waitForPixel(300, 600, Self.touchInk, shown: false), "the dot stayed\n\(d.log)")
        try t.touch(.end, id: 21, x: 300, y: 600)
        try t.sync()
    }

    @Test func theOverlayFromTheConfigDrawsThePointerStroke() throws {
        // An app rule, so that the window class under each gesture is read.
        let appRule =
            "\n[[gesture]]\ntype = \"tap\"\nfingers = 4\napp = \"gestured-test\"\naction = \"click 1\"\n"
        let d = try DaemonProcess(
            display: server.displayName,
            config: "[settings]\noverlay = true\n" + Self.config + appRule,
            extra: ["--log-level", "trace"])
        try d.waitFor("debug overlay on")
        #expect(screenPixel(600, 380) != Self.strokeInk)
        try drawBack(y: 380, lift: false)
        #expect(waitForPixel(420, 380, Self.strokeInk), "no stroke drawn\n\(d.log)")
        for x in stride(from: 420.0, through: 680, by: 20) {
            #expect(screenPixel(x, 380) == Self.strokeInk, "at \(x),380")
        }
        #expect(screenPixel(600, 420) != Self.strokeInk)
        try server.mouse.button(3, pressed: false)
        try server.mouse.sync()
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
        // Per-application rules still see the application under the overlay.
        #expect(
            d.log.contains(#""app":"gestured-test""#) && !d.log.contains("gestured-overlay"),
            "\(d.log)")
    }
}
