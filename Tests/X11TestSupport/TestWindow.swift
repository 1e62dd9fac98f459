import CXInput2
import Foundation
import XServerSupport

/// An application window for the end-to-end tests: a real X client on its own connection that
/// records what it receives (touches, pointer buttons, touchpad gestures, keys), as an
/// application under gestured would.
public final class TestWindow {
    public struct Received: Equatable, CustomStringConvertible {
        public let type: String
        public let detail: Int
        public let x: Double
        public let y: Double
        /// A touch's id (0 for other events).
        public var touch = 0
        /// The server's time of the event, in milliseconds.
        public var time = 0
        /// Where on the screen.
        public var rootX = 0.0, rootY = 0.0
        /// A pointer event the server made from a touch (XIPointerEmulated).
        public var emulated = false
        /// A crossing's buttons held, as Motion's `detail`.
        public var buttons = 0
        public var description: String {
            "\(type) \(touch != 0 ? touch : detail) at \(Int(x)),\(Int(y))"
        }
    }

    public let display: OpaquePointer
    public let window: Window
    private let xiOpcode: Int32
    public private(set) var received: [Received] = []
    /// Key presses as `ctrl+alt+Left`: the modifiers in effect and the key's first keysym.
    public private(set) var keys: [String] = []

    /// Opens a window of `width`x`height` at (x, y) on `displayName`, with WM_CLASS `name`;
    /// with `motion`, it records pointer motion too (`Motion`, its detail the buttons held:
    /// button N is bit N - 1).
    public init(
        displayName: String, name: String, x: Int32 = 0, y: Int32 = 0, width: UInt32,
        height: UInt32,
        motion: Bool = false, crossing: Bool = false
    ) throws {
        TestWindow.sayWhyTheServerWentAway
        guard let d = XOpenDisplay(displayName) else {
            throw TestWindowError("cannot open \(displayName)")
        }
        display = d
        var opcode: Int32 = 0
        var ev: Int32 = 0
        var err: Int32 = 0
        XQueryExtension(d, "XInputExtension", &opcode, &ev, &err)
        xiOpcode = opcode
        let root = gestured_default_root(d)
        window = XCreateSimpleWindow(d, root, x, y, width, height, 0, 0, 0xFFFFFF)
        var hint = XClassHint()
        name.withCString { n in
            hint.res_name = UnsafeMutablePointer(mutating: n)
            hint.res_class = UnsafeMutablePointer(mutating: n)
            XSetClassHint(d, window, &hint)
        }
        XStoreName(d, window, name)
        var protocols = [XInternAtom(d, "WM_DELETE_WINDOW", 0)]
        XSetWMProtocols(d, window, &protocols, 1)
        var bits = [UInt8](repeating: 0, count: Int(gestured_mask_len()))
        for t in [
            XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease,
            XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
            XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd, XI_KeyPress,
        ] + (motion ? [XI_Motion] : [])
            + (crossing ? [XI_Enter, XI_Leave] : [])
        {
            gestured_set_mask(&bits, t)
        }
        bits.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(
                deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XISelectEvents(d, window, &m, 1)
        }
        XMapRaised(d, window)
        XSync(d, 0)
    }

    deinit { XCloseDisplay(display) }

    /// Xlib ends the process when a connection breaks: before it does, print what the server's
    /// log says, so that a server that crashed under a test shows its backtrace.
    private static let sayWhyTheServerWentAway: Void = {
        XSetIOErrorHandler { display in
            let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
            let digest = XServer.logDigest(display: name) ?? "(no log: the server was stopped)"
            FileHandle.standardError.write(
                Data("the connection to X server \(name) broke; its log:\n\(digest)\n".utf8))
            exit(1)
        }
    }()

    /// Reads what has arrived, waiting up to `timeout` for the server to deliver it.
    @discardableResult
    public func drain(
        waiting timeout: Duration = .milliseconds(300), until done: (([Received]) -> Bool)? = nil
    ) -> [Received] {
        let deadline = ContinuousClock.now + timeout
        repeat {
            XSync(display, 0)
            var ev = XEvent()
            while XPending(display) > 0 {
                XNextEvent(display, &ev)
                if ev.type == ClientMessage,
                    UInt(ev.xclient.data.l.0) == XInternAtom(display, "WM_DELETE_WINDOW", 0)
                {
                    received.append(Received(type: "Delete", detail: 0, x: 0, y: 0))
                    continue
                }
                if ev.type == MappingNotify {
                    XRefreshKeyboardMapping(&ev.xmapping)
                    continue
                }
                guard ev.type == GenericEvent, ev.xcookie.extension == xiOpcode,
                    XGetEventData(display, &ev.xcookie) != 0
                else { continue }
                record(ev.xcookie.evtype, ev.xcookie.data)
                XFreeEventData(display, &ev.xcookie)
            }
            if let done, done(received) { break }
            if timeout == .zero { break }
            usleep(10_000)
        } while ContinuousClock.now < deadline
        return received
    }

