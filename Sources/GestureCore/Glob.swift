/// Shell-style glob matching (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`) for app and device rules,
/// case-insensitive because WM_CLASS capitalisation varies between instance and class.
public struct Glob: Equatable, Sendable {
    public let pattern: String
    private let units: [Character]

    public init(_ pattern: String) {
        self.pattern = pattern
        self.units = Array(pattern.lowercased())
    }

    public func matches(_ text: String) -> Bool {
        Glob.match(units[...], Array(text.lowercased())[...])
    }

    private static func match(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        var p = p, s = s
        while let c = p.first {
            switch c {
            case "*":
                let rest = p.dropFirst()
                if rest.isEmpty { return true }
                var tail = s
                while true {
                    if match(rest, tail) { return true }
                    if tail.isEmpty { return false }
                    tail = tail.dropFirst()
                }
            case "?":
                guard !s.isEmpty else { return false }
            case "[":
                guard let ch = s.first, let (matched, after) = matchClass(p.dropFirst(), ch) else {
                    return false
                }
                if !matched { return false }
                p = after
                s = s.dropFirst()
                continue
            default:
                guard s.first == c else { return false }
            }
            p = p.dropFirst()
            s = s.dropFirst()
        }
        return s.isEmpty
    }

    /// Matches `ch` against a class whose body starts at `p`; returns the pattern after `]`.
    private static func matchClass(_ p: ArraySlice<Character>, _ ch: Character) -> (Bool, ArraySlice<Character>)? {
        var p = p
        var negate = false
        if p.first == "!" || p.first == "^" { negate = true; p = p.dropFirst() }
        var matched = false
        var first = true
        while let c = p.first, c != "]" || first {
            first = false
            p = p.dropFirst()
            if p.count >= 2, p.first == "-", let hi = p.dropFirst().first, hi != "]" {
                if c <= ch && ch <= hi { matched = true }
                p = p.dropFirst(2)
            } else if c == ch {
                matched = true
            }
        }
        guard p.first == "]" else { return nil }
        return (matched != negate, p.dropFirst())
    }
}
