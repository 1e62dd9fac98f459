import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// EWMH CARDINALs of 2^31 or more, which Xlib hands out sign-extended: the value on a sticky
/// window, and panels whose struts say more than the screen has.
extension LiveTests {
    /// EWMH: the window is on every desktop.
    static let allDesktops = UInt(UInt32.max)

    /// Asks openbox to put the test window on desktop `n` (`allDesktops`: on every desktop, as
    /// its "Always on visible desktop" does; openbox makes a window sticky this way, not through
    /// `_NET_WM_STATE`), and waits until it says so.
    func putOnDesktop(_ window: TestWindow, _ n: UInt) -> Bool {
        askWindowManager(
            window.display, "_NET_WM_DESKTOP", about: window.window, (Int(n), 2, 0, 0, 0))
        return window.wait {
            window.longs("_NET_WM_DESKTOP", of: window.window).first.map {
                UInt(UInt32(truncatingIfNeeded: $0))
            } == n
        }
    }

    /// Whether the topmost window mapped over the middle of the screen is override-redirect,
    /// as openbox's popup that names the desktop it switched to is.
    static func popupInTheMiddle(_ d: OpaquePointer) -> Bool {
        var root: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(d, gestured_default_root(d), &root, &parent, &children, &count) != 0,
            let children
        else { return false }
        defer { XFree(children) }
        for i in stride(from: Int(count) - 1, through: 0, by: -1) {
            var a = XWindowAttributes()
            guard XGetWindowAttributes(d, children[i], &a) != 0, a.map_state == IsViewable else {
                continue
            }
            guard a.x <= 512, a.x + a.width > 512, a.y <= 384, a.y + a.height > 384 else {
                continue
            }
            return a.override_redirect != 0
        }
        return false
    }

    @Test func desktopMoveWindowMovesAStickyWindowFromTheDesktopShownToTheNext() throws {
        // A window of its own: the suite's stays on the desktop the other tests look at.
        let w = try motionWindow()
        let before = w.longs("_NET_CURRENT_DESKTOP").first ?? 0
        // Back on the first desktop, once openbox's desktop popup has gone from the middle of
        // the screen, where the next test touches.
        defer {
            _ = w.showDesktop(Int(before))
            #expect(
                w.wait(.seconds(5)) { !Self.popupInTheMiddle(w.display) },
                "openbox's desktop popup stayed")
        }
        #expect(
            putOnDesktop(w, Self.allDesktops),
            "openbox did not put the window on every desktop: \(w.longs("_NET_WM_DESKTOP", of: w.window))"
        )
        let d = try daemon(action: "desktop move-window next")
        try swipeLeft()
        #expect(w.wait { w.longs("_NET_WM_DESKTOP", of: w.window).first == before + 1 }, "\(d.log)")
        #expect(w.wait { w.longs("_NET_CURRENT_DESKTOP").first == before + 1 }, "\(d.log)")
        #expect(d.child.isRunning, "\(d.log)")
        try d.waitFor("moved window 0x\(String(w.window, radix: 16)) to desktop \(before + 2)")
    }
}

extension TilingLiveTests {
    /// A dock whose struts say 2^32 - 1 pixels everywhere, as a panel gone wrong might.
    static func openAbsurdPanel(_ d: OpaquePointer) {
        let w = XCreateSimpleWindow(d, gestured_default_root(d), 0, 740, 100, 28, 0, 0, 0x404040)
        func set(_ property: String, _ type: Atom, _ values: [Int]) {
            var v = values
            XChangeProperty(
                d, w, XInternAtom(d, property, 0), type, 32, PropModeReplace,
                v.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                Int32(v.count))
        }
        let huge = Int(UInt32.max)
        set("_NET_WM_WINDOW_TYPE", XA_ATOM, [Int(XInternAtom(d, "_NET_WM_WINDOW_TYPE_DOCK", 0))])
        set("_NET_WM_STRUT_PARTIAL", XA_CARDINAL, [Int](repeating: huge, count: 12))
        set("_NET_WM_STRUT", XA_CARDINAL, [huge, huge, huge, huge])
        XMapWindow(d, w)
        XSync(d, 0)
    }

    @Test func aPanelWithStrutsOfTwoToTheThirtySecondIsNotHonouredAndTilingGoesOn() throws {
        try onTwoMonitors { desk in
            let window = desk.window
            TilingLiveTests.openAbsurdPanel(window.display)
            XMoveWindow(window.display, window.window, 1300, 200)
            XSync(window.display, 0)
            #expect(window.wait { desk.frame().x > 1024 })
            let d = try desk.daemon()
            try desk.swipe(-25, 0)
            desk.expectFrame(
                (1024, 30, 512, 738), d, "left on the right monitor, under its one sensible panel")
            try desk.swipe(fingers: 4, 0, 25)
            desk.expectFrame(
                (0, 0, 512, 738), d, "to the same place on the next monitor, which has no panel")
            #expect(d.child.isRunning, "\(d.log)")
        }
    }
}
