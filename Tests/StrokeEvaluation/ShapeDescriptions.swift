import Foundation
import GestureCore

/// The 16 shapes of the $1 study, described from their geometry for the evaluation, independently
/// of the built-in templates (no template point is used here): each shape is one or more *ways* of
/// drawing it (start point, direction, order of the strokes' parts), each a path in a unit box
/// (x right, y down) whose vertices say whether they are corners (where rounding, overshoot and
/// chamfers apply) or points along a curve.
public enum ShapeDescriptions {
    public struct Vertex: Sendable {
        public var point: Point
        public var corner: Bool
    }

    public struct Shape: Sendable {
        public let name: String
        /// Ways people draw it; the first is the one the study's picture shows.
        public let ways: [[Vertex]]
        /// Drawn back to its start (circle, rectangle, triangle, star): ends may fall short or run on.
        public let closed: Bool
        /// Width over height of the usual drawing.
        public let aspect: Double
    }

    public static let names = all.map(\.name)

    public static let all: [Shape] = [
        arrow, caret, check, circle, delete, leftBrace, leftBracket, pigtail,
        questionMark, rectangle, rightBrace, rightBracket, star, triangle, v, x,
    ]

    static func c(_ x: Double, _ y: Double) -> Vertex {
        Vertex(point: Point(x: x, y: y), corner: true)
    }
    static func s(_ x: Double, _ y: Double) -> Vertex {
        Vertex(point: Point(x: x, y: y), corner: false)
    }

    /// Points along an ellipse arc, `from` to `to` in degrees on screen (0 = right, 90 = down:
    /// increasing angles turn clockwise on screen), ends included, as curve points.
    static func arc(
        _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, from: Double, to: Double,
        step: Double = 10
    ) -> [Vertex] {
        let n = max(2, Int((abs(to - from) / step).rounded(.up)))
        return (0...n).map { k in
            let a = (from + (to - from) * Double(k) / Double(n)) * .pi / 180
            return s(cx + rx * cos(a), cy + ry * sin(a))
        }
    }

    /// The same path drawn from the other end.
    static func reversed(_ way: [Vertex]) -> [Vertex] { way.reversed() }

    /// Every start corner and both directions of a closed polygon given by its corners in
    /// drawing order (the first way is `corners` as given).
    static func cycles(_ corners: [Vertex]) -> [[Vertex]] {
        var ways: [[Vertex]] = []
        for backwards in [false, true] {
            let order = backwards ? Array(corners.reversed()) : corners
            for start in order.indices {
                let cycle = (0...order.count).map { order[(start + $0) % order.count] }
                ways.append(cycle)
            }
        }
        return ways
    }

    static let arrow: Shape = {
        let tail = c(0, 0.85)
        let tip = c(1, 0.15)
        let backBarb = c(0.55, 0.12)
        let downBarb = c(0.95, 0.62)
        return Shape(
            name: "arrow",
            ways: [
                [tail, tip, backBarb, tip, downBarb],
                [tail, tip, downBarb, tip, backBarb],
                // From the head: a barb, the tip, the other barb, the tip, the shaft to the tail.
                [backBarb, tip, downBarb, tip, tail],
                [downBarb, tip, backBarb, tip, tail],
            ], closed: false, aspect: 1.3)
    }()

    static let caret: Shape = {
        let way = [c(0, 1), c(0.5, 0), c(1, 1)]
        return Shape(name: "caret", ways: [way, reversed(way)], closed: false, aspect: 1.1)
    }()

    static let check: Shape = Shape(
        name: "check", ways: [[c(0, 0.5), c(0.33, 1), c(1, 0)]], closed: false, aspect: 1.2)

    static let circle: Shape = {
        // Start anywhere on the round, either way round; the first starts at the top, counter-clockwise.
        var ways: [[Vertex]] = []
        for start in stride(from: -90.0, to: 270, by: 45) {
            ways.append(arc(0.5, 0.5, 0.5, 0.5, from: start, to: start - 360))
            ways.append(arc(0.5, 0.5, 0.5, 0.5, from: start, to: start + 360))
        }
        return Shape(name: "circle", ways: ways, closed: true, aspect: 1)
    }()

    static let delete: Shape = {
        let way = [c(0, 0), c(1, 1), c(0, 1), c(1, 0)]
        let mirrored = [c(1, 0), c(0, 1), c(1, 1), c(0, 0)]
        return Shape(name: "delete", ways: [way, mirrored], closed: false, aspect: 1)
    }()

