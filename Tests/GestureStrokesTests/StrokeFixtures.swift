import Foundation
import GestureCore
import TestSupport

@testable import GestureStrokes

/// Helpers to draw synthetic strokes in screen coordinates (x right, y down).
enum Draw {
    /// Polyline through `corners`, with `perSegment` evenly spaced points per edge.
    static func polyline(_ corners: [(Double, Double)], perSegment: Int = 20) -> [Point] {
        var out: [Point] = []
        for i in 0..<(corners.count - 1) {
            let (ax, ay) = corners[i]
            let (bx, by) = corners[i + 1]
            for k in 0..<perSegment {
                let t = Double(k) / Double(perSegment)
                out.append(Point(x: ax + t * (bx - ax), y: ay + t * (by - ay)))
            }
        }
        let last = corners[corners.count - 1]
        out.append(Point(x: last.0, y: last.1))
        return out
    }

    /// Circle, counter-clockwise on screen, starting at angle `start` (radians).
    static func circle(
        cx: Double, cy: Double, r: Double, points: Int = 64,
        start: Double = 0
    ) -> [Point] {
        (0...points).map { k in
            let a = start + 2 * Double.pi * Double(k) / Double(points)
            return Point(x: cx + r * Foundation.cos(a), y: cy - r * Foundation.sin(a))
        }
    }

    static func transform(
        _ pts: [Point], scale: Double = 1, dx: Double = 0, dy: Double = 0,
        rotateDegrees: Double = 0
    ) -> [Point] {
        let a = rotateDegrees * Double.pi / 180
        let c = Foundation.cos(a)
        let s = Foundation.sin(a)
        return pts.map { p in
            Point(x: scale * (c * p.x - s * p.y) + dx, y: scale * (s * p.x + c * p.y) + dy)
        }
    }

    /// Adds uniform jitter of +-amount to every point, reproducibly.
    static func jitter(_ pts: [Point], amount: Double, seed: UInt64 = 1) -> [Point] {
        var rng = SeededRandom(state: seed)
        return pts.map { p in
            Point(
                x: p.x + Double.random(in: -amount...amount, using: &rng),
                y: p.y + Double.random(in: -amount...amount, using: &rng))
        }
    }
}
