import GestureCore

// Stroke normalisation shared by templates and candidates. All buffers are flat
// [x0, y0, x1, y1, ...] arrays of Double.

enum Geometry {
    /// Length of the polyline.
    static func pathLength(_ points: [Point]) -> Double {
        var length = 0.0
        var i = 1
        while i < points.count {
            let dx = points[i].x - points[i - 1].x
            let dy = points[i].y - points[i - 1].y
            length += (dx * dx + dy * dy).squareRoot()
            i += 1
        }
        return length
    }

    /// Resamples the polyline into `n` points equally spaced along its length and
    /// writes them into `out` (which must hold 2n Doubles). Returns false when the
    /// stroke has no length (fewer than two distinct points).
    /// This is the $1 resampling step, done without building intermediate arrays.
    static func resample(
        _ points: [Point], count n: Int,
        into out: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        precondition(n >= 2 && out.count >= 2 * n)
        let total = pathLength(points)
        guard total > 0, total.isFinite else { return false }
        let interval = total / Double(n - 1)
        var written = 0
        out[0] = points[0].x
        out[1] = points[0].y
        written = 1
        var accumulated = 0.0
        var px = points[0].x
        var py = points[0].y
        var i = 1
        while i < points.count && written < n {
            let qx = points[i].x
            let qy = points[i].y
            let dx = qx - px
            let dy = qy - py
            let d = (dx * dx + dy * dy).squareRoot()
            if d > 0 && accumulated + d >= interval {
                let t = (interval - accumulated) / d
                let nx = px + t * dx
                let ny = py + t * dy
                out[2 * written] = nx
                out[2 * written + 1] = ny
                written += 1
                // Continue from the new point on the same segment.
                px = nx
                py = ny
                accumulated = 0
            } else {
                accumulated += d
                px = qx
                py = qy
                i += 1
            }
        }
        // Rounding may leave the last point unwritten.
        let last = points[points.count - 1]
        while written < n {
            out[2 * written] = last.x
            out[2 * written + 1] = last.y
            written += 1
        }
        return true
    }

    /// The polyline resampled to `n` points as a flat array, or nil when it has no length.
    static func resampled(_ points: [Point], count n: Int) -> [Double]? {
        var v = [Double](repeating: 0, count: 2 * n)
        return v.withUnsafeMutableBufferPointer({ resample(points, count: n, into: $0) }) ? v : nil
    }

    /// The signed turn (radians, left positive) at each inner point of a flat buffer of `n`
    /// points; 0 at both ends.
    static func turns(_ v: [Double], count n: Int) -> [Double] {
        var turns = [Double](repeating: 0, count: n)
        for i in 1..<max(1, n - 1) {
            let ax = v[2 * i] - v[2 * i - 2]
            let ay = v[2 * i + 1] - v[2 * i - 1]
            let bx = v[2 * i + 2] - v[2 * i]
            let by = v[2 * i + 3] - v[2 * i + 1]
            turns[i] = Angle.atan2(ax * by - ay * bx, ax * bx + ay * by)
        }
        return turns
    }

    /// Bounding box of a flat buffer.
    static func bounds(_ v: UnsafeMutableBufferPointer<Double>, count n: Int)
        -> (minX: Double, minY: Double, maxX: Double, maxY: Double)
    {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for i in 0..<n {
            let x = v[2 * i]
            let y = v[2 * i + 1]
            if x < minX { minX = x }
            if x > maxX { maxX = x }
            if y < minY { minY = y }
            if y > maxY { maxY = y }
        }
        return (minX, minY, maxX, maxY)
    }

    /// Translates the centroid to the origin, scales the short side of the bounding
    /// box towards the long side depending on the aspect ratio r = short / long
    /// (none for r <= uniformBelow, fully square for r >= squareAbove, blended in
    /// between), then scales the whole vector to unit length. Returns false if
    /// degenerate.
    static func normalize(
        _ v: UnsafeMutableBufferPointer<Double>, count n: Int,
        uniformBelow low: Double, squareAbove high: Double
    ) -> Bool {
        var cx = 0.0
        var cy = 0.0
        for i in 0..<n {
            cx += v[2 * i]
            cy += v[2 * i + 1]
        }
        cx /= Double(n)
        cy /= Double(n)
        for i in 0..<n {
            v[2 * i] -= cx
            v[2 * i + 1] -= cy
        }
        let b = bounds(v, count: n)
        let w = b.maxX - b.minX
        let h = b.maxY - b.minY
        let longSide = max(w, h)
        let shortSide = min(w, h)
        if longSide > 0 && shortSide > 0 {
            let r = shortSide / longSide
            let k: Double
            if r >= high { k = 1 } else if r <= low { k = 0 } else { k = (r - low) / (high - low) }
            if k > 0 {
                // Stretch the short axis by (long/short)^k.
                let stretch = powPositive(longSide / shortSide, k)
                let xAxis = w < h
                for i in 0..<n {
                    if xAxis { v[2 * i] *= stretch } else { v[2 * i + 1] *= stretch }
                }
            }
        }
        var sumSquares = 0.0
        for i in 0..<(2 * n) { sumSquares += v[i] * v[i] }
        guard sumSquares > 0, sumSquares.isFinite else { return false }
        let inv = 1 / sumSquares.squareRoot()
        for i in 0..<(2 * n) { v[i] *= inv }
        return true
    }

    /// base^e for base >= 1 and 0 <= e <= 1, accurate to ~1e-12 relative
    /// (e = 0 or 1 exactly give 1 and base). Uses exp/log series via repeated
    /// square roots; enough for a scaling factor.
    static func powPositive(_ base: Double, _ e: Double) -> Double {
        if e <= 0 { return 1 }
        if e >= 1 { return base }
        // base^e = exp(e * ln(base)); ln via 2^k square roots then log1p series.
        var x = base
        var k = 0
        while x > 1.0001 && k < 60 {
            x = x.squareRoot()
            k += 1
        }
        // ln(x) for x close to 1: series in t = (x-1)/(x+1): 2(t + t^3/3 + t^5/5 ...)
        let t = (x - 1) / (x + 1)
        let t2 = t * t
        let lnx = 2 * t * (1 + t2 / 3 + t2 * t2 / 5 + t2 * t2 * t2 / 7)
        let y = e * lnx * Double(1 << k) // e * ln(base)
        // exp(y) with y in [0, ln(base)]: halve until small, Taylor, square back.
        var m = 0
        var z = y
        while z > 1e-3 && m < 60 {
            z /= 2
            m += 1
        }
        var r = 1 + z * (1 + z / 2 * (1 + z / 3 * (1 + z / 4 * (1 + z / 5))))
        for _ in 0..<m { r *= r }
        return r
    }
}
