import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// Actions against openbox, in the same suite as the other live tests (one daemon at a time).
extension LiveTests {
    /// A three-finger touchpad swipe to the left over the test window.
    func swipeLeft() throws {
        try server.mouse.move(toX: 400, y: 300)
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

    func daemon(action: String, app: String? = nil, extra: String = "") throws -> DaemonProcess {
        try DaemonProcess(
            display: server.displayName,
            config: """
                [[gesture]]
                name = "act"
                type = "swipe"
                source = "touchpad"
                fingers = 3
                direction = "left"
                \(app.map { "app = \"\($0)\"" } ?? "")
                action = "\(action)"
                \(extra)
                """)
    }

    func states() -> [String] {
        window.longs("_NET_WM_STATE", of: window.window).map(window.atomName)
    }

    @Test func desktopNextSwitchesTheCurrentDesktop() throws {
        let before = window.longs("_NET_CURRENT_DESKTOP").first ?? 0
        let d = try daemon(action: "desktop next")
        try swipeLeft()
        #expect(
            window.wait { window.longs("_NET_CURRENT_DESKTOP").first == before + 1 }, "\(d.log)")
        d.stop()
        let back = try daemon(action: "desktop \(before + 1)")
        try swipeLeft()
        #expect(window.wait { window.longs("_NET_CURRENT_DESKTOP").first == before }, "\(back.log)")
    }

