import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// Three-finger drag on the touchpad, as an application under the pointer sees it.
extension LiveTests {
    static func dragConfig(_ action: String) -> String {
        """
        [[gesture]]
        name = "three-finger-drag"
        type = "pan"
        source = "touchpad"
        fingers = 3
        action = "\(action)"
        """
    }

    /// A window of its own that records motion too, raised over the suite's.
    func motionWindow() throws -> TestWindow {
        let w = try TestWindow(
            displayName: server.displayName, name: "gestured-drag", width: 1024, height: 768,
            motion: true)
        guard w.raiseAndWait() else {
            throw TestWindowError("openbox did not show the drag window")
        }
        return w
    }

    /// Three fingers on the touchpad moving by (`dx`, `dy`) `times` times; they lift unless told.
    func threeFingerPan(
        dx: Double, dy: Double, times: Int, lift: Bool = true, every pause: Duration = .zero
    ) throws {
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 3)
        for _ in 1...times {
            try pad.swipe(.update, fingers: 3, dx: dx, dy: dy)
            try pad.sync()
            if pause > .zero { usleep(UInt32(pause / .microseconds(1))) }
        }
        if lift { try pad.swipe(.end, fingers: 3) }
        try pad.sync()
    }

    /// What the window saw of the pointer: presses, releases, and motion with what it held.
    func pointerEvents(_ w: TestWindow) -> [TestWindow.Received] {
        w.received.filter { ["ButtonPress", "ButtonRelease", "Motion"].contains($0.type) }
    }

    /// A window of its own under the pointer at (300, 300), and gestured with a three-finger
    /// touchpad pan bound to `action`; what the window received so far is cleared.
    func dragging(_ action: String) throws -> (TestWindow, DaemonProcess) {
        let w = try motionWindow()
        try server.mouse.move(toX: 300, y: 300)
        try server.mouse.sync()
        let d = try DaemonProcess(display: server.displayName, config: Self.dragConfig(action))
        w.drain()
        w.clear()
        return (w, d)
    }

    /// Three fingers down on the touchpad and moving, bound to `drag`: button 1 is held.
    func holdingADrag() throws -> (TestWindow, DaemonProcess) {
        let (w, d) = try dragging("drag")
        try threeFingerPan(dx: 10, dy: 0, times: 4, lift: false)
        try d.waitFor("press 1")
        #expect(
            w.wait { w.buttonsHeld() == UInt32(Button1Mask) },
            "the drag never held button 1:\n\(d.log)")
        return (w, d)
    }

    /// From the first event to the last, in pixels: `dx,dy`.
    func moved(_ events: [TestWindow.Received]) -> String {
        guard let a = events.first, let b = events.last else { return "none" }
        return "\(Int(b.x - a.x)),\(Int(b.y - a.y))"
    }

    @Test func aThreeFingerTouchpadDragPressesMovesWithTheButtonHeldAndReleasesOnlyAfterTheLock()
        throws
    {
        let (w, d) = try dragging("drag lock=300")
        try threeFingerPan(dx: 8, dy: 4, times: 10)
        let lifted = ContinuousClock.now
        #expect(w.wait { w.received.contains { $0.type == "ButtonRelease" } }, "\(d.log)")
        let held = Stopwatch.milliseconds(ContinuousClock.now - lifted)
        let got = pointerEvents(w)
        #expect(got.first?.type == "ButtonPress" && got.first?.detail == 1, "\(got)")
        #expect(got.last?.type == "ButtonRelease" && got.last?.detail == 1, "\(got)")
        let motion = got.dropFirst().dropLast()
        #expect(
            !motion.isEmpty && motion.allSatisfy { $0.type == "Motion" && $0.detail == 1 }, "\(got)"
        )
        // Along the fingers' path: right and down, never back, 80 by 40 pixels in all.
        #expect(
            zip(motion, motion.dropFirst()).allSatisfy { $1.x >= $0.x && $1.y >= $0.y }, "\(got)")
        #expect(moved(got) == "80,40", "\(got)")
        #expect(
            held >= 250,
            "the button went up \(held) ms after the fingers lifted, before the 300 ms lock")
        #expect(w.buttonsHeld() == 0)
    }

    /// While the lock holds the button, the pointer's own motion (one finger on the touchpad)
    /// goes on with the drag, and three fingers that come back go on with it too: one press,
    /// one release.
    @Test func duringTheLockThePointerAndFingersThatComeBackGoOnWithTheSameDrag() throws {
        let (w, d) = try dragging("drag lock=1500")
        try threeFingerPan(dx: 10, dy: 0, times: 6)
        #expect(w.wait { moved(pointerEvents(w)) == "60,0" }, "\(pointerEvents(w))\n\(d.log)")
        for _ in 1...3 { try server.mouse.move(dx: 0, dy: 10) }
        try server.mouse.sync()
        // The pointer's own motion is accelerated: it moves by 30 pixels or more.
        var byMouse = 0
        #expect(
            w.wait {
                byMouse = Int(moved(pointerEvents(w)).split(separator: ",").last ?? "") ?? 0
                return byMouse >= 30
            },
            "\(pointerEvents(w))\n\(d.log)")
        try threeFingerPan(dx: 0, dy: 10, times: 6)
        #expect(w.wait { w.received.contains { $0.type == "ButtonRelease" } }, "\(d.log)")
        let got = pointerEvents(w)
        #expect(
            got.filter { $0.type != "Motion" }.map(\.type) == ["ButtonPress", "ButtonRelease"],
            "\(got)")
        #expect(got.filter { $0.type == "Motion" }.allSatisfy { $0.detail == 1 }, "\(got)")
        #expect(moved(got) == "60,\(byMouse + 60)", "\(got)\n\(d.log)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func theDaemonEndedMidDragLeavesNoButtonHeld(signal: Int32) throws {
        let (w, d) = try holdingADrag()
        #expect(d.stop(signal) == 0, "\(d.log)")
        try server.touchpad.swipe(.end, fingers: 3)
        try server.touchpad.sync()
        #expect(w.buttonsHeld() == 0, "gestured left button 1 down:\n\(d.log)")
        w.drain(waiting: .zero)
        #expect(
            pointerEvents(w).filter { $0.type != "Motion" }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 1", "ButtonRelease 1",
            ])
        w.clear()
        try server.mouse.click(1)
        try server.mouse.sync()
        #expect(w.wait { w.received.contains { $0.type == "ButtonRelease" } })
        #expect(
            pointerEvents(w).filter { $0.type != "Motion" }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 1", "ButtonRelease 1",
            ])
    }

    @Test func aReloadMidDragLetsGoOfTheButton() throws {
        let (w, d) = try holdingADrag()
        d.child.signal(SIGHUP)
        try d.waitFor("reloaded")
        #expect(w.wait { w.buttonsHeld() == 0 }, "a reload left button 1 down:\n\(d.log)")
        try server.touchpad.swipe(.end, fingers: 3)
        try server.touchpad.sync()
    }

    /// A three-finger drag, the fingers lifted once the window under the pointer sees the
    /// button held (so that gestured holds it over more than one turn of its loop), as that
    /// window sees it: its presses and releases.
    func dragOnce(_ w: TestWindow) throws -> [String] {
        w.clear()
        try threeFingerPan(dx: 10, dy: 0, times: 4, lift: false)
        _ = w.wait { w.buttonsHeld() == UInt32(Button1Mask) }
        try server.touchpad.swipe(.end, fingers: 3)
        try server.touchpad.sync()
        _ = w.wait { w.received.contains { $0.type == "ButtonRelease" } && w.buttonsHeld() == 0 }
        return pointerEvents(w).filter { $0.type != "Motion" }.map { "\($0.type) \($0.detail)" }
    }

    /// While a drag holds its button the slaves' swipes are grabbed too; letting go of those
    /// grabs leaves the master's alone, so the drags after it and the swipe bindings still
    /// reach gestured, and after a reload too.
    @Test func dragsInARowAndASwipeBindingAllWorkInOneRunAndAfterAReload() throws {
        let w = try motionWindow()
        try server.mouse.move(toX: 300, y: 300)
        try server.mouse.sync()
        let d = try DaemonProcess(
            display: server.displayName,
            config: Self.dragConfig("drag lock=0") + """

                [[gesture]]
                name = "four-left"
                type = "swipe"
                source = "touchpad"
                fingers = 4
                direction = "left"
                action = "exec true"
                """)
        w.drain()
        for n in 1...2 {
            #expect(
                try dragOnce(w) == ["ButtonPress 1", "ButtonRelease 1"], "drag \(n):\n\(d.log)")
        }
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 4)
        for _ in 1...6 {
            try pad.swipe(.update, fingers: 4, dx: -25, dy: 0)
            try pad.sync()
        }
        try pad.swipe(.end, fingers: 4)
        try pad.sync()
        try d.waitFor("recognized swipe \"four-left\"")
        d.child.signal(SIGHUP)
        try d.waitFor("reloaded")
        #expect(
            try dragOnce(w) == ["ButtonPress 1", "ButtonRelease 1"],
            "the drag after a reload:\n\(d.log)")
    }

    /// The server drops gestured's connection mid-drag, as `xkill` does: gestured exits 3, and
    /// lets go of the button its drag held over a fresh connection.
    @Test func aConnectionKilledMidDragLeavesNoButtonHeld() throws {
        let (w, d) = try holdingADrag()
        defer {
            // Whatever happened, the next test finds no button down and no fingers on the pad.
            if w.buttonsHeld() & UInt32(Button1Mask) != 0 {
                XTestFakeButtonEvent(w.display, 1, 0, 0)
            }
            try? server.touchpad.swipe(.end, fingers: 3)
            try? server.touchpad.sync()
            XSync(w.display, 0)
        }
        let owner = XGetSelectionOwner(w.display, XInternAtom(w.display, "_GESTURED_DAEMON", 0))
        #expect(owner != 0, "gestured owns no _GESTURED_DAEMON window")
        XKillClient(w.display, XID(owner))
        XSync(w.display, 0)
        #expect(
            d.child.waitForExit(timeout: .seconds(5)),
            "gestured went on after its connection was killed:\n\(d.log)")
        #expect(d.child.exitStatus == 3, "\(d.log)")
        #expect(
            w.wait { w.buttonsHeld() == 0 },
            "button 1 stayed down after gestured's connection was killed:\n\(d.log)")
        w.drain(waiting: .zero)
        #expect(
            pointerEvents(w).filter { $0.type != "Motion" }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 1", "ButtonRelease 1",
            ],
            "\(pointerEvents(w))\n\(d.log)")
        #expect(d.log.contains("let go of button 1 over a fresh connection"), "\(d.log)")
    }

    @Test func pointerMovesThePointerWithTheFingersTimesItsSpeedWithNoButton() throws {
        let (w, d) = try dragging("pointer speed=2")
        try threeFingerPan(dx: 5, dy: -5, times: 8)
        // From (300, 300) on the screen, 40 by 40 pixels of fingers, twice as far.
        let origin = w.rootPosition()
        #expect(
            w.wait {
                pointerEvents(w).last.map { (Int($0.x) + origin.x, Int($0.y) + origin.y) } ?? (0, 0)
                    == (380, 220)
            },
            "\(pointerEvents(w))\n\(d.log)")
        let got = pointerEvents(w)
        #expect(got.allSatisfy { $0.type == "Motion" && $0.detail == 0 }, "\(got)")
    }

    @Test func aDragOnATitleBarMovesTheWindowAsTheWindowManagerDoes() throws {
        let w = try motionWindow()
        XMoveWindow(w.display, w.window, 100, 100)
        XResizeWindow(w.display, w.window, 400, 300)
        #expect(
            w.wait {
                w.rootPosition().x == 100 + w.frameExtents().left
                    && w.rootPosition().y == 100 + w.frameExtents().top
            })
        let start = w.rootPosition()
        let top = w.frameExtents().top
        // Over the middle of the title bar.
        try server.mouse.move(toX: Double(start.x + 200), y: Double(start.y - top / 2))
        try server.mouse.sync()
        let d = try DaemonProcess(
            display: server.displayName, config: Self.dragConfig("drag lock=0"))
        // At a hand's pace: openbox misses a move whose press, motion and release all come at
        // once, from a mouse too.
        try threeFingerPan(dx: 10, dy: 5, times: 8, every: .milliseconds(8))
        #expect(
            w.wait { w.rootPosition() == (start.x + 80, start.y + 40) },
            "at \(w.rootPosition()), from \(start):\n\(d.log)")
        try d.waitFor("release 1")
        #expect(w.wait { w.buttonsHeld() == 0 })
        #expect(w.size() == (400, 300))
    }

    /// A window of 400 by 300 at (100, 100) under the pointer, and its frame.
    func windowToMove() throws -> (TestWindow, () -> (x: Int, y: Int, width: Int, height: Int)) {
        let w = try TestWindow(
            displayName: server.displayName, name: "gestured-move", width: 400, height: 300)
        guard w.raiseAndWait() else { throw TestWindowError("openbox did not show the window") }
        XMoveWindow(w.display, w.window, 100, 100)
        XSync(w.display, 0)
        let frame = { () -> (x: Int, y: Int, width: Int, height: Int) in
            let p = w.rootPosition()
            let s = w.size()
            let e = w.frameExtents()
            return (
                p.x - e.left, p.y - e.top, s.width + e.left + e.right, s.height + e.top + e.bottom
            )
        }
        guard w.wait(until: { frame().x == 100 && frame().y == 100 }) else {
            throw TestWindowError("the window is at \(frame())")
        }
        try server.mouse.move(toX: 300, y: 250)
        try server.mouse.sync()
        return (w, frame)
    }

    @Test func windowMoveFollowsAPanToThePixel() throws {
        let (w, frame) = try windowToMove()
        let before = frame()
        let d = try DaemonProcess(
            display: server.displayName, config: Self.dragConfig("window move"))
        try threeFingerPan(dx: 10, dy: 5, times: 8)
        #expect(
            w.wait { frame() == (before.x + 80, before.y + 40, before.width, before.height) },
            "\(frame()) from \(before):\n\(d.log)")
        try d.waitFor("let go of window")
    }

    @Test(arguments: [
        ("bottom-right", (0, 0, 80, 40)), ("left", (80, 0, -80, 0)),
        ("top-left", (80, 40, -80, -40)),
    ])
    func windowResizeMovesTheEdgeAPanPulls(edge: String, change: (Int, Int, Int, Int)) throws {
        let (w, frame) = try windowToMove()
        let before = frame()
        let d = try DaemonProcess(
            display: server.displayName, config: Self.dragConfig("window resize edge=\(edge)"))
        try threeFingerPan(dx: 10, dy: 5, times: 8)
        let expected = (
            before.x + change.0, before.y + change.1, before.width + change.2,
            before.height + change.3
        )
        #expect(w.wait { frame() == expected }, "\(frame()), not \(expected):\n\(d.log)")
        try d.waitFor("let go of window")
    }

    @Test func aTwoFingerTouchscreenDragPressesWhereTheFingersBeganAndFollowsThem() throws {
        let w = try motionWindow()
        let d = try DaemonProcess(
            display: server.displayName,
            config: """
                [[gesture]]
                name = "screen-drag"
                type = "pan"
                source = "touchscreen"
                fingers = 2
                action = "drag lock=0"
                """)
        w.drain()
        w.clear()
        let t = server.touchscreen
        try t.touch(.begin, id: 21, x: 300, y: 300)
        try t.touch(.begin, id: 22, x: 340, y: 300)
        try t.sync()
        for step in 1...8 {
            try t.touch(.update, id: 21, x: 300 + Double(step) * 10, y: 300 + Double(step) * 5)
            try t.touch(.update, id: 22, x: 340 + Double(step) * 10, y: 300 + Double(step) * 5)
            try t.sync()
            usleep(8_000)
        }
        try t.touch(.end, id: 21, x: 380, y: 340)
        try t.touch(.end, id: 22, x: 420, y: 340)
        try t.sync()
        #expect(
            w.wait { w.received.contains { $0.type == "ButtonRelease" } }, "\(w.received)\n\(d.log)"
        )
        let got = pointerEvents(w).drop { $0.type != "ButtonPress" }
        let origin = w.rootPosition()
        func onScreen(_ r: TestWindow.Received?) -> String {
            r.map { "\($0.type) \(Int($0.x) + origin.x),\(Int($0.y) + origin.y)" } ?? "none"
        }
        #expect(onScreen(got.first) == "ButtonPress 320,300", "\(got)")
        // The centroid's path, to where it was when the fingers lifted. (The release itself
        // comes where the first finger lifted: the server puts the pointer there as the touch
        // that emulates it ends.)
        #expect(onScreen(got.dropLast().last) == "Motion 400,340", "\(got)")
        #expect(got.last?.type == "ButtonRelease" && got.last?.detail == 1, "\(got)")
        #expect(
            got.dropFirst().dropLast().allSatisfy { $0.type == "Motion" && $0.detail == 1 },
            "\(got)")
        #expect(
            zip(got.dropFirst().dropLast(), got.dropFirst(2).dropLast()).allSatisfy {
                $1.x >= $0.x && $1.y >= $0.y
            }, "\(got)")
        #expect(w.received.filter { $0.type.hasPrefix("Touch") }.isEmpty, "\(w.received)")
    }
}
