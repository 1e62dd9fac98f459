import Foundation
import GestureConfig
import GestureCore
import GestureStrokes
import Testing

@testable import GestureSettings

/// The strokes page's model with no display: a stroke learned from drawings, saved where the
/// config's templates are, and strokes read as the daemon reads them.
@Suite struct StrokeLabTests {
    /// A Z: right along the top, down-left across, right along the bottom.
    static func zed(_ dx: Double, _ dy: Double, _ size: Double) -> [Point] {
        let corners = [
            Point(x: 0, y: 0), Point(x: size, y: 0), Point(x: 0, y: size), Point(x: size, y: size),
        ]
        var out: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for i in 0..<10 {
                out.append(
                    Point(
                        x: dx + a.x + (b.x - a.x) * Double(i) / 10,
                        y: dy + a.y + (b.y - a.y) * Double(i) / 10))
            }
        }
        return out + [Point(x: dx + size, y: dy + size)]
    }

    static func circle(_ r: Double) -> [Point] {
        (0...40).map { i in
            Point(
                x: 200 + r * Angle.cos(Double(i) / 40 * 2 * Angle.pi),
                y: 200 + r * Angle.sin(Double(i) / 40 * 2 * Angle.pi))
        }
    }

    func lab(_ config: String = "[[gesture]]\ntype = \"tap\"\naction = \"show-desktop\"\n") throws
        -> (StrokeLab, String)
    {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-strokelab-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try config.write(toFile: dir + "/config.toml", atomically: true, encoding: .utf8)
        return (StrokeLab(document: try SettingsDocument(path: dir + "/config.toml")), dir)
    }

    @Test func aStrokeDrawnThreeTimesIsSavedInTheTemplateFileTheConfigNowListsAndReadsAsItself()
        throws
    {
        let (lab, dir) = try lab()
        #expect(!lab.draw([Point(x: 5, y: 5), Point(x: 5, y: 5)]), "a click is no drawing")
        for (dx, dy, size) in [(60.0, 40.0, 180.0), (80, 50, 160), (50, 30, 200)] {
            lab.draw(Self.zed(dx, dy, size))
        }
        #expect(lab.collisions(name: "zed") == [])
        #expect(
            lab.read(Self.zed(70, 45, 170), learning: "zed").words.hasPrefix("Reads as \"zed\": "))
        let path = try lab.save(name: "zed")
        #expect(path == dir + "/strokes.stroke")
        let saved = try TemplateFile.parse(String(contentsOfFile: path, encoding: .utf8))
        #expect(saved.map(\.name) == ["zed", "zed", "zed"])
        #expect(
            try String(contentsOfFile: dir + "/config.toml", encoding: .utf8)
                == "[settings]\ntemplates = [\"strokes.stroke\"]\n\n[[gesture]]\ntype = \"tap\"\naction = \"show-desktop\"\n"
        )
        // Read back from the file, as the daemon reads it, with nothing drawn.
        lab.clear()
        #expect(lab.templates.filter { $0.name == "zed" }.count == 3)
        #expect(lab.read(Self.zed(70, 45, 170)).fires)
        // Drawn again under the same name: the file's variants of it are replaced, not added to.
        lab.draw(Self.zed(0, 0, 100))
        try lab.save(name: "zed")
        #expect(try TemplateFile.parse(String(contentsOfFile: path, encoding: .utf8)).count == 1)
    }

    @Test func aStrokeIsReadWithItsScoreTheLeastThatFiresTheRunnerUpAndWhatItCannotBe() throws {
        let (lab, _) = try lab()
        let circle = lab.read(Self.circle(80))
        #expect(circle.fires && circle.best?.name == "circle", "\(circle)")
        #expect(
            circle.words.hasPrefix("Reads as \"circle\": ")
                && circle.words.contains("the least that fires is 65 %; next \""), "\(circle.words)"
        )
        let line = lab.read([Point(x: 0, y: 0), Point(x: 50, y: 1), Point(x: 100, y: 0)])
        #expect(line.best?.name == "line-right")
        #expect(
            line.ruledOut.contains("circle"),
            "a straight stroke is no round shape: \(line.ruledOut)")
    }

    @Test func aNameThatIsNotATemplateNameOrNoDrawingIsRefusedBeforeAnythingIsWritten() throws {
        let (lab, dir) = try lab()
        #expect(throws: StrokeLab.SaveError.self) { try lab.save(name: "zed") }
        lab.draw(Self.zed(0, 0, 100))
        #expect(throws: StrokeLab.SaveError.self) { try lab.save(name: "../zed") }
        #expect(!FileManager.default.fileExists(atPath: dir + "/strokes.stroke"))
        // One drawing like a built-in shape: said, so that the user draws it more.
        let (one, _) = try self.lab()
        one.draw(Self.circle(60))
        #expect(
            one.collisions(name: "round").first?.hasPrefix("It looks like \"circle\"") == true,
            "\(one.collisions(name: "round"))")
    }
}
