import CXInput2

extension XConnection {
    /// The WM_CLASS of the application window at the top of `frame` (a child of the root, as
    /// an event's `child` gives it): "instance,class", or one word when both are the same.
    public func applicationClass(of frame: Window) -> String? {
        XErrors.windowsMayVanish { classHint(of: frame) }
    }

    private func classHint(of frame: Window) -> String? {
        guard let client = clientWindow(frame) else { return nil }
        var hint = XClassHint()
        guard XGetClassHint(display, client, &hint) != 0 else { return nil }
        defer {
            if let n = hint.res_name { XFree(n) }
            if let c = hint.res_class { XFree(c) }
        }
        let instance = hint.res_name.map { String(cString: $0) } ?? ""
        let cls = hint.res_class.map { String(cString: $0) } ?? ""
        if instance.isEmpty || instance.lowercased() == cls.lowercased() { return cls.isEmpty ? nil : cls }
        return cls.isEmpty ? instance : "\(instance),\(cls)"
    }

    /// The window under the root at a point, for events that do not say (touchpad gestures
    /// carry `child`, so this is for the pointer and traces).
    public func topLevel(at x: Double, _ y: Double) -> Window {
        var child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0
        XTranslateCoordinates(display, root, root, Int32(x), Int32(y), &rx, &ry, &child)
        return child
    }

    /// The application's own window in a top-level frame; nil for none, or when it is gone.
    public func clientWindow(_ frame: Window) -> Window? {
        frame == 0 ? nil : XErrors.windowsMayVanish { clientWindow(frame, depth: 0) }
    }

    /// ICCCM: the client window is the one with WM_STATE, the frame itself or below it.
    private func clientWindow(_ w: Window, depth: Int) -> Window? {
        if hasProperty(w, atom("WM_STATE")) { return w }
        guard depth < 4 else { return nil }
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, w, &rootReturn, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for i in stride(from: Int(count) - 1, through: 0, by: -1) {
            if let found = clientWindow(children[i], depth: depth + 1) { return found }
        }
        // Without a window manager the top-level is the client.
        return depth == 0 ? w : nil
    }

    private func hasProperty(_ w: Window, _ property: Atom) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, w, property, 0, 0, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
        if let data { XFree(data) }
        return status == Success && type != 0
    }
}
