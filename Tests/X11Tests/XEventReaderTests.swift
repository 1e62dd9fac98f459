import CXInput2
import GestureActions
import GestureCore
import Glibc
import Testing
import X11TestSupport
import XServerSupport

@testable import GestureX11

/// The connection's events come through `XEventReader`, one read of the socket at a time, and
/// X errors still reach the log, on the test X server.
extension LiveTests {
    /// A window of `x`'s own that selects PropertyNotify, known to the server when this returns.
    static func propertyWindow(_ x: XConnection) -> Window {
        let w = XCreateSimpleWindow(x.display, x.root, 0, 0, 10, 10, 0, 0, 0)
        XSelectInput(x.display, w, PropertyChangeMask)
        x.sync()
        return w
    }

    /// `count` changes of a property of `w` by another client, each a PropertyNotify of 32 bytes
    /// for `w`'s owner, the i-th holding i (mod 256); all done by the server when this returns.
    func sendPropertyNotifies(to w: Window, count: Int) throws {
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        for i in 0..<count {
            var value = UInt8(truncatingIfNeeded: i)
            XChangeProperty(other, w, XA_CUT_BUFFER0, XA_STRING, 8, PropModeReplace, &value, 1)
        }
        XSync(other, 0)
    }

    /// 1,000 PropertyNotify events of 32 bytes wait in the socket: one read takes at most the
    /// 4 KiB of XCB's buffer, 128 of them, and the rest come with the reads after it, in order.
    @Test func oneReadOfTheSocketTakesAtMostOneBufferOfEventsAndTheRestFollowInOrder() throws {
        let x = try XConnection(name: server.displayName)
        let w = Self.propertyWindow(x)
        let count = 1000
        try sendPropertyNotifies(to: w, count: count)
        var reads: [Int] = []
        var notified = 0
        var inOrder = true
        while notified < count {
            var socket = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&socket, 1, 2000) == 1 else { break }
            var read = 0
            var reading = true
            while x.events.next(
                reading: reading,
                { event in
                    guard case .other(let e) = event, e.type == PropertyNotify else { return }
                    inOrder =
                        inOrder && e.xproperty.window == w && e.xproperty.atom == XA_CUT_BUFFER0
                    read += 1
                })
            { reading = false }
            reads.append(read)
            notified += read
        }
        #expect(notified == count && inOrder)
        #expect(
            reads.allSatisfy { $0 <= 4096 / 32 } && reads.count >= count * 32 / 4096, "\(reads)")
    }

    /// An error of a request that has a reply: Xlib hands it to the error handler, which logs
    /// it, and the connection goes on (while XCB owns the queue, Xlib must have sent the request
    /// checked, or it would have taken the missing reply for a broken connection).
    @Test func anErrorOfARequestWithAReplyIsLoggedAndTheConnectionGoesOn() throws {
        let x = try XConnection(name: server.displayName)
        let lines = xErrorsLogged {
            let gone = XCreateSimpleWindow(x.display, x.root, 0, 0, 10, 10, 0, 0, 0)
            XDestroyWindow(x.display, gone)
            var type: Atom = 0
            var format: Int32 = 0
            var items: UInt = 0
            var after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(
                x.display, gone, XA_WM_NAME, 0, 1, 0, Atom(AnyPropertyType), &type, &format, &items,
                &after, &data)
            #expect(status != Success)
        }
        #expect(
            lines.count == 1 && lines.first?.hasPrefix("X error: BadWindow") == true, "\(lines)")
        #expect(x.serverTime() > 0)
    }

    /// An error of a request without a reply (an answer about a touch that never was) reaches
    /// the log by the next round trip, naming the request.
    @Test func anErrorOfARequestWithoutAReplyIsLoggedByTheNextRoundTrip() throws {
        let x = try XConnection(name: server.displayName)
        let lines = xErrorsLogged {
            XIAllowTouchEvents(x.display, XIAllMasterDevices, 12345, x.root, Int32(XIRejectTouch))
            x.sync()
        }
        #expect(
            lines.count == 1 && lines.first?.contains("(request \(x.xiOpcode).") == true, "\(lines)"
        )
    }
}

