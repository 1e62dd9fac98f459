import GestureCore

// Directional strokes: a gesture configured as a sequence of straight moves, e.g.
// `directions = "DR"` (down, then right). Letters U D L R, and keypad digits for
// the diagonals: 7 up-left, 9 up-right, 1 down-left, 3 down-right.
// Screen coordinates: x right, y DOWN (so "U" is towards smaller y).

/// One straight move.
public enum StrokeDirection: Character, CaseIterable, Hashable, Sendable {
    case up = "U"
    case down = "D"
    case left = "L"
    case right = "R"
    case upLeft = "7"
    case upRight = "9"
    case downLeft = "1"
    case downRight = "3"

    public var isDiagonal: Bool {
        switch self {
        case .up, .down, .left, .right: return false
        default: return true
        }
    }

    /// Unit step in screen coordinates (y down), not normalised for diagonals.
    public var step: (dx: Int, dy: Int) {
        switch self {
        case .up: return (0, -1)
        case .down: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .upLeft: return (-1, -1)
        case .upRight: return (1, -1)
        case .downLeft: return (-1, 1)
        case .downRight: return (1, 1)
        }
    }
}

/// Why a direction string could not be parsed.
public struct DirectionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based position of the offending character in the (trimmed) text; 0 when
    /// the text is empty.
    public let position: Int
    /// The offending character, if any.
    public let character: Character?
    public let message: String

    public var description: String {
        if let character { return "position \(position) ('\(character)'): \(message)" }
        return message
    }
}

/// A configured direction sequence such as "DR" or "3U".
public struct DirectionSequence: Hashable, Sendable, CustomStringConvertible {
    public let directions: [StrokeDirection]

    public init(_ directions: [StrokeDirection]) {
        self.directions = directions
    }

    /// Parses U D L R 1 3 7 9 (surrounding whitespace ignored). Rejects empty
    /// text, unknown characters (naming them and their position; lowercase
    /// letters are refused because "l" reads like the diagonal "1"), and a
    /// direction repeated right after itself (one straight run is one move, so
    /// "RR" could never match).
    public init(parsing text: String) throws(DirectionParseError) {
        let chars = Array(
            text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !chars.isEmpty else {
            throw DirectionParseError(
                position: 0, character: nil,
                message: "empty direction sequence; use U D L R and 1 3 7 9 (keypad diagonals)")
        }
        var result: [StrokeDirection] = []
        for (i, c) in chars.enumerated() {
            let position = i + 1
            guard let d = StrokeDirection(rawValue: c) else {
                let hint: String
                let uppercased = c.uppercased() // may be several characters ("ß" -> "SS")
                if c.isLowercase, uppercased.count == 1,
                    let upper = StrokeDirection(rawValue: Character(uppercased))
                {
                    hint = "directions are uppercase; did you mean '\(upper.rawValue)'?"
                } else if c.isWhitespace {
                    hint = "spaces are not allowed inside a direction sequence"
                } else {
                    hint =
                        "not a direction; use U D L R, or 7 9 1 3 for up-left, up-right, down-left, down-right"
                }
                throw DirectionParseError(position: position, character: c, message: hint)
            }
            if let last = result.last, last == d {
                throw DirectionParseError(
                    position: position, character: c,
                    message: "repeats the previous direction; a straight run is a single move")
            }
            result.append(d)
        }
        self.directions = result
    }

    /// True if any move is diagonal; then strokes are classified into 8 sectors,
    /// otherwise into 4 (so a slightly slanted line still counts as straight).
    public var usesDiagonals: Bool { directions.contains { $0.isDiagonal } }

    public var description: String { String(directions.map(\.rawValue)) }

    /// True if the stroke's direction sequence equals this one.
    public func matches(
        _ points: [Point],
        options: DirectionSegmenter.Options = .init()
    ) -> Bool {
        DirectionSegmenter.directions(of: points, diagonals: usesDiagonals, options: options)
            == directions
    }
}

/// Turns a stroke into its sequence of straight moves.
///
/// 1. The polyline is simplified with Douglas-Peucker (distance to the chord
///    segment, plus a check that the path does not run back along the chord, so
///    back-and-forth strokes survive), tolerance
///    max(`jitterTolerance`, `relativeJitterTolerance` x path length).
/// 2. Each remaining piece is classified into 4 or 8 angular sectors.
/// 3. Runs in the same direction are merged; runs shorter than
///    max(`minimumSegmentLength`, `minimumSegmentFraction` x path length) are
///    dropped (jitter, hooks at the ends, rounded corners), and neighbours that
///    become equal are merged again.
public enum DirectionSegmenter {

    public struct Options: Hashable, Sendable {
        /// Deviation from a straight run (pixels) that still counts as straight.
        public var jitterTolerance: Double
        /// Same, as a fraction of the stroke's path length (the larger wins).
        public var relativeJitterTolerance: Double
        /// Shortest move that counts (pixels).
        public var minimumSegmentLength: Double
        /// Shortest move that counts, as a fraction of the path length (the larger wins).
        public var minimumSegmentFraction: Double

        public init(
            jitterTolerance: Double = 6,
            relativeJitterTolerance: Double = 0.06,
            minimumSegmentLength: Double = 20,
            minimumSegmentFraction: Double = 0.12
        ) {
            self.jitterTolerance = jitterTolerance
            self.relativeJitterTolerance = relativeJitterTolerance
            self.minimumSegmentLength = minimumSegmentLength
            self.minimumSegmentFraction = minimumSegmentFraction
        }
    }

