import CXInput2
import Glibc

/// One connection to the X server, with what gestured needs to know about it: the root
/// window, the XInput extension's opcode and version, the reader of its events (one buffer at a
/// time), and handlers that turn X errors into log lines instead of exits.
public final class XConnection {
    public let display: OpaquePointer
    public let root: Window
    public let xiOpcode: Int32
    /// The XInput version the server agreed to (2.4 for touchpad gestures).
    public let xiVersion: (major: Int32, minor: Int32)
    public let name: String
    /// Every event of this connection comes through here: Xlib reads none itself.
    public let events: XEventReader
    /// The buttons this connection holds down through XTest, let go of after it is lost.
    public let heldButtons: HeldButtons

    /// Opens `name` (or $DISPLAY), asking for XInput `xi` (2.4 unless a test asks for less, to
    /// see the daemon on an older server). Throws a message that says what is missing.
    public init(name: String? = nil, xi: (major: Int32, minor: Int32) = (2, 4)) throws(X11Error) {
        guard let d = XOpenDisplay(name) else {
            throw X11Error.noDisplay(name ?? (getenv("DISPLAY").map { String(cString: $0) } ?? ""))
        }
        display = d
        self.name = String(cString: XDisplayString(d))
        root = gestured_default_root(d)
        var opcode: Int32 = 0
        var event: Int32 = 0
        var error: Int32 = 0
        guard XQueryExtension(d, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(d)
            throw X11Error.missingExtension("XInputExtension")
        }
        xiOpcode = opcode
        var (major, minor) = xi
        guard XIQueryVersion(d, &major, &minor) == Success, major >= 2, major > 2 || minor >= 2
        else {
            XCloseDisplay(d)
            throw X11Error.oldXInput(major: major, minor: minor)
        }
        xiVersion = (major, minor)
        // Xlib looks XTest up at its first use, with a round trip: here, before any input is
        // selected, rather than at the first click or kept touch, when it would read all the
        // input the server holds for gestured.
        var xtest: (event: Int32, error: Int32, major: Int32, minor: Int32) = (0, 0, 0, 0)
        _ = XTestQueryExtension(d, &xtest.event, &xtest.error, &xtest.major, &xtest.minor)
        XErrors.install()
        events = XEventReader(display: d, xiOpcode: opcode)
        heldButtons = HeldButtons(displayName: self.name)
        HeldButtons.register(heldButtons, for: d)
    }

    deinit {
        HeldButtons.unregister(display)
        events.discardHeld()
        XCloseDisplay(display)
    }

    /// Whether the server reports touchpad gestures (XInput 2.4, X server 21.1 or newer).
    public var hasGestures: Bool { xiVersion.major > 2 || xiVersion.minor >= 4 }

    public var fileDescriptor: Int32 { gestured_connection_number(display) }

    public var vendor: String { String(cString: XServerVendor(display)) }

    /// Round trip: every request sent so far has been processed, and its errors reported. The
    /// events the server sent before its reply are read meanwhile, all of them, and wait in
    /// `events`.
    public func sync() { XSync(display, 0) }

    /// Sends what waits in Xlib's buffer. XCB reads the socket once while it writes, when
    /// there is something to read (so that neither side blocks on a full socket): one buffer at
    /// most, which waits in `events`.
    public func flush() { XFlush(display) }

    /// Flushes, and tells whether events are already read and waiting: a poll on the socket
    /// alone would sleep on events XCB has already read.
    public func flushHasEvents() -> Bool {
        if gestured_output_pending(display) != 0 { XFlush(display) }
        return events.hasQueued
    }

    /// With XCB owning the event queue, Xlib keeps a note (a few bytes) of every request it sends
    /// until its next reply: a daemon that only gives touches back would gather them without
    /// end. Past `limit` of them, one round trip lets Xlib forget them. The caller asks only
    /// while it is not behind (`XInputListener.behind`: the server may hold a backlog the socket
    /// does not show), and the round trip is taken only while the socket has nothing to read.
    public func forgetAnsweredRequests(past limit: UInt = 1024) {
        guard gestured_unanswered_requests(display) > limit, socketIsEmpty else { return }
        sync()
    }

    /// Whether the socket has nothing to read now. A round trip reads everything the server sent
    /// before its reply, all of it at once; while the socket holds input, the server likely holds
    /// more. (An empty socket alone is no proof of the contrary: the server writes in its own
    /// turn, so the round trips that ask this also ask `XInputListener.behind`.)
    public var socketIsEmpty: Bool {
        var socket = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&socket, 1, 0) == 0
    }

    /// The server's time now, by one round trip: appending nothing to a property of a window of
    /// our own brings back a PropertyNotify stamped with the server's time.
    public func serverTime() -> Time {
        let w = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, w) }
        XSelectInput(display, w, PropertyChangeMask)
        var nothing: UInt8 = 0
        XChangeProperty(
            display, w, atom("_GESTURED_TIME"), XA_STRING, 8, PropModeAppend, &nothing, 0)
        while true {
            // The server sends the PropertyNotify before it answers the round trip.
            sync()
            let notify = events.takeQueued { e in
                guard e.pointee.response_type & 0x7f == PropertyNotify else { return false }
                return e.withMemoryRebound(to: xcb_property_notify_event_t.self, capacity: 1) {
                    $0.pointee.window == w
                }
            }
            guard let notify else { continue }
            defer { free(notify) }
            return notify.withMemoryRebound(to: xcb_property_notify_event_t.self, capacity: 1) {
                Time($0.pointee.time)
            }
        }
    }

    public func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
}

/// What can go wrong talking to the X server, in words a user can act on.
public enum X11Error: Error, CustomStringConvertible {
    case noDisplay(String)
    case missingExtension(String)
    case oldXInput(major: Int32, minor: Int32)
    case grabTaken(what: String, holder: String)

    public var description: String {
        switch self {
        case .noDisplay(let name):
            return name.isEmpty
                ? "no X display: DISPLAY is not set"
                : "cannot open X display \"\(name)\" (is the X server running, and may this user connect to it?)"
        case .missingExtension(let ext):
            return "the X server has no \(ext) extension"
        case .oldXInput(let major, let minor):
            return
                "the X server speaks XInput \(major).\(minor); gestured needs 2.2 for touchscreens (2.4, X server 21.1 or newer, for touchpad gestures)"
        case .grabTaken(let what, let holder):
            return "cannot grab \(what) on the root window: \(holder)"
        }
    }
}
