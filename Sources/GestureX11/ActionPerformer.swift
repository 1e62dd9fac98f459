import CXInput2
import GestureActions
import GestureCore
import Glibc

/// Performs actions in-process: EWMH client messages to the root window for the window
/// manager, XTest for keys, clicks and scrolling. Never waits for anyone: a client message or
/// a fake input event is one request, and what must wait for the window manager (a window
/// restored before it is placed) is looked at again when `nextDeadline` comes.
///
/// What it asks the server (properties, the window tree, the pointer, the keys held, and, for
/// the daemon, who holds the keyboard) goes over `ask`, a connection that selects no input: a
/// round trip there reads nothing of the listener's, so that a daemon behind on its input still
/// reads it one buffer at a time while it performs an action. What it sends (client messages,
/// XTest input) goes over the listener's connection, in order with the listener's own requests
/// (its grabs let go of before a click).
public final class ActionPerformer {
    let x: XConnection
    public let ask: XConnection
    private var supported: Set<Atom>?
    /// The window `window move` or `window resize` follows, with its frame when it was taken.
    var taken: (window: Window, frame: Placement.Rect, extents: Extents)?
    /// Windows the window manager was asked to restore, with what is done with each once it has.
    var restoring: [Restore] = []
    /// Keycodes borrowed for keysyms the keymap lacks, as xdotool does; given back at `close()`.
    private var borrowed: [KeySym: KeyCode] = [:]

    /// `ask`: the connection for questions; the listener's (`x`) when none is given, as tests
    /// that need no bound on what a round trip reads have it.
    public init(_ x: XConnection, asking ask: XConnection? = nil) {
        self.x = x
        self.ask = ask ?? x
        // Xlib reads the keyboard's mapping (core and XKB) at its first lookup, with a round trip
        // on `x`: here, before any input, rather than at the first key chord.
        let shift = XKeysymToKeycode(x.display, XStringToKeysym("Shift_L"))
        _ = XkbKeycodeToKeysym(x.display, shift, 0, 0)
    }

    /// Drops the events `ask` read on its round trips: it selects none, but the server sends
    /// every client the keyboard's mapping changes.
    private func forgetUnasked() {
        guard ask !== x else { return }
        while ask.events.next(reading: false, { _ in }) {}
    }

    /// One XTest button press; the daemon has told the listener of it (`XInputListener.willPress`).
    private func press(_ button: Int) {
        x.heldButtons.pressed(button)
        XTestFakeButtonEvent(x.display, UInt32(button), 1, 0)
    }

    /// One XTest button release.
    private func release(_ button: Int) {
        XTestFakeButtonEvent(x.display, UInt32(button), 0, 0)
        x.heldButtons.released(button)
    }

    /// Performs one action; returns what was done, or why nothing was.
    public func perform(_ action: Action, _ c: ActionContext) -> Result<String, ActionError> {
        forgetUnasked()
        let time = Time(UInt64(max(0, c.time)) & 0xFFFF_FFFF)
        switch action {
        case .desktop(let target, let wrap):
            return switchDesktop(target, wrap: wrap, time: time)
        case .moveWindow(let target, let wrap, let choice):
            return window(choice, c).flatMap { w in moveWindow(w, target, wrap: wrap, time: time) }
        case .window(let command, let choice):
            return window(choice, c).flatMap { w in windowCommand(command, w, time: time) }
        case .showDesktop:
            return showDesktop(time: time)
        case .keys(let chords):
            for chord in chords {
                if case .failure(let e) = press(chord) { return .failure(e) }
            }
            x.flush()
            return .success("pressed \(chords.map(\.text).joined(separator: " "))")
        case .click(let button):
            press(button)
            release(button)
            x.flush()
            return .success("clicked button \(button)")
        case .scroll(let direction, let times):
            for _ in 0..<times {
                press(direction.button)
                release(direction.button)
            }
            x.flush()
            return .success("scrolled \(direction.rawValue) \(times)")
        case .tile(let t, let choice):
            return window(choice, c).flatMap { w in
                place(w, for: action, c) { frame, monitors, areas in
                    Placement.tiled(frame, t, monitors: monitors, workAreas: areas)
                }
            }
        case .toMonitor(let target, let choice):
            return window(choice, c).flatMap { w in
                place(w, for: action, c) { frame, monitors, areas in
                    Placement.moved(frame, to: target, monitors: monitors, workAreas: areas)
                }
            }
        case .drag, .pointer, .windowMove, .windowResize, .exec, .pass, .stream:
            return .failure(ActionError(message: "\(action.text) is not performed here"))
        }
    }

