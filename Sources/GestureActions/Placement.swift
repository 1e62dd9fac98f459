/// Where `window tile` and `window to-monitor` put a window: geometry only, in whole pixels,
/// so that it is tested without a server. The X11 performer reads the monitors (RandR), the
/// panels' struts and the window's frame, and asks the window manager for the answer.
///
/// Each monitor has a work area of its own: the monitor less the struts of the panels on it.
/// `_NET_WORKAREA` is one rectangle for the whole screen, which on monitors of different sizes,
/// or stacked ones, takes a panel on one monitor off all of them.
public enum Placement {
    public struct Rect: Equatable, Sendable, CustomStringConvertible {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        public var right: Int { x + width }
        public var bottom: Int { y + height }
        public var description: String { "\(width)x\(height)+\(x)+\(y)" }

        /// The area the two share, 0 when they do not meet.
        func overlap(_ o: Rect) -> Int {
            max(0, min(right, o.right) - max(x, o.x)) * max(0, min(bottom, o.bottom) - max(y, o.y))
        }
    }

    /// A panel's `_NET_WM_STRUT_PARTIAL`: how far it reserves from each edge of the screen,
    /// and along which span of that edge.
    public struct Strut: Equatable, Sendable {
        public var left = 0, right = 0, top = 0, bottom = 0
        public var leftStartY = 0, leftEndY = 0, rightStartY = 0, rightEndY = 0
        public var topStartX = 0, topEndX = 0, bottomStartX = 0, bottomEndX = 0

        /// From the property's twelve values; the four of the older `_NET_WM_STRUT` span the
        /// whole edge. Each value is kept on the screen (a CARDINAL goes up to 2^32 - 1): a
        /// strut wider than the screen reserves all of it, which `workArea` does not honour.
        public init?(_ v: [Int], screenWidth: Int, screenHeight: Int) {
            let w = max(1, screenWidth)
            let h = max(1, screenHeight)
            func across(_ i: Int) -> Int { min(max(v[i], 0), w) }
            func down(_ i: Int) -> Int { min(max(v[i], 0), h) }
            func row(_ i: Int) -> Int { min(max(v[i], 0), h - 1) }
            func column(_ i: Int) -> Int { min(max(v[i], 0), w - 1) }
            switch v.count {
            case 12...:
                (left, right, top, bottom) = (across(0), across(1), down(2), down(3))
                (leftStartY, leftEndY, rightStartY, rightEndY) = (row(4), row(5), row(6), row(7))
                (topStartX, topEndX, bottomStartX, bottomEndX) = (
                    column(8), column(9), column(10), column(11)
                )
            case 4..<12:
                (left, right, top, bottom) = (across(0), across(1), down(2), down(3))
                (leftStartY, leftEndY, rightStartY, rightEndY) = (0, h - 1, 0, h - 1)
                (topStartX, topEndX, bottomStartX, bottomEndX) = (0, w - 1, 0, w - 1)
            default:
                return nil
            }
        }
    }

    /// The monitor less the struts whose reserved band lies on it. A strut that would leave
    /// less than 64 px either way (a panel gone wrong) is not honoured; the others still are.
    public static func workArea(
        of monitor: Rect, screenWidth: Int, screenHeight: Int, struts: [Strut]
    ) -> Rect {
        var l = monitor.x
        var t = monitor.y
        var r = monitor.right
        var b = monitor.bottom
        for s in struts {
            var (sl, st, sr, sb) = (l, t, r, b)
            // Each band, in screen coordinates: the reserved strip along one edge of the screen.
            if s.left > 0,
                monitor.overlap(
                    Rect(
                        x: 0, y: s.leftStartY, width: s.left, height: s.leftEndY - s.leftStartY + 1)
                ) > 0
            {
                sl = max(sl, s.left)
            }
            if s.right > 0,
                monitor.overlap(
                    Rect(
                        x: screenWidth - s.right, y: s.rightStartY, width: s.right,
                        height: s.rightEndY - s.rightStartY + 1)) > 0
            {
                sr = min(sr, screenWidth - s.right)
            }
            if s.top > 0,
                monitor.overlap(
                    Rect(x: s.topStartX, y: 0, width: s.topEndX - s.topStartX + 1, height: s.top))
                    > 0
            {
                st = max(st, s.top)
            }
            if s.bottom > 0,
                monitor.overlap(
                    Rect(
                        x: s.bottomStartX, y: screenHeight - s.bottom,
                        width: s.bottomEndX - s.bottomStartX + 1,
                        height: s.bottom)) > 0
            {
                sb = min(sb, screenHeight - s.bottom)
            }
            if sr - sl >= 64, sb - st >= 64 { (l, t, r, b) = (sl, st, sr, sb) }
        }
        return Rect(x: l, y: t, width: r - l, height: b - t)
    }

