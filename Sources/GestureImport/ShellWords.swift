/// Command lines as words: libinput-gestures splits its commands with Python's `shlex.split`
/// and runs the words without a shell; gestured's `exec` hands its command to `/bin/sh -c`.
/// `split` reads a line as shlex does, and `command` writes words back so that the shell
/// runs exactly them: nothing spliced, expanded or taken as an operator.
public enum ShellWords {
    public struct Unreadable: Error, Equatable {
        public let message: String
    }

    /// The words of `line` as `shlex.split` (POSIX mode, no comments) reads them: blanks
    /// separate words; `'…'` keeps everything; `"…"` keeps everything but `\"` and `\\`;
    /// outside quotes `\` keeps the next character. `#`, `&&`, `;` and `|` are words like any
    /// other.
    public static func split(_ line: String) throws(Unreadable) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var chars = line.unicodeScalars.makeIterator()
        while let c = chars.next() {
            switch c {
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(word)
                    word = ""
                    inWord = false
                }
            case "'":
                inWord = true
                var closed = false
                while let q = chars.next() {
                    if q == "'" {
                        closed = true
                        break
                    }
                    word.unicodeScalars.append(q)
                }
                guard closed else { throw Unreadable(message: "No closing quotation") }
            case "\"":
                inWord = true
                var closed = false
                while let q = chars.next() {
                    if q == "\"" {
                        closed = true
                        break
                    }
                    if q == "\\" {
                        guard let n = chars.next() else {
                            throw Unreadable(message: "No closing quotation")
                        }
                        if n != "\"" && n != "\\" { word.unicodeScalars.append(q) }
                        word.unicodeScalars.append(n)
                        continue
                    }
                    word.unicodeScalars.append(q)
                }
                guard closed else { throw Unreadable(message: "No closing quotation") }
            case "\\":
                guard let n = chars.next() else {
                    throw Unreadable(message: "No escaped character")
                }
                inWord = true
                word.unicodeScalars.append(n)
            default:
                inWord = true
                word.unicodeScalars.append(c)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// One word for `/bin/sh`: as it is when it holds only characters the shell never reads
    /// specially, else in single quotes (a `'` in it as `'"'"'`), as Python's `shlex.quote`.
    public static func quote(_ word: String) -> String {
        if !word.isEmpty && word.unicodeScalars.allSatisfy(isSafe) { return word }
        return "'" + word.replacing("'", with: "'\"'\"'") + "'"
    }

    /// The words as one command for `/bin/sh -c` that runs exactly them.
    public static func command(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }

    /// The program word as libinput-gestures expands it when it reads the config (`~` and
    /// `$NAME` or `${NAME}`, Python's `expanduser` and `expandvars`), written so that the
    /// shell expands the same when it runs: `"$HOME"/bin/x`; the rest quoted.
    public static func programWord(_ word: String) -> String {
        var parts: [String] = []
        var literal = ""
        var rest = Substring(word)
        if rest == "~" || rest.hasPrefix("~/") {
            parts.append("\"$HOME\"")
            rest = rest.dropFirst()
        }
        while let c = rest.first {
            if c == "$" {
                let after = rest.dropFirst()
                var name = ""
                var consumed = 0
                if after.first == "{", let close = after.firstIndex(of: "}") {
                    name = String(after[after.index(after: after.startIndex)..<close])
                    consumed = name.count + 3
                } else {
                    name = String(after.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    consumed = name.count + 1
                }
                if !name.isEmpty && name.unicodeScalars.allSatisfy({ isNameCharacter($0) }) {
                    if !literal.isEmpty {
                        parts.append(quote(literal))
                        literal = ""
                    }
                    parts.append("\"${\(name)}\"")
                    rest = rest.dropFirst(consumed)
                    continue
                }
            }
            literal.append(c)
            rest = rest.dropFirst()
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(quote(literal)) }
        return parts.joined()
    }

    private static func isSafe(_ c: Unicode.Scalar) -> Bool {
        isNameCharacter(c) || "@%+=:,./-".unicodeScalars.contains(c)
    }

    private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
    }
}
