import GestureCore

/// What the overlay shows at one moment: shapes in screen pixels, each with an ink and an
/// opacity. A value; the X11 edge turns it into pixels and never adds to it.
public struct OverlayScene: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        /// A filled circle.
        case dot(center: Point, radius: Double)
        /// A circle's outline.
        case ring(center: Point, radius: Double, width: Double)
        /// Connected segments through the points.
        case line([Point], width: Double)
        /// One line of text; `at` is the left end of its baseline.
        case text(String, at: Point)
        /// A filled rectangle, behind the text panels.
        case box(origin: Point, width: Double, height: Double)
    }

    /// What a shape is about; the renderer picks the colour.
    public enum Ink: String, Sendable, CaseIterable {
        case touch, stroke, gauge, text, recognized, failed, panel
        /// What feedback draws: the outline of what an action will do, and its fill.
        case feedback, feedbackFill
    }

    public struct Item: Equatable, Sendable {
        public var shape: Shape
        public var ink: Ink
        /// 1 while the input is live, falling to 0 as it fades.
        public var alpha: Double

        public init(_ shape: Shape, _ ink: Ink, alpha: Double = 1) {
            self.shape = shape
            self.ink = ink
            self.alpha = alpha
        }
    }

    public var items: [Item] = []

    public init(items: [Item] = []) { self.items = items }

    /// The text of every text item, top to bottom as drawn: what a test reads.
    public var texts: [String] {
        items.compactMap { if case .text(let s, _) = $0.shape { s } else { nil } }
    }
}
