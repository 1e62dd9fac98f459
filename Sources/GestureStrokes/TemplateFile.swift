import GestureCore

// A small text format for user templates, read and written with the standard
// library only.
//
//     # comment lines start with '#'; blank lines are ignored
//     name=zigzag rotation-invariant=false
//     0,0
//     50,40
//     100,0
//     name=loop rotation-invariant=true
//     10.5, 20
//     ...
//
// A header line starts a template: space-separated `key=value` pairs, `name` required
// (no spaces, '=', '#' or ','), `rotation-invariant` optional (`true`/`false`, default
// false). The following `x,y` lines are its points, in screen coordinates (x right,
// y down), at least two of them. Errors carry the 1-based line number.

/// A located error in a template file.
public struct TemplateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

public enum TemplateFile {

    /// Parses templates; throws the first error found, with its line number.
    public static func parse(_ text: String) throws(TemplateFileError) -> [StrokeTemplate] {
        var templates: [StrokeTemplate] = []
        var current: StrokeTemplate? = nil
        var currentLine = 0

        func finish() throws(TemplateFileError) {
            guard let template = current else { return }
            if template.points.count < 2 {
                throw TemplateFileError(
                    line: currentLine,
                    message:
                        "template '\(template.name)' has \(template.points.count) point(s); at least 2 are needed"
                )
            }
            var distinct = false
            for p in template.points where p != template.points[0] {
                distinct = true
                break
            }
            if !distinct {
                throw TemplateFileError(
                    line: currentLine,
                    message: "template '\(template.name)' has no length: all its points are equal")
            }
            templates.append(template)
            current = nil
        }

        var lineNumber = 0
        // "\r\n" is a single Character in Swift, so split on all three line ends.
        for rawLine in text.split(
            omittingEmptySubsequences: false,
            whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            lineNumber += 1
            let line = trimmed(rawLine)
            if line.isEmpty || line.first == "#" { continue }
            if line.contains("=") {
                try finish()
                current = try parseHeader(line, lineNumber: lineNumber)
                currentLine = lineNumber
            } else {
                guard current != nil else {
                    throw TemplateFileError(
                        line: lineNumber,
                        message:
                            "point before any template header (expected 'name=... rotation-invariant=...')"
                    )
                }
                current!.points.append(try parsePoint(line, lineNumber: lineNumber))
            }
        }
        try finish()
        return templates
    }

    /// Writes templates in the format read by `parse`. Coordinates are written so
    /// that they read back exactly. Templates whose name cannot be written (empty,
    /// or containing whitespace, '=' or '#') are a programming error.
    public static func serialize(_ templates: [StrokeTemplate]) -> String {
        var out =
            "# gestured stroke templates: header 'name=... rotation-invariant=...', then x,y lines\n"
        for template in templates {
            precondition(
                isValidName(Substring(template.name)),
                "template name cannot be written: \(template.name)")
            out += "name=\(template.name) rotation-invariant=\(template.rotationInvariant)\n"
            for p in template.points {
                out += "\(format(p.x)),\(format(p.y))\n"
            }
        }
        return out
    }

    /// True if `name` can be used in the file format.
    public static func isValidName(_ name: Substring) -> Bool {
        if name.isEmpty { return false }
        for c in name where c.isWhitespace || c == "=" || c == "#" || c == "," { return false }
        return true
    }

    // MARK: - Details

    private static func parseHeader(_ line: Substring, lineNumber: Int) throws(TemplateFileError)
        -> StrokeTemplate
    {
        var name: Substring? = nil
        var invariant: Bool? = nil
        for field in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            guard let eq = field.firstIndex(of: "=") else {
                throw TemplateFileError(
                    line: lineNumber, message: "'\(field)' is not a key=value pair")
            }
            let key = field[..<eq]
            let value = field[field.index(after: eq)...]
            switch key {
            case "name":
                if name != nil {
                    throw TemplateFileError(line: lineNumber, message: "'name' is given twice")
                }
                guard isValidName(value) else {
                    throw TemplateFileError(
                        line: lineNumber,
                        message:
                            "invalid template name '\(value)' (must be non-empty, without spaces, '=', '#' or ',')"
                    )
                }
                name = value
            case "rotation-invariant":
                if invariant != nil {
                    throw TemplateFileError(
                        line: lineNumber, message: "'rotation-invariant' is given twice")
                }
                switch value {
                case "true": invariant = true
                case "false": invariant = false
                default:
                    throw TemplateFileError(
                        line: lineNumber,
                        message: "rotation-invariant must be 'true' or 'false', not '\(value)'")
                }
            default:
                throw TemplateFileError(
                    line: lineNumber,
                    message: "unknown key '\(key)' (known keys: name, rotation-invariant)")
            }
        }
        guard let name else {
            throw TemplateFileError(line: lineNumber, message: "template header without 'name='")
        }
        return StrokeTemplate(name: String(name), points: [], rotationInvariant: invariant ?? false)
    }

    private static func parsePoint(_ line: Substring, lineNumber: Int) throws(TemplateFileError)
        -> Point
    {
        let parts = line.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw TemplateFileError(
                line: lineNumber, message: "expected a point 'x,y', found '\(line)'")
        }
        let xs = trimmed(parts[0])
        let ys = trimmed(parts[1])
        guard let x = Double(xs), x.isFinite else {
            throw TemplateFileError(
                line: lineNumber, message: "x coordinate '\(xs)' is not a finite number")
        }
        guard let y = Double(ys), y.isFinite else {
            throw TemplateFileError(
                line: lineNumber, message: "y coordinate '\(ys)' is not a finite number")
        }
        return Point(x: x, y: y)
    }

    private static func trimmed(_ s: Substring) -> Substring {
        var start = s.startIndex
        var end = s.endIndex
        while start < end && s[start].isWhitespace { start = s.index(after: start) }
        while end > start && s[s.index(before: end)].isWhitespace { end = s.index(before: end) }
        return s[start..<end]
    }

    private static func format(_ v: Double) -> String { NumberText.plain(v) }
}