    /// The pointer buttons held now, as the server says (XQueryPointer's mask): Button1Mask and
    /// the rest.
    public func buttonsHeld() -> UInt32 {
        var root: Window = 0
        var child: Window = 0
        var rx: Int32 = 0
        var ry: Int32 = 0
        var wx: Int32 = 0
        var wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, window, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return mask & UInt32(Button1Mask | Button2Mask | Button3Mask | Button4Mask | Button5Mask)
    }

    /// Every key some slave keyboard holds down, as `device name: keycode`, each keyboard
    /// asked for its own state (XQueryDeviceState).
    public func keysHeldByEveryKeyboard() -> [String] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var held: [String] = []
        for i in 0..<Int(count) where infos[i].use == XISlaveKeyboard {
            var device = XDevice()
            device.device_id = XID(infos[i].deviceid)
            guard let state = XQueryDeviceState(display, &device) else { continue }
            defer { XFreeDeviceState(state) }
            var item = UnsafeRawPointer(state.pointee.data)
            for _ in 0..<Int(state.pointee.num_classes) {
                guard let one = item else { break }
                let length = Int(one.load(fromByteOffset: 1, as: UInt8.self))
                if one.load(as: UInt8.self) == UInt8(KeyClass) {
                    let keys = one.assumingMemoryBound(to: XKeyState.self).pointee.keys
                    withUnsafeBytes(of: keys) { bits in
                        for code in 8..<256 where bits[code / 8] & (1 << (code % 8)) != 0 {
                            held.append("\(String(cString: infos[i].name)): \(code)")
                        }
                    }
                }
                item = one + length
            }
        }
        return held
    }

    /// Where the pointer is, in the window's coordinates.
    public func pointerPosition() -> (x: Int, y: Int) {
        var root: Window = 0
        var child: Window = 0
        var rx: Int32 = 0
        var ry: Int32 = 0
        var wx: Int32 = 0
        var wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, window, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return (Int(wx), Int(wy))
    }

    /// Where the window's top-left corner is on the screen, inside the window manager's frame.
    public func rootPosition() -> (x: Int, y: Int) {
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, gestured_default_root(display), 0, 0, &x, &y, &child)
        return (Int(x), Int(y))
    }

    /// The window's size, without the frame.
    public func size() -> (width: Int, height: Int) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        return (Int(attributes.width), Int(attributes.height))
    }

    /// The window's frame on the screen, `_NET_FRAME_EXTENTS` taken into account.
    public func frame() -> (x: Int, y: Int, width: Int, height: Int) {
        let p = rootPosition()
        let s = size()
        let e = frameExtents()
        return (p.x - e.left, p.y - e.top, s.width + e.left + e.right, s.height + e.top + e.bottom)
    }

    /// `_NET_FRAME_EXTENTS`: the frame's left, right, top and bottom, in pixels.
    public func frameExtents() -> (left: Int, right: Int, top: Int, bottom: Int) {
        let e = longs("_NET_FRAME_EXTENTS", of: window).map { Int($0) }
        guard e.count == 4 else { return (0, 0, 0, 0) }
        return (e[0], e[1], e[2], e[3])
    }

    public func clear() {
        received.removeAll()
        keys.removeAll()
    }

    private func modifierNames(_ state: UInt32) -> String {
        var names = ""
        if state & UInt32(ShiftMask) != 0 { names += "shift+" }
        if state & UInt32(ControlMask) != 0 { names += "ctrl+" }
        if state & UInt32(Mod1Mask) != 0 { names += "alt+" }
        if state & UInt32(Mod4Mask) != 0 { names += "super+" }
        return names
    }

    /// A root or window property as 32-bit values.
    public func longs(_ property: String, of w: Window? = nil, type: Atom = Atom(AnyPropertyType))
        -> [UInt]
    {
        var actual: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XSync(display, 0)
        guard
            XGetWindowProperty(
                display, w ?? gestured_default_root(display), XInternAtom(display, property, 0), 0,
                1024, 0, type,
                &actual, &format, &count, &after, &data) == Success, let data, format == 32
        else { return [] }
        defer { XFree(data) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(count)))
        }
    }

    public func atomName(_ a: UInt) -> String {
        XGetAtomName(display, Atom(a)).map { String(cString: $0) } ?? "?"
    }

    /// Raises the window and waits until the window manager shows it (a previous test may have
    /// minimized it or shown the desktop).
    public func raiseAndWait() -> Bool {
        XMapRaised(display, window)
        XRaiseWindow(display, window)
        return wait {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            return attributes.map_state == IsViewable
        }
    }

    /// Waits up to `timeout` for `check` to hold, reading events meanwhile.
    public func wait(_ timeout: Duration = .seconds(10), until check: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !check() {
            if ContinuousClock.now > deadline { return false }
            drain(waiting: .milliseconds(20))
        }
        return true
    }

    private func record(_ type: Int32, _ data: UnsafeMutableRawPointer) {
        let names: [Int32: String] = [
            XI_TouchBegin: "TouchBegin", XI_TouchUpdate: "TouchUpdate", XI_TouchEnd: "TouchEnd",
            XI_ButtonPress: "ButtonPress", XI_ButtonRelease: "ButtonRelease",
            XI_KeyPress: "KeyPress", XI_Motion: "Motion",
            XI_GestureSwipeBegin: "SwipeBegin", XI_GestureSwipeUpdate: "SwipeUpdate",
            XI_GestureSwipeEnd: "SwipeEnd",
            XI_GesturePinchBegin: "PinchBegin", XI_GesturePinchUpdate: "PinchUpdate",
            XI_GesturePinchEnd: "PinchEnd",
        ]
        if type == XI_Enter || type == XI_Leave {
            // The crossing's mode as `detail` (NotifyNormal 0, NotifyGrab 1, NotifyUngrab 2), and
            // the buttons held as in Motion.
            let e = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            var held = 0
            let mask = UnsafeBufferPointer(start: e.buttons.mask, count: Int(e.buttons.mask_len))
            for button in 1..<min(32, mask.count * 8)
            where mask[button / 8] & (1 << (button % 8)) != 0 { held |= 1 << (button - 1) }
            received.append(
                Received(
                    type: type == XI_Enter ? "Enter" : "Leave", detail: Int(e.mode), x: e.event_x,
                    y: e.event_y,
                    time: Int(e.time), rootX: e.root_x, rootY: e.root_y, buttons: held))
            return
        }
        guard let name = names[type] else { return }
        switch type {
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let e = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            received.append(Received(type: name, detail: Int(e.detail), x: e.event_x, y: e.event_y))
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let e = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            received.append(Received(type: name, detail: Int(e.detail), x: e.event_x, y: e.event_y))
        case XI_KeyPress:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            // The keymap as the server has it now (a keycode may have been borrowed just before).
            var per: Int32 = 0
            let map = XGetKeyboardMapping(display, KeyCode(e.detail), 1, &per)
            let sym = map?.pointee ?? 0
            if let map { XFree(map) }
            let name = XKeysymToString(sym).map { String(cString: $0) } ?? "?"
            keys.append("\(modifierNames(UInt32(e.mods.effective)))\(name)")
            received.append(
                Received(type: "KeyPress", detail: Int(e.detail), x: e.event_x, y: e.event_y))
        case XI_Motion:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            var held = 0
            let mask = UnsafeBufferPointer(start: e.buttons.mask, count: Int(e.buttons.mask_len))
            for button in 1..<min(32, mask.count * 8)
            where mask[button / 8] & (1 << (button % 8)) != 0 { held |= 1 << (button - 1) }
            received.append(
                Received(
                    type: name, detail: held, x: e.event_x, y: e.event_y, time: Int(e.time),
                    rootX: e.root_x, rootY: e.root_y, emulated: e.flags & XIPointerEmulated != 0))
        default:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let touch = type == XI_TouchBegin || type == XI_TouchUpdate || type == XI_TouchEnd
            received.append(
                Received(
                    type: name,
                    detail: type == XI_ButtonPress || type == XI_ButtonRelease ? Int(e.detail) : 0,
                    x: e.event_x, y: e.event_y, touch: touch ? Int(e.detail) : 0, time: Int(e.time),
                    rootX: e.root_x, rootY: e.root_y, emulated: e.flags & XIPointerEmulated != 0))
        }
    }
}

