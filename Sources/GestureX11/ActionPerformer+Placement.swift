import CXInput2
import GestureActions
import GestureCore
import Glibc

/// `window tile`, `window to-monitor`, `window move` and `window resize`. Tiling: the monitors from RandR, each one's work area less the
/// struts of the panels on it (`Placement`), the window's frame from `_NET_FRAME_EXTENTS`, and
/// one `_NET_MOVERESIZE_WINDOW` to the window manager, after `_NET_WM_STATE` has taken the
/// maximized and fullscreen states off (`ActionPerformer+Restoring`).
extension ActionPerformer {
    typealias Rect = Placement.Rect

    /// Moves `w` where `placement` says its frame goes, given its frame, the monitors and
    /// their work areas; nil: it stays. A maximized or fullscreen window is restored first, and
    /// placed once the window manager says it is (`advance`): this returns at once.
    func place(_ w: Window, for action: Action, _ c: ActionContext, _ placement: @escaping Placing)
        -> Result<String, ActionError>
    {
        if let e = requireSupport("_NET_MOVERESIZE_WINDOW") { return .failure(e) }
        // A maximized frame has other extents (no borders): restore the window first.
        if let maximized = unmaximize(w) {
            restoring.removeAll { $0.window == w }
            restoring.append(
                Restore(window: w, maximizedExtents: maximized, then: .place(action, c, placement)))
            return .success(
                "window 0x\(String(w, radix: 16)) is restored first, and placed once the window manager has"
            )
        }
        return placeNow(w, placement)
    }

    typealias Placing = (Rect, [Rect], [Rect]) -> Rect?

    func placeNow(_ w: Window, _ placement: Placing) -> Result<String, ActionError> {
        guard let client = geometry(of: w) else {
            return .failure(ActionError(message: "window 0x\(String(w, radix: 16)) is gone"))
        }
        let e = frameExtents(of: w)
        let frame = Self.outer(client, e)
        let (monitors, areas) = workAreas()
        guard let target = placement(frame, monitors, areas) else {
            return .success("window 0x\(String(w, radix: 16)) stays at \(frame): no such monitor")
        }
        moveResize(w, to: target, extents: e, size: true)
        return .success("window 0x\(String(w, radix: 16)) from \(frame) to \(target)")
    }

    /// Takes the window a `window move` or `window resize` follows, with its frame now; a
    /// maximized one is restored first, and taken once the window manager has (`advance`),
    /// the motion meanwhile applied then.
    func take(_ choice: Action.WindowChoice, at location: Point?) -> ActionError? {
        taken = nil
        restoring.removeAll { $0.isTake }
        if let e = requireSupport("_NET_MOVERESIZE_WINDOW") { return e }
        switch window(choice, ActionContext(location: location, time: 0)) {
        case .failure(let e):
            return e
        case .success(let w):
            if let maximized = unmaximize(w) {
                restoring.append(
                    Restore(
                        window: w, maximizedExtents: maximized, then: .take(last: nil, letGo: false)
                    ))
                return nil
            }
            return takeNow(w)
        }
    }

    func takeNow(_ w: Window) -> ActionError? {
        guard let client = geometry(of: w) else {
            return ActionError(message: "window 0x\(String(w, radix: 16)) is gone")
        }
        let e = frameExtents(of: w)
        taken = (w, Self.outer(client, e), e)
        return nil
    }

    /// Lets go of the taken window, or of the one still being restored: that one still goes
    /// where the motion took it, once restored.
    func letGoOfWindow() {
        taken = nil
        for i in restoring.indices {
            if case .take(let last, _) = restoring[i].then {
                restoring[i].then = .take(last: last, letGo: true)
            }
        }
    }

