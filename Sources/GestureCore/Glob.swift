/// Shell-style glob matching (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`) for app and device rules,
/// case-insensitive because WM_CLASS capitalisation varies between instance and class.
public struct Glob: Equatable, Sendable {
    public let pattern: String
    private let units: [Character]

    /// A glob taken as written: a malformed class never matches. Config values go through
    /// `validated(_:)` first.
    public init(_ pattern: String) {
        self.pattern = pattern
        self.units = Array(pattern.lowercased())
    }

    /// A glob whose classes are all closed and whose ranges are not empty. (A function, not
    /// an initializer: a second initializer taking a string makes `map(Glob.init)` ambiguous.)
    public static func validated(_ pattern: String) throws(GlobError) -> Glob {
        let glob = Glob(pattern)
        try glob.validate()
        return glob
    }

    private func validate() throws(GlobError) {
        let original = Array(pattern)
        var i = 0
        while i < units.count {
            guard units[i] == "[" else {
                i += 1
                continue
            }
            let open = i
            i += 1
            if i < units.count && (units[i] == "!" || units[i] == "^") { i += 1 }
            var first = true
            while i < units.count, units[i] != "]" || first {
                first = false
                if i + 2 < units.count, units[i + 1] == "-", units[i + 2] != "]" {
                    if units[i] > units[i + 2] {
                        // As written, unless lowercasing changed the length (rare).
                        let written =
                            original.count == units.count
                            ? Array(original[i...(i + 2)]) : Array(units[i...(i + 2)])
                        let why = written[0] > written[2] ? "" : " once case is ignored"
                        throw GlobError(
                            message:
                                "the range \"\(String(written))\" at position \(i + 1) is empty: its first character comes after its last\(why)"
                        )
                    }
                    i += 3
                } else {
                    i += 1
                }
            }
            guard i < units.count else {
                throw GlobError(message: "the \"[\" at position \(open + 1) has no closing \"]\"")
            }
            i += 1
        }
    }

    public func matches(_ text: String) -> Bool {
        Glob.match(units[...], Array(text.lowercased())[...])
    }

    private static func match(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        var p = p
        var s = s
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
    private static func matchClass(_ p: ArraySlice<Character>, _ ch: Character) -> (
        Bool, ArraySlice<Character>
    )? {
        var p = p
        var negate = false
        if p.first == "!" || p.first == "^" {
            negate = true
            p = p.dropFirst()
        }
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

/// Why a pattern is not a glob, for the config layer to place.
public struct GlobError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
