import Foundation
import Testing
import GestureTrace
import X11TestSupport
import XServerSupport

/// The real touchpad gestures of Tests/ScenarioTests/Traces/libinput, read from their
/// `libinput debug-events` text and sent through the test touchpad with both deltas of every
/// update, to the daemon with a binding for every swipe direction and pinch: each fires its own
/// binding, and only it, as it does replayed (LibinputFixtureTests).
extension LiveTests {
    static let libinputFixtures = DaemonProcess.root.appendingPathComponent("Tests/ScenarioTests/Traces/libinput")

    /// What each fixture fires, as LibinputFixtureTests finds it replayed from the text.
    static let libinputFiring: [(String, [String])] = [
        ("libinput-gestures-310-three-down.log", ["swipe-3-down"]),
        ("libinput-gestures-202-three-down.log", ["swipe-3-down"]),
        ("comfortable-swipe-68-three-left.log", ["swipe-3-left"]),
        ("comfortable-swipe-69-three-left-no-begin.log", ["swipe-3-left"]),
        ("fusuma-31-three-left-cut-begin.log", ["swipe-3-left"]),
        ("touchegg-278-three-left.log", ["swipe-3-left"]),
        ("fusuma-133-three-left-no-begin.log", ["swipe-3-left"]),
        ("fusuma-322-three-up-cut-begin.log", ["swipe-3-up"]),
        ("fusuma-322-three-right-cut-begin.log", []),
        ("libinput-gestures-355-three-up-paused-reversed.log", []),
        ("gnome-gesture-improvements-2-four-up.log", ["swipe-4-up"]),
        ("fusuma-26-four-down.log", ["swipe-4-down"]),
        ("libinput-gestures-202-four-down.log", ["swipe-4-down"]),
        ("touchegg-458-four-left-no-begin.log", ["swipe-4-left"]),
        ("fusuma-26-four-right.log", ["swipe-4-right"]),
        ("fusuma-31-two-pinch-out.log", ["pinch-2-out"]),
        ("libinput-gestures-379-two-pinch-out-hold.log", ["pinch-2-out"]),
        ("inputactions-72-two-pinch-out-no-begin.log", ["pinch-2-out"]),
        ("fusuma-174-two-pinch-out.log", ["pinch-2-out"]),
        ("comfortable-swipe-46-three-pinch-in.log", []),
    ]

    /// The longest pause kept between two events of a log: the logs' own pauses (up to 0.84 s)
    /// are cut to it so that the twenty stay within a few seconds.
    static let longestLibinputGap = 100.0

    /// A swipe of 3 and of 4 fingers in each direction and a pinch of 2 to 4 fingers each way,
    /// firing as it begins, as in LibinputFixtureTests; and a five-finger swipe, which libinput
    /// never reports, sent after each fixture so that what the daemon did before it is known.
    static let everyDirectionConfig: String = {
        func binding(_ name: String, _ type: String, _ fingers: Int, _ direction: String, on: String? = nil) -> String {
            """
            [[gesture]]
            name = "\(name)"
            type = "\(type)"
            source = "touchpad"
            fingers = \(fingers)
            direction = "\(direction)"
            \(on.map { "on = \"\($0)\"" } ?? "")
            action = "exec echo \\"$GESTURE_NAME\\" >> @DIR@/result.txt"


            """
        }
        var text = ""
        for fingers in 3...4 {
            for direction in ["up", "down", "left", "right"] { text += binding("swipe-\(fingers)-\(direction)", "swipe", fingers, direction) }
        }
        for fingers in 2...4 {
            for direction in ["in", "out"] { text += binding("pinch-\(fingers)-\(direction)", "pinch", fingers, direction, on: "begin") }
        }
        return text + binding("sentinel", "swipe", 5, "down")
    }()

    /// The gestures of a fixture as `gestured replay` reads them: both deltas of every update,
    /// and an end, cancelled, for a gesture the paste cuts off.
    static func libinputGestures(_ name: String) throws -> [LibinputLog.Gesture] {
        let text = try String(contentsOf: libinputFixtures.appendingPathComponent(name), encoding: .utf8)
        var log = LibinputLog(file: name)
        var gestures: [LibinputLog.Gesture] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { gestures += log.read(line) }
        return gestures + log.finish()
    }

    /// Sends `gestures` through the test touchpad, pausing between two events as long as the log
    /// did, up to `longestLibinputGap` ms.
    func sendThroughTheTouchpad(_ gestures: [LibinputLog.Gesture]) throws {
        let pad = server.touchpad
        var previous: Double?
        for g in gestures {
            if let previous, g.time > previous {
                try pad.sync()
                usleep(UInt32(min(g.time - previous, Self.longestLibinputGap) * 1000))
            }
            previous = g.time
            switch (g.kind, g.phase) {
            case (.swipe, .begin): try pad.swipe(.begin, fingers: g.fingers)
            case (.swipe, .update):
                try pad.swipe(.update, fingers: g.fingers, dx: g.delta.x, dy: g.delta.y,
                              unacceleratedDx: g.unaccelerated.x, unacceleratedDy: g.unaccelerated.y)
            case (.swipe, .end(let cancelled)): try pad.swipe(.end, fingers: g.fingers, cancelled: cancelled)
            case (.pinch, .begin): try pad.pinch(.begin, fingers: g.fingers)
            case (.pinch, .update):
                try pad.pinch(.update, fingers: g.fingers, dx: g.delta.x, dy: g.delta.y,
                              unacceleratedDx: g.unaccelerated.x, unacceleratedDy: g.unaccelerated.y, scale: g.scale, angleDelta: g.angle)
            case (.pinch, .end(let cancelled)): try pad.pinch(.end, fingers: g.fingers, cancelled: cancelled)
            }
        }
        try pad.sync()
    }

    /// Five fingers swiping 20 mm down: `sentinel`, which no libinput log fires.
    func sendTheSentinel() throws {
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 5)
        for _ in 1...4 {
            try pad.swipe(.update, fingers: 5, dx: 0, dy: 50, unacceleratedDx: 0, unacceleratedDy: 50)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 5)
        try pad.sync()
    }

    @Test func everyRealGestureSentThroughTheTouchpadWithItsTimingFiresItsOwnBinding() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.libinputFixtures.path).filter { $0.hasSuffix(".log") }
        #expect(Set(names) == Set(Self.libinputFiring.map(\.0)), "a fixture is not sent live")
        let d = try DaemonProcess(display: server.displayName, config: Self.everyDirectionConfig)
        try server.mouse.move(toX: 500, y: 400)
        var expected: [String] = []
        for (name, bindings) in Self.libinputFiring {
            let before = d.results.count
            try sendThroughTheTouchpad(try Self.libinputGestures(name))
            // What the fixture fires is written before the sentinel's own line is, and the
            // sentinel begins once the daemon has taken all of the fixture.
            _ = d.results(waitingFor: before + bindings.count)
            try d.waitUntilWaitingForInput()
            try sendTheSentinel()
            expected += bindings + ["sentinel"]
            let got = d.results(waitingFor: expected.count)
            #expect(Array(got.dropFirst(before).prefix { $0 != "sentinel" }) == bindings, "\(name)")
        }
        #expect(d.results == expected, "\(d.log)")
    }
}