public struct TestWindowError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}

/// Asks the window manager for `message` about `window` (an EWMH client message to the root,
/// format 32, with `data`), and flushes.
public func askWindowManager(
    _ display: OpaquePointer, _ message: String, about window: Window,
    _ data: (Int, Int, Int, Int, Int)
) {
    let root = XDefaultRootWindow(display)
    var e = XEvent()
    e.xclient.type = ClientMessage
    e.xclient.window = window
    e.xclient.message_type = XInternAtom(display, message, 0)
    e.xclient.format = 32
    e.xclient.data.l = data
    XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &e)
    XFlush(display)
}

extension TestWindow {
    /// Asks the window manager for desktop `n` (EWMH) and waits until it shows it: the window
    /// is on the first one.
    public func showDesktop(_ n: Int) -> Bool {
        askWindowManager(
            display, "_NET_CURRENT_DESKTOP", about: XDefaultRootWindow(display),
            (n, Int(CurrentTime), 0, 0, 0))
        return wait { longs("_NET_CURRENT_DESKTOP").first == UInt(n) }
    }

    /// Asks the window manager to maximize the window, `vertically` only or both ways.
    public func askToMaximize(vertically: Bool = false) {
        let vert = Int(XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_VERT", 0))
        let horz = vertically ? 0 : Int(XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_HORZ", 0))
        askWindowManager(display, "_NET_WM_STATE", about: window, (1, vert, horz, 2, 0))
    }
}