    /// The monitor a window is on: the one it overlaps most, else the nearest to its centre.
    public static func monitor(of frame: Rect, among monitors: [Rect]) -> Int {
        guard !monitors.isEmpty else { return 0 }
        let best = monitors.indices.max {
            monitors[$0].overlap(frame) < monitors[$1].overlap(frame)
        }!
        if monitors[best].overlap(frame) > 0 { return best }
        let cx = frame.x + frame.width / 2
        let cy = frame.y + frame.height / 2
        func distance(_ m: Rect) -> Int {
            let dx = max(m.x - cx, 0, cx - m.right)
            let dy = max(m.y - cy, 0, cy - m.bottom)
            return dx * dx + dy * dy
        }
        return monitors.indices.min { distance(monitors[$0]) < distance(monitors[$1]) }!
    }

    /// The part of the work area a tile takes: halves, quarters, or the middle two thirds.
    public static func tile(_ t: Action.Tile, in a: Rect) -> Rect {
        let halfW = a.width / 2
        let halfH = a.height / 2
        switch t {
        case .left: return Rect(x: a.x, y: a.y, width: halfW, height: a.height)
        case .right: return Rect(x: a.x + halfW, y: a.y, width: a.width - halfW, height: a.height)
        case .top: return Rect(x: a.x, y: a.y, width: a.width, height: halfH)
        case .bottom: return Rect(x: a.x, y: a.y + halfH, width: a.width, height: a.height - halfH)
        case .topLeft: return Rect(x: a.x, y: a.y, width: halfW, height: halfH)
        case .topRight: return Rect(x: a.x + halfW, y: a.y, width: a.width - halfW, height: halfH)
        case .bottomLeft:
            return Rect(x: a.x, y: a.y + halfH, width: halfW, height: a.height - halfH)
        case .bottomRight:
            return Rect(
                x: a.x + halfW, y: a.y + halfH, width: a.width - halfW, height: a.height - halfH)
        case .center:
            let w = a.width * 2 / 3
            let h = a.height * 2 / 3
            return Rect(
                x: a.x + (a.width - w) / 2, y: a.y + (a.height - h) / 2, width: w, height: h)
        }
    }

    /// The monitor next to `from` on the side a tile points to (left for left, top-left and
    /// bottom-left; top for top; ...), the nearest that shares some of that edge's span.
    public static func neighbour(of from: Int, toward t: Action.Tile, among monitors: [Rect])
        -> Int?
    {
        let m = monitors[from]
        let candidates = monitors.indices.filter { $0 != from }.filter { i in
            let o = monitors[i]
            let sharesRows = min(o.bottom, m.bottom) > max(o.y, m.y)
            let sharesColumns = min(o.right, m.right) > max(o.x, m.x)
            switch t {
            case .left, .topLeft, .bottomLeft: return o.right <= m.x && sharesRows
            case .right, .topRight, .bottomRight: return o.x >= m.right && sharesRows
            case .top: return o.bottom <= m.y && sharesColumns
            case .bottom: return o.y >= m.bottom && sharesColumns
            case .center: return false
            }
        }
        func gap(_ i: Int) -> Int {
            let o = monitors[i]
            return max(m.x - o.right, o.x - m.right, m.y - o.bottom, o.y - m.bottom, 0)
        }
        return candidates.min { gap($0) < gap($1) }
    }

    /// The tile a window goes on to the neighbour's side that faces it: a second left tile puts
    /// it in the right half of the monitor to the left.
    public static func facing(_ t: Action.Tile) -> Action.Tile {
        switch t {
        case .left: return .right
        case .right: return .left
        case .top: return .bottom
        case .bottom: return .top
        case .topLeft: return .topRight
        case .topRight: return .topLeft
        case .bottomLeft: return .bottomRight
        case .bottomRight: return .bottomLeft
        case .center: return .center
        }
    }

    /// Where `window tile` puts a window whose frame is `frame`: the tile of the work area of
    /// its monitor, or, when it is there already and a monitor lies that way, the facing tile
    /// of that monitor's work area.
    public static func tiled(_ frame: Rect, _ t: Action.Tile, monitors: [Rect], workAreas: [Rect])
        -> Rect
    {
        let on = monitor(of: frame, among: monitors)
        let here = tile(t, in: workAreas[on])
        if here == frame, let next = neighbour(of: on, toward: t, among: monitors) {
            return tile(facing(t), in: workAreas[next])
        }
        return here
    }

    /// Where `window to-monitor` puts a window: at the same place relative to the work area of
    /// the target monitor, made smaller if it does not fit. Nil when there is no such monitor.
    public static func moved(
        _ frame: Rect, to target: Action.MonitorTarget, monitors: [Rect], workAreas: [Rect]
    ) -> Rect? {
        guard monitors.count > 1 else { return nil }
        let on = monitor(of: frame, among: monitors)
        let to: Int
        switch target {
        case .next: to = (on + 1) % monitors.count
        case .previous: to = (on + monitors.count - 1) % monitors.count
        case .number(let n):
            guard n >= 1, n <= monitors.count, n - 1 != on else { return nil }
            to = n - 1
        }
        let from = workAreas[on]
        let area = workAreas[to]
        let width = min(frame.width, area.width)
        let height = min(frame.height, area.height)
        var x = area.x + (frame.x - from.x)
        var y = area.y + (frame.y - from.y)
        x = min(max(x, area.x), area.right - width)
        y = min(max(y, area.y), area.bottom - height)
        return Rect(x: x, y: y, width: width, height: height)
    }
}