    /// `{`: from the top end, a curl to the spine, down, a point out at mid-height, down, a curl out.
    static func brace(left: Bool) -> Shape {
        let f = { (x: Double) in left ? x : 1 - x }
        var path: [Vertex] = []
        let leftwards = left
        // Top curl: centre of the quarter arc at (end x, spine start y).
        path += arc(f(0.75), 0.18, 0.25, 0.18, from: -90, to: leftwards ? -180 : 0)
        path += [s(f(0.5), 0.38)]
        path += arc(f(0.25), 0.38, 0.25, 0.12, from: leftwards ? 0 : 180, to: 90, step: 15)
        path.removeLast()
        path += [c(f(0), 0.5)]
        path += arc(f(0.25), 0.62, 0.25, 0.12, from: -90, to: leftwards ? 0 : -180, step: 15)
            .dropFirst()
        path += [s(f(0.5), 0.82)]
        path += arc(f(0.75), 0.82, 0.25, 0.18, from: leftwards ? 180 : 0, to: 90)
        return Shape(
            name: left ? "left-brace" : "right-brace", ways: [path, reversed(path)], closed: false,
            aspect: 0.45)
    }

    static let leftBrace = brace(left: true)
    static let rightBrace = brace(left: false)

    static let leftBracket: Shape = {
        let way = [c(1, 0), c(0, 0), c(0, 1), c(1, 1)]
        return Shape(name: "left-bracket", ways: [way, reversed(way)], closed: false, aspect: 0.45)
    }()

    static let rightBracket: Shape = {
        let way = [c(0, 0), c(1, 0), c(1, 1), c(0, 1)]
        return Shape(
            name: "right-bracket", ways: [way, reversed(way)], closed: false, aspect: 0.45)
    }()

    /// Rising from the bottom left, a loop turned up, left, down and right, out to the right.
    static let pigtail: Shape = {
        var path: [Vertex] = [s(0, 0.95), s(0.3, 0.9), s(0.55, 0.78), s(0.72, 0.62)]
        path += arc(0.55, 0.42, 0.25, 0.3, from: 40, to: -270, step: 15)
        path += [s(0.75, 0.8), s(1, 0.78)]
        return Shape(name: "pigtail", ways: [path, reversed(path)], closed: false, aspect: 1.2)
    }()

    static let questionMark: Shape = {
        var path = arc(0.5, 0.28, 0.4, 0.28, from: 180, to: 395, step: 12)
        path += [s(0.55, 0.64), c(0.5, 0.72), s(0.5, 1)]
        return Shape(name: "question-mark", ways: [path], closed: false, aspect: 0.7)
    }()

    static let rectangle = Shape(
        name: "rectangle", ways: cycles([c(0, 0), c(0, 1), c(1, 1), c(1, 0)]), closed: true,
        aspect: 1.35)

    /// A five-pointed star drawn as one pentagram from any of its points, either way round;
    /// the first from the bottom-left point up to the top.
    static let star: Shape = {
        // Outer points clockwise on screen from the top.
        let p = (0..<5).map { k -> Vertex in
            let a = (-90 + 72 * Double(k)) * .pi / 180
            return c(0.5 + 0.5 * cos(a), 0.52 + 0.52 * sin(a))
        }
        // Bottom-left (3), top (0), bottom-right (2), upper-left (4), upper-right (1): every second point.
        let order = [p[3], p[0], p[2], p[4], p[1]]
        return Shape(name: "star", ways: cycles(order), closed: true, aspect: 1)
    }()

    static let triangle = Shape(
        name: "triangle", ways: cycles([c(0.5, 0), c(0, 1), c(1, 1)]), closed: true, aspect: 1.15)

    static let v: Shape = {
        let way = [c(0, 0), c(0.5, 1), c(1, 0)]
        return Shape(name: "v", ways: [way, reversed(way)], closed: false, aspect: 1)
    }()

    /// A diagonal, a vertical side of the box, the other diagonal, from any corner; the first
    /// from the top left, up the right side. (Along a horizontal side it would be `delete`.)
    static let x: Shape = {
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        var ways: [[Vertex]] = []
        for start in [0, 1, 3, 2] {
            let (sx, sy) = corners[start]
            let (ox, oy) = (1 - sx, 1 - sy)
            ways.append([c(sx, sy), c(ox, oy), c(ox, sy), c(sx, oy)])
        }
        return Shape(name: "x", ways: ways, closed: false, aspect: 1)
    }()
}
