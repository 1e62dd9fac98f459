import GestureCore

extension OverlayModel {
    /// Sizes the scene is laid out with, in pixels.
    public struct Layout: Sendable {
        public var width: Double
        public var height: Double
        /// The renderer's font: advance of one character and distance between lines.
        public var charWidth = 9.0
        public var lineHeight = 18.0

        public init(width: Double, height: Double, charWidth: Double = 9, lineHeight: Double = 18) {
            self.width = width
            self.height = height
            self.charWidth = charWidth
            self.lineHeight = lineHeight
        }
    }

    /// The picture at `now`: trails and dots where the fingers are, the pointer stroke, the
    /// touchpad gauge at the top right, the recognizer panel at the top left and the messages
    /// at the bottom left.
    public func scene(at now: Double, _ layout: Layout) -> OverlayScene {
        var scene = OverlayScene()
        for t in touches {
            let a = alpha(t.endedAt, now)
            guard a > 0, let last = t.points.last else { continue }
            if t.points.count > 1 {
                scene.items.append(.init(.line(t.points, width: 4), .touch, alpha: a))
            }
            scene.items.append(.init(.dot(center: last, radius: 14), .touch, alpha: a))
            scene.items.append(
                .init(.text("\(t.id)", at: last + Point(x: 16, y: -16)), .touch, alpha: a))
        }
        if let s = stroke, let last = s.points.last {
            let a = alpha(s.endedAt, now)
            if a > 0 {
                if s.points.count > 1 {
                    scene.items.append(.init(.line(s.points, width: 4), .stroke, alpha: a))
                }
                scene.items.append(.init(.dot(center: last, radius: 6), .stroke, alpha: a))
            }
        }
        if let g = gauge { drawGauge(g, alpha: alpha(g.endedAt, now), layout, into: &scene) }
        let panelAlpha = alpha(linesEndedAt, now)
        if !lines.isEmpty, panelAlpha > 0 {
            panel(
                lines.map { line in
                    let text =
                        "\(line.type) \"\(line.name)\": \(line.state)"
                        + (line.reason.map { ": \($0)" } ?? "")
                    switch line.state {
                    case "failed", "cancelled": return (text, .failed, panelAlpha)
                    case "began", "changed", "ended": return (text, .recognized, panelAlpha)
                    default: return (text, .text, panelAlpha)
                    }
                }, top: 8, layout, into: &scene)
        }
        let shown = messages.filter { now - $0.at < fade }
        if !shown.isEmpty {
            let top = layout.height - 8 - 12 - Double(shown.count) * layout.lineHeight
            panel(
                shown.map { ($0.text, $0.ink, alpha($0.at, now)) }, top: top, layout, into: &scene)
        }
        return scene
    }

    private func alpha(_ endedAt: Double?, _ now: Double) -> Double {
        guard let e = endedAt else { return 1 }
        return max(0, min(1, 1 - (now - e) / fade))
    }

    private func drawGauge(
        _ g: Gauge, alpha a: Double, _ layout: Layout, into scene: inout OverlayScene
    ) {
        guard a > 0 else { return }
        let c = Point(x: layout.width - 150, y: 130)
        let radius = max(10, min(110, 50 * g.scale))
        scene.items.append(.init(.ring(center: c, radius: radius, width: 3), .gauge, alpha: a))
        let length = g.physical.length
        let arm = length > 100 ? g.physical * (100 / length) : g.physical
        scene.items.append(.init(.line([c, c + arm], width: 4), .gauge, alpha: a))
        for i in 0..<max(0, min(g.fingers, 10)) {
            let x = c.x - Double(g.fingers - 1) * 10 + Double(i) * 20
            scene.items.append(
                .init(.dot(center: Point(x: x, y: c.y + 125), radius: 6), .gauge, alpha: a))
        }
        var text =
            "\(g.kind) \(g.fingers) fingers dx \(NumberText.plain(g.delta.x.rounded())) dy \(NumberText.plain(g.delta.y.rounded()))"
        if g.physical != g.delta {
            text +=
                " (unaccelerated \(NumberText.plain(g.physical.x.rounded())) \(NumberText.plain(g.physical.y.rounded())))"
        }
        if g.kind == "pinch" {
            text +=
                " scale \(NumberText.plain((g.scale * 100).rounded() / 100)) angle \(NumberText.plain(g.angle.rounded()))"
        }
        scene.items.append(
            .init(.text(text, at: Point(x: c.x - 130, y: c.y + 160)), .text, alpha: a))
    }

    /// Lines of text on a box, from `top` down; the box is as opaque as its most opaque line.
    private func panel(
        _ lines: [(text: String, ink: OverlayScene.Ink, alpha: Double)], top: Double,
        _ layout: Layout,
        into scene: inout OverlayScene
    ) {
        let fits = max(8, Int((layout.width - 32) / layout.charWidth))
        let lines = lines.map { line -> (text: String, ink: OverlayScene.Ink, alpha: Double) in
            line.text.count <= fits
                ? line : (String(line.text.prefix(fits - 3)) + "...", line.ink, line.alpha)
        }
        let width = Double(lines.map(\.text.count).max() ?? 0) * layout.charWidth + 16
        let height = Double(lines.count) * layout.lineHeight + 12
        scene.items.append(
            .init(
                .box(origin: Point(x: 8, y: top), width: width, height: height), .panel,
                alpha: lines.map(\.alpha).max() ?? 0))
        for (i, line) in lines.enumerated() {
            let baseline = top + 6 + Double(i + 1) * layout.lineHeight - 4
            scene.items.append(
                .init(.text(line.text, at: Point(x: 16, y: baseline)), line.ink, alpha: line.alpha))
        }
    }
}
