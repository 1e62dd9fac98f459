/// A text config's lines, with their numbers: UTF-8 checked, an invalid byte refused where it
/// is (file:line:column), line ends as Python reads them (LF, CRLF or CR).
struct SourceText {
    let lines: [(number: Int, text: Substring)]

    init(_ bytes: [UInt8], file: String) throws(ImportError) {
        var text = ""
        var line = 1
        var column = 1
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var done = false
        while !done {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                text.unicodeScalars.append(s)
                if s == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                done = true
            case .error:
                throw ImportError(
                    file: file, line: line, column: column, message: "is not UTF-8 text")
            }
        }
        var lines: [(Int, Substring)] = []
        var n = 1
        var rest = text[...]
        while !rest.isEmpty {
            let end = rest.unicodeScalars.firstIndex { $0 == "\n" || $0 == "\r" } ?? rest.endIndex
            lines.append((n, rest[..<end]))
            n += 1
            guard end < rest.endIndex else { break }
            var next = rest.unicodeScalars.index(after: end)
            if rest.unicodeScalars[end] == "\r", next < rest.endIndex,
                rest.unicodeScalars[next] == "\n"
            {
                next = rest.unicodeScalars.index(after: next)
            }
            rest = rest[next...]
        }
        self.lines = lines
    }
}

extension Substring {
    /// Without leading and trailing blanks (spaces, tabs, form feeds and the like).
    var trimmed: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    /// The first word (up to a blank) and what follows it, its blanks dropped.
    var firstWord: (word: Substring, rest: Substring) {
        let word = prefix { !$0.isWhitespace }
        return (word, self[word.endIndex...].drop { $0.isWhitespace })
    }
}
