import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// The X server's own part in what an application receives of a touch a grab rejects after it
/// ended, shown by the reproducer in `Reproducers/rejected-touch-end.c` (docs/engine.md, "What
/// an application receives"): the begin and updates come back as they happened, one touch after
/// the other, and the end is made at the reject, where the pointer-emulating touch last was.
/// These tests pin the server's behaviour gestured works around; they fail when the server
/// changes it, and the docs must then change too.
extension LiveTests {
    /// One line of the reproducer: who received it, the event, the touch, where and when.
    struct ReplayLine: Equatable, CustomStringConvertible {
        let who: String, type: String, touch: Int, x: Int, y: Int, time: Int
        var description: String { "\(who) \(type) \(touch) at \(x),\(y) t=\(time)" }

        init?(_ line: Substring) {
            let parts = line.split(separator: " ")
            guard parts.count == 6 else { return nil }
            func value(_ p: Substring) -> Int? { p.split(separator: "=").last.flatMap { Int($0) } }
            guard let touch = value(parts[2]), let x = value(parts[3]), let y = value(parts[4]),
                let time = value(parts[5])
            else { return nil }
            (who, type, self.touch, self.x, self.y, self.time) = (
                String(parts[0]), String(parts[1]), touch, x, y, time
            )
        }
    }

    /// Builds the reproducer with the system's C compiler, into `directory`.
    static func buildReproducer(in directory: URL) throws -> URL {
        let source = DaemonProcess.root.appendingPathComponent(
            "Tests/X11Tests/Reproducers/rejected-touch-end.c")
        let binary = directory.appendingPathComponent("rejected-touch-end")
        _ = try ExternalCommand.run(
            "cc", [source.path, "-o", binary.path, "-lXi", "-lX11"], timeout: .seconds(60))
        return binary
    }

    @Test
    func aTouchRejectedAfterItsEndComesBackWholeOneTouchAfterTheOtherEndingWhereTheFirstFingerWas()
        throws
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try LiveTests.buildReproducer(in: directory)
        let output = directory.appendingPathComponent("out.txt")
        let child = try ChildProcess.spawn(
            binary, ["2"], environment: ["DISPLAY": server.displayName], standardOutput: output)
        defer { child.terminate(grace: .seconds(1)) }
        func lines() -> [Substring] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        func wait(_ done: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while !done() && ContinuousClock.now < deadline && child.isRunning { usleep(5_000) }
            return done()
        }
        #expect(wait { lines().first == "ready" }, "the reproducer never got ready: \(lines())")

        // Finger 1 (the one that emulates the pointer) at 100,100; finger 2 lands at 300,200,
        // moves to 340,200, and both lift, each where it was.
        let t = server.touchscreen
        try t.touch(.begin, id: 1, x: 100, y: 100)
        try t.sync()
        try t.touch(.begin, id: 2, x: 300, y: 200)
        try t.sync()
        try t.touch(.update, id: 2, x: 340, y: 200)
        try t.sync()
        try t.touch(.end, id: 1, x: 100, y: 100)
        try t.touch(.end, id: 2, x: 340, y: 200)
        try t.sync()
        #expect(child.waitForExit(timeout: .seconds(10)), "the reproducer did not end: \(lines())")

        let all = lines().compactMap(ReplayLine.init)
        let app = all.filter { $0.who == "app" }
        let grab = all.filter { $0.who == "grab" }
        let first = grab.first { $0.type == "begin" }?.touch ?? -1
        // The grab saw the touches as they happened.
        #expect(
            grab.filter { $0.type == "end" }.map { "\($0.x),\($0.y)" } == ["100,100", "340,200"],
            "\(all)")
        // The window: each touch whole before the next one begins, not the two together.
        #expect(
            app.map { "\($0.type) \($0.touch == first ? 1 : 2)" } == [
                "begin 1", "end 1", "begin 2", "update 2", "end 2",
            ], "\(lines())")
        // Begin and updates as they happened, from the touch's history.
        #expect(
            app.filter { $0.type != "end" }.map { "\($0.x),\($0.y)" } == [
                "100,100", "300,200", "340,200",
            ], "\(all)")
        let happened = Set(grab.filter { $0.type != "end" }.map(\.time))
        #expect(app.filter { $0.type != "end" }.allSatisfy { happened.contains($0.time) }, "\(all)")
        // Both ends made at the reject, at the master pointer's last position: where finger 1
        // (the pointer-emulating touch) last was, also for finger 2, which lifted at 340,200.
        let ends = app.filter { $0.type == "end" }
        #expect(ends.map { "\($0.x),\($0.y)" } == ["100,100", "100,100"], "\(all)")
        let lastLift = grab.filter { $0.type == "end" }.map(\.time).max() ?? 0
        #expect(ends.allSatisfy { $0.time >= lastLift }, "\(all)")
    }
}
