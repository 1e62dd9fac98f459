import GestureCore

// Built-in stroke templates: hand-authored idealised shapes, not taken from any
// data set. Screen coordinates: x right, y DOWN; about 100 x 100 (size and
// position do not matter). Each shape is written the way the $1 study's picture shows it,
// and in the other proportions people draw it in (a check's short hook and long shallow
// rise, a bracket's short ends, a narrow brace); the other ways people draw it (from the
// other end, from another corner, the other way round) are derived by exact transforms
// (`reversed`, `cycles`, `mirrors`, `swappingBarbs`), so that a shape drawn from any of
// its usual starts has a template. docs/strokes.md has the measurements behind each choice.

public enum BuiltinTemplates {
    /// Every built-in template (several variants share a name). The evidence model carries the
    /// templates learned across people (`StrokeEvidence.templates`) apart from these, so that what
    /// the rules read of each shape's geometry (`StrokeMatcher.ShapeFacts`) stays the drawings'.
    public static let all: [StrokeTemplate] = drawn.flatMap { $0.templates() }

    /// A hand-drawn shape and the ways of drawing it that are derived from it.
    struct Drawn {
        enum Ways {
            /// Only as drawn.
            case asDrawn
            /// As drawn and from the other end.
            case bothEnds
            /// A closed polygon (first point = last): from every corner, both ways round.
            case cycles
            /// A closed polygon with each corner cut in two: from every corner (every second
            /// point), both ways round.
            case cutCornerCycles
            /// As drawn and mirrored left-right, top-bottom and both: the one-stroke x from any
            /// corner, up or down a vertical side (along a horizontal side it is `delete`).
            case mirrors
            /// An arrow: the two barbs in either order, from the tail or from the head.
            case swappingBarbs
        }
        let template: StrokeTemplate
        let ways: Ways

        func templates() -> [StrokeTemplate] {
            let p = template.points
            let paths: [[Point]]
            switch ways {
            case .asDrawn: paths = [p]
            case .bothEnds: paths = [p, p.reversed()]
            case .cycles, .cutCornerCycles:
                let corners = Array(p.dropLast())
                let every = ways == .cycles ? 1 : 2
                paths = [corners, corners.reversed()].flatMap { order in
                    stride(from: 0, to: order.count, by: every).map { start in
                        (0...order.count).map { order[(start + $0) % order.count] }
                    }
                }
            case .mirrors:
                let xs = p.map(\.x)
                let ys = p.map(\.y)
                let (x0, x1, y0, y1) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
                let images: [(Point) -> Point] = [
                    { $0 }, { Point(x: x0 + x1 - $0.x, y: $0.y) },
                    { Point(x: $0.x, y: y0 + y1 - $0.y) },
                    { Point(x: x0 + x1 - $0.x, y: y0 + y1 - $0.y) },
                ]
                paths = images.map { p.map($0) }
            case .swappingBarbs:
                // tail, tip, barb, tip, barb; and from the head: barb, tip, barb, tip, tail
                let swapped = [p[0], p[1], p[4], p[3], p[2]]
                paths = [p, swapped, p.reversed(), swapped.reversed()]
            }
            return paths.map {
                StrokeTemplate(
                    name: template.name, points: $0, rotationInvariant: template.rotationInvariant)
            }
        }
    }

