/// One finding of `gestured doctor`, read from what it prints: `problem  touchpad: ...`, and
/// the fix on the line after, after `->`.
public struct DoctorFinding: Equatable, Sendable {
    public enum Level: String, Sendable { case ok, warning, problem }

    public let level: Level
    public let subject: String
    public let text: String
    public let fix: String?

    public static func parse(_ output: String) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        for line in output.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("-> "), let last = found.popLast() {
                found.append(
                    DoctorFinding(
                        level: last.level, subject: last.subject, text: last.text,
                        fix: String(trimmed.dropFirst(3))))
                continue
            }
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, let level = Level(rawValue: String(words[0])) else { continue }
            let rest = words[1].drop { $0 == " " }
            guard let colon = rest.firstIndex(of: ":") else { continue }
            found.append(
                DoctorFinding(
                    level: level, subject: String(rest[..<colon]),
                    text: String(rest[rest.index(after: colon)...].drop { $0 == " " }), fix: nil))
        }
        return found
    }
}
