import Foundation
import GestureCore

/// Every set of strokes drawn by real people beside the clone (`../shared/strokes`): the first
/// set (`PeopleStrokes.load`) and each published set of `more-people/`, one JSON object a line.
/// Read here, never by the engine; what a fold learns from comes from these at run time.
public enum StrokeSets {
    /// The folder of the later sets, one `OWNER+REPO.jsonl.gz` each.
    public static let morePeople = "more-people"

    /// A pause longer than this (milliseconds) between two samples ...
    public static let penUpPause = 100.0
    /// ... across which the point jumps farther than this (pixels) is the pen lifted and put down
    /// elsewhere: a recorder that keeps every attempt joins them into one stroke. Only sets with
    /// real times show it (one of seven: 395 of its 3,600 shape strokes, most of them a shape
    /// drawn two or more times over with a jump between); without times a jump alone is a fast
    /// mouse, not a lift.
    public static let penUpJump = 30.0

    /// Every stroke of every set, the first set first, then the later ones by file name.
    public static func load(_ directory: URL = PeopleStrokes.sharedDirectory) throws
        -> [PeopleStrokes.Stroke]
    {
        var strokes = try PeopleStrokes.load(directory)
        let folder = directory.appendingPathComponent(morePeople)
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".jsonl.gz")
            }.sorted()
        } catch {
            throw PeopleStrokes.LoadError.unreadable(
                folder.path, "cannot list the folder: \(error)")
        }
        for file in files { strokes += try loadSet(folder.appendingPathComponent(file).path) }
        return strokes
    }

    /// The strokes of one file of `more-people/`, in its order.
    public static func loadSet(_ path: String) throws -> [PeopleStrokes.Stroke] {
        let name = String((path as NSString).lastPathComponent.dropLast(".jsonl.gz".count))
        let text = try PeopleStrokes.gunzip(path)
        var strokes: [PeopleStrokes.Stroke] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            guard
                let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                    as? [String: Any],
                let person = entry["person"] as? String, let shape = entry["shape"] as? String,
                let raw = entry["points"] as? [[Any]], let source = entry["source"] as? String
            else {
                throw PeopleStrokes.LoadError.badLine(
                    path, number + 1, "needs person, shape, points and source")
            }
            var points: [Point] = []
            var times: [Double?] = []
            for p in raw {
                guard p.count >= 2, let x = (p[0] as? NSNumber)?.doubleValue,
                    let y = (p[1] as? NSNumber)?.doubleValue
                else {
                    throw PeopleStrokes.LoadError.badLine(path, number + 1, "a point needs x and y")
                }
                points.append(Point(x: x, y: y))
                times.append(p.count > 2 ? (p[2] as? NSNumber)?.doubleValue : nil)
            }
            guard points.count >= 2 else {
                throw PeopleStrokes.LoadError.badLine(path, number + 1, "fewer than two points")
            }
            let (last, penDowns) = lastPenDown(points, times: times)
            var stroke = PeopleStrokes.Stroke(
                person: person, name: shape, file: source, points: last)
            stroke.set = name
            stroke.device = (entry["device"] as? String) ?? "mouse"
            stroke.penDowns = penDowns
            stroke.recorded = points
            strokes.append(stroke)
        }
        return strokes
    }

    /// The last pen-down of a recorded stroke and how many there were: the daemon reads each
    /// pen-down as a stroke of its own, and the last is the attempt the person kept. A stroke
    /// without times, or with one pen-down, is returned whole.
    public static func lastPenDown(_ points: [Point], times: [Double?]) -> (
        points: [Point], penDowns: Int
    ) {
        var starts = [0]
        for i in 1..<points.count {
            guard let t0 = times[i - 1], let t1 = times[i], t1 - t0 > penUpPause else { continue }
            let dx = points[i].x - points[i - 1].x
            let dy = points[i].y - points[i - 1].y
            if (dx * dx + dy * dy).squareRoot() > penUpJump { starts.append(i) }
        }
        let last = Array(points[starts.last!...])
        let moves = last.contains { $0 != last[0] }
        return last.count >= 2 && moves ? (last, starts.count) : (points, 1)
    }

    /// The set a stroke's person belongs to, for the six people of the first set too.
    public static func setName(_ s: PeopleStrokes.Stroke) -> String { s.set }
}
