import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// A client of a gesture stream, Gio under the system's Python, its output in a file: of
/// touchegg's as GNOME's X11 Gestures extension is one (touchegg-client.py), or of gestured's
/// own (gestured-stream-client.py).
final class StreamClient {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    let child: ChildProcess
    let output: URL
    /// The daemon's log, for the failures.
    let daemonLog: () -> String

    /// Starts a client (`script`, in this folder) and waits until the daemon `d` says it is
    /// connected. Its XDG_RUNTIME_DIR is the daemon's.
    init(
        _ d: DaemonProcess, name: String, script: String = "touchegg-client.py",
        arguments: [String] = []
    ) throws {
        output = d.directory.appendingPathComponent("\(name).out")
        daemonLog = { [log = d.logFile] in (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [Self.folder.appendingPathComponent(script).path] + arguments,
            environment: ["XDG_RUNTIME_DIR": d.directory.path], standardOutput: output)
        try d.waitFor("(pid \(child.pid)) connected", timeout: .seconds(10))
        // The daemon knows the client once it has authenticated, which may be before the
        // client subscribes: signals before that are not handed to it.
        _ = try waitForLine { $0 == "subscribed" }
    }

    var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    /// The signals heard, one line each.
    var signals: [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("On") }
    }

    /// Waits until the client has heard `count` OnGestureEnd signals, or printed `closed`.
    @discardableResult
    func waitForEnds(_ count: Int, timeout: Duration = .seconds(10)) throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while signals.filter({ $0.hasPrefix("OnGestureEnd") }).count < count {
            if ContinuousClock.now > deadline {
                throw TestWindowError(
                    "the client heard no \(count) ends:\n\(text)\ngestured's log:\n\(daemonLog())")
            }
            usleep(2_000)
        }
        return signals
    }

    /// Waits until the client has printed a line that `done` accepts; returns every line but
    /// `subscribed`.
    func waitForLine(timeout: Duration = .seconds(10), _ done: (String) -> Bool) throws -> [String]
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            let all = text.split(separator: "\n").map(String.init)
            if all.contains(where: done) { return all.filter { $0 != "subscribed" } }
            if ContinuousClock.now > deadline {
                throw TestWindowError(
                    "the client did not print the line:\n\(text)\ngestured's log:\n\(daemonLog())")
            }
            usleep(2_000)
        }
    }

    deinit { child.terminate(grace: .seconds(1)) }
}