    /// The hand-drawn shapes.
    static let drawn: [Drawn] = [
        // arrow: shaft rising to the right (~30 deg) to the tip, then the head: back left, back to the tip, down
        t(
            "arrow", false, .swappingBarbs,
            [
                (0, 80), (100, 22), (50, 22), (100, 22), (90, 75),
            ]),
        // arrow: same with a long, vertical second barb
        t(
            "arrow", false, .swappingBarbs,
            [
                (0, 75), (100, 20), (45, 26), (100, 18), (100, 98),
            ]),
        // arrow: a steeper shaft, the second barb straight down
        t(
            "arrow", false, .swappingBarbs,
            [
                (0, 100), (100, 25), (60, 25), (100, 25), (100, 70),
            ]),
        // caret: up to the apex and down: ^
        t(
            "caret", false, .bothEnds,
            [
                (0, 100), (50, 0), (100, 100),
            ]),
        // check: short stroke down-right, long stroke up-right
        t(
            "check", false, .asDrawn,
            [
                (0, 45), (32, 90), (90, 0),
            ]),
        // check: a short hook, then a long stroke rising at about 40 degrees
        t(
            "check", false, .asDrawn,
            [
                (0, 60), (12, 75), (100, 0),
            ]),
        // check: a shorter hook and a flatter rise (about 30 degrees)
        t(
            "check", false, .asDrawn,
            [
                (0, 40), (10, 52), (100, 0),
            ]),
        // check: a steep rise (about 55 degrees)
        t(
            "check", false, .asDrawn,
            [
                (0, 50), (20, 80), (70, 0),
            ]),
        // circle: counter-clockwise from the top (any start point: rotation-invariant)
        t(
            "circle", true, .asDrawn,
            [
                (62, 7), (50, 5), (38, 7), (28, 11), (18, 18), (11, 28), (7, 38), (5, 50), (7, 62),
                (11, 72), (18, 82), (27, 89), (38, 93), (50, 95), (62, 93), (72, 89), (82, 82),
                (89, 73), (93, 62), (95, 50), (93, 38), (89, 28), (82, 18), (72, 11), (62, 7),
            ]),
        // circle: clockwise variant
        t(
            "circle", true, .asDrawn,
            [
                (38, 7), (50, 5), (62, 7), (72, 11), (82, 18), (89, 28), (93, 38), (95, 50),
                (93, 62),
                (89, 72), (82, 82), (72, 89), (62, 93), (50, 95), (38, 93), (28, 89), (18, 82),
                (11, 72), (7, 62), (5, 50), (7, 38), (11, 27), (18, 18), (27, 11), (38, 7),
            ]),
        // delete: diagonal down-right, back along the bottom, diagonal up-right
        t(
            "delete", false, .bothEnds,
            [
                (0, 0), (90, 100), (0, 100), (90, 0),
            ]),
        // left-brace: { from the top: curve left, down, point left at mid-height, down, curve right
        t(
            "left-brace", false, .bothEnds,
            [
                (72, 0), (67, 1), (62, 4), (59, 7), (58, 12), (58, 38), (57, 44), (53, 48),
                (48, 50),
                (53, 52), (57, 56), (58, 62), (58, 88), (59, 93), (62, 96), (67, 99), (72, 100),
            ]),
        // left-brace: wider variant
        t(
            "left-brace", false, .bothEnds,
            [
                (85, 0), (74, 2), (64, 6), (57, 12), (55, 20), (55, 34), (52, 42), (42, 48),
                (30, 50),
                (42, 52), (52, 58), (55, 66), (55, 80), (57, 88), (64, 94), (74, 98), (85, 100),
            ]),
        // left-brace: narrow, its ends barely curled
        t(
            "left-brace", false, .bothEnds,
            [
                (62, 0), (52, 2), (46, 8), (45, 20), (45, 40), (42, 46), (34, 50), (42, 54),
                (45, 60), (45, 80),
                (46, 92), (52, 98), (62, 100),
            ]),
        // left-brace: narrow, its ends turned off short
        t(
            "left-brace", false, .bothEnds,
            [
                (60, 0), (48, 0), (45, 10), (45, 42), (36, 50), (45, 58), (45, 90), (48, 100),
                (60, 100),
            ]),
        // left-bracket: [ from the top-right
        t(
            "left-bracket", false, .bothEnds,
            [
                (70, 0), (25, 0), (25, 100), (70, 100),
            ]),
        // left-bracket: short ends
        t(
            "left-bracket", false, .bothEnds,
            [
                (45, 0), (20, 0), (20, 100), (45, 100),
            ]),
        // left-bracket: a short top, a longer bottom
        t(
            "left-bracket", false, .bothEnds,
            [
                (40, 0), (20, 0), (20, 100), (60, 100),
            ]),
        // pigtail: rising to the right, a loop over the top, leaving to the right
        t(
            "pigtail", false, .bothEnds,
            [
                (0, 90), (25, 88), (45, 80), (60, 66), (70, 50), (74, 35), (72, 24), (66, 18),
                (58, 20), (50, 30), (45, 45), (46, 60), (52, 72), (62, 80), (78, 82), (100, 76),
            ]),
        // pigtail: same with a wide loop
        t(
            "pigtail", false, .bothEnds,
            [
                (0, 100), (30, 92), (55, 75), (72, 55), (80, 35), (78, 24), (70, 21), (60, 28),
                (48, 45), (40, 65), (38, 82), (42, 92), (55, 96), (75, 92), (100, 82),
            ]),
        // pigtail: rising to the right, a tall loop over the top, leaving down to the right
        t(
            "pigtail", false, .bothEnds,
            [
                (0, 100), (20, 80), (40, 60), (55, 40), (62, 20), (60, 5), (52, 0), (44, 5),
                (40, 20), (42, 40),
                (50, 60), (62, 80), (75, 100),
            ]),
        // question-mark: arc over the top from the left, curl back to the middle, straight down
        t(
            "question-mark", false, .asDrawn,
            [
                (22, 30), (23, 22), (28, 14), (34, 9), (42, 5), (51, 4), (60, 6), (67, 10),
                (73, 16),
                (77, 23), (78, 32), (76, 40), (71, 47), (55, 62), (50, 70), (50, 100),
            ]),
        // rectangle: start top-left, down, right, up, back left
        t(
            "rectangle", false, .cycles,
            [
                (0, 0), (0, 75), (100, 75), (100, 0), (0, 0),
            ]),
        // rectangle: corners rounded off, as drawn fast
        t(
            "rectangle", false, .cutCornerCycles,
            [
                (0, 8), (0, 67), (8, 75), (92, 75), (100, 67), (100, 8), (92, 0), (8, 0), (0, 8),
            ]),
        // rectangle: taller variant
        t(
            "rectangle", false, .cycles,
            [
                (0, 0), (0, 100), (75, 100), (75, 0), (0, 0),
            ]),
        // right-brace: } mirror of the left brace
        t(
            "right-brace", false, .bothEnds,
            [
                (28, 0), (33, 1), (38, 4), (41, 7), (42, 12), (42, 38), (43, 44), (47, 48),
                (52, 50),
                (47, 52), (43, 56), (42, 62), (42, 88), (41, 93), (38, 96), (33, 99), (28, 100),
            ]),
        // right-brace: wider variant
        t(
            "right-brace", false, .bothEnds,
            [
                (15, 0), (26, 2), (36, 6), (43, 12), (45, 20), (45, 34), (48, 42), (58, 48),
                (70, 50),
                (58, 52), (48, 58), (45, 66), (45, 80), (43, 88), (36, 94), (26, 98), (15, 100),
            ]),
        // right-brace: narrow, its ends barely curled
        t(
            "right-brace", false, .bothEnds,
            [
                (38, 0), (48, 2), (54, 8), (55, 20), (55, 40), (58, 46), (66, 50), (58, 54),
                (55, 60), (55, 80),
                (54, 92), (48, 98), (38, 100),
            ]),
        // right-brace: narrow, its ends turned off short
        t(
            "right-brace", false, .bothEnds,
            [
                (40, 0), (52, 0), (55, 10), (55, 42), (64, 50), (55, 58), (55, 90), (52, 100),
                (40, 100),
            ]),
        // right-bracket: ] from the top-left
        t(
            "right-bracket", false, .bothEnds,
            [
                (30, 0), (75, 0), (75, 100), (30, 100),
            ]),
        // right-bracket: short ends
        t(
            "right-bracket", false, .bothEnds,
            [
                (55, 0), (80, 0), (80, 100), (55, 100),
            ]),
        // right-bracket: a short top, a longer bottom
        t(
            "right-bracket", false, .bothEnds,
            [
                (60, 0), (80, 0), (80, 100), (40, 100),
            ]),
        // star: five-pointed star from the bottom-left point, up to the apex first
        t(
            "star", false, .cycles,
            [
                (20, 100), (50, 0), (80, 100), (0, 38), (100, 38), (20, 100),
            ]),
        // star: the same with its points blunted, as drawn fast
        t(
            "star", false, .cutCornerCycles,
            [
                (22.4, 92), (47.6, 8), (52.4, 8), (77.6, 92), (73.6, 95), (6.4, 43), (8, 38),
                (92, 38),
                (93.6, 43), (26.4, 95), (22.4, 92),
            ]),
        // triangle: from the apex, down-left, right, back up
        t(
            "triangle", false, .cycles,
            [
                (50, 0), (0, 90), (100, 90), (50, 0),
            ]),
        // triangle: wider, flatter variant
        t(
            "triangle", false, .cycles,
            [
                (50, 0), (0, 65), (100, 65), (50, 0),
            ]),
        // v: down to the bottom and up: v
        t(
            "v", false, .bothEnds,
            [
                (0, 0), (50, 100), (100, 0),
            ]),
        // v: the first arm shorter, from lower down
        t(
            "v", false, .bothEnds,
            [
                (0, 30), (35, 100), (95, 0),
            ]),
        // x: diagonal down-right, up the right side, diagonal down-left
        t(
            "x", false, .mirrors,
            [
                (0, 0), (90, 100), (90, 0), (0, 100),
            ]),
        // line-left: horizontal, right to left
        t(
            "line-left", false, .asDrawn,
            [
                (100, 0), (0, 0),
            ]),
        // line-right: horizontal, left to right
        t(
            "line-right", false, .asDrawn,
            [
                (0, 0), (100, 0),
            ]),
        // line-up: vertical, bottom to top
        t(
            "line-up", false, .asDrawn,
            [
                (0, 100), (0, 0),
            ]),
        // line-down: vertical, top to bottom
        t(
            "line-down", false, .asDrawn,
            [
                (0, 0), (0, 100),
            ]),
        // l-down-right: down, then right: an L
        t(
            "l-down-right", false, .asDrawn,
            [
                (0, 0), (0, 100), (70, 100),
            ]),
        // l-down-left: down, then left: a mirrored L
        t(
            "l-down-left", false, .asDrawn,
            [
                (70, 0), (70, 100), (0, 100),
            ]),
        // l-up-right: up, then right
        t(
            "l-up-right", false, .asDrawn,
            [
                (0, 100), (0, 0), (70, 0),
            ]),
        // l-up-left: up, then left
        t(
            "l-up-left", false, .asDrawn,
            [
                (70, 100), (70, 0), (0, 0),
            ]),
    ]

    /// The distinct built-in names, in definition order.
    public static let names: [String] = {
        var seen = Set<String>()
        return all.map(\.name).filter { seen.insert($0).inserted }
    }()

    private static func t(
        _ name: String, _ rotationInvariant: Bool, _ ways: Drawn.Ways,
        _ xy: [(Double, Double)]
    ) -> Drawn {
        Drawn(
            template: StrokeTemplate(
                name: name, points: xy.map { Point(x: $0.0, y: $0.1) },
                rotationInvariant: rotationInvariant), ways: ways)
    }
}
