import CXInput2
import Glibc

/// Reads the X connection one buffer at a time, so that what gestured holds of input it has not
/// yet handled stays bounded however far behind it falls.
///
/// Xlib, when it owns the event queue, reads the socket until it is empty whenever it looks for
/// events: a daemon held up while the server queued 50,000 events read them all at once. Here
/// XCB owns the queue instead (`XSetEventQueueOwner`), and `next(reading: true)` reads the
/// socket at most once, into libxcb's 4 KiB input buffer, and only when XCB holds no event
/// already; the caller handles what that brought (decodes it, decides, gives back) before it
/// asks for more. Each event is converted to Xlib's structures by the converter Xlib itself would
/// use (libXi's for XInput 2, libXrandr's for RandR, Xlib's own for the core protocol), as
/// libX11's xcb_io.c does before it queues an event.
///
/// With XCB owning the queue, Xlib sends its requests checked and collects their errors at its
/// next round trip (`_XReply`), where the error handler (`XErrors`) reports them as before; a
/// round trip still reads everything the server sent before its reply into XCB's queue, and
/// `next(reading: false)` hands that out in order.
public final class XEventReader {
    /// An event as Xlib's converters give it.
    public enum Event {
        /// An XInput 2 event: its type, and the converted structure (`XIDeviceEvent`, …),
        /// valid while the reader's body runs.
        case xinput(type: Int32, data: UnsafeMutableRawPointer)
        /// Any other event.
        case other(XEvent)
    }

    private let display: OpaquePointer
    private let connection: OpaquePointer
    private let xiOpcode: Int32
    /// Events taken off XCB's queue before anyone asked for them (to look for one event, or to
    /// see whether any waits); handed out first, in order.
    private var held: [UnsafeMutablePointer<xcb_generic_event_t>] = []
    private var heldStart = 0
    /// The sequence number of the event being handed out: the last request the server had done
    /// when it sent it, as XCB counts requests (Xlib's converters give their own last reply's).
    public private(set) var sequence: UInt32 = 0

    /// Takes the event queue from Xlib. Xlib took the socket while it opened the display with its
    /// requests unchecked; one request of XCB's own makes it give the socket back, so that it
    /// takes it again checked, as it must while XCB owns the queue (an unchecked error of a
    /// request with a reply would end in Xlib's I/O error).
    init(display: OpaquePointer, xiOpcode: Int32) {
        self.display = display
        self.xiOpcode = xiOpcode
        connection = XGetXCBConnection(display)
        XSetEventQueueOwner(display, XCBOwnsEventQueue)
        free(xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil))
    }

    /// Frees what it took off XCB's queue and never handed out; the connection closes next,
    /// and XCB frees the rest.
    func discardHeld() {
        for e in held[heldStart...] { free(e) }
        held = []
        heldStart = 0
    }

    /// Hands the next event to `body`, converted; false when none waits. `reading`: the socket
    /// may be read once when no event waits already; otherwise only what was read before is
    /// handed out. An X error that comes as an event goes to Xlib's error handler on the way.
    @discardableResult
    public func next(reading: Bool, _ body: (Event) -> Void) -> Bool {
        while let e = pop(reading: reading) {
            sequence = e.pointee.full_sequence
            var event = XEvent()
            let converted = gestured_xlib_event(display, e, &event)
            free(e)
            guard converted != 0 else { continue }
            guard event.type == GenericEvent else {
                body(.other(event))
                return true
            }
            defer { free(event.xcookie.data) }
            guard event.xcookie.extension == xiOpcode else { continue }
            body(.xinput(type: event.xcookie.evtype, data: event.xcookie.data))
            return true
        }
        return false
    }

    /// Whether an event was read and waits: the run loop must not sleep on those, since the
    /// socket will not wake it for them.
    public var hasQueued: Bool {
        if heldStart < held.count { return true }
        guard let e = xcb_poll_for_queued_event(connection) else { return false }
        held.append(e)
        return true
    }

    /// Takes out of what was read the first core event `matches` picks, keeping the others in
    /// order for `next`; nil when none waits. For replies that come as events (a PropertyNotify
    /// that tells the server's time), after a round trip has read them.
    func takeQueued(where matches: (UnsafeMutablePointer<xcb_generic_event_t>) -> Bool)
        -> UnsafeMutablePointer<xcb_generic_event_t>?
    {
        while let e = xcb_poll_for_queued_event(connection) { held.append(e) }
        guard let i = held[heldStart...].firstIndex(where: matches) else { return nil }
        return held.remove(at: i)
    }

    private func pop(reading: Bool) -> UnsafeMutablePointer<xcb_generic_event_t>? {
        if heldStart < held.count {
            defer {
                heldStart += 1
                if heldStart == held.count {
                    held.removeAll(keepingCapacity: held.capacity <= 64)
                    heldStart = 0
                }
            }
            return held[heldStart]
        }
        if let e = reading ? xcb_poll_for_event(connection) : xcb_poll_for_queued_event(connection)
        {
            return e
        }
        if xcb_connection_has_error(connection) != 0 { XErrors.lostConnection() }
        return nil
    }
}