/// The gesture streams, live: the daemon on a test X server of its own, real touchpad gestures
/// through the inputtest driver, and clients that do what the desktop shells do. Serialized, and
/// alone in using the streams' addresses, in this process and (`MachineWideLock`) on the machine.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StreamLiveTests {
    static let server: Result<XServer, Error> = Result {
        let s = try XServer.start()
        atexit { if case .success(let s) = StreamLiveTests.server { s.stop() } }
        return s
    }

    let server: XServer

    init() throws {
        // The streams' abstract addresses (`@touchegg`, `@gestured`) are the machine's, not this
        // process's: another test run's daemons and clients would answer on them too.
        MachineWideLock.hold("stream-addresses")
        server = try Self.server.get()
    }

    /// touch-timeout is long: input read later than it is given back unseen, and a machine
    /// busy with the rest of the suite has held the daemon up for 372 ms.
    static let config = """
        [settings]
        touchegg-stream = true
        touch-timeout = 3000

        [[gesture]]
        name = "three-right"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "right"
        action = "exec echo three-right >> @DIR@/result.txt"
        """

    /// A three-finger touchpad swipe of `steps` moves of `dx` pixels each, `every` so often
    /// (a touchpad reports every 7 to 14 ms; the tests go faster).
    func swipe(
        fingers: Int = 3, steps: Int, dx: Double, dy: Double = 1, every pace: Duration = .zero
    ) throws {
        let pad = server.touchpad
        try server.mouse.move(toX: 500, y: 400)
        try pad.swipe(.begin, fingers: fingers)
        for _ in 0..<steps {
            try pad.swipe(.update, fingers: fingers, dx: dx, dy: dy)
            try pad.sync()
            if pace > .zero { usleep(UInt32(pace / .microseconds(1))) }
        }
        try pad.swipe(.end, fingers: fingers)
        try pad.sync()
    }

    /// The fields of a signal line: member, then type, direction, percentage, fingers, device, elapsed.
    static func fields(_ line: String) -> (
        member: String, type: Int, direction: Int, percentage: Double, fingers: Int, device: Int
    ) {
        let f = line.split(separator: " ").map(String.init)
        return (f[0], Int(f[1])!, Int(f[2])!, Double(f[3])!, Int(f[4])!, Int(f[5])!)
    }

    /// One Begin, Updates with rising percentage, one End; all a three-finger touchpad swipe left.
    static func expectOneSwipeLeft(
        _ signals: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let f = signals.map(fields)
        #expect(
            f.map(\.member) == ["OnGestureBegin"]
                + Array(repeating: "OnGestureUpdate", count: max(0, f.count - 2)) + [
                    "OnGestureEnd"
                ],
            "\(signals)", sourceLocation: sourceLocation)
        #expect(
            f.allSatisfy { $0.type == 1 && $0.direction == 3 && $0.fingers == 3 && $0.device == 1 },
            "\(signals)", sourceLocation: sourceLocation)
        let percentages = f.map(\.percentage)
        #expect(
            zip(percentages, percentages.dropFirst()).allSatisfy { $0 <= $1 }
                && percentages.last! > percentages.first!,
            "\(percentages)", sourceLocation: sourceLocation)
    }

    @Test func anUnboundSwipeStreamsBeginRisingUpdatesAndEndAndABoundOneNothing() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let client = try StreamClient(d, name: "shell")
        // Bound: performed, never streamed.
        try swipe(steps: 6, dx: 25)
        try d.waitFor("recognized swipe \"three-right\"")
        // Unbound: streamed. Its signals come after any the bound swipe could have sent.
        try swipe(steps: 8, dx: -25)
        let got = try client.waitForEnds(1)
        Self.expectOneSwipeLeft(got)
        #expect(got.first.map(Self.fields)?.percentage ?? 0 > 0)
        #expect(
            got.last.map(Self.fields)?.percentage == 100,
            "200 px is the touchpad's commit distance: \(got)")
    }

    @Test func aThreeFingerTouchscreenSwipeLeftStreamsAsATouchscreenSwipe() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let client = try StreamClient(d, name: "shell")
        let t = server.touchscreen
        let starts: [(id: UInt32, x: Double, y: Double)] = [
            (31, 600, 400), (32, 660, 400), (33, 720, 400),
        ]
        for s in starts { try t.touch(.begin, id: s.id, x: s.x, y: s.y) }
        for step in 1...8 {
            for s in starts { try t.touch(.update, id: s.id, x: s.x - Double(step) * 20, y: s.y) }
            try t.sync()
        }
        for s in starts { try t.touch(.end, id: s.id, x: s.x - 160, y: s.y) }
        try t.sync()
        let f = try client.waitForEnds(1).map(Self.fields)
        #expect(
            f.first?.member == "OnGestureBegin" && f.last?.member == "OnGestureEnd" && f.count >= 3,
            "\(f)")
        #expect(
            f.allSatisfy { $0.type == 1 && $0.direction == 3 && $0.fingers == 3 && $0.device == 2 },
            "\(f)")
        // 160 px of the screen's 300 to the commit point.
        #expect(f.last?.percentage == 160.0 / 3, "\(f)")
    }

    @Test func aThreeFingerTouchscreenPinchOutStreamsAsATouchscreenPinch() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let client = try StreamClient(d, name: "shell")
        let t = server.touchscreen
        // Three fingers around (600, 400), 40 px out, moving out by 12 px a frame.
        let fingers: [(id: UInt32, dx: Double, dy: Double)] = [
            (41, 0, -1), (42, 0.87, 0.5), (43, -0.87, 0.5),
        ]
        func at(_ f: (id: UInt32, dx: Double, dy: Double), _ r: Double) -> (x: Double, y: Double) {
            (600 + f.dx * r, 400 + f.dy * r)
        }
        for f in fingers {
            let p = at(f, 40)
            try t.touch(.begin, id: f.id, x: p.x, y: p.y)
        }
        for step in 1...8 {
            for f in fingers {
                let p = at(f, 40 + Double(step) * 12)
                try t.touch(.update, id: f.id, x: p.x, y: p.y)
            }
            try t.sync()
        }
        for f in fingers {
            let p = at(f, 136)
            try t.touch(.end, id: f.id, x: p.x, y: p.y)
        }
        try t.sync()
        let f = try client.waitForEnds(1).map(Self.fields)
        #expect(
            f.first?.member == "OnGestureBegin" && f.last?.member == "OnGestureEnd" && f.count >= 3,
            "\(f)\n\(d.log)")
        #expect(
            f.allSatisfy { $0.type == 2 && $0.direction == 6 && $0.fingers == 3 && $0.device == 2 },
            "\(f)\n\(d.log)")
    }

    @Test func severalClientsHearTheSameAndAClientThatLeavesCanComeBack() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let first = try StreamClient(d, name: "first")
        let second = try StreamClient(d, name: "second")
        try swipe(steps: 5, dx: -20)
        let heard = try first.waitForEnds(1)
        Self.expectOneSwipeLeft(heard)
        #expect(try second.waitForEnds(1) == heard)

        first.child.terminate(grace: .seconds(1))
        try d.waitFor("(pid \(first.child.pid)) disconnected; 1 listening")
        let again = try StreamClient(d, name: "again")
        try swipe(steps: 5, dx: -20)
        Self.expectOneSwipeLeft(try again.waitForEnds(1))
        Self.expectOneSwipeLeft(Array(try second.waitForEnds(2).dropFirst(heard.count)))
    }

    @Test func aReloadTurnsTheStreamOnAndOffAndItsClientsHearItClose() throws {
        let without = Self.config.replacingOccurrences(of: "touchegg-stream = true", with: "")
        let d = try DaemonProcess(display: server.displayName, config: without)
        #expect(!d.log.contains("touchegg stream"))
        func write(_ text: String) throws {
            let next = d.directory.appendingPathComponent("config.toml.next")
            try text.replacingOccurrences(of: "@DIR@", with: d.directory.path).write(
                to: next, atomically: false, encoding: .utf8)
            guard rename(next.path, d.directory.appendingPathComponent("config.toml").path) == 0
            else { throw TestWindowError("rename failed") }
        }
        try write(Self.config)
        try d.waitFor("touchegg stream on unix:abstract=touchegg")
        let client = try StreamClient(d, name: "shell")
        try swipe(steps: 5, dx: -20)
        Self.expectOneSwipeLeft(try client.waitForEnds(1))
        try write(without)
        try d.waitFor("touchegg stream off")
        _ = try client.waitForLine { $0 == "closed" }
    }

    /// The stream is on by default; libsystemd (sd-bus) and the libraries it pulls in are
    /// loaded only once a client connects, so a daemon no shell listens to never maps them.
    @Test func libsystemdIsLoadedOnlyOnceAStreamClientConnects() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        func mapsLibsystemd() throws -> Bool {
            // Read to the end: /proc reports a size of 0, and a read of the size's worth stops short.
            let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(d.child.pid)/maps"))
                .readDataToEndOfFile()
            return String(decoding: maps, as: UTF8.self).contains("libsystemd.so")
        }
        try d.waitFor("touchegg stream on")
        #expect(try !mapsLibsystemd())
        let client = try StreamClient(d, name: "shell")
        #expect(try mapsLibsystemd())
        _ = client
    }

    @Test func connectedClientsNeverWakeTheIdleDaemon() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let clients = try [StreamClient(d, name: "one"), StreamClient(d, name: "two")]
        try swipe(steps: 5, dx: -20)
        for c in clients { try c.waitForEnds(1) }
        try d.waitUntilWaitingForInput()
        try d.waitUntilIdleWithNoTimer()
        let before = try ProcessStats.read(pid: d.child.pid).wakeUps
        usleep(1_000_000)
        #expect(try ProcessStats.read(pid: d.child.pid).wakeUps == before)
    }

    @Test func aClientThatStopsReadingIsDroppedAndNeverHoldsUpTheOthers() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let stuck = try StreamClient(d, name: "stuck")
        let reader = try StreamClient(d, name: "reader")
        stuck.child.signal(SIGSTOP)
        defer { stuck.child.signal(SIGCONT) }
        // Past the 256 signals a client may let wait and the forty-odd its socket holds; at a
        // millisecond apart, eight times a touchpad's rate, which the reader keeps up with.
        try swipe(steps: 500, dx: -1, dy: 0, every: .milliseconds(1))
        try d.waitFor("(pid \(stuck.child.pid)) stopped reading")
        try d.waitFor("(pid \(stuck.child.pid)) dropped; 1 listening")
        let heard = try reader.waitForEnds(1)
        Self.expectOneSwipeLeft(heard)
        // It begins once "three-right" has failed, 32 px in: every move after that.
        #expect(heard.count == 500 - 32 + 3, "\(heard.count) signals")
    }

    @Test func gesturedsOwnStreamCarriesEveryGestureBoundOrStreamedWithItsProgress() throws {
        let config = Self.config.replacingOccurrences(
            of: "touchegg-stream = true", with: "touchegg-stream = true\ngestured-stream = true")
        let d = try DaemonProcess(display: server.displayName, config: config)
        let client = try StreamClient(d, name: "panel", script: "gestured-stream-client.py")
        try swipe(steps: 6, dx: 25, dy: 0)
        // Heard before the next swipe begins: on the test server, a touchpad gesture begun in the
        // same millisecond as the last one ended has now and then reached no client (Xorg's log
        // shows it handled, nothing came on gestured's connection). No hand does that.
        _ = try client.waitForLine { $0.hasPrefix("three-right") }
        try swipe(steps: 3, dx: -40, dy: 0)
        let lines = try client.waitForLine { $0.hasPrefix("touchegg-swipe pan touchpad ended") }
        #expect(
            lines == [
                "three-right swipe touchpad ended right 0.5 3",
                "touchegg-swipe pan touchpad began left 0.2 3",
                "touchegg-swipe pan touchpad changed left 0.4 3",
                "touchegg-swipe pan touchpad changed left 0.6 3",
                "touchegg-swipe pan touchpad ended left 0.6 3",
            ])
    }
}
