import CXInput2
import GestureCore
import Glibc

extension XConnection {
    /// A 32-bit list property, each item the 32-bit value it is: Xlib hands format-32 data
    /// out as C longs, sign-extended, so that 0xFFFFFFFF (`_NET_WM_DESKTOP` on a sticky window)
    /// comes as -1.
    private func longs(of w: Window, _ property: Atom, type: Atom) -> [UInt32] {
        var actual: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, w, property, 0, 1024, 0, type, &actual, &format, &count, &after, &data)
                == Success,
            let data, format == 32
        else {
            if let data { XFree(data) }
            return []
        }
        defer { XFree(data) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            UnsafeBufferPointer(start: $0, count: Int(count)).map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    /// A CARDINAL list: each from 0 to 2^32 - 1.
    public func cardinals(of w: Window, _ property: Atom) -> [Int] {
        longs(of: w, property, type: XA_CARDINAL).map { Int($0) }
    }
    public func atoms(of w: Window, _ property: Atom) -> [Atom] {
        longs(of: w, property, type: XA_ATOM).map { Atom($0) }
    }
    public func windows(of w: Window, _ property: Atom) -> [Window] {
        longs(of: w, property, type: XA_WINDOW).map { Window($0) }
    }

    /// The first CARDINAL of each of `properties` of `w`, nil where it is not set: all asked
    /// together, in one round trip.
    public func firstCardinals(of w: Window, _ properties: [Atom]) -> [Int?] {
        let c = XGetXCBConnection(display)
        let cookies = properties.map {
            xcb_get_property(c, 0, xcb_window_t(w), xcb_atom_t($0), xcb_atom_t(XA_CARDINAL), 0, 1)
        }
        return cookies.map { cookie in
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            guard let r = xcb_get_property_reply(c, cookie, &error) else {
                free(error)
                return nil
            }
            defer { free(r) }
            guard r.pointee.format == 32, r.pointee.value_len >= 1 else { return nil }
            return Int(xcb_get_property_value(r).load(as: UInt32.self))
        }
    }

    /// The modifier keys held down now: the keyboard's state and the modifier map, asked
    /// together, in one round trip.
    public func heldModifierKeys() -> [KeyCode] {
        let c = XGetXCBConnection(display)
        let keymapCookie = xcb_query_keymap(c)
        let mapCookie = xcb_get_modifier_mapping(c)
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        let keymap = xcb_query_keymap_reply(c, keymapCookie, &error)
        free(error)
        error = nil
        let map = xcb_get_modifier_mapping_reply(c, mapCookie, &error)
        free(error)
        defer {
            free(keymap)
            free(map)
        }
        guard let keymap, let map, let codes = xcb_get_modifier_mapping_keycodes(map) else {
            return []
        }
        let keys = withUnsafeBytes(of: keymap.pointee.keys) { Array($0) }
        var held: [KeyCode] = []
        for i in 0..<Int(xcb_get_modifier_mapping_keycodes_length(map)) {
            let code = codes[i]
            if code != 0, keys[Int(code) / 8] & (1 << (code % 8)) != 0,
                !held.contains(KeyCode(code))
            {
                held.append(KeyCode(code))
            }
        }
        return held
    }

    /// Which slave keyboard holds which of `codes` down now, asked of each keyboard attached
    /// to a master (one round trip each); the master's own state says only that some keyboard
    /// holds a key, not which.
    public func keyboardsHolding(_ codes: [KeyCode]) -> [(device: Int32, code: KeyCode)] {
        guard !codes.isEmpty else { return [] }
        let keyboards = inputDevices().filter { $0.use == .slaveKeyboard }
        var held: [(device: Int32, code: KeyCode)] = []
        for keyboard in keyboards {
            var device = XDevice()
            device.device_id = XID(keyboard.id)
            guard let state = XQueryDeviceState(display, &device) else { continue }
            defer { XFreeDeviceState(state) }
            var item = UnsafeRawPointer(state.pointee.data)
            for _ in 0..<Int(state.pointee.num_classes) {
                guard let one = item else { break }
                let header = one.assumingMemoryBound(to: XInputClass.self).pointee
                if header.class == UInt8(KeyClass) {
                    let keys = one.assumingMemoryBound(to: XKeyState.self).pointee
                    let bits = withUnsafeBytes(of: keys.keys) { Array($0) }
                    for code in codes
                    where Int(code) / 8 < bits.count && bits[Int(code) / 8] & (1 << (code % 8)) != 0
                    {
                        held.append((Int32(keyboard.id), code))
                    }
                }
                item = one + Int(header.length)
            }
        }
        return held
    }

    /// The keysyms of every keycode, lowest keycode first, as the server has them now.
    public func keyboardMapping() -> [(code: KeyCode, syms: [KeySym])] {
        var minCode: Int32 = 0
        var maxCode: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        return mapping(from: minCode, count: maxCode - minCode + 1)
    }

    /// The keysyms of `code`, as the server has them now; none when it maps none.
    public func keysyms(of code: KeyCode) -> [KeySym] {
        mapping(from: Int32(code), count: 1).first?.syms ?? []
    }

    private func mapping(from first: Int32, count: Int32) -> [(code: KeyCode, syms: [KeySym])] {
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(first), count, &perCode) else {
            return []
        }
        defer { XFree(map) }
        let per = Int(perCode)
        return (0..<Int(count)).map { i in
            (KeyCode(Int(first) + i), (0..<per).map { map[i * per + $0] })
        }
    }

    /// Where the pointer is.
    public func pointer() -> Point {
        var rootReturn: Window = 0
        var child: Window = 0
        var rx: Int32 = 0
        var ry: Int32 = 0
        var wx: Int32 = 0
        var wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
        return Point(x: Double(rx), y: Double(ry))
    }
}
