/// A second reading of a stroke, apart from where its points lie: which way the hand heads along
/// the path. The same closed-form comparison as the points' (Protractor's rotation and cosine),
/// on the n - 1 unit headings of the resampled stroke instead of its n points. Points that fall
/// near a shape's may be drawn in quite another way: a zigzag across text runs right, down, left,
/// down where a brace curls and turns back once; the headings tell them apart.
extension StrokeMatcher {
    /// The unit headings of a resampled, normalised stroke of n points: n - 1 segment directions,
    /// flat [x0, y0, x1, y1, ...]. A segment without length heads nowhere: (0, 0).
    static func headings(of v: UnsafeBufferPointer<Double>) -> [Double] {
        let n = v.count / 2
        var out = [Double](repeating: 0, count: 2 * (n - 1))
        for i in 0..<(n - 1) {
            let dx = v[2 * i + 2] - v[2 * i], dy = v[2 * i + 3] - v[2 * i + 1]
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 0 { (out[2 * i], out[2 * i + 1]) = (dx / length, dy / length) }
        }
        return out
    }

    /// How well the stroke's headings agree with those of the closest template named `name`, on
    /// the scale of the match score (1 = heading the same way all along, after the rotation the
    /// template allows). Nil for a degenerate stroke or an unknown name.
    public func headingScore(_ points: [Point], of name: String) -> Double? {
        let n = options.resampleCount
        var v = [Double](repeating: 0, count: 2 * n)
        guard points.count >= 2,
              v.withUnsafeMutableBufferPointer({ Self.prepare(points, count: n, scaling: options.scaling, into: $0) })
        else { return nil }
        let c = v.withUnsafeBufferPointer { Self.headings(of: $0) }
        var best: Double? = nil
        for index in names.indices where names[index] == name {
            let base = index * 2 * (n - 1)
            var a = 0.0, b = 0.0, i = 0
            while i < 2 * (n - 1) {
                let tx = headings[base + i], ty = headings[base + i + 1], cx = c[i], cy = c[i + 1]
                a += tx * cx + ty * cy
                b += ty * cx - tx * cy
                i += 2
            }
            let s = Self.score(fromCosine: similarity(a, b, rotationInvariant: rotationInvariant[index]) / Double(n - 1))
            best = max(best ?? 0, s)
        }
        return best
    }
}
