import GestureCore
import Testing

@testable import GestureStrokes

@Suite struct TemplateFileFormat {
    @Test func roundTripKeepsNamesFlagsAndExactCoordinates() throws {
        let odd = StrokeTemplate(
            name: "odd",
            points: [
                Point(x: 0.1, y: -3.25), Point(x: 1e-7, y: 123456.789),
                Point(x: -0.0, y: 1.0 / 3.0), Point(x: 5e300, y: 2),
            ], rotationInvariant: true)
        let templates = BuiltinTemplates.all + [odd]
        let text = TemplateFile.serialize(templates)
        let parsed = try TemplateFile.parse(text)
        #expect(parsed == templates)
        #expect(TemplateFile.serialize(parsed) == text)
    }

    @Test func readsTheDocumentedFormat() throws {
        let text = """
            # my gestures
            name=zigzag rotation-invariant=false
            0,0
            50, 40

              100 ,0
            name=loop rotation-invariant=true
            1.5,2
            3,4.25
            name=plain
            0,0
            0,10
            """
        let t = try TemplateFile.parse(text)
        #expect(t.map(\.name) == ["zigzag", "loop", "plain"])
        #expect(t.map(\.rotationInvariant) == [false, true, false])
        #expect(t[0].points == [Point(x: 0, y: 0), Point(x: 50, y: 40), Point(x: 100, y: 0)])
        #expect(t[1].points[1] == Point(x: 3, y: 4.25))
        // Parsed templates work in a matcher.
        let matcher = StrokeMatcher(templates: t)
        #expect(matcher.match(t[0].points)?.name == "zigzag")
    }

    @Test func windowsLineEndingsKeepLineNumbers() throws {
        let ok = try TemplateFile.parse("name=a\r\n0,0\r\n5,5\r\n")
        #expect(ok.first?.points.count == 2)
        #expect(
            throws: TemplateFileError(line: 3, message: "x coordinate 'x' is not a finite number")
        ) {
            try TemplateFile.parse("name=a\r\n0,0\r\nx,5\r\n")
        }
    }

    @Test func parseErrorsNameTheLine() {
        let cases: [(String, Int, String)] = [
            ("0,0\n", 1, "before any template header"),
            ("name=a\n0,0\n1,1\n1;2\n", 4, "expected a point"),
            ("name=a\n0,0\n1,nan\n", 3, "y coordinate 'nan'"),
            ("name=a\n0,0\n1,2,3\n", 3, "expected a point"),
            ("\n\nname=a rotation-invariant=yes\n0,0\n1,1\n", 3, "must be 'true' or 'false'"),
            ("name=a colour=red\n", 1, "unknown key 'colour'"),
            ("rotation-invariant=true\n0,0\n", 1, "without 'name='"),
            ("name=\n", 1, "invalid template name"),
            ("name=a name=b\n", 1, "given twice"),
            ("name=a\n0,0\n1,1\nname=b\n5,5\n", 4, "has 1 point(s)"),
            ("name=a\n0,0\n1,1\nname=b\n", 4, "has 0 point(s)"),
            ("# c\nname=a\n2,2\n2,2\n", 2, "no length"),
            ("name=a oops\n", 1, "'oops' is not a key=value pair"),
        ]
        for (text, line, fragment) in cases {
            do {
                _ = try TemplateFile.parse(text)
                Issue.record("no error for \(text.debugDescription)")
            } catch {
                #expect(error.line == line, "\(text.debugDescription): \(error)")
                #expect(error.message.contains(fragment), "\(text.debugDescription): \(error)")
                #expect(error.description.hasPrefix("line \(line): "))
            }
        }
    }

    @Test func emptyFileHasNoTemplates() throws {
        #expect(try TemplateFile.parse("").isEmpty)
        #expect(try TemplateFile.parse("# nothing\n\n").isEmpty)
    }
}
