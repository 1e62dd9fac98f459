import CXInput2
import GestureActions
import GestureCore
import GestureFeedback

/// The geometry feedback draws, read once when a gesture with feedback begins: the window's
/// frame and where its action would put it, the screen, the windows shown. Reads only: it asks
/// the window manager for nothing, so that a gesture that is cancelled has changed nothing.
extension ActionPerformer {
    /// The picture of the first of `actions` that has one; nil when none has (the gesture
    /// still commits by progress, with nothing drawn). `heading` is the gesture's, `location`
    /// where it is (nil on a touchpad: the pointer).
    public func feedbackPicture(for actions: [Action], heading: Direction?, location: Point?)
        -> FeedbackPicture?
    {
        for action in actions {
            if let p = picture(action, heading: heading, location: location) { return p }
        }
        return nil
    }

    private func picture(_ action: Action, heading: Direction?, location: Point?)
        -> FeedbackPicture?
    {
        let context = ActionContext(location: location, time: 0)
        switch action {
        case .window(let command, let choice):
            guard case .success(let w) = window(choice, context), let frame = frame(of: w) else {
                return nil
            }
            switch command {
            case .maximize, .toggleMaximize:
                let (monitors, areas) = workAreas()
                return .grow(from: frame, to: areas[Placement.monitor(of: frame, among: monitors)])
            case .minimize:
                let (monitors, _) = workAreas()
                let m = monitors[Placement.monitor(of: frame, among: monitors)]
                let icon = ask.cardinals(of: w, ask.atom("_NET_WM_ICON_GEOMETRY"))
                // Where the taskbar shows the window's icon, when it says a place on the screen.
                let to =
                    icon.count == 4 && icon.allSatisfy({ $0 <= Int(UInt16.max) })
                    ? Rect(x: icon[0], y: icon[1], width: icon[2], height: icon[3])
                    : Rect(x: m.x + m.width / 2, y: m.bottom, width: 0, height: 0)
                return .shrink(from: frame, to: to)
            case .close:
                return .fade(frame)
            case .unmaximize, .fullscreen, .raise:
                return nil
            }
        case .tile(let t, let choice):
            guard case .success(let w) = window(choice, context), let frame = frame(of: w) else {
                return nil
            }
            let (monitors, areas) = workAreas()
            return .grow(
                from: frame, to: Placement.tiled(frame, t, monitors: monitors, workAreas: areas))
        case .toMonitor(let target, let choice):
            guard case .success(let w) = window(choice, context), let frame = frame(of: w) else {
                return nil
            }
            let (monitors, areas) = workAreas()
            return Placement.moved(frame, to: target, monitors: monitors, workAreas: areas).map {
                .grow(from: frame, to: $0)
            }
        case .desktop, .moveWindow:
            let (monitors, _) = workAreas()
            let p = location ?? ask.pointer()
            let on = Placement.monitor(
                of: Rect(x: Int(p.x), y: Int(p.y), width: 1, height: 1), among: monitors)
            return .slide(screen: monitors[on], heading: heading ?? .left)
        case .showDesktop:
            let screen = ask.screen()
            let windows = ask.windows(of: x.root, ask.atom("_NET_CLIENT_LIST")).compactMap {
                w -> Rect? in
                let types = Set(ask.atoms(of: w, ask.atom("_NET_WM_WINDOW_TYPE")))
                if types.contains(ask.atom("_NET_WM_WINDOW_TYPE_DOCK"))
                    || types.contains(ask.atom("_NET_WM_WINDOW_TYPE_DESKTOP"))
                {
                    return nil
                }
                return frame(of: w)
            }
            return .aside(
                windows,
                screen: Rect(x: 0, y: 0, width: Int(screen.width), height: Int(screen.height)))
        case .drag:
            return .path([location ?? ask.pointer()])
        default:
            return nil
        }
    }

    /// The window's frame on the screen, its decorations (`_NET_FRAME_EXTENTS`) counted; nil
    /// for a window that is gone or not shown.
    func frame(of w: Window) -> Rect? {
        geometry(of: w).map { Self.outer($0, frameExtents(of: w)) }
    }

    /// A client's rectangle with its frame's extents around it.
    static func outer(_ client: Rect, _ e: Extents) -> Rect {
        Rect(
            x: client.x - e.left, y: client.y - e.top, width: client.width + e.left + e.right,
            height: client.height + e.top + e.bottom)
    }

    /// The monitors (the screen when RandR lists none) and the work area of each.
    func workAreas() -> (monitors: [Rect], areas: [Rect]) {
        let screen = ask.screen()
        let width = Int(screen.width)
        let height = Int(screen.height)
        var monitors = screen.monitors.map {
            Rect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height))
        }
        if monitors.isEmpty { monitors = [Rect(x: 0, y: 0, width: width, height: height)] }
        let struts = panelStruts(screenWidth: width, screenHeight: height)
        return (
            monitors,
            monitors.map {
                Placement.workArea(of: $0, screenWidth: width, screenHeight: height, struts: struts)
            }
        )
    }
}
