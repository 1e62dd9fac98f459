import Foundation
import GestureCore
import TestSupport

/// Seeded strokes of the 16 shapes drawn the ways people vary them, and strokes that are not
/// shapes at all, as a pointer reports them (integer pixels, spacing that follows the speed).
/// The shapes come from `ShapeDescriptions`, never from the templates. A seed gives the same
/// strokes on every machine: tune on one seed, report on another.
public struct StrokeGenerator {
    public enum Speed: String, CaseIterable, Sendable { case slow, medium, fast }

    /// One kind of variation turned up on top of the baseline's small ones.
    public enum Variation: String, CaseIterable, Sendable {
        /// The way the study's picture shows, small changes of everything.
        case baseline
        /// Any start point and direction the shape is drawn from.
        case startAndDirection = "start/direction"
        /// Wider or narrower than usual, up to 1.6 times.
        case aspect
        /// Turned up to 18 degrees.
        case tilt
        /// Past each corner before turning, and past the end.
        case overshoot
        /// Corners rounded off, up to 45 % of the shorter side.
        case rounding
        /// More or fewer corners: hooks at the ends, a corner cut in two, a closed shape left
        /// open or run on past its start.
        case corners
        /// A shaky hand: slow wobble and noise.
        case jitter
        /// All of the above at once, moderately, any way of drawing.
        case everything
    }

    public enum NonShape: String, CaseIterable, Sendable {
        case scribble, drag, selection = "selection rectangle", textZigzag = "text zigzag", wander
    }

    public struct Stroke: Sendable {
        public let name: String
        public let variation: Variation
        public let speed: Speed
        public let points: [Point]
    }

    var rng: SeededRandom

    public init(seed: UInt64) { rng = SeededRandom(state: seed) }

    /// `count` strokes for every shape, variation and speed.
    public mutating func shapes(count: Int, variations: [Variation] = Variation.allCases)
        -> [Stroke]
    {
        var out: [Stroke] = []
        for variation in variations {
            for shape in ShapeDescriptions.all {
                for speed in Speed.allCases {
                    for _ in 0..<count {
                        out.append(
                            Stroke(
                                name: shape.name, variation: variation, speed: speed,
                                points: draw(shape, variation: variation, speed: speed)))
                    }
                }
            }
        }
        return out
    }

    /// `count` strokes of every kind of non-shape, at every speed.
    public mutating func nonShapes(count: Int) -> [(kind: NonShape, points: [Point])] {
        var out: [(NonShape, [Point])] = []
        for kind in NonShape.allCases {
            for speed in Speed.allCases {
                for _ in 0..<count { out.append((kind, nonShape(kind, speed: speed))) }
            }
        }
        return out
    }

    // MARK: - Drawing a shape

    struct Knobs {
        var anyWay = false
        var aspect = 1.15
        var tilt = 6.0
        var overshoot = 0.0...0.03
        var rounding = 0.0...0.1
        var hooks = 0.0
        var closure = 0.04
        var chamfer = 0.0
        var wobble = 0.0...0.015
        var noise = 0.4
    }

    func knobs(_ variation: Variation, _ speed: Speed) -> Knobs {
        var k = Knobs()
        switch speed {
        case .slow:
            k.wobble = 0.005...0.02
            k.noise = 0.8
        case .medium:
            k.rounding = 0.03...0.15
            k.overshoot = 0.0...0.05
        case .fast:
            k.rounding = 0.08...0.25
            k.overshoot = 0.02...0.08
            k.wobble = 0.01...0.03
            k.aspect = 1.22
        }
        switch variation {
        case .baseline: break
        case .startAndDirection: k.anyWay = true
        case .aspect: k.aspect = 1.6
        case .tilt: k.tilt = 18
        case .overshoot:
            k.overshoot = 0.06...0.18
            k.closure = 0.1
        case .rounding: k.rounding = 0.25...0.45
        case .corners:
            k.hooks = 0.8
            k.closure = 0.15
            k.chamfer = 0.7
        case .jitter:
            k.wobble = 0.03...0.06
            k.noise = 2.5
        case .everything:
            k.anyWay = true
            k.aspect = 1.35
            k.tilt = 12
            k.overshoot = 0.0...0.1
            k.rounding = 0.05...0.3
            k.hooks = 0.4
            k.closure = 0.1
            k.chamfer = 0.3
            k.wobble = 0.015...0.04
            k.noise = 1.2
        }
        return k
    }

