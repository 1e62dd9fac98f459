import GestureCore
import Testing

@testable import GestureStrokes

@Suite struct DirectionParsing {
    @Test func parsesLettersAndKeypadDiagonals() throws {
        #expect(try DirectionSequence(parsing: "DR").directions == [.down, .right])
        #expect(try DirectionSequence(parsing: "ULDR").directions == [.up, .left, .down, .right])
        #expect(try DirectionSequence(parsing: "3U").directions == [.downRight, .up])
        #expect(
            try DirectionSequence(parsing: "7913").directions == [
                .upLeft, .upRight, .downLeft, .downRight,
            ])
        #expect(try DirectionSequence(parsing: "  LU \n").directions == [.left, .up])
        #expect(try DirectionSequence(parsing: "RDR").description == "RDR")
        #expect(try DirectionSequence(parsing: "R3").usesDiagonals)
        #expect(try !DirectionSequence(parsing: "RD").usesDiagonals)
    }

    @Test func parseErrorNamesTheWrongCharacterAndItsPosition() {
        func error(_ text: String) -> DirectionParseError? {
            do {
                _ = try DirectionSequence(parsing: text)
                return nil
            } catch { return error }
        }
        let unknown = error("DXR")
        #expect(unknown?.position == 2)
        #expect(unknown?.character == "X")
        #expect(unknown?.description.contains("'X'") == true)

        let five = error("U5")
        #expect(five?.position == 2 && five?.character == "5")

        let lowercase = error("Dr")
        #expect(lowercase?.position == 2 && lowercase?.character == "r")
        #expect(lowercase?.message.contains("'R'") == true)

        let lowercaseL = error("l") // reads like the diagonal "1"
        #expect(lowercaseL?.position == 1 && lowercaseL?.message.contains("'L'") == true)

        let space = error("D R")
        #expect(space?.position == 2 && space?.character == " ")

        let repeated = error("DRR")
        #expect(repeated?.position == 3 && repeated?.message.contains("repeats") == true)

        let empty = error("   ")
        #expect(empty?.position == 0 && empty?.character == nil)

        #expect(error("ß")?.position == 1) // uppercases to two letters: no crash
    }
}

@Suite struct DirectionSegmentation {
    func dirs(_ pts: [Point], diagonals: Bool = false) -> String {
        String(DirectionSegmenter.directions(of: pts, diagonals: diagonals).map(\.rawValue))
    }

    @Test func straightStrokesGiveOneDirection() {
        #expect(dirs(Draw.polyline([(0, 0), (200, 0)])) == "R")
        #expect(dirs(Draw.polyline([(0, 0), (-200, 0)])) == "L")
        #expect(dirs(Draw.polyline([(0, 0), (0, 200)])) == "D") // y grows down
        #expect(dirs(Draw.polyline([(0, 0), (0, -200)])) == "U")
    }

    @Test func jitteryLShapeIsDownThenRight() throws {
        let l = Draw.jitter(
            Draw.polyline([(100, 100), (100, 300), (260, 300)], perSegment: 80), amount: 4)
        #expect(dirs(l) == "DR")
        #expect(try DirectionSequence(parsing: "DR").matches(l))
        #expect(try !DirectionSequence(parsing: "RD").matches(l))
        #expect(try !DirectionSequence(parsing: "D").matches(l))
    }

    @Test func roundedCornerAndEndHooksAreIgnored() {
        // Down, a rounded corner, right, then a small hook up at the end.
        var pts = Draw.polyline([(0, 0), (0, 180)], perSegment: 40)
        for k in 1..<10 { // quarter circle of radius 20
            let a = Double(k) / 10 * Double.pi / 2
            pts.append(Point(x: 20 - 20 * cosApprox(a), y: 180 + 20 * sinApprox(a)))
        }
        pts += Draw.polyline([(20, 200), (200, 200), (204, 192)], perSegment: 30)
        #expect(dirs(pts) == "DR")
        #expect(dirs(pts, diagonals: true) == "DR")
    }

    @Test func slightlySlantedLinesStayStraightWithoutDiagonals() {
        // 30 degrees below horizontal then straight up.
        let stroke = Draw.polyline([(0, 0), (173, 100), (173, -100)])
        #expect(dirs(stroke) == "RU")
        #expect(dirs(stroke, diagonals: true) == "3U")
    }

    @Test func diagonalSequences() throws {
        let zig = Draw.jitter(
            Draw.polyline([(0, 0), (100, 100), (200, 0), (300, 100)], perSegment: 30), amount: 2)
        #expect(dirs(zig, diagonals: true) == "393")
        #expect(try DirectionSequence(parsing: "393").matches(zig))
        #expect(try DirectionSequence(parsing: "7").matches(Draw.polyline([(0, 0), (-80, -80)])))
        #expect(try DirectionSequence(parsing: "1").matches(Draw.polyline([(0, 0), (-80, 80)])))
    }

    @Test func backAndForthStrokeKeepsBothMoves() {
        #expect(dirs(Draw.polyline([(0, 0), (200, 0), (0, 2)])) == "RL")
        #expect(dirs(Draw.polyline([(0, 0), (0, 150), (0, 0), (0, 150)])) == "DUD")
    }

    @Test func tinyStrokesHaveNoDirection() {
        #expect(dirs(Draw.polyline([(0, 0), (8, 3)])) == "")
        #expect(dirs([Point(x: 1, y: 1)]) == "")
        #expect(dirs([]) == "")
    }

    @Test func shortSideMovesBelowTheMinimumAreMerged() {
        // A 12 px step sideways in a long downward stroke is jitter, not a move.
        let stroke = Draw.polyline([(0, 0), (0, 150), (12, 152), (12, 300)])
        #expect(dirs(stroke) == "D")
        // A real 60 px step is kept.
        #expect(dirs(Draw.polyline([(0, 0), (0, 150), (60, 150), (60, 300)])) == "DRD")
    }

    private func cosApprox(_ a: Double) -> Double { Angle.cos(a) }
    private func sinApprox(_ a: Double) -> Double { Angle.sin(a) }
}