    @Test func windowMaximizeAndUnmaximizeChangeTheWindowState() throws {
        let d = try daemon(action: "window maximize")
        try swipeLeft()
        #expect(
            window.wait {
                Set(states()).isSuperset(of: [
                    "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ",
                ])
            }, "\(d.log)")
        d.stop()
        let u = try daemon(action: "window unmaximize")
        try swipeLeft()
        #expect(window.wait { !states().contains("_NET_WM_STATE_MAXIMIZED_VERT") }, "\(u.log)")
    }

    @Test func windowMinimizeIconifiesTheWindow() throws {
        let d = try daemon(action: "window minimize")
        try swipeLeft()
        #expect(
            window.wait { window.longs("WM_STATE", of: window.window).first == UInt(IconicState) },
            "\(d.log)")
        XMapRaised(window.display, window.window)
    }

    @Test func windowCloseAsksTheApplicationToClose() throws {
        let d = try daemon(action: "window close")
        try swipeLeft()
        #expect(window.wait { window.received.contains { $0.type == "Delete" } }, "\(d.log)")
    }

    @Test func showDesktopToggles() throws {
        let d = try daemon(action: "show-desktop")
        try swipeLeft()
        #expect(window.wait { window.longs("_NET_SHOWING_DESKTOP").first == 1 }, "\(d.log)")
        try swipeLeft()
        #expect(window.wait { window.longs("_NET_SHOWING_DESKTOP").first == 0 }, "\(d.log)")
    }

    /// A keysym the keymap lacks, so that a spare keycode has to be borrowed for it.
    func unmappedKeysym() throws -> String {
        let candidates = ["XF86Launch9", "XF86LaunchB", "XF86Tools", "F30", "XF86Macro1"]
        return try #require(
            candidates.first { XKeysymToKeycode(window.display, XStringToKeysym($0)) == 0 })
    }

    @Test func keysReachTheFocusedApplicationWithTheirModifiers() throws {
        let unmapped = try unmappedKeysym()
        // openbox keeps ctrl+alt+Left for itself: ctrl+alt+Home reaches the application.
        let d = try daemon(action: "keys ctrl+alt+Home \(unmapped) shift+a")
        try swipeLeft()
        #expect(window.wait { window.keys.count >= 3 }, "\(d.log)")
        #expect(
            window.keys.filter {
                !["Control_L", "Alt_L", "Shift_L"].contains(
                    $0.split(separator: "+").last.map(String.init) ?? "")
            }
                == ["ctrl+alt+Home", unmapped, "shift+a"], "\(d.log)")
    }

    @Test func keysFollowAKeyboardLayoutChangedWhileTheDaemonRuns() throws {
        let before = try server.run("setxkbmap", ["-query"])
        let layout = try #require(
            before.split(separator: "\n").first { $0.hasPrefix("layout:") }?.split(separator: " ")
                .last.map(String.init))
        defer { _ = try? server.run("setxkbmap", [layout]) }
        let unmapped = try unmappedKeysym()
        let d = try daemon(action: "keys z \(unmapped)")
        try swipeLeft()
        #expect(window.wait { window.keys == ["z", unmapped] }, "\(d.log)")
        // In the German layout z and y trade keys: a keycode looked up in the layout the daemon
        // started with now types y. The new layout maps the borrowed keycode afresh, to nothing.
        _ = try server.run("setxkbmap", ["de"])
        window.clear()
        try swipeLeft()
        #expect(window.wait { window.keys.count >= 2 }, "\(d.log)")
        #expect(window.keys == ["z", unmapped], "\(d.log)")
    }

    @Test func aDryRunRecognizesAndLogsButPerformsNothing() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: config("dry"), extra: ["--dry-run"])
        try swipeLeft()
        try d.waitFor("\"dry\": would exec echo dry")
        #expect(result(d) == [])
    }

    @Test func modifiersTheUserHoldsDoNotLeakIntoAChord() throws {
        let d = try daemon(action: "keys ctrl+a")
        let shiftL = 50 // X keycode of Shift_L in the evdev keymap
        try server.keyboard.key(shiftL, pressed: true)
        try server.keyboard.sync()
        try swipeLeft()
        #expect(
            window.wait { window.keys.contains { $0.hasSuffix("+a") || $0 == "a" } }, "\(d.log)")
        try server.keyboard.key(shiftL, pressed: false)
        try server.keyboard.sync()
        #expect(
            window.keys.filter { $0.hasSuffix("a") && !$0.hasSuffix("_L") } == ["ctrl+a"],
            "\(window.keys)")
    }

    /// Control held on the user's keyboard while a chord without it is typed: the chord goes
    /// without it, the user's key is still held after it (a key typed then carries it), and once
    /// the user lets go nothing is left down anywhere: a later `ctrl+w` is ctrl+w.
    @Test func aModifierTheUserHoldsDuringAChordIsNeitherLostNorLeftDown() throws {
        let (controlL, a) = (37, 38) // X keycodes in the evdev keymap
        let d = try daemon(action: "keys F5")
        try server.keyboard.key(controlL, pressed: true)
        try server.keyboard.sync()
        try swipeLeft()
        #expect(window.wait { window.keys.contains { $0.hasSuffix("F5") } }, "\(d.log)")
        try server.keyboard.key(a, pressed: true)
        try server.keyboard.key(a, pressed: false)
        try server.keyboard.key(controlL, pressed: false)
        try server.keyboard.sync()
        #expect(
            window.wait { window.keys.contains { $0.hasSuffix("a") && !$0.hasSuffix("_L") } },
            "\(window.keys)")
        d.stop()
        let w = try daemon(action: "keys ctrl+w")
        try swipeLeft()
        #expect(window.wait { window.keys.contains { $0.hasSuffix("w") } }, "\(w.log)")
        #expect(
            window.keys.filter { !$0.hasSuffix("_L") } == ["F5", "ctrl+a", "ctrl+w"],
            "\(window.keys)")
        #expect(
            window.keysHeldByEveryKeyboard().isEmpty,
            "keys still down: \(window.keysHeldByEveryKeyboard())")
    }

    @Test func clicksAndScrollsReachTheApplicationOnceTheTouchpadGestureLetsGoOfThePointer() throws
    {
        #expect(window.raiseAndWait())
        let d = try daemon(action: "click 2")
        try swipeLeft()
        #expect(
            window.wait { window.received.contains { $0.type == "ButtonPress" && $0.detail == 2 } },
            "\(d.log)")
        d.stop()
        window.clear()
        let s = try daemon(action: "scroll down 3")
        try swipeLeft()
        #expect(
            window.wait {
                window.received.filter { $0.type == "ButtonPress" && $0.detail == 5 }.count == 3
            }, "\(s.log)")
    }

    @Test func execRunsWithTheGestureInItsEnvironmentWithoutDelayingTheNextGesture() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: """
                [[gesture]]
                name = "slow"
                type = "swipe"
                source = "touchpad"
                fingers = 3
                direction = "left"
                action = "exec sleep 3; echo slow >> @DIR@/result.txt"

                [[gesture]]
                name = "quick"
                type = "swipe"
                source = "touchpad"
                fingers = 4
                direction = "left"
                action = "exec echo \\"$GESTURE_NAME $GESTURE_TYPE $GESTURE_STATE $GESTURE_FINGERS $GESTURE_DIRECTION\\" >> @DIR@/result.txt"
                """)
        try swipeLeft()
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 4)
        for _ in 1...6 {
            try pad.swipe(.update, fingers: 4, dx: -25, dy: 0)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 4)
        try pad.sync()
        #expect(try waitForResult(d, lines: 1) == ["quick swipe ended 4 left"], "\(d.log)")
    }

    @Test func applicationRulesPickTheBindingByWindowClassAndPassHandsTheGestureBack() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: """
                [[gesture]]
                name = "everywhere"
                type = "pinch"
                source = "touchpad"
                fingers = 2
                action = "exec echo everywhere >> @DIR@/result.txt"

                [[gesture]]
                name = "in-test-window"
                type = "pinch"
                source = "touchpad"
                fingers = 2
                app = "gestured-test"
                action = "exec echo in-test-window >> @DIR@/result.txt"

                [[gesture]]
                name = "other-app"
                type = "pinch"
                source = "touchpad"
                fingers = 2
                app = "gestured-other"
                action = "pass"
                """)
        try server.mouse.move(toX: 400, y: 300)
        let pad = server.touchpad
        func pinch() throws {
            try pad.pinch(.begin, fingers: 2)
            for i in 1...4 { try pad.pinch(.update, fingers: 2, scale: 1 + 0.1 * Double(i)) }
            try pad.pinch(.end, fingers: 2)
            try pad.sync()
        }
        try pinch()
        #expect(try waitForResult(d, lines: 1) == ["in-test-window"], "\(d.log)")
        // Another application with a pass rule gets the pinch itself.
        let other = try TestWindow(
            displayName: server.displayName, name: "gestured-other", width: 1024, height: 768)
        #expect(other.raiseAndWait(), "openbox did not show the other window")
        try server.mouse.move(toX: 410, y: 310)
        try pinch()
        #expect(other.wait { other.received.contains { $0.type == "PinchEnd" } }, "\(d.log)")
        #expect(result(d) == ["in-test-window"])
    }
}