    mutating func uniform(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    /// A factor between 1/limit and limit, even on a log scale.
    mutating func factor(_ limit: Double) -> Double { exp(uniform(-log(limit)...log(limit))) }

    mutating func draw(_ shape: ShapeDescriptions.Shape, variation: Variation, speed: Speed)
        -> [Point]
    {
        let k = knobs(variation, speed)
        var way = shape.ways[0]
        if k.anyWay {
            // Half the people draw the way the picture shows, the others every other way.
            if shape.ways.count > 1 && (variation == .startAndDirection || chance(0.5)) {
                way = shape.ways[Int.random(in: 1..<shape.ways.count, using: &rng)]
            }
        }
        var vertices = way
        let aspect = shape.aspect * factor(k.aspect)
        for i in vertices.indices { vertices[i].point.x *= aspect }
        if chance(k.chamfer) { vertices = chamfer(vertices) }
        let overshoot = uniform(k.overshoot)
        if overshoot > 0 { vertices = overshootCorners(vertices, by: overshoot) }
        var path = rounded(vertices, by: uniform(k.rounding))
        if chance(k.hooks) { path = hooked(path, atStart: chance(0.5)) }
        if shape.closed && k.closure > 0 {
            path = closure(path, by: uniform(-k.closure...k.closure))
        }
        path = densify(path, step: 0.004)
        path = wobbled(path, amplitude: uniform(k.wobble))
        path = rotated(path, degrees: uniform(-k.tilt...k.tilt))
        return sampled(path, size: uniform(80...400), speed: speed, noise: k.noise)
    }

    /// One corner drawn as two: a corner cut off.
    mutating func chamfer(_ v: [ShapeDescriptions.Vertex]) -> [ShapeDescriptions.Vertex] {
        let inner = v.indices.dropFirst().dropLast().filter { v[$0].corner }
        guard let i = inner.randomElement(using: &rng) else { return v }
        let cut = uniform(0.1...0.22)
        let a = v[i].point + (v[i - 1].point - v[i].point) * cut
        let b = v[i].point + (v[i + 1].point - v[i].point) * cut
        return Array(v[..<i]) + [.init(point: a, corner: true), .init(point: b, corner: true)]
            + Array(v[(i + 1)...])
    }

    /// Every corner reached a little late: the hand runs on along the side it came from.
    mutating func overshootCorners(_ v: [ShapeDescriptions.Vertex], by fraction: Double)
        -> [ShapeDescriptions.Vertex]
    {
        var out = v
        for i in v.indices.dropFirst() where v[i].corner {
            let incoming = v[i].point - v[i - 1].point
            let length = incoming.length
            guard length > 0 else { continue }
            let amount = fraction * uniform(0.5...1.5) * min(length, 0.6)
            out[i].point = v[i].point + incoming / length * amount
        }
        return out
    }

    /// Corners replaced by quadratic curves that start `fraction` of the shorter side before them.
    func rounded(_ v: [ShapeDescriptions.Vertex], by fraction: Double) -> [Point] {
        var out: [Point] = [v[0].point]
        for i in v.indices.dropFirst().dropLast() {
            let p = v[i].point
            guard v[i].corner, fraction > 0 else {
                out.append(p)
                continue
            }
            let a = v[i - 1].point
            let b = v[i + 1].point
            let r = fraction * min((p - a).length, (b - p).length)
            let la = (p - a).length
            let lb = (b - p).length
            guard la > 0, lb > 0 else {
                out.append(p)
                continue
            }
            let start = p + (a - p) / la * r
            let end = p + (b - p) / lb * r
            for k in 0...8 {
                let t = Double(k) / 8
                let q = start * ((1 - t) * (1 - t)) + p * (2 * t * (1 - t)) + end * (t * t)
                out.append(q)
            }
        }
        out.append(v[v.count - 1].point)
        return out
    }

    /// A short tail at one end, in a direction of its own: the pen landing or lifting.
    mutating func hooked(_ path: [Point], atStart: Bool) -> [Point] {
        let angle = uniform(0...(2 * .pi))
        let length = uniform(0.05...0.12)
        let tail = Point(x: cos(angle) * length, y: sin(angle) * length)
        return atStart ? [path[0] + tail] + path : path + [path[path.count - 1] + tail]
    }

    /// A closed shape stopped short of its start (negative) or run on past it (positive).
    func closure(_ path: [Point], by fraction: Double) -> [Point] {
        let total = pathLength(path)
        if fraction < 0 { return prefix(path, length: total * (1 + fraction)) }
        return path + prefix(path, length: total * fraction).dropFirst()
    }

    func pathLength(_ p: [Point]) -> Double {
        zip(p, p.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
    }

    func prefix(_ path: [Point], length: Double) -> [Point] {
        var out = [path[0]]
        var left = length
        for (a, b) in zip(path, path.dropFirst()) {
            let d = (b - a).length
            if d >= left {
                if d > 0 { out.append(a + (b - a) * (left / d)) }
                return out
            }
            out.append(b)
            left -= d
        }
        return out
    }

    func densify(_ path: [Point], step: Double) -> [Point] {
        var out = [path[0]]
        for (a, b) in zip(path, path.dropFirst()) {
            let n = max(1, Int(((b - a).length / step).rounded(.up)))
            for k in 1...n { out.append(a + (b - a) * (Double(k) / Double(n))) }
        }
        return out
    }

    /// A slow sway of the hand: two sines per axis along the path, `amplitude` of the shape's size.
    mutating func wobbled(_ path: [Point], amplitude: Double) -> [Point] {
        guard amplitude > 0 else { return path }
        let waves = (0..<4).map { _ in (f: uniform(0.5...3), phase: uniform(0...(2 * .pi))) }
        let n = Double(path.count - 1)
        return path.enumerated().map { i, p in
            let s = Double(i) / n * 2 * .pi
            return Point(
                x: p.x + amplitude
                    * (sin(waves[0].f * s + waves[0].phase) + sin(waves[1].f * s + waves[1].phase))
                    / 2,
                y: p.y + amplitude
                    * (sin(waves[2].f * s + waves[2].phase) + sin(waves[3].f * s + waves[3].phase))
                    / 2)
        }
    }

    func rotated(_ path: [Point], degrees: Double) -> [Point] {
        let a = degrees * .pi / 180
        let c = cos(a)
        let s = sin(a)
        return path.map { Point(x: c * $0.x - s * $0.y, y: s * $0.x + c * $0.y) }
    }

    /// Scaled so that its longer side is `size` pixels, placed on screen, and read the way a
    /// pointer reports it: a point per event, further apart the faster the hand (and slower at
    /// the ends), in whole pixels, with a little noise.
    mutating func sampled(_ path: [Point], size: Double, speed: Speed, noise: Double) -> [Point] {
        let xs = path.map(\.x)
        let ys = path.map(\.y)
        let side = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!, 1e-9)
        let origin = Point(x: uniform(100...1200), y: uniform(100...700))
        let scaled = path.map {
            origin + Point(x: $0.x - xs.min()!, y: $0.y - ys.min()!) * (size / side)
        }
        let spacing: ClosedRange<Double> =
            switch speed {
            case .slow: 1.5...4
            case .medium: 4...10
            case .fast: 10...28
            }
        let base = uniform(spacing)
        let total = pathLength(scaled)
        var out: [Point] = []
        var travelled = 0.0
        var segment = 0
        var into = 0.0
        while true {
            // Slower near the ends: the hand accelerates and brakes.
            let fraction = travelled / max(total, 1e-9)
            let ease = 0.35 + 0.65 * min(1, min(fraction, 1 - fraction) * 6)
            let p = point(scaled, segment: &segment, into: &into, at: travelled)
            out.append(
                Point(
                    x: (p.x + uniform(-noise...noise)).rounded(),
                    y: (p.y + uniform(-noise...noise)).rounded()))
            if travelled >= total { break }
            travelled = min(total, travelled + base * ease * uniform(0.6...1.4))
        }
        return out
    }

    /// The point `distance` along `path`, walking on from where the last call stopped.
    func point(_ path: [Point], segment: inout Int, into: inout Double, at distance: Double)
        -> Point
    {
        while segment < path.count - 1 {
            let d = (path[segment + 1] - path[segment]).length
            if into + d >= distance {
                return path[segment] + (path[segment + 1] - path[segment])
                    * (d > 0 ? (distance - into) / d : 0)
            }
            into += d
            segment += 1
        }
        return path[path.count - 1]
    }

    // MARK: - Strokes that are not shapes

    mutating func nonShape(_ kind: NonShape, speed: Speed) -> [Point] {
        var path: [Point]
        switch kind {
        case .scribble:
            // A scrawl: 6 to 14 random turns in a box.
            path = (0..<Int.random(in: 6...14, using: &rng)).map { _ in
                Point(x: uniform(0...1), y: uniform(0...1))
            }
            path = rounded(path.map { .init(point: $0, corner: true) }, by: uniform(0...0.2))
        case .wander:
            // A smooth aimless path: the heading drifts.
            var heading = uniform(0...(2 * .pi))
            var p = Point.zero
            path = [p]
            let turn = uniform(0.05...0.35)
            for _ in 0..<Int.random(in: 20...60, using: &rng) {
                heading += uniform(-turn...turn)
                p = p + Point(x: cos(heading), y: sin(heading)) * 0.05
                path.append(p)
            }
        case .drag:
            // Moving something: a straight or slightly bowed line in any direction.
            let angle = uniform(0...(2 * .pi))
            let bow = uniform(-0.08...0.08)
            let end = Point(x: cos(angle), y: sin(angle))
            let normal = Point(x: -end.y, y: end.x)
            path = (0...20).map { k in
                let t = Double(k) / 20
                return end * t + normal * (bow * 4 * t * (1 - t))
            }
        case .selection:
            // A rubber band from one corner to the other, bowed a little, often adjusted at the end.
            let w = uniform(0.1...1) * (chance(0.5) ? 1 : -1)
            let h = uniform(0.1...1) * (chance(0.5) ? 1 : -1)
            let bow = uniform(-0.06...0.06)
            let end = Point(x: w, y: h)
            let normal = Point(x: -h, y: w)
            path = (0...20).map { k in
                let t = Double(k) / 20
                return end * t + normal * (bow * 4 * t * (1 - t))
            }
            if chance(0.5) {
                let back = uniform(0.05...0.2)
                path.append(
                    end + Point(x: w * back * uniform(-1...1), y: h * back * uniform(-1...1)))
            }
        case .textZigzag:
            // Selecting text over a few lines: across a line, down to the next, back or on, down...
            let lines = Int.random(in: 2...5, using: &rng)
            let lineHeight = uniform(0.04...0.1)
            let width = 1.0
            var x = uniform(0...0.3)
            var y = 0.0
            path = [Point(x: x, y: y)]
            for _ in 0..<lines {
                x = chance(0.6) ? uniform(0.7...1) * width : uniform(0...0.3) * width
                path.append(Point(x: x, y: y + uniform(-0.01...0.01)))
                y += lineHeight * uniform(0.8...1.3)
                path.append(Point(x: x + uniform(-0.05...0.05), y: y))
            }
            path = rounded(path.map { .init(point: $0, corner: true) }, by: uniform(0...0.15))
        }
        path = densify(path, step: 0.004)
        path = wobbled(path, amplitude: uniform(0...0.02))
        let size =
            kind == .textZigzag || kind == .drag || kind == .selection
            ? uniform(60...700) : uniform(60...400)
        return sampled(path, size: size, speed: speed, noise: 0.5)
    }
}