    /// The taken window's frame moved (`edge` nil) or with an edge moved by (dx, dy) since it
    /// was taken; a window is never made smaller than 32 by 32.
    func follow(_ edge: Action.Edge?, _ dx: Int, _ dy: Int) {
        guard let (w, start, e) = taken else {
            // Still being restored: the last motion is applied once it is.
            for i in restoring.indices {
                if case .take(_, let letGo) = restoring[i].then {
                    restoring[i].then = .take(last: (edge, dx, dy), letGo: letGo)
                }
            }
            return
        }
        var f = start
        let least = 32
        switch edge {
        case nil:
            f.x += dx
            f.y += dy
        case let edge?:
            let name = edge.rawValue
            if name.hasSuffix("left") {
                let moved = min(dx, start.width - e.left - e.right - least)
                f.x += moved
                f.width -= moved
            }
            if name.hasSuffix("right") { f.width = max(start.width + dx, least + e.left + e.right) }
            if name.hasPrefix("top") {
                let moved = min(dy, start.height - e.top - e.bottom - least)
                f.y += moved
                f.height -= moved
            }
            if name.hasPrefix("bottom") {
                f.height = max(start.height + dy, least + e.top + e.bottom)
            }
        }
        moveResize(w, to: f, extents: e, size: edge != nil)
    }

    /// Asks the window manager to put `w`'s frame at `outer`'s corner and, if `size`, to make it
    /// `outer`'s size. North-west gravity: x and y place the frame's outer corner; width and height
    /// are the client's, inside the frame.
    func moveResize(_ w: Window, to outer: Rect, extents e: Extents, size: Bool) {
        let northWest = 1
        let fields = (size ? 0xF : 0x3) << 8
        let fromTool = ActionPerformer.source << 12
        send(
            "_NET_MOVERESIZE_WINDOW", to: w,
            [
                northWest | fields | fromTool, outer.x, outer.y,
                max(1, outer.width - e.left - e.right), max(1, outer.height - e.top - e.bottom),
            ])
    }

    /// The client window on the screen, inside its frame.
    func geometry(of w: Window) -> Rect? {
        XErrors.windowsMayVanish {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(ask.display, w, &attributes) != 0 else { return nil }
            var rx: Int32 = 0
            var ry: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(ask.display, w, ask.root, 0, 0, &rx, &ry, &child)
            return Rect(
                x: Int(rx), y: Int(ry), width: Int(attributes.width), height: Int(attributes.height)
            )
        }
    }

    /// The window's decorations, from `_NET_FRAME_EXTENTS`; none when it does not say, or
    /// says more than an X window can measure (16 bits).
    func frameExtents(of w: Window) -> (left: Int, right: Int, top: Int, bottom: Int) {
        let e = ask.cardinals(of: w, ask.atom("_NET_FRAME_EXTENTS"))
        guard e.count == 4, e.allSatisfy({ $0 <= Int(UInt16.max) }) else { return (0, 0, 0, 0) }
        return (e[0], e[1], e[2], e[3])
    }

    /// The struts of the panels shown now: top-level windows, or their clients, with
    /// `_NET_WM_STRUT_PARTIAL` (or the older `_NET_WM_STRUT`).
    func panelStruts(screenWidth: Int, screenHeight: Int) -> [Placement.Strut] {
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(ask.display, ask.root, &rootReturn, &parent, &children, &count) != 0,
            let children
        else { return [] }
        defer { XFree(children) }
        let partial = ask.atom("_NET_WM_STRUT_PARTIAL")
        let full = ask.atom("_NET_WM_STRUT")
        var struts: [Placement.Strut] = []
        for i in 0..<Int(count) {
            let top = children[i]
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(ask.display, top, &attributes) != 0,
                attributes.map_state == IsViewable,
                let client = ask.clientWindow(top)
            else { continue }
            var values = ask.cardinals(of: client, partial)
            if values.count < 12 { values = ask.cardinals(of: client, full) }
            if let s = Placement.Strut(values, screenWidth: screenWidth, screenHeight: screenHeight)
            {
                struts.append(s)
            }
        }
        return struts
    }
}
