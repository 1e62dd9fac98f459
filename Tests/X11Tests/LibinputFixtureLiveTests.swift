import Foundation
import GestureTrace
import TestSupport
import Testing
import X11TestSupport
import XServerSupport

/// The real touchpad gestures of Tests/ScenarioTests/Traces/libinput, read from their
/// `libinput debug-events` text and sent through the test touchpad with both deltas of every
/// update, to the daemon with a binding for every swipe direction and pinch: each fires its own
/// binding, and only it, as it does replayed (LibinputFixtureTests).
extension LiveTests {
    static let libinputFixtures = DaemonProcess.root.appendingPathComponent(LibinputFixtures.folder)

    /// The longest pause kept between two events of a log: the logs' own pauses (up to 0.84 s)
    /// are cut to it so that all of them stay within a few seconds.
    static let longestLibinputGap = 100.0

    /// The gestures of a fixture as `gestured replay` reads them: both deltas of every update,
    /// and an end, cancelled, for a gesture the paste cuts off.
    static func libinputGestures(_ name: String) throws -> [LibinputLog.Gesture] {
        let text = try String(
            contentsOf: libinputFixtures.appendingPathComponent(name), encoding: .utf8)
        var log = LibinputLog(file: name)
        var gestures: [LibinputLog.Gesture] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            gestures += log.read(line)
        }
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
                try pad.swipe(
                    .update, fingers: g.fingers, dx: g.delta.x, dy: g.delta.y,
                    unacceleratedDx: g.unaccelerated.x, unacceleratedDy: g.unaccelerated.y)
            case (.swipe, .end(let cancelled)):
                try pad.swipe(.end, fingers: g.fingers, cancelled: cancelled)
            case (.pinch, .begin): try pad.pinch(.begin, fingers: g.fingers)
            case (.pinch, .update):
                try pad.pinch(
                    .update, fingers: g.fingers, dx: g.delta.x, dy: g.delta.y,
                    unacceleratedDx: g.unaccelerated.x, unacceleratedDy: g.unaccelerated.y,
                    scale: g.scale, angleDelta: g.angle)
            case (.pinch, .end(let cancelled)):
                try pad.pinch(.end, fingers: g.fingers, cancelled: cancelled)
            }
        }
        try pad.sync()
    }

    /// Five fingers swiping 20 mm down: `sentinel`, which no libinput log fires.
    func sendTheSentinel() throws {
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 5)
        for _ in 1...4 {
            try pad.swipe(
                .update, fingers: 5, dx: 0, dy: 50, unacceleratedDx: 0, unacceleratedDy: 50)
            try pad.sync()
            usleep(8_000)
        }
        try pad.swipe(.end, fingers: 5)
        try pad.sync()
    }

    @Test func everyRealGestureSentThroughTheTouchpadWithItsTimingFiresItsOwnBinding() throws {
        #expect(
            Set(LibinputFixtures.names) == Set(LibinputFixtures.firing.map(\.name)),
            "a fixture is not sent live")
        let d = try DaemonProcess(display: server.displayName, config: LibinputFixtures.config)
        try server.mouse.move(toX: 500, y: 400)
        var expected: [String] = []
        for (name, bindings) in LibinputFixtures.firing {
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
