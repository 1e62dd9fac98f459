import GestureCore
import RealModule

/// A stroke resampled once, with the turn at each of its points: what the measures of its shape
/// (`StrokeMatcher.cornerShare`, `turning`, `middleTurn`, `endGap`, `pathOverChord`,
/// `cornerCount`) are read from. `StrokeBook.read` makes one of 32 points for all of them but the
/// middle turn, which `StrokeBook.ruledOut` reads from one of 64.
public struct StrokeShape: Sendable {
    /// Points it was resampled to.
    public let count: Int
    /// The points, flat: x0, y0, x1, y1, ...
    let v: [Double]
    /// The signed turn (radians, left positive) at each point; 0 at both ends.
    let turns: [Double]

    /// Nil for a stroke with no length, or fewer than 3 points asked.
    public init?(_ points: [Point], count n: Int) {
        guard n >= 3, let v = Geometry.resampled(points, count: n) else { return nil }
        count = n
        self.v = v
        turns = Geometry.turns(v, count: n)
    }

    /// Share of all the turning that the 4 sharpest turns carry: about 0.2 for a circle, 0.6 for a
    /// rectangle.
    public var cornerShare: Double {
        let turns = self.turns[1..<(count - 1)].map(abs)
        let total = turns.reduce(0, +)
        guard total > 0 else { return 0 }
        return turns.sorted(by: >).prefix(4).reduce(0, +) / total
    }

    /// How the stroke turns: in all, and how much of it one way.
    public var turning: StrokeMatcher.Turning {
        let n = count
        // The last few points at either end are left out of the share: a hook where the pen lands
        // or lifts turns back, in a star drawn well as in anything else.
        let inner = turns[
            min(
                StrokeMatcher.endsLeftOut + 1, n / 2)..<max(
                    n - 1 - StrokeMatcher.endsLeftOut, n / 2)]
        let total = inner.reduce(0) { $0 + abs($1) }
        guard total > 0 else { return StrokeMatcher.Turning(total: 0, oneWay: 1) }
        return StrokeMatcher.Turning(
            total: total / (2 * .pi), oneWay: abs(inner.reduce(0, +)) / total)
    }

    /// The sharpest turn in the middle 30 % of the stroke, in degrees: the largest that five
    /// neighbouring points make together.
    public var middleTurn: Double {
        let n = count
        var sharpest = 0.0
        for i in (n * 35 / 100)..<(n * 65 / 100) {
            sharpest = max(sharpest, abs(turns[max(0, i - 2)...min(n - 1, i + 2)].reduce(0, +)))
        }
        return sharpest * 180 / Angle.pi
    }

    /// Points that the stroke turns 60° or more at, measured from two points before to two after
    /// (a corner rounded over a few points still counts), each the sharpest within two points
    /// either side and counted once there, none at the three points at either end (a hook where
    /// the pen lands or lifts is no corner). Between its ends a triangle has 2, a rectangle 3, an
    /// L or a v 1, a bracket 2, a line or a circle none.
    public var cornerCount: Int {
        let n = count
        let span = 2
        guard n > 2 * span else { return 0 }
        let angles = (span..<(n - span)).map { i in
            let ax = v[2 * i] - v[2 * (i - span)]
            let ay = v[2 * i + 1] - v[2 * (i - span) + 1]
            let bx = v[2 * (i + span)] - v[2 * i]
            let by = v[2 * (i + span) + 1] - v[2 * i + 1]
            return abs(Angle.atan2(ax * by - ay * bx, ax * bx + ay * by)) * 180 / Angle.pi
        }
        var corners = 0
        var last: Int?
        for i in angles.indices.dropFirst().dropLast() where angles[i] >= 60 {
            guard angles[i] == angles[max(0, i - span)...min(angles.count - 1, i + span)].max(),
                last.map({ i - $0 > span }) ?? true
            else { continue }
            corners += 1
            last = i
        }
        return corners
    }

    /// How far the stroke ends from where it began, over the diagonal of its bounding box; nil
    /// when the box has no size.
    public var endGap: Double? {
        let n = count
        var (minX, minY, maxX, maxY) = (v[0], v[1], v[0], v[1])
        for i in 0..<n {
            minX = min(minX, v[2 * i])
            maxX = max(maxX, v[2 * i])
            minY = min(minY, v[2 * i + 1])
            maxY = max(maxY, v[2 * i + 1])
        }
        let diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
        let dx = v[2 * n - 2] - v[0]
        let dy = v[2 * n - 1] - v[1]
        return diagonal > 0 ? (dx * dx + dy * dy).squareRoot() / diagonal : nil
    }

    /// How much longer the path is than the straight line between its ends; nil for a stroke
    /// that ends where it began.
    public var pathOverChord: Double? {
        let n = count
        var length = 0.0
        for i in 1..<n {
            let dx = v[2 * i] - v[2 * i - 2]
            let dy = v[2 * i + 1] - v[2 * i - 1]
            length += (dx * dx + dy * dy).squareRoot()
        }
        let dx = v[2 * n - 2] - v[0]
        let dy = v[2 * n - 1] - v[1]
        let chord = (dx * dx + dy * dy).squareRoot()
        return chord > 0 ? length / chord : nil
    }

    /// Height over width of the bounding box, as a logarithm clamped to -3...3: 0 for a square, below
    /// 0 for a wide stroke, above for a tall one (a straight line stays at the clamp).
    public var logAspect: Double {
        var (minX, minY, maxX, maxY) = (v[0], v[1], v[0], v[1])
        for i in 0..<count {
            minX = min(minX, v[2 * i])
            maxX = max(maxX, v[2 * i])
            minY = min(minY, v[2 * i + 1])
            maxY = max(maxY, v[2 * i + 1])
        }
        let w = maxX - minX
        let h = maxY - minY
        let floor = 1e-3 * max(w, h)
        return max(-3, min(3, Double.log((h + floor) / (w + floor))))
    }
}