    /// Sends a following action's steps: the pointer's through XTest, a window's to the window
    /// manager, in one flush. Says why a window step could not be done.
    public func send(_ steps: [FollowStep]) -> ActionError? {
        var problem: ActionError?
        for step in steps {
            switch step {
            case .press(let b): press(b)
            case .release(let b): release(b)
            case .moveBy(let dx, let dy):
                XTestFakeRelativeMotionEvent(x.display, Int32(clamping: dx), Int32(clamping: dy), 0)
            case .moveTo(let px, let py):
                XTestFakeMotionEvent(x.display, -1, Int32(clamping: px), Int32(clamping: py), 0)
            case .takeWindow(let choice, let at): problem = take(choice, at: at) ?? problem
            case .moveWindow(let dx, let dy): follow(.none, dx, dy)
            case .resizeWindow(let edge, let dx, let dy): follow(edge, dx, dy)
            case .letGoOfWindow: letGoOfWindow()
            }
        }
        x.flush()
        return problem
    }

    /// Gives back the keycodes borrowed for missing keysyms.
    public func close() {
        // A code the layout took back since (`setxkbmap`) is the layout's now.
        for (sym, code) in borrowed where ask.keysyms(of: code).first == sym {
            setKeysym(0, on: code)
        }
        borrowed.removeAll()
        x.sync()
    }

    // MARK: Window manager

    func requireSupport(_ names: String...) -> ActionError? {
        if supported == nil {
            supported = Set(ask.atoms(of: x.root, ask.atom("_NET_SUPPORTED")))
        }
        let missing = names.filter { !supported!.contains(ask.atom($0)) }
        guard !missing.isEmpty else { return nil }
        if supported!.isEmpty {
            return ActionError(
                message: "no EWMH window manager is running (_NET_SUPPORTED is empty)")
        }
        return ActionError(
            message: "the window manager does not support \(missing.joined(separator: ", "))")
    }

    func send(_ type: String, to window: Window, _ data: [Int]) {
        var ev = XEvent()
        ev.xclient.type = ClientMessage
        ev.xclient.serial = 0
        ev.xclient.send_event = 1
        ev.xclient.display = x.display
        ev.xclient.window = window
        ev.xclient.message_type = ask.atom(type)
        ev.xclient.format = 32
        let l = data + [Int](repeating: 0, count: 5 - data.count)
        ev.xclient.data.l = (l[0], l[1], l[2], l[3], l[4])
        XSendEvent(x.display, x.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &ev)
        x.flush()
    }

    /// EWMH source indication: the request comes from a pager or tool acting for the user.
    static let source = 2

    private func desktopIndex(
        _ target: Action.DesktopTarget, from current: Int, count: Int, wrap: Bool
    ) -> Int? {
        switch target {
        case .number(let n): return n - 1 < count ? n - 1 : nil
        case .next: return current + 1 < count ? current + 1 : (wrap ? 0 : nil)
        case .previous: return current > 0 ? current - 1 : (wrap ? count - 1 : nil)
        }
    }

    private func desktops() -> (current: Int, count: Int) {
        let both = ask.firstCardinals(
            of: x.root, [ask.atom("_NET_CURRENT_DESKTOP"), ask.atom("_NET_NUMBER_OF_DESKTOPS")])
        return (both[0] ?? 0, max(1, both[1] ?? 1))
    }

    private func switchDesktop(_ target: Action.DesktopTarget, wrap: Bool, time: Time) -> Result<
        String, ActionError
    > {
        if let e = requireSupport("_NET_CURRENT_DESKTOP", "_NET_NUMBER_OF_DESKTOPS") {
            return .failure(e)
        }
        let (current, count) = desktops()
        guard let index = desktopIndex(target, from: current, count: count, wrap: wrap) else {
            return .success(
                "no desktop \(target == .next ? "after" : "before") \(current + 1) of \(count)")
        }
        send("_NET_CURRENT_DESKTOP", to: x.root, [index, Int(time)])
        return .success("desktop \(index + 1) of \(count)")
    }

