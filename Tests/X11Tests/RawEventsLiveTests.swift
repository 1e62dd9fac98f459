import CXInput2
import Foundation
import GestureCore
import GestureX11
import Testing
import X11TestSupport
import XServerSupport

/// The slaves' raw events follow a stroke while its press is frozen, and only then: with no
/// button held they would wake gestured for every motion of the mouse, and while a press
/// gestured kept is held its motion comes through the grab, each motion's raw event apart from it.
extension LiveTests {
    @Test func rawMotionIsOnOnlyWhileAStrokeButtonsPressWaitsForItsDecision() throws {
        let (x, listener) = try Self.strokeListener(server)
        defer { listener.ungrab() }
        let m = server.mouse
        var selected = [Self.rawMotionSelected(x)]
        try m.move(toX: 600, y: 400)
        try m.sync()
        try m.button(3, pressed: true)
        try m.sync()
        var read = Self.read(listener) { $0.contains("press 3") }
        selected.append(Self.rawMotionSelected(x))
        listener.answer(OwnershipDecision(target: .button(3), accepted: true, why: .recognized))
        x.flush()
        Self.waitForTheServerClock(x)
        selected.append(Self.rawMotionSelected(x))
        for _ in 1...3 { try m.move(dx: -20, dy: 0) }
        try m.sync()
        read += Self.read(listener) { $0.count == 3 }
        try m.button(3, pressed: false)
        try m.sync()
        read += Self.read(listener) { $0.contains("release 3") }
        x.flush()
        selected.append(Self.rawMotionSelected(x))

        // Each motion once, leftward as the pointer went (by how far, the server's acceleration
        // says): the grab's, not its raw event too.
        #expect(
            read.map { $0.hasPrefix("motion") ? "motion" : $0 } == [
                "press 3", "motion", "motion", "motion", "release 3",
            ])
        let xs = read.compactMap { $0.hasPrefix("motion ") ? Int($0.dropFirst(7)) : nil }
        #expect(zip([600] + xs, xs).allSatisfy { $0 > $1 }, "\(xs)")
        #expect(selected == [false, true, false, false])
        #expect(try receivedBeforeASentinelKey().filter { $0.type.hasPrefix("Button") }.isEmpty)
    }

    /// A press right after a kept stroke is let go, before gestured has sent anything else, turns
    /// the raw events on again and is followed like any other.
    @Test func aPressRightAfterAKeptStrokeIsFollowedByItsRawEvents() throws {
        let (x, listener) = try Self.strokeListener(server)
        defer { listener.ungrab() }
        let m = server.mouse
        var read = try keptPress(x, listener)
        try m.button(3, pressed: false)
        try m.sync()
        read += Self.read(listener) { $0.contains("release 3") }
        // Nothing flushed since the release was read.
        try m.button(3, pressed: true)
        try m.sync()
        read += Self.read(listener) { $0.count == 1 }
        try m.move(dx: -20, dy: 0)
        try m.sync()
        read += Self.read(listener) { $0.count == 1 }
        try m.button(3, pressed: false)
        try m.sync()
        read += Self.read(listener) { $0.count == 1 }
        listener.answer(OwnershipDecision(target: .button(3), accepted: false, why: .unused))
        x.flush()
        let replayed = window.drain(waiting: .seconds(10)) {
            $0.contains { $0.type == "ButtonRelease" }
        }

        #expect(
            read.map { $0.hasPrefix("motion") ? "motion" : $0 } == [
                "press 3", "release 3", "press 3", "motion", "release 3",
            ])
        #expect(
            replayed.filter { $0.type.hasPrefix("Button") }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 3", "ButtonRelease 3",
            ])
    }

    /// A press's raw events are turned on by the press itself, so it may have moved or been let
    /// go unseen: the server says whether the button is still down. Let go, it was a click and
    /// is the application's at once; still down, it is followed from there.
    @Test func aPressThatBeatsTheRawEventsBackIsFollowedIfStillDownAndTheApplicationsIfLetGo()
        throws
    {
        let (x, listener) = try Self.strokeListener(server)
        defer { listener.ungrab() }
        let m = server.mouse
        var read = try keptPress(x, listener)
        try m.move(dx: -20, dy: 0)
        try m.sync()
        read += Self.read(listener) { $0.count == 1 }
        // Let go, then clicked, before gestured reads any of it.
        try m.button(3, pressed: false)
        try m.click(3)
        try m.sync()
        read += Self.read(listener) { $0.count == 2 }
        x.flush()
        let clicked = window.drain(waiting: .seconds(10)) {
            $0.contains { $0.type == "ButtonRelease" }
        }
        window.clear()

        // Let go and pressed again, before gestured reads either: followed, by its raw events.
        read += try keptPress(x, listener)
        try m.button(3, pressed: false)
        try m.button(3, pressed: true)
        try m.sync()
        read += Self.read(listener) { $0.count == 2 }
        try m.move(dx: -20, dy: 0)
        try m.button(3, pressed: false)
        try m.sync()
        read += Self.read(listener) { $0.count == 2 }
        listener.answer(OwnershipDecision(target: .button(3), accepted: false, why: .unused))
        x.flush()
        let replayed = window.drain(waiting: .seconds(10)) {
            $0.contains { $0.type == "ButtonRelease" }
        }

        #expect(
            read.map { $0.hasPrefix("motion") ? "motion" : $0 } == [
                "press 3", "motion", "release 3",
                "a press of button 3 was let go before gestured could follow it: the application's at once",
                "press 3", "release 3", "press 3", "motion", "release 3",
            ])
        #expect(
            clicked.filter { $0.type.hasPrefix("Button") }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 3", "ButtonRelease 3",
            ])
        #expect(
            replayed.filter { $0.type.hasPrefix("Button") }.map { "\($0.type) \($0.detail)" } == [
                "ButtonPress 3", "ButtonRelease 3",
            ])
    }

    /// The right button pressed at (600, 400) and kept, as the engine keeps a stroke; returns
    /// what the listener read meanwhile, once the server's clock has moved past the press (motion
    /// in the press's own millisecond is taken for what the freeze held back).
    func keptPress(_ x: XConnection, _ listener: XInputListener) throws -> [String] {
        let m = server.mouse
        try m.move(toX: 600, y: 400)
        try m.sync()
        try m.button(3, pressed: true)
        try m.sync()
        let read = Self.read(listener) { $0.contains("press 3") }
        listener.answer(OwnershipDecision(target: .button(3), accepted: true, why: .recognized))
        x.flush()
        Self.waitForTheServerClock(x)
        return read
    }

    /// Returns once the server's clock has moved on by a millisecond (a round trip asks it).
    static func waitForTheServerClock(_ x: XConnection) {
        let start = x.serverTime()
        while x.serverTime() == start {}
    }

    static func strokeListener(_ server: XServer) throws -> (XConnection, XInputListener) {
        let x = try XConnection(name: server.displayName)
        return (x, try XInputListener(x, needs: InputNeeds(strokeButtons: [3])))
    }

    /// What the listener decodes until `done` says so, or `waiting` runs out: a press, a
    /// release, or a motion with where it went across (`motion 580`); and what it says of
    /// presses it gave back unfollowed.
    static func read(
        _ listener: XInputListener, waiting timeout: Duration = .seconds(2),
        until done: ([String]) -> Bool
    ) -> [String] {
        let deadline = ContinuousClock.now + timeout
        var read: [String] = []
        repeat {
            var p = pollfd(fd: listener.x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 20)
            listener.drain()
            for e in listener.events {
                switch e.kind {
                case .buttonPress(let b, _): read.append("press \(b)")
                case .buttonRelease(let b, _): read.append("release \(b)")
                case .motion(let at): read.append("motion \(Int(at.x))")
                default: read.append("\(e.kind)")
                }
            }
            read += listener.unfollowed
        } while !done(read) && ContinuousClock.now < deadline
        return read
    }

    /// Whether the connection has raw motion selected on the root for some slave pointer, as
    /// the server tells it.
    static func rawMotionSelected(_ x: XConnection) -> Bool {
        var count: Int32 = 0
        guard let masks = XIGetSelectedEvents(x.display, x.root, &count) else { return false }
        defer { XFree(masks) }
        return (0..<Int(count)).contains { i in
            let m = masks[i]
            let byte = Int(XI_RawMotion >> 3)
            return m.deviceid > XIAllMasterDevices && Int(m.mask_len) > byte
                && m.mask[byte] & UInt8(1 << (XI_RawMotion & 7)) != 0
        }
    }
}
