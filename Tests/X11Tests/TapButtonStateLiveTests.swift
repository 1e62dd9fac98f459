import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// What a recognized touchscreen tap leaves behind for the mouse: the server counts a
/// pointer-emulating touch as button 1 held until its end is processed, and gestured keeps a
/// tap's touches only after they have ended.
extension LiveTests {
    /// A tap binding, and the fingers and taps that make it.
    struct Tap: CustomTestStringConvertible, Sendable {
        let fingers: Int
        let taps: Int
        var testDescription: String { "\(fingers) finger(s), \(taps) tap(s)" }

        var config: String {
            """
            [[gesture]]
            name = "tapped"
            type = "tap"
            source = "touchscreen"
            fingers = \(fingers)
            taps = \(taps)
            action = "exec echo tapped >> @DIR@/result.txt"
            """
        }
    }

    /// `tap.fingers` fingers side by side from (400, 300), down and up `tap.taps` times, 60 ms
    /// between one lift and the next touch.
    func tapTheTouchscreen(_ tap: Tap, firstId: UInt32) throws {
        let t = server.touchscreen
        var id = firstId
        for n in 0..<tap.taps {
            if n > 0 { usleep(60_000) }
            let ids = (0..<tap.fingers).map { id + UInt32($0) }
            id += UInt32(tap.fingers)
            for (i, touch) in ids.enumerated() {
                try t.touch(.begin, id: touch, x: 400 + Double(i) * 60, y: 300)
            }
            try t.sync()
            for (i, touch) in ids.enumerated() {
                try t.touch(.end, id: touch, x: 400 + Double(i) * 60, y: 300)
            }
            try t.sync()
        }
    }

    @Test(arguments: [Tap(fingers: 1, taps: 1), Tap(fingers: 3, taps: 2)])
    func aRecognizedTapLeavesNoButtonHeldForTheMouse(_ tap: Tap) throws {
        let w = try motionWindow()
        try server.mouse.move(toX: 600, y: 500)
        try server.mouse.sync()
        let d = try DaemonProcess(display: server.displayName, config: tap.config)
        w.drain()
        w.clear()
        try tapTheTouchscreen(tap, firstId: 200)
        #expect(d.results(waitingFor: 1) == ["tapped"], "\(d.log)")
        // The server counts the touch as held from its begin until its end is processed: once
        // gestured has kept it, nothing may stay held.
        #expect(
            w.wait(.seconds(10)) { w.buttonsHeld() == 0 },
            "XQueryPointer says \(String(w.buttonsHeld(), radix: 16)) after the tap:\n\(d.log)")
        // Kept: no touch, and no click of its own making, reached the window.
        #expect(w.drain().filter { $0.type != "Motion" } == [])

        // Where the last tap put it: making the master take the touchscreen's state moved nothing.
        let at = w.pointerPosition()
        let origin = w.rootPosition()
        #expect(
            at.x + origin.x == 400 && at.y + origin.y == 300,
            "the pointer is at \(at) in the window at \(origin)")
        w.clear()
        // Absolute moves, which the server's pointer acceleration leaves as they are.
        for i in 1...4 { try server.mouse.move(toX: Double(400 + 10 * i), y: Double(300 + 5 * i)) }
        try server.mouse.sync()
        let motion = w.drain(waiting: .seconds(10)) { $0.filter { $0.type == "Motion" }.count >= 4 }
            .filter { $0.type == "Motion" }
        #expect(
            motion.map(\.detail) == [0, 0, 0, 0], "the mouse moved with buttons held: \(motion)")
        #expect(
            motion.map { "\(Int($0.x) - at.x),\(Int($0.y) - at.y)" } == [
                "10,5", "20,10", "30,15", "40,20",
            ])
    }
}
