import CXInput2

extension XConnection {
    /// The WM_CLASS of the application whose window `w` is or lies in: "instance,class", or one
    /// word when both are the same. An event's `child` names the top-level frame for most
    /// applications, and a window inside the application's own for some (an Xt application's
    /// widget, under a touchpad gesture): the class is read from the client window above or
    /// below it.
    public func applicationClass(of w: Window) -> String? {
        XErrors.windowsMayVanish { applicationWindow(w).flatMap(classHint) }
    }

    /// The client window (ICCCM: the one with WM_STATE) that `w` is or lies in, or the one in
    /// the top-level frame `w` lies in; nil for none, or when it is gone.
    func applicationWindow(_ w: Window) -> Window? {
        var w = w
        // A window tree deeper than this is no application's.
        for _ in 0..<32 {
            guard w != 0, w != root else { return nil }
            if hasProperty(w, atom("WM_STATE")) { return w }
            var rootReturn: Window = 0
            var parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, w, &rootReturn, &parent, &children, &count) != 0 else {
                return nil
            }
            defer { if let children { XFree(children) } }
            // A top-level frame: the client is below it, among the children already asked for.
            if parent == root { return clientWindow(among: children, count, depth: 1) ?? w }
            w = parent
        }
        return nil
    }

    private func classHint(of client: Window) -> String? {
        var hint = XClassHint()
        guard XGetClassHint(display, client, &hint) != 0 else { return nil }
        defer {
            if let n = hint.res_name { XFree(n) }
            if let c = hint.res_class { XFree(c) }
        }
        let instance = hint.res_name.map { String(cString: $0) } ?? ""
        let cls = hint.res_class.map { String(cString: $0) } ?? ""
        if instance.isEmpty || instance.lowercased() == cls.lowercased() {
            return cls.isEmpty ? nil : cls
        }
        return cls.isEmpty ? instance : "\(instance),\(cls)"
    }

    /// The window under the root at a point, for events that do not say (touchpad gestures
    /// carry `child`, so this is for the pointer and traces).
    public func topLevel(at x: Double, _ y: Double) -> Window {
        var child: Window = 0
        var rx: Int32 = 0
        var ry: Int32 = 0
        XTranslateCoordinates(display, root, root, Int32(x), Int32(y), &rx, &ry, &child)
        return child
    }

    /// The application's own window in a top-level frame; nil for none, or when it is gone.
    public func clientWindow(_ frame: Window) -> Window? {
        frame == 0 ? nil : XErrors.windowsMayVanish { clientWindow(frame, depth: 0) }
    }

    /// The windows one search for a client window looks at, at most: a window manager's frame
    /// holds its client a level or two down, and a tree of thousands without WM_STATE (a
    /// hostile or broken client) must not hold up every gesture over it with round trips.
    static let windowsLookedAt = 64

    /// ICCCM: the client window is the one with WM_STATE, the frame itself or below it.
    private func clientWindow(_ w: Window, depth: Int) -> Window? {
        var budget = XConnection.windowsLookedAt
        return clientWindow(w, depth: depth, budget: &budget)
    }

    private func clientWindow(_ w: Window, depth: Int, budget: inout Int) -> Window? {
        guard budget > 0 else { return nil }
        budget -= 1
        if hasProperty(w, atom("WM_STATE")) { return w }
        guard depth < 4 else { return nil }
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, w, &rootReturn, &parent, &children, &count) != 0 else {
            return nil
        }
        defer { if let children { XFree(children) } }
        // Without a window manager the top-level is the client.
        return clientWindow(among: children, count, depth: depth + 1, budget: &budget)
            ?? (depth == 0 ? w : nil)
    }

    /// The client window among `children` or below them, topmost first.
    private func clientWindow(
        among children: UnsafeMutablePointer<Window>?, _ count: UInt32, depth: Int
    ) -> Window? {
        var budget = XConnection.windowsLookedAt
        return clientWindow(among: children, count, depth: depth, budget: &budget)
    }

    private func clientWindow(
        among children: UnsafeMutablePointer<Window>?, _ count: UInt32, depth: Int,
        budget: inout Int
    ) -> Window? {
        guard let children else { return nil }
        for i in stride(from: Int(count) - 1, through: 0, by: -1) where budget > 0 {
            if let found = clientWindow(children[i], depth: depth, budget: &budget) { return found }
        }
        return nil
    }

    private func hasProperty(_ w: Window, _ property: Atom) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, w, property, 0, 0, 0, Atom(AnyPropertyType), &type, &format, &items, &after,
            &data)
        if let data { XFree(data) }
        return status == Success && type != 0
    }
}
