/// Finds where a key stands in TOML source text, for errors of meaning: the parser gives
/// positions only for syntax errors. It knows the two shapes the config uses: `[table]` and
/// `[[array-of-tables]]` headers followed by `key = value` lines.
struct SourceLocator {
    private let lines: [Substring]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line and column of the value of `key` in the `index`th `[[table]]` (or in
    /// `[table]` when index is nil); the header's own line when the key is not written there.
    func locate(table: String, index: Int?, key: String?) -> (line: Int, column: Int)? {
        var seen = -1
        var inside = false
        var headerLine: Int?
        for (n, raw) in lines.enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                let isArray = line.hasPrefix("[[")
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" }.trimmingSpaces
                if inside { break }
                if name == table && isArray == (index != nil) {
                    seen += 1
                    if index == nil || seen == index {
                        inside = true
                        headerLine = n + 1
                    }
                }
                continue
            }
            guard inside, let key else { continue }
            let bare = line.prefix { $0 != "=" }.trimmingSpaces
            if bare == key || bare == "\"\(key)\"", let eq = raw.firstIndex(of: "=") {
                let value = raw[raw.index(after: eq)...].prefix { $0 == " " || $0 == "\t" }
                return (n + 1, raw.distance(from: raw.startIndex, to: eq) + 2 + value.count)
            }
        }
        return headerLine.map { ($0, 1) }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
