/// Text for gestured's globs (`app`, `device`).
enum GlobText {
    /// A glob that matches exactly `text`: `*`, `?` and `[` in brackets.
    static func literal(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "*", "?", "[": out += "[\(c)]"
            default: out.append(c)
            }
        }
        return out
    }
}
