import GestureCore
import GestureOverlay

extension FeedbackDrawing {
    /// The width of an outline and of a path, in pixels.
    public static let lineWidth = 6.0

    /// What the overlay window draws: each box's outline, and with a compositor (`filled`) its
    /// translucent inside; the path as a line. Without a compositor the window is shaped to
    /// what it draws, so an outline leaves the inside to the windows below.
    public func scene(filled: Bool) -> OverlayScene {
        let w = FeedbackDrawing.lineWidth
        var items: [OverlayScene.Item] = []
        for box in boxes where box.opacity > 0 && box.rect.width > 0 && box.rect.height > 0 {
            let r = box.rect
            let x = Double(r.x)
            let y = Double(r.y)
            let width = Double(r.width)
            let height = Double(r.height)
            if filled {
                items.append(
                    .init(
                        .box(origin: Point(x: x, y: y), width: width, height: height),
                        .feedbackFill, alpha: box.opacity))
            }
            let side = min(w, width)
            let top = min(w, height)
            for (origin, bw, bh) in [
                (Point(x: x, y: y), width, top), (Point(x: x, y: y + height - top), width, top),
                (Point(x: x, y: y), side, height), (Point(x: x + width - side, y: y), side, height),
            ] {
                items.append(
                    .init(
                        .box(origin: origin, width: bw, height: bh), .feedback, alpha: box.opacity))
            }
        }
        if path.count > 1 { items.append(.init(.line(path, width: w), .feedback)) }
        return OverlayScene(items: items)
    }
}
