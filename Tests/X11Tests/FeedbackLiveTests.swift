import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// Feedback on the test X server with openbox, seen as screenshots of the root window: the
/// outline of the window growing toward its maximized frame and the next desktop sliding in,
/// at progress 0.5 and 1; the action performed only past the commit point; and, once the
/// picture has gone back, a daemon that never wakes. On a server of its own, so that the
/// window's frame and the desktops are this suite's alone.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FeedbackLiveTests {
    typealias Frame = (x: Int, y: Int, width: Int, height: Int)
    /// OverlayWindow's feedback ink on the server's 24-bit visual, drawn whole without a compositor.
    static let ink: UInt = 0x3399FF
    static let screen: Frame = (0, 0, 1024, 768)
    /// Touchpad movement to the commit point (touchpad-commit-distance).
    static let commit = 200.0

    static let config = """
        [settings]
        feedback = true

        [[gesture]]
        name = "maximize"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "up"
        action = "window maximize"

        [[gesture]]
        name = "next-desktop"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "left"
        action = "desktop next"

        [[gesture]]
        name = "minimize"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "down"
        action = "window minimize"

        [[gesture]]
        name = "show-desktop"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "right"
        action = "show-desktop"

        [[gesture]]
        name = "close"
        type = "swipe"
        source = "touchpad"
        fingers = 4
        direction = "up"
        action = "window close"
        """

    /// A server of its own with openbox and a window in the middle, for `body`.
    func onDesk(_ body: (Desk) throws -> Void) throws {
        let server = try XServer.start(
            screen: ScreenSize(width: Self.screen.width, height: Self.screen.height))
        defer { server.stop() }
        _ = try server.startWindowManager()
        try body(try Desk(server))
    }

    final class Desk {
        let server: XServer
        let window: TestWindow

        init(_ server: XServer) throws {
            self.server = server
            window = try TestWindow(
                displayName: server.displayName, name: "gestured-feedback-test", x: 300, y: 250,
                width: 300, height: 200)
            guard window.raiseAndWait() else {
                throw TestWindowError("openbox did not show the window")
            }
        }

        /// The window's frame on the screen, `_NET_FRAME_EXTENTS` taken into account.
        func frame() -> Frame { window.frame() }

        /// The screen's pixel at (x, y), as a screenshot (XGetImage on the root) shows it.
        func pixel(_ x: Int, _ y: Int) -> UInt {
            guard (0..<FeedbackLiveTests.screen.width).contains(x),
                (0..<FeedbackLiveTests.screen.height).contains(y)
            else { return .max }
            let d = window.display
            guard
                let image = XGetImage(
                    d, gestured_default_root(d), Int32(x), Int32(y), 1, 1, UInt.max, ZPixmap)
            else { return .max }
            defer { _ = image.pointee.f.destroy_image(image) }
            return image.pointee.f.get_pixel(image, 0, 0) & 0xFFFFFF
        }

        /// Waits until the pixel at (x, y) is the feedback's ink, or is not, as `shown` says.
        func waitForInk(_ x: Int, _ y: Int, shown: Bool = true) -> Bool {
            window.wait(.seconds(10)) { (pixel(x, y) == FeedbackLiveTests.ink) == shown }
        }

        /// Whether the four sides of `r`'s outline are drawn, each at its middle (those on the screen).
        func outlined(_ r: Frame) -> Bool {
            let points = [
                (r.x + r.width / 2, r.y + 2), (r.x + r.width / 2, r.y + r.height - 3),
                (r.x + 2, r.y + r.height / 2), (r.x + r.width - 3, r.y + r.height / 2),
            ]
            .filter {
                (0..<FeedbackLiveTests.screen.width).contains($0.0)
                    && (0..<FeedbackLiveTests.screen.height).contains($0.1)
            }
            return window.wait(.seconds(10)) {
                points.allSatisfy { pixel($0.0, $0.1) == FeedbackLiveTests.ink }
            }
        }

        /// The pointer over the middle of the window, three touchpad fingers down, then moves of
        /// (dx, dy) in steps of 20 px of touchpad, 8 ms apart; the fingers stay down.
        func swipeAndHold(fingers: Int = 3, _ dx: Double, _ dy: Double) throws {
            let f = frame()
            try server.mouse.move(toX: Double(f.x + f.width / 2), y: Double(f.y + f.height / 2))
            try server.mouse.sync()
            try server.touchpad.swipe(.begin, fingers: fingers)
            try move(fingers: fingers, dx, dy)
        }

        func move(fingers: Int = 3, _ dx: Double, _ dy: Double) throws {
            let steps = Int((max(abs(dx), abs(dy)) / 20).rounded())
            for _ in 0..<steps {
                try server.touchpad.swipe(
                    .update, fingers: fingers, dx: dx / Double(steps), dy: dy / Double(steps))
                try server.touchpad.sync()
                usleep(8_000)
            }
        }

        func lift(fingers: Int = 3) throws {
            try server.touchpad.swipe(.end, fingers: fingers)
            try server.touchpad.sync()
        }

        func currentDesktop() -> UInt? {
            window.longs("_NET_CURRENT_DESKTOP", of: gestured_default_root(window.display)).first
        }
    }

    /// `ink` at `alpha` over `below`, channel by channel.
    static func blend(_ ink: UInt, _ alpha: Double, over below: UInt) -> UInt {
        [16, 8, 0].reduce(0) { sum, shift in
            let a = Double((ink >> UInt(shift)) & 0xFF)
            let b = Double((below >> UInt(shift)) & 0xFF)
            return sum | UInt((a * alpha + b * (1 - alpha)).rounded()) << UInt(shift)
        }
    }

    /// The rectangle `p` of the way from `a` to `b`, as FeedbackPicture draws it.
    static func between(_ a: Frame, _ b: Frame, _ p: Double) -> Frame {
        func mix(_ u: Int, _ v: Int) -> Int { u + Int((Double(v - u) * p).rounded()) }
        return (mix(a.x, b.x), mix(a.y, b.y), mix(a.width, b.width), mix(a.height, b.height))
    }

    @Test
    func
        theOutlineGrowsTowardTheMaximizedFrameAndTheWindowIsMaximizedWhenTheFingersLiftPastTheCommitPoint()
        throws
    {
        try onDesk { desk in
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            let start = desk.frame()
            try desk.swipeAndHold(0, -Self.commit / 2)
            // Progress 0.5: halfway from the window's frame to the screen (openbox has no panel here).
            let half = Self.between(start, Self.screen, 0.5)
            #expect(desk.outlined(half), "no outline at \(half) at progress 0.5\n\(d.log)")
            #expect(
                desk.pixel(half.x + half.width / 2, half.y + half.height / 2) != Self.ink,
                "the outline is filled without a compositor")
            #expect(desk.pixel(Self.screen.width / 2, 2) != Self.ink)
            #expect(desk.frame() == start, "the window moved before the lift")

            try desk.move(0, -Self.commit / 2)
            #expect(
                desk.outlined(Self.screen),
                "no outline at the maximized frame at progress 1\n\(d.log)")
            #expect(!desk.outlined(half) || half == Self.screen)
            try desk.lift()
            #expect(
                desk.window.wait { desk.frame() == Self.screen },
                "the window is \(desk.frame()), not maximized\n\(d.log)")
            #expect(
                desk.waitForInk(2, Self.screen.height / 2, shown: false),
                "the outline stayed after the commit\n\(d.log)")
        }
    }

    @Test
    func liftedBeforeTheCommitPointNothingIsPerformedThePictureGoesBackAndTheDaemonThenNeverWakes()
        throws
    {
        try onDesk { desk in
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            let start = desk.frame()
            try desk.swipeAndHold(0, -Self.commit / 2)
            let half = Self.between(start, Self.screen, 0.5)
            #expect(desk.outlined(half), "no outline at \(half) at progress 0.5\n\(d.log)")
            try desk.lift()
            try d.waitFor("before the commit point: nothing performed")
            // The picture goes back (200 ms at the most) and is gone.
            #expect(
                desk.waitForInk(half.x + half.width / 2, half.y + 2, shown: false),
                "the outline stayed\n\(d.log)")
            usleep(300_000)
            #expect(desk.frame() == start, "the window moved: \(desk.frame())\n\(d.log)")
            try d.waitUntilIdleWithNoTimer()
            let before = try ProcessStats.read(pid: d.child.pid).wakeUps
            usleep(1_000_000)
            #expect(
                try ProcessStats.read(pid: d.child.pid).wakeUps == before,
                "the daemon woke after the animation\n\(d.log)")
            // The next gesture finds the window under the pointer through feedback's own window
            // (it takes no input), and draws again.
            try desk.swipeAndHold(0, -Self.commit / 2)
            #expect(desk.outlined(half), "no outline on the second swipe\n\(d.log)")
            try desk.lift()
        }
    }

    @Test func theNextDesktopSlidesInFromTheRightAndIsShownWhenTheFingersLiftPastTheCommitPoint()
        throws
    {
        try onDesk { desk in
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            #expect(desk.currentDesktop() == 0)
            try desk.swipeAndHold(-Self.commit / 2, 0)
            // Progress 0.5: the desktop's left edge is in the middle of the screen.
            let middle = Self.screen.width / 2
            #expect(
                desk.waitForInk(middle + 2, Self.screen.height / 2),
                "no slide at progress 0.5\n\(d.log)")
            #expect(
                desk.pixel(middle + 200, 2) == Self.ink
                    && desk.pixel(middle + 200, Self.screen.height - 3) == Self.ink)
            #expect(
                desk.pixel(middle - 10, Self.screen.height / 2) != Self.ink
                    && desk.pixel(2, Self.screen.height / 2) != Self.ink)
            try desk.move(-Self.commit / 2, 0)
            #expect(
                desk.outlined(Self.screen),
                "the desktop did not reach the screen at progress 1\n\(d.log)")
            #expect(desk.currentDesktop() == 0, "the desktop changed before the lift")
            try desk.lift()
            #expect(
                desk.window.wait { desk.currentDesktop() == 1 },
                "desktop \(String(describing: desk.currentDesktop()))\n\(d.log)")
        }
    }

    /// Minimize shrinks the outline toward the bottom of the monitor (openbox gives no icon
    /// geometry without a panel), close shows it whole until it would fade (no compositor),
    /// show-desktop moves it aside toward the nearer edge: each at progress 0.5, lifted there,
    /// and nothing performed.
    @Test(arguments: [
        ("minimize", 3, 0.0, 1.0), ("close", 4, 0.0, -1.0), ("show-desktop", 3, 1.0, 0.0),
    ])
    func theOtherPicturesAtProgressHalfAndNothingPerformedWhenLiftedThere(
        name: String, fingers: Int, dx: Double, dy: Double
    ) throws {
        try onDesk { desk in
            // Off the middle, so that which side the window moves aside to is plain.
            XMoveWindow(desk.window.display, desk.window.window, 150, 250)
            XFlush(desk.window.display)
            #expect(
                desk.window.wait { desk.frame().x < 300 },
                "openbox did not move the window: \(desk.frame())")
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            let start = desk.frame()
            let expected: Frame
            switch name {
            case "minimize":
                expected = Self.between(
                    start, (Self.screen.width / 2, Self.screen.height, 0, 0), 0.5)
            case "close": expected = start
            default:
                expected = (
                    start.x + Int((Double(-(start.x + start.width)) * 0.5).rounded()), start.y,
                    start.width, start.height
                )
            }
            try desk.swipeAndHold(fingers: fingers, dx * Self.commit / 2, dy * Self.commit / 2)
            #expect(
                desk.outlined(expected),
                "\(name): no outline at \(expected) at progress 0.5\n\(d.log)")
            try desk.lift(fingers: fingers)
            try d.waitFor("\"\(name)\": lifted at progress")
            #expect(
                desk.waitForInk(expected.x + expected.width / 2, expected.y + 2, shown: false),
                "\(name): the outline stayed\n\(d.log)")
            usleep(300_000)
            var attributes = XWindowAttributes()
            XGetWindowAttributes(desk.window.display, desk.window.window, &attributes)
            #expect(
                attributes.map_state == IsViewable && desk.frame() == start,
                "\(name) was performed\n\(d.log)")
            #expect(
                desk.window.longs(
                    "_NET_SHOWING_DESKTOP", of: gestured_default_root(desk.window.display)
                ).first ?? 0 == 0)
        }
    }

    /// A drag with feedback draws the pointer's path while the fingers are down, and the path
    /// goes when they lift (a drag is not held back: it follows the fingers).
    @Test func aDragWithFeedbackDrawsThePointersPathUntilTheFingersLift() throws {
        try onDesk { desk in
            let d = try DaemonProcess(
                display: desk.server.displayName,
                config: """
                    [settings]
                    feedback = true
                    [[gesture]]
                    name = "drag"
                    type = "pan"
                    source = "touchpad"
                    fingers = 3
                    action = "drag lock=0"
                    """)
            let f = desk.frame()
            let (x0, y0) = (f.x + 40, f.y + f.height / 2)
            try desk.server.mouse.move(toX: Double(x0), y: Double(y0))
            try desk.server.mouse.sync()
            try desk.server.touchpad.swipe(.begin, fingers: 3)
            for _ in 0..<10 {
                try desk.server.touchpad.swipe(.update, fingers: 3, dx: 20, dy: 0)
                try desk.server.touchpad.sync()
                usleep(8_000)
            }
            // The path runs from where the pointer was to where it is, a move behind.
            #expect(desk.waitForInk(x0 + 150, y0), "no path\n\(d.log)")
            for x in stride(from: x0 + 10, through: x0 + 150, by: 20) {
                #expect(desk.pixel(x, y0) == Self.ink, "no path at \(x),\(y0)")
            }
            #expect(desk.pixel(x0 + 100, y0 + 30) != Self.ink)
            try desk.lift()
            #expect(
                desk.waitForInk(x0 + 100, y0, shown: false),
                "the path stayed after the lift\n\(d.log)")
        }
    }

    /// With a compositor the picture is translucent: the window under the outline shows through
    /// its fill. Set GESTURED_FEEDBACK_SCREENSHOT to a PNG path to keep the screen at progress
    /// 0.5 (docs/feedback.png is made so: `xwd -root`, then ImageMagick's `convert`).
    @Test func withACompositorTheOutlineIsTranslucent() throws {
        try onDesk { desk in
            let compositor = try Compositor(
                displayName: desk.server.displayName, watcher: desk.window)
            defer { compositor.stop() }
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            let start = desk.frame()
            let half = Self.between(start, Self.screen, 0.5)
            // The ink over what is below, as the compositor blends it: 25 % inside, 90 % on the outline.
            let (cx, cy) = (start.x + start.width / 2, start.y + start.height / 2)
            let (ox, oy) = (half.x + half.width / 2, half.y + 2)
            let inside = Self.blend(Self.ink, 0.25, over: desk.pixel(cx, cy))
            let outline = Self.blend(Self.ink, 0.9, over: desk.pixel(ox, oy))
            func near(_ p: UInt, _ want: UInt) -> Bool {
                [16, 8, 0].allSatisfy { shift in
                    abs(Int((p >> UInt(shift)) & 0xFF) - Int((want >> UInt(shift)) & 0xFF)) <= 3
                }
            }
            try desk.swipeAndHold(0, -Self.commit / 2)
            // The frame of the last move first: the outline is at progress 0.5 only then.
            #expect(
                desk.window.wait(.seconds(10)) { near(desk.pixel(ox, oy), outline) },
                "outline \(String(desk.pixel(ox, oy), radix: 16)), not \(String(outline, radix: 16))\n\(d.log)"
            )
            #expect(
                near(desk.pixel(cx, cy), inside),
                "inside \(String(desk.pixel(cx, cy), radix: 16)), not \(String(inside, radix: 16))")
            if let path = ProcessInfo.processInfo.environment["GESTURED_FEEDBACK_SCREENSHOT"] {
                let xwd = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "feedback-\(UUID().uuidString).xwd"
                ).path
                _ = try desk.server.run("xwd", ["-root", "-silent", "-out", xwd])
                _ = try desk.server.run("convert", ["xwd:" + xwd, "png:" + path])
                try? FileManager.default.removeItem(atPath: xwd)
            }
            try desk.lift()
            try d.waitFor("before the commit point: nothing performed")
        }
    }
}

