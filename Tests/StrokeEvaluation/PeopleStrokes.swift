import Foundation
import GestureCore

/// Strokes drawn by real people (`shared/strokes` beside the repository: a gzipped trace of
/// right-button strokes and an index saying which time window holds which shape, by whom, from
/// which source file). Read here, never by the engine.
public struct PeopleStrokes {
    public struct Stroke: Sendable {
        public let person: String
        /// The shape drawn: the index's, or `relabelled`'s where the source file holds another one.
        public let name: String
        /// The source file the index names (`caret03.xml`).
        public let file: String
        /// What the engine reads: the stroke as recorded, or its last pen-down where the recorder
        /// joined several (`StrokeSets.lastPenDown`).
        public var points: [Point]
        /// The set it comes from (`six-people`, or a file of `more-people` without `.jsonl.gz`).
        public var set = "six-people"
        /// `mouse`, `stylus`, `touchscreen-finger`, or `unknown`, as the set says.
        public var device = "mouse"
        /// Pen-downs the recorder joined into this one stroke (1 for nearly all).
        public var penDowns = 1
        /// The points as recorded, every pen-down of them.
        public var recorded: [Point] = []

        public init(person: String, name: String, file: String, points: [Point]) {
            self.person = person
            self.name = name
            self.file = file
            self.points = points
            self.recorded = points
        }
    }

    /// The shape every stroke of the set is meant to fire nothing for: it has no template.
    public static let noShape = "zig-zag"

    /// Source files that hold another shape than their name says, and the shape they hold: in
    /// subject s04's fifth series the canvas asked for one shape and kept the next one drawn.
    /// Each was looked at (points plotted): `caret03` is a check mark of 61 points, `check03` a
    /// closed loop of 345, `circle03` a rectangle with four sharp corners, `rectangle03` an x drawn
    /// as one stroke, `x03` a triangle. Reading them as labelled would count a right reading wrong.
    public static let relabelled: [String: String] = [
        "s04/caret03.xml": "check", "s04/check03.xml": "circle", "s04/circle03.xml": "rectangle",
        "s04/rectangle03.xml": "x", "s04/x03.xml": "triangle",
    ]

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String, String)
        case badLine(String, Int, String)
        public var description: String {
            switch self {
            case .unreadable(let path, let why): return "\(path): \(why)"
            case .badLine(let path, let line, let why): return "\(path):\(line): \(why)"
            }
        }
    }

    /// The folder beside the repository's clone (`../shared/strokes`), found from this file, or
    /// the one `GESTURED_STROKES` names.
    public static let sharedDirectory =
        ProcessInfo.processInfo.environment["GESTURED_STROKES"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/strokes")

    /// Whether the strokes of people are there: they are never in the repository, and the tests
    /// that read them are skipped, saying so, in a clone that has none beside it.
    public static var present: Bool {
        FileManager.default.fileExists(
            atPath: sharedDirectory.appendingPathComponent("six-people.index.jsonl").path)
    }

    /// Why a test that reads them was skipped.
    public static let absent =
        "the strokes of people are not beside the clone (../shared/strokes) nor where GESTURED_STROKES says"

    /// The strokes of `six-people` in `directory`, in the index's order.
    public static func load(_ directory: URL = sharedDirectory, set: String = "six-people") throws
        -> [Stroke]
    {
        let indexPath = directory.appendingPathComponent("\(set).index.jsonl").path
        let tracePath = directory.appendingPathComponent("\(set).trace.jsonl.gz").path
        guard
            let indexText = FileManager.default.contents(atPath: indexPath).flatMap({
                String(data: $0, encoding: .utf8)
            })
        else {
            throw LoadError.unreadable(indexPath, "cannot read the index")
        }
        let trace = try samples(gunzip(tracePath), path: tracePath)
        var strokes: [Stroke] = []
        var next = 0
        for (number, line) in indexText.split(separator: "\n").enumerated() {
            guard
                let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                    as? [String: Any],
                let from = entry["from"] as? Double, let to = entry["to"] as? Double,
                let shape = entry["shape"] as? String, let person = entry["person"] as? String,
                let file = entry["file"] as? String
            else {
                throw LoadError.badLine(
                    indexPath, number + 1, "needs from, to, shape, person and file")
            }
            while next < trace.count && trace[next].t < from { next += 1 }
            var points: [Point] = []
            while next < trace.count && trace[next].t <= to {
                points.append(trace[next].point)
                next += 1
            }
            guard points.count >= 2 else {
                throw LoadError.badLine(
                    indexPath, number + 1, "no stroke between \(from) and \(to) ms")
            }
            strokes.append(
                Stroke(
                    person: person, name: relabelled["\(person)/\(file)"] ?? shape, file: file,
                    points: points))
        }
        return strokes
    }

    /// The trace's text, decompressed by `gzip` (Foundation reads no gzip on Linux).
    static func gunzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            throw LoadError.unreadable(path, "cannot run gzip: \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else {
            throw LoadError.unreadable(
                path, "gzip -dc failed (status \(process.terminationStatus))")
        }
        return text
    }

    /// Time and position of every event line that has them (press, motion, release).
    static func samples(_ text: String, path: String) throws -> [(t: Double, point: Point)] {
        var out: [(t: Double, point: Point)] = []
        for (index, line) in text.split(separator: "\n").enumerated() where line.contains("\"x\":")
        {
            guard let t = number(after: "\"t\":", in: line),
                let x = number(after: "\"x\":", in: line),
                let y = number(after: "\"y\":", in: line)
            else {
                throw LoadError.badLine(path, index + 1, "an event needs t, x and y")
            }
            out.append((t, Point(x: x, y: y)))
        }
        return out
    }

    private static func number(after key: String, in line: Substring) -> Double? {
        guard let range = line.range(of: key) else { return nil }
        let rest = line[range.upperBound...].drop { $0 == " " }
        return Double(rest.prefix { $0 != "," && $0 != "}" && $0 != " " })
    }
}
