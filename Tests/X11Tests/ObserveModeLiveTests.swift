import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// Observe mode (`touchscreen-mode`, `pointer-mode`): gestured grabs nothing and follows the
/// raw events every client may read; the application gets all the input at once, a bound
/// gesture included, and the gesture still fires.
extension LiveTests {
    @Test func inObserveModeNothingIsGrabbedAndTheReadyLineSaysSo() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Arm.observing.config!,
            extra: ["--log-level", "info"])
        #expect(
            d.log.contains(
                "grabbing touchpad swipes; observing (nothing grabbed) touches, pointer buttons 3; "
                    + "held at most: touchscreen never (observed), touchpad at its begin, pointer never (observed)"
            ), "\(d.log)")
    }

    @Test func inObserveModeABoundThreeFingerSwipeFiresAndTheApplicationGetsItsTouchesToo() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Arm.observing.config!,
            extra: ["--log-level", "trace"])
        try threeFingerSwipe(at: 500, 400, ids: [801, 802, 803])
        #expect(d.results(waitingFor: 1) == ["three-left"], "\(d.log)")
        let view = appView(touches: 3, d)
        for id in view.touches {
            #expect(
                view.phases(id)
                    == (["begin"] + Array(repeating: "update", count: 8) + ["end"]).joined(
                        separator: " "), "\(view)")
        }
        #expect(view.mostDownTogether == 3, "\(view)")
        #expect(Set(view.ends) == ["340,400", "400,400", "460,400"], "\(view)")
    }

    @Test func inObserveModeARightButtonStrokeFiresAndTheApplicationGetsThePressToo() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Arm.observing.config!,
            extra: ["--log-level", "trace"])
        try drawBack()
        #expect(d.results(waitingFor: 1) == ["back"], "\(d.log)")
        let got = try receivedBeforeASentinelKey().filter {
            $0.type.hasPrefix("Button") && $0.detail == 3
        }
        #expect(got.map(\.type) == ["ButtonPress", "ButtonRelease"], "\(d.log)")
        // And a click after it is a click, not the start of another stroke.
        window.clear()
        try server.mouse.click(3)
        try server.mouse.sync()
        let click = window.drain(waiting: .seconds(10)) {
            $0.contains { $0.type == "ButtonRelease" }
        }
        #expect(
            click.filter { $0.detail == 3 }.map(\.type) == ["ButtonPress", "ButtonRelease"],
            "\(d.log)")
        #expect(d.results == ["back"], "\(d.log)")
    }

    @Test func inObserveModeAnApplicationRuleSeesTheWindowUnderTheFingers() throws {
        let config = """
            [settings]
            touchscreen-mode = "observe"

            [[gesture]]
            name = "elsewhere"
            type = "swipe"
            fingers = 3
            direction = "left"
            app = "some-other-app"
            action = "exec echo elsewhere >> @DIR@/result.txt"

            [[gesture]]
            name = "here"
            type = "swipe"
            fingers = 3
            direction = "left"
            app = "gestured-test"
            action = "exec echo here >> @DIR@/result.txt"
            """
        let d = try DaemonProcess(display: server.displayName, config: config)
        try threeFingerSwipe(at: 500, 400, ids: [811, 812, 813])
        #expect(d.results(waitingFor: 1) == ["here"], "\(d.log)")
    }
}