extension FeedbackLiveTests {
    /// Feedback's window, once made, stays: translucent while a compositor runs, it would
    /// show black over the whole screen once none blends it. It is made again shaped when the
    /// compositor leaves, so the window under it shows, and translucent when one comes back.
    @Test func theFeedbackWindowFollowsTheCompositorLeavingAndComingBack() throws {
        try onDesk { desk in
            let white: UInt = 0xFFFFFF
            let compositor = try Compositor(
                displayName: desk.server.displayName, watcher: desk.window)
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            let start = desk.frame()
            let (cx, cy) = (start.x + start.width / 2, start.y + start.height / 2)
            let inside = Self.blend(Self.ink, 0.25, over: white)
            func near(_ p: UInt, _ want: UInt) -> Bool {
                [16, 8, 0].allSatisfy { shift in
                    abs(Int((p >> UInt(shift)) & 0xFF) - Int((want >> UInt(shift)) & 0xFF)) <= 3
                }
            }
            func swipeShowsTheTranslucentFill(_ nth: Int) throws {
                try desk.swipeAndHold(0, -Self.commit / 2)
                #expect(
                    desk.window.wait(.seconds(10)) { near(desk.pixel(cx, cy), inside) },
                    "inside \(String(desk.pixel(cx, cy), radix: 16)), not \(String(inside, radix: 16))\n\(d.log)"
                )
                try desk.lift()
                #expect(
                    desk.window.wait(.seconds(5)) {
                        d.log.components(separatedBy: "before the commit point: nothing performed")
                            .count > nth
                    },
                    "\(d.log)")
                #expect(
                    desk.window.wait(.seconds(10)) { desk.pixel(cx, cy) == white },
                    "the picture stayed\n\(d.log)")
            }
            try swipeShowsTheTranslucentFill(1)

            #expect(compositor.stop(), "xcompmgr kept _NET_WM_CM_S0")
            try d.waitFor("feedback window now shaped, the compositor left")
            // The daemon logs once the server has shown the new window: one screenshot tells.
            #expect(
                desk.pixel(cx, cy) == white,
                "pixel \(String(desk.pixel(cx, cy), radix: 16))\n\(d.log)")

            let again = try Compositor(displayName: desk.server.displayName, watcher: desk.window)
            defer { again.stop() }
            try d.waitFor("feedback window now translucent, a compositor came")
            try swipeShowsTheTranslucentFill(2)
        }
    }

    /// Nothing is drawn over a locked screen, and the action is not performed. A locker takes
    /// the gestures that begin under it; one that began before it goes on coming to gestured:
    /// its picture goes when the screen locks, and lifting past the commit point performs nothing.
    @Test func aSwipeUnderWayWhenTheScreenLocksDrawsNoMoreAndItsActionIsNotPerformed() throws {
        try onDesk { desk in
            let d = try DaemonProcess(display: desk.server.displayName, config: Self.config)
            let start = desk.frame()
            try desk.swipeAndHold(0, -Self.commit / 2)
            let half = Self.between(start, Self.screen, 0.5)
            #expect(desk.outlined(half), "no outline at \(half) at progress 0.5\n\(d.log)")
            let lock = try ScreenLocker("i3lock", ["-n"], server: desk.server)
            try desk.move(0, -Self.commit / 4)
            try d.waitFor("\"maximize\": feedback not drawn: another client holds the keyboard")
            #expect(
                desk.waitForInk(half.x + half.width / 2, half.y, shown: false),
                "the outline stayed over the locked screen\n\(d.log)")
            try desk.move(0, -Self.commit / 2)
            try desk.lift()
            try d.waitFor(
                "\"maximize\": window maximize not performed: another client holds the keyboard")
            let edges = [
                (2, Self.screen.height / 2), (Self.screen.width - 3, Self.screen.height / 2),
                (Self.screen.width / 2, 2),
            ]
            #expect(
                edges.allSatisfy { desk.pixel($0.0, $0.1) != Self.ink },
                "feedback drawn over the locked screen\n\(d.log)")
            try lock.unlock()
            #expect(
                desk.frame() == start, "the window moved under the lock: \(desk.frame())\n\(d.log)")
        }
    }
}
