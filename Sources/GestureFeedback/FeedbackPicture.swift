import GestureActions
import GestureCore

/// What a gesture's action will do, as geometry read once when the gesture begins: the X11
/// edge reads the window's frame, where the action puts it and the screen, and this value
/// says what to draw at each progress. Pure, so that tests draw it without a server.
public enum FeedbackPicture: Equatable, Sendable {
    public typealias Rect = Placement.Rect

    /// The window's frame growing to where `window maximize`, `window tile` or `window
    /// to-monitor` puts it.
    case grow(from: Rect, to: Rect)
    /// The next desktop sliding in over `screen` as the fingers go `heading` (from the side
    /// they go away from: a swipe left brings it in from the right).
    case slide(screen: Rect, heading: Direction)
    /// The window shrinking toward its icon (`window minimize`).
    case shrink(from: Rect, to: Rect)
    /// The window fading (`window close`).
    case fade(Rect)
    /// The windows moving aside, each to the nearer side of `screen` (`show-desktop`).
    case aside([Rect], screen: Rect)
    /// The path the pointer has taken (`drag`): the points so far, whatever the progress.
    case path([Point])

    /// What to draw at `progress` (clamped to 0...1: the picture stops at the commit point).
    public func drawing(at progress: Double) -> FeedbackDrawing {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch self {
        case .grow(let from, let to), .shrink(let from, let to):
            return FeedbackDrawing(boxes: [.init(FeedbackPicture.between(from, to, p), opacity: 1)])
        case .slide(let screen, let heading):
            let v = heading.vector ?? Point(x: -1, y: 0)
            let left = 1 - p
            var r = screen
            r.x += Int((-v.x * left * Double(screen.width)).rounded())
            r.y += Int((-v.y * left * Double(screen.height)).rounded())
            return FeedbackDrawing(boxes: [.init(r, opacity: 1)])
        case .fade(let rect):
            return FeedbackDrawing(boxes: [.init(rect, opacity: 1 - p)])
        case .aside(let windows, let screen):
            let middle = screen.x + screen.width / 2
            return FeedbackDrawing(
                boxes: windows.map { w in
                    let away =
                        w.x + w.width / 2 < middle ? -(w.right - screen.x) : screen.right - w.x
                    var r = w
                    r.x += Int((Double(away) * p).rounded())
                    return .init(r, opacity: 1)
                })
        case .path(let points):
            return FeedbackDrawing(path: points)
        }
    }

    /// The rectangle `p` of the way from `a` to `b`, in whole pixels.
    static func between(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        func mix(_ u: Int, _ v: Int) -> Int { u + Int((Double(v - u) * p).rounded()) }
        return Rect(
            x: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width),
            height: mix(a.height, b.height))
    }
}

/// One moment of feedback: outlined boxes, each with its opacity, and a path.
public struct FeedbackDrawing: Equatable, Sendable {
    public struct Box: Equatable, Sendable, CustomStringConvertible {
        public var rect: Placement.Rect
        /// 1 fully drawn, 0 gone (a closing window fades).
        public var opacity: Double

        public init(_ rect: Placement.Rect, opacity: Double) {
            self.rect = rect
            self.opacity = opacity
        }

        public var description: String { opacity == 1 ? "\(rect)" : "\(rect) at \(opacity)" }
    }

    public var boxes: [Box] = []
    public var path: [Point] = []

    public init(boxes: [Box] = [], path: [Point] = []) {
        self.boxes = boxes
        self.path = path
    }
}