    private func moveWindow(_ w: Window, _ target: Action.DesktopTarget, wrap: Bool, time: Time)
        -> Result<String, ActionError>
    {
        if let e = requireSupport("_NET_WM_DESKTOP", "_NET_CURRENT_DESKTOP") { return .failure(e) }
        let (current, count) = desktops()
        // A window on every desktop (0xFFFFFFFF, a sticky window), or on none there is, moves
        // from the one shown.
        let from =
            ask.cardinals(of: w, ask.atom("_NET_WM_DESKTOP")).first.flatMap {
                $0 < count ? $0 : nil
            } ?? current
        guard let index = desktopIndex(target, from: from, count: count, wrap: wrap) else {
            return .success("no desktop to move to from \(from + 1) of \(count)")
        }
        send("_NET_WM_DESKTOP", to: w, [index, ActionPerformer.source])
        send("_NET_CURRENT_DESKTOP", to: x.root, [index, Int(time)])
        return .success("moved window 0x\(String(w, radix: 16)) to desktop \(index + 1)")
    }

    private func windowCommand(_ command: Action.WindowCommand, _ w: Window, time: Time) -> Result<
        String, ActionError
    > {
        let name = "window 0x\(String(w, radix: 16))"
        let vert = Int(ask.atom("_NET_WM_STATE_MAXIMIZED_VERT"))
        let horz = Int(ask.atom("_NET_WM_STATE_MAXIMIZED_HORZ"))
        switch command {
        case .maximize, .unmaximize, .toggleMaximize:
            if let e = requireSupport(
                "_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ")
            {
                return .failure(e)
            }
            let how = command == .unmaximize ? 0 : command == .maximize ? 1 : 2
            send("_NET_WM_STATE", to: w, [how, vert, horz, ActionPerformer.source])
        case .fullscreen:
            if let e = requireSupport("_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN") {
                return .failure(e)
            }
            send(
                "_NET_WM_STATE", to: w,
                [2, Int(ask.atom("_NET_WM_STATE_FULLSCREEN")), 0, ActionPerformer.source])
        case .minimize:
            // ICCCM: ask to be iconified; EWMH window managers all honour it.
            send("WM_CHANGE_STATE", to: w, [Int(IconicState)])
        case .close:
            if let e = requireSupport("_NET_CLOSE_WINDOW") { return .failure(e) }
            send("_NET_CLOSE_WINDOW", to: w, [Int(time), ActionPerformer.source])
        case .raise:
            if let e = requireSupport("_NET_ACTIVE_WINDOW") { return .failure(e) }
            send("_NET_ACTIVE_WINDOW", to: w, [ActionPerformer.source, Int(time), 0])
        }
        return .success("\(command.rawValue) \(name)")
    }

    private func showDesktop(time: Time) -> Result<String, ActionError> {
        if let e = requireSupport("_NET_SHOWING_DESKTOP") { return .failure(e) }
        let showing = (ask.cardinals(of: x.root, ask.atom("_NET_SHOWING_DESKTOP")).first ?? 0) != 0
        send("_NET_SHOWING_DESKTOP", to: x.root, [showing ? 0 : 1])
        return .success(showing ? "windows back" : "desktop shown")
    }

    /// The window an action acts on: under the gesture, or the active one. Docks and the
    /// desktop are never acted on.
    func window(_ choice: Action.WindowChoice, _ c: ActionContext) -> Result<Window, ActionError> {
        var w: Window?
        switch choice {
        case .active:
            w = ask.windows(of: x.root, ask.atom("_NET_ACTIVE_WINDOW")).first.flatMap {
                $0 == 0 ? nil : $0
            }
        case .under:
            let p = c.location ?? ask.pointer()
            w = ask.clientWindow(ask.topLevel(at: p.x, p.y))
        }
        guard let w else {
            return .failure(
                ActionError(
                    message: "no window \(choice == .active ? "is active" : "under the gesture")"))
        }
        let types = Set(ask.atoms(of: w, ask.atom("_NET_WM_WINDOW_TYPE")))
        if types.contains(ask.atom("_NET_WM_WINDOW_TYPE_DOCK"))
            || types.contains(ask.atom("_NET_WM_WINDOW_TYPE_DESKTOP"))
        {
            return .failure(
                ActionError(message: "the window under the gesture is a dock or the desktop"))
        }
        return .success(w)
    }

