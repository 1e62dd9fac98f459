/// "Did you mean": the known word meant, if the word is close enough to one to be a slip: the
/// same word with spaces or underscores for dashes (`show desktop`), another name for it
/// (`aliases`: `L` for `l-down-right`), the one word it begins or that begins it (`inward` for
/// `in`), or else the closest by edit distance (`maximise` for `maximize`).
public enum Suggestion {
    public static func closest(
        to word: String, among candidates: [String], aliases: [String: String] = [:]
    ) -> String? {
        if let meant = aliases[word] ?? aliases[word.lowercased()], candidates.contains(meant) {
            return meant
        }
        let folded = fold(word)
        if let same = candidates.first(where: { fold($0) == folded && $0 != word }) { return same }
        if folded.count >= 2 {
            let begun = candidates.filter { c in
                let f = fold(c)
                return f.count >= 2 && (folded.hasPrefix(f) || f.hasPrefix(folded))
            }
            if begun.count == 1 { return begun[0] }
        }
        // One letter is as near to every other one-letter word: no guess.
        guard folded.count >= 2 else { return nil }
        let w = Array(folded)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            if d < (best?.1 ?? .max) { best = (c, d) }
        }
        guard let (name, d) = best, d <= max(2, w.count / 3) else { return nil }
        return name
    }

    /// Lowercased, with spaces and underscores as dashes.
    private static func fold(_ word: String) -> String {
        String(word.lowercased().map { $0 == " " || $0 == "_" ? "-" : $0 })
    }

    /// Levenshtein distance, with a transposition counted as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
