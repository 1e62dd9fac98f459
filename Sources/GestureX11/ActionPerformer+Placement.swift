import CXInput2
import GestureActions
import GestureCore
import Glibc

/// `window tile` and `window to-monitor`: the monitors from RandR, each one's work area less the
/// struts of the panels on it (`Placement`), the window's frame from `_NET_FRAME_EXTENTS`, and
/// one `_NET_MOVERESIZE_WINDOW` to the window manager, after `_NET_WM_STATE` has taken the
/// maximized and fullscreen states off.
extension ActionPerformer {
    typealias Rect = Placement.Rect

    /// Moves `w` where `placement` says its frame goes, given its frame, the monitors and
    /// their work areas; nil: it stays.
    func place(_ w: Window, time: Time, _ placement: (Rect, [Rect], [Rect]) -> Rect?) -> Result<String, ActionError> {
        if let e = requireSupport("_NET_MOVERESIZE_WINDOW") { return .failure(e) }
        // A maximized frame has other extents (no borders): restore the window first.
        unmaximize(w)
        guard let client = geometry(of: w) else { return .failure(ActionError(message: "window 0x\(String(w, radix: 16)) is gone")) }
        let e = frameExtents(of: w)
        let frame = Rect(x: client.x - e.left, y: client.y - e.top,
                         width: client.width + e.left + e.right, height: client.height + e.top + e.bottom)
        let screen = x.screen()
        let width = Int(screen.width), height = Int(screen.height)
        var monitors = screen.monitors.map { Rect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) }
        if monitors.isEmpty { monitors = [Rect(x: 0, y: 0, width: width, height: height)] }
        let struts = panelStruts(screenWidth: width, screenHeight: height)
        let areas = monitors.map { Placement.workArea(of: $0, screenWidth: width, screenHeight: height, struts: struts) }
        guard let target = placement(frame, monitors, areas) else {
            return .success("window 0x\(String(w, radix: 16)) stays at \(frame): no such monitor")
        }
        // North-west gravity: x and y place the frame's outer corner; width and height are
        // the client's, inside the frame.
        let northWest = 1, xywh = 0xF << 8, fromTool = ActionPerformer.source << 12
        send("_NET_MOVERESIZE_WINDOW", to: w, [northWest | xywh | fromTool, target.x, target.y,
                                               max(1, target.width - e.left - e.right), max(1, target.height - e.top - e.bottom)])
        return .success("window 0x\(String(w, radix: 16)) from \(frame) to \(target)")
    }

    /// The most a placement waits for the window manager to restore a maximized window.
    static let restoreWait = 200

    /// Takes the maximized and fullscreen states off, so that the window manager lets the window
    /// be placed, and waits (at most `restoreWait` ms, one property read a millisecond) until it
    /// says it has: the restored frame's extents are the ones the placement must count.
    private func unmaximize(_ w: Window) {
        let vert = x.atom("_NET_WM_STATE_MAXIMIZED_VERT"), horz = x.atom("_NET_WM_STATE_MAXIMIZED_HORZ")
        let full = x.atom("_NET_WM_STATE_FULLSCREEN")
        let restoring: Set<Atom> = [vert, horz, full]
        let states = Set(x.atoms(of: w, x.atom("_NET_WM_STATE")))
        guard !states.isDisjoint(with: restoring) else { return }
        if states.contains(vert) || states.contains(horz) {
            send("_NET_WM_STATE", to: w, [0, Int(vert), Int(horz), ActionPerformer.source])
        }
        if states.contains(full) { send("_NET_WM_STATE", to: w, [0, Int(full), 0, ActionPerformer.source]) }
        for _ in 0..<ActionPerformer.restoreWait {
            if Set(x.atoms(of: w, x.atom("_NET_WM_STATE"))).isDisjoint(with: restoring) { return }
            usleep(1000)
        }
    }

    /// The client window on the screen, inside its frame.
    private func geometry(of w: Window) -> Rect? {
        XErrors.windowsMayVanish {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(x.display, w, &attributes) != 0 else { return nil }
            var rx: Int32 = 0, ry: Int32 = 0, child: Window = 0
            XTranslateCoordinates(x.display, w, x.root, 0, 0, &rx, &ry, &child)
            return Rect(x: Int(rx), y: Int(ry), width: Int(attributes.width), height: Int(attributes.height))
        }
    }

    private func frameExtents(of w: Window) -> (left: Int, right: Int, top: Int, bottom: Int) {
        let e = x.cardinals(of: w, x.atom("_NET_FRAME_EXTENTS"))
        return e.count == 4 ? (e[0], e[1], e[2], e[3]) : (0, 0, 0, 0)
    }

    /// The struts of the panels shown now: top-level windows, or their clients, with
    /// `_NET_WM_STRUT_PARTIAL` (or the older `_NET_WM_STRUT`).
    private func panelStruts(screenWidth: Int, screenHeight: Int) -> [Placement.Strut] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(x.display, x.root, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        let partial = x.atom("_NET_WM_STRUT_PARTIAL"), full = x.atom("_NET_WM_STRUT")
        var struts: [Placement.Strut] = []
        for i in 0..<Int(count) {
            let top = children[i]
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(x.display, top, &attributes) != 0, attributes.map_state == IsViewable,
                  let client = x.clientWindow(top) else { continue }
            var values = x.cardinals(of: client, partial)
            if values.count < 12 { values = x.cardinals(of: client, full) }
            if let s = Placement.Strut(values, screenWidth: screenWidth, screenHeight: screenHeight) { struts.append(s) }
        }
        return struts
    }
}