    // MARK: Keys

    private static let modifierKeysyms: [KeyChord.Modifier: String] = [
        .shift: "Shift_L", .ctrl: "Control_L", .alt: "Alt_L", .super: "Super_L", .meta: "Meta_L",
        .hyper: "Hyper_L",
    ]

    private func keycode(_ name: String) -> Result<(KeyCode, shifted: Bool), ActionError> {
        let sym = XStringToKeysym(name)
        guard sym != 0 else {
            return .failure(ActionError(message: "\"\(name)\" is no X keysym name"))
        }
        if let code = borrowed[sym] {
            // A new layout (`setxkbmap`) maps every code afresh, the borrowed one too.
            if ask.keysyms(of: code).first == sym { return .success((code, false)) }
            borrowed[sym] = nil
        }
        // Xlib follows the layout: the listener's reader hands XKB's notices to Xlib's converter.
        let code = XKeysymToKeycode(x.display, sym)
        if code != 0 {
            let shifted =
                XkbKeycodeToKeysym(x.display, code, 0, 0) != sym
                && XkbKeycodeToKeysym(x.display, code, 0, 1) == sym
            return .success((code, shifted))
        }
        guard let spare = spareKeycode() else {
            return .failure(ActionError(message: "no spare keycode for \"\(name)\""))
        }
        setKeysym(sym, on: spare)
        borrowed[sym] = spare
        return .success((spare, false))
    }

    /// A keycode with no keysym at all, the highest.
    private func spareKeycode() -> KeyCode? {
        let used = Set(borrowed.values)
        return ask.keyboardMapping().last {
            $0.syms.allSatisfy { $0 == 0 } && !used.contains($0.code)
        }?.code
    }

    private func setKeysym(_ sym: KeySym, on code: KeyCode) {
        var syms = [KeySym](repeating: sym, count: 2)
        XChangeKeyboardMapping(x.display, Int32(code), 2, &syms, 1)
        x.sync()
    }

    /// Presses a chord: modifiers held by the user that the chord does not name are released
    /// for its duration, so that `keys ctrl+c` stays ctrl+c while shift is down, and those it
    /// names are left as they are. A held modifier is released and pressed again on the
    /// keyboard that holds it (XTest's device events): through the XTest keyboard, which does
    /// not hold it, the server would drop the release and keep the press after the chord, a
    /// key left down once the user lets go of theirs.
    private func press(_ chord: KeyChord) -> Result<Void, ActionError> {
        var codes: [KeyCode] = []
        for m in chord.modifiers {
            guard case .success(let (code, _)) = keycode(ActionPerformer.modifierKeysyms[m]!) else {
                return .failure(ActionError(message: "no key for the modifier \(m.rawValue)"))
            }
            codes.append(code)
        }
        var shift = false
        if let key = chord.key {
            switch keycode(key) {
            case .failure(let e): return .failure(e)
            case .success(let (code, shifted)):
                shift = shifted && !chord.modifiers.contains(.shift)
                if shift, case .success(let (s, _)) = keycode("Shift_L") { codes.append(s) }
                codes.append(code)
            }
        }
        let down = ask.heldModifierKeys()
        let holders = ask.keyboardsHolding(down.filter { !codes.contains($0) })
        codes.removeAll { down.contains($0) }
        for (device, code) in holders { key(code, pressed: false, on: device) }
        for code in codes { XTestFakeKeyEvent(x.display, UInt32(code), 1, 0) }
        for code in codes.reversed() { XTestFakeKeyEvent(x.display, UInt32(code), 0, 0) }
        for (device, code) in holders.reversed() { key(code, pressed: true, on: device) }
        return .success(())
    }

    /// A key pressed or released on one slave keyboard, as if it came from that keyboard.
    private func key(_ code: KeyCode, pressed: Bool, on device: Int32) {
        var d = XDevice()
        d.device_id = XID(device)
        XTestFakeDeviceKeyEvent(x.display, &d, UInt32(code), pressed ? 1 : 0, nil, 0, 0)
    }
}
