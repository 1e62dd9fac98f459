import GestureCore

/// A closed shape gone round more than once in one stroke (a pen circling a triangle twice) is
/// read as its first time round: what the rest of the stroke does is retrace it.
public enum Retrace {
    /// Points the stroke is resampled to for the test.
    static let count = 64
    /// How near (over the diagonal of the bounding box) the stroke must come back to its start to
    /// have gone round once, and how near every later point must stay to the first time round.
    public static let nearness = 0.12
    /// The least share of the path the first time round must be, and the least the rest must be
    /// for the stroke to count as gone round again (a closed shape overshooting its start a little
    /// is one time round).
    public static let firstShare = 0.3, restShare = 0.2

    /// The first time round of a stroke that goes round a closed shape again, else the stroke.
    public static func firstTimeRound(_ points: [Point]) -> [Point] {
        let n = count
        guard points.count >= 4, let v = Geometry.resampled(points, count: n) else { return points }
        var (minX, minY, maxX, maxY) = (v[0], v[1], v[0], v[1])
        for i in 0..<n {
            minX = min(minX, v[2 * i])
            maxX = max(maxX, v[2 * i])
            minY = min(minY, v[2 * i + 1])
            maxY = max(maxY, v[2 * i + 1])
        }
        let near =
            nearness * ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
        guard near > 0 else { return points }
        let d2 = { (i: Int, j: Int) -> Double in
            let dx = v[2 * i] - v[2 * j]
            let dy = v[2 * i + 1] - v[2 * j + 1]
            return dx * dx + dy * dy
        }
        // The first return near the start after leaving it, at its nearest.
        let first = Int(firstShare * Double(n - 1))
        let last = n - 1 - Int(restShare * Double(n - 1))
        guard first <= last, let back = (first...last).first(where: { d2($0, 0) <= near * near })
        else { return points }
        var end = back
        while end + 1 <= last && d2(end + 1, 0) < d2(end, 0) { end += 1 }
        // Every later point near the first time round.
        for i in (end + 1)..<n where !(0...end).contains(where: { d2(i, $0) <= near * near }) {
            return points
        }
        // Cut the original points where the path reaches the resampled point `end`.
        let total = Geometry.pathLength(points)
        let cut = total * Double(end) / Double(n - 1)
        var length = 0.0
        var out = [points[0]]
        for i in 1..<points.count {
            let dx = points[i].x - points[i - 1].x
            let dy = points[i].y - points[i - 1].y
            length += (dx * dx + dy * dy).squareRoot()
            out.append(points[i])
            if length >= cut { break }
        }
        return out.count >= 2 ? out : points
    }
}