/// Round trips that would read all the server holds for the listener are not taken while more
/// input waits: a daemon that cannot keep up still reads one buffer at a time.
extension LiveTests {
    /// A tap's end comes in the first buffer, 1,000 PropertyNotify events after it: the news
    /// of a device turned off after an end is looked for with one more read of the socket, not
    /// with a round trip, while the socket holds more, so that the drain has read two buffers
    /// and the rest still waits in the socket, not all of it at once.
    @Test func anEndReadWhileMoreInputWaitsTakesNoRoundTripThatReadsItAll() throws {
        let x = try XConnection(name: server.displayName)
        let listener = try XInputListener(x, needs: InputNeeds(touchscreen: true))
        let w = Self.propertyWindow(x)
        try server.touchscreen.touch(.begin, id: 71, x: 300, y: 300)
        try server.touchscreen.sync()
        let begun = Self.read(listener) { $0.contains { $0.hasPrefix("touchBegin") } }
        try server.touchscreen.touch(.end, id: 71, x: 300, y: 300)
        try server.touchscreen.sync()
        // The end is in the socket before the rest comes.
        var socket = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&socket, 1, 2000) == 1)
        try sendPropertyNotifies(to: w, count: 1000)
        listener.drain()
        let ended = listener.events.map { "\($0.kind)" }
        let stillWaiting = !x.socketIsEmpty
        _ = listener.giveBackAll()
        listener.ungrab()
        #expect(
            begun.count == 1 && ended.count == 1 && ended[0].hasPrefix("touchEnd"),
            "\(begun) \(ended)")
        #expect(stillWaiting, "the drain read all that waited")
    }

    /// An action's questions go over a connection of their own, so that a daemon behind on its
    /// input, performing an action, still reads the input one buffer at a time.
    ///
    /// 1,000 PropertyNotify events wait for the listener's connection while an action asks the
    /// server what it needs (the window manager's support, the desktops, the keys held) and
    /// switches to the desktop shown (changing nothing for the tests after it), then presses
    /// Shift (its first key chord, whose keycode Xlib knows from the performer's start): the
    /// listener's connection has read at most a buffer of them for each action's flush, not all
    /// of them, as a round trip there would.
    @Test func anActionsRoundTripsReadNoneOfTheListenersWaitingInput() throws {
        let x = try XConnection(name: server.displayName)
        let performer = ActionPerformer(x, asking: try XConnection(name: server.displayName))
        try sendPropertyNotifies(to: Self.propertyWindow(x), count: 1000)
        let shown =
            performer.ask.firstCardinals(of: x.root, [performer.ask.atom("_NET_CURRENT_DESKTOP")])[
                0] ?? 0
        let result = performer.perform(
            .desktop(.number(shown + 1), wrap: false), ActionContext(location: nil, time: 0))
        let pressed = performer.perform(
            .keys([KeyChord(modifiers: [], key: "Shift_L")]), ActionContext(location: nil, time: 0))
        var queued = 0
        while x.events.next(reading: false, { _ in }) { queued += 1 }
        #expect(
            result.map { $0.hasPrefix("desktop \(shown + 1) of ") } == .success(true), "\(result)")
        #expect(pressed.map { $0 == "pressed Shift_L" } == .success(true), "\(pressed)")
        // One buffer for each flush, the switch's and the chord's: XCB reads as it writes.
        #expect(queued <= 2 * 4096 / 32, "\(queued) events read by the actions' round trips")
    }

    /// The same for the listener's one question, the devices' buttons after a kept touch that
    /// emulated the pointer: asked over the connection for questions, it reads none of the
    /// 1,000 events waiting for the listener; asked over the listener's own, all of them.
    @Test func theTouchButtonsQuestionReadsNoneOfTheListenersWaitingInput() throws {
        func readWhileAsking(over ask: XConnection?) throws -> Int {
            let x = try XConnection(name: server.displayName)
            let screen = try #require(x.inputDevices().first { $0.kind == .touchscreen })
            try sendPropertyNotifies(to: Self.propertyWindow(x), count: 1000)
            x.retakeTouchButtons(master: screen.attachment, from: screen.id, asking: ask ?? x)
            var queued = 0
            while x.events.next(reading: false, { _ in }) { queued += 1 }
            return queued
        }
        #expect(try readWhileAsking(over: XConnection(name: server.displayName)) == 0)
        #expect(try readWhileAsking(over: nil) >= 1000)
    }

    /// Asked over the connection for questions, the keyboard check still takes none of
    /// gestured's own grabs for another client's: a stroke button's press held frozen by the
    /// listener's grab leaves the keyboard free; another client's keyboard grab is seen.
    @Test func theKeyboardCheckFromTheQuestionConnectionIsNotFooledByGesturedsOwnGrabs() throws {
        let (x, listener) = try Self.strokeListener(server)
        let ask = try XConnection(name: server.displayName)
        try server.mouse.move(toX: 600, y: 400)
        try server.mouse.button(3, pressed: true)
        try server.mouse.sync()
        let read = Self.read(listener) { $0.contains("press 3") }
        let whilePressed = ask.keyboardHeldElsewhere(serverNow: Double(ask.serverTime()))
        listener.answer(OwnershipDecision(target: .button(3), accepted: false, why: .unused))
        x.flush()
        try server.mouse.button(3, pressed: false)
        try server.mouse.sync()
        listener.ungrab()
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        #expect(
            XGrabKeyboard(other, x.root, 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime))
                == GrabSuccess)
        let whileGrabbed = ask.keyboardHeldElsewhere(serverNow: Double(ask.serverTime()))
        XUngrabKeyboard(other, Time(CurrentTime))
        XSync(other, 0)
        #expect(read == ["press 3"])
        #expect(whilePressed == nil)
        #expect(whileGrabbed != nil)
    }
}
