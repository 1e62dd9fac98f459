import CXInput2
import Glibc

/// One connection to the X server, with what gestured needs to know about it: the root
/// window, the XInput extension's opcode and version, and handlers that turn X errors into
/// log lines instead of exits.
public final class XConnection {
    public let display: OpaquePointer
    public let root: Window
    public let xiOpcode: Int32
    /// The XInput version the server agreed to (2.4 for touchpad gestures).
    public let xiVersion: (major: Int32, minor: Int32)
    public let name: String

    /// Opens `name` (or $DISPLAY), asking for XInput `xi` (2.4 unless a test asks for less, to
    /// see the daemon on an older server). Throws a message that says what is missing.
    public init(name: String? = nil, xi: (major: Int32, minor: Int32) = (2, 4)) throws(X11Error) {
        guard let d = XOpenDisplay(name) else {
            throw X11Error.noDisplay(name ?? (getenv("DISPLAY").map { String(cString: $0) } ?? ""))
        }
        display = d
        self.name = String(cString: XDisplayString(d))
        root = gestured_default_root(d)
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(d, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(d)
            throw X11Error.missingExtension("XInputExtension")
        }
        xiOpcode = opcode
        var (major, minor) = xi
        guard XIQueryVersion(d, &major, &minor) == Success, major >= 2, (major > 2 || minor >= 2) else {
            XCloseDisplay(d)
            throw X11Error.oldXInput(major: major, minor: minor)
        }
        xiVersion = (major, minor)
        XErrors.install()
    }

    deinit { XCloseDisplay(display) }

    /// Whether the server reports touchpad gestures (XInput 2.4, X server 21.1 or newer).
    public var hasGestures: Bool { xiVersion.major > 2 || xiVersion.minor >= 4 }

    public var fileDescriptor: Int32 { gestured_connection_number(display) }

    public var vendor: String { String(cString: XServerVendor(display)) }

    /// Round trip: every request sent so far has been processed, and its errors reported.
    public func sync() { XSync(display, 0) }

    public func flush() { XFlush(display) }

    /// Flushes, and tells whether events are already read and waiting: the library reads the
    /// socket while it writes, so a poll on the socket alone can sleep on events it already has.
    /// Those still in the socket wake the poll: no read here (XFlush reads the socket once more
    /// after it writes, so it is called only when there is something to write).
    public func flushHasEvents() -> Bool {
        if gestured_output_pending(display) != 0 { XFlush(display) }
        return XEventsQueued(display, QueuedAlready) > 0
    }

    /// The server's time now, by one round trip: appending nothing to a property of a window of
    /// our own brings back a PropertyNotify stamped with the server's time.
    public func serverTime() -> Time {
        let w = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, w) }
        XSelectInput(display, w, PropertyChangeMask)
        var nothing: UInt8 = 0
        XChangeProperty(display, w, atom("_GESTURED_TIME"), XA_STRING, 8, PropModeAppend, &nothing, 0)
        var ev = XEvent()
        XWindowEvent(display, w, PropertyChangeMask, &ev)
        return ev.xproperty.time
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
            return name.isEmpty ? "no X display: DISPLAY is not set" : "cannot open X display \"\(name)\" (is the X server running, and may this user connect to it?)"
        case .missingExtension(let ext):
            return "the X server has no \(ext) extension"
        case let .oldXInput(major, minor):
            return "the X server speaks XInput \(major).\(minor); gestured needs 2.2 for touchscreens (2.4, X server 21.1 or newer, for touchpad gestures)"
        case let .grabTaken(what, holder):
            return "cannot grab \(what) on the root window: \(holder)"
        }
    }
}