    /// A classified straight run.
    public struct Segment: Hashable, Sendable {
        public var direction: StrokeDirection
        /// Path length covered by the run (pixels).
        public var length: Double
    }

    /// The stroke's direction sequence (empty for strokes shorter than one move).
    public static func directions(
        of points: [Point], diagonals: Bool,
        options: Options = .init()
    ) -> [StrokeDirection] {
        segments(of: points, diagonals: diagonals, options: options).map(\.direction)
    }

    /// The stroke's straight runs, after simplification, merging and dropping.
    public static func segments(
        of points: [Point], diagonals: Bool,
        options: Options = .init()
    ) -> [Segment] {
        let total = Geometry.pathLength(points)
        guard points.count >= 2, total > 0, total.isFinite else { return [] }
        let tolerance = max(options.jitterTolerance, options.relativeJitterTolerance * total)
        let minimum = max(options.minimumSegmentLength, options.minimumSegmentFraction * total)

        let keep = simplify(points, tolerance: tolerance)
        var runs: [Segment] = []
        var previous = 0
        for index in keep.dropFirst() {
            let a = points[previous]
            let b = points[index]
            let dx = b.x - a.x
            let dy = b.y - a.y
            // Path length of the piece (not the chord), so jitter counts as length.
            var length = 0.0
            var i = previous + 1
            while i <= index {
                let ex = points[i].x - points[i - 1].x
                let ey = points[i].y - points[i - 1].y
                length += (ex * ex + ey * ey).squareRoot()
                i += 1
            }
            previous = index
            guard dx != 0 || dy != 0 else { continue }
            let direction = classify(dx: dx, dy: dy, diagonals: diagonals)
            appendMerging(&runs, Segment(direction: direction, length: length))
        }
        // Drop short runs, then merge neighbours that became equal.
        var result: [Segment] = []
        for run in runs where run.length >= minimum {
            appendMerging(&result, run)
        }
        return result
    }

    /// Sector of a displacement in screen coordinates (y down).
    public static func classify(dx: Double, dy: Double, diagonals: Bool) -> StrokeDirection {
        // Angle with y pointing UP, in degrees, in (-180, 180].
        let degrees = Angle.degrees(radians: Angle.atan2(-dy, dx))
        if diagonals {
            switch degrees {
            case -22.5..<22.5: return .right
            case 22.5..<67.5: return .upRight
            case 67.5..<112.5: return .up
            case 112.5..<157.5: return .upLeft
            case -67.5 ..< -22.5: return .downRight
            case -112.5 ..< -67.5: return .down
            case -157.5 ..< -112.5: return .downLeft
            default: return .left
            }
        } else {
            switch degrees {
            case -45..<45: return .right
            case 45..<135: return .up
            case -135 ..< -45: return .down
            default: return .left
            }
        }
    }

    private static func appendMerging(_ runs: inout [Segment], _ run: Segment) {
        if let last = runs.last, last.direction == run.direction {
            runs[runs.count - 1].length += run.length
        } else {
            runs.append(run)
        }
    }

    /// Douglas-Peucker; returns the kept point indices in order (first and last
    /// always kept). Iterative. A piece counts as straight when every point is
    /// within `tolerance` of the chord *segment* and the path never runs back
    /// along the chord by more than `tolerance` (so "down, up, down" drawn on one
    /// line is not mistaken for a single "down").
    static func simplify(_ points: [Point], tolerance: Double) -> [Int] {
        let n = points.count
        if n <= 2 { return Array(0..<n) }
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        var stack: [(Int, Int)] = [(0, n - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first]
            let b = points[last]
            let vx = b.x - a.x
            let vy = b.y - a.y
            let chord = (vx * vx + vy * vy).squareRoot()
            var worst = -1.0
            var worstIndex = first
            // Progress along the chord (pixels), its running maximum, and the
            // largest fall back from that maximum.
            var furthest = 0.0
            var furthestIndex = first
            var worstBacktrack = 0.0
            var backtrackIndex = first
            for i in (first + 1)..<last {
                let d = distanceToSegment(points[i], a, b)
                if d > worst {
                    worst = d
                    worstIndex = i
                }
                if chord > 0 {
                    let progress = ((points[i].x - a.x) * vx + (points[i].y - a.y) * vy) / chord
                    if progress > furthest {
                        furthest = progress
                        furthestIndex = i
                    } else if furthest - progress > worstBacktrack {
                        worstBacktrack = furthest - progress
                        backtrackIndex = furthestIndex
                    }
                }
            }
            var split = -1
            if worst > tolerance {
                split = worstIndex
            } else if worstBacktrack > tolerance && backtrackIndex > first {
                split = backtrackIndex
            }
            if split > first {
                keep[split] = true
                stack.append((first, split))
                stack.append((split, last))
            }
        }
        var result: [Int] = []
        for i in 0..<n where keep[i] { result.append(i) }
        return result
    }

    static func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let vx = b.x - a.x
        let vy = b.y - a.y
        let wx = p.x - a.x
        let wy = p.y - a.y
        let len2 = vx * vx + vy * vy
        var t = len2 > 0 ? (wx * vx + wy * vy) / len2 : 0
        t = min(1, max(0, t))
        let dx = wx - t * vx
        let dy = wy - t * vy
        return (dx * dx + dy * dy).squareRoot()
    }
}
