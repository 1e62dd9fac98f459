import TestSupport

/// A TOML document built at random from the grammar: the values it holds, and one of the many
/// ways of writing them (headers, dotted keys or inline tables; four kinds of string; four
/// bases; blanks, comments and CRLF), so that a reader's result can be compared with what was
/// built.
struct RandomTOML {
    /// A key and its value (a struct: Swift 6.3 finds a circular reference in a tuple here).
    struct Entry {
        let key: String
        let value: Model

        init(_ key: String, _ value: Model) {
            self.key = key
            self.value = value
        }
    }

    enum Model {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case datetime(String)
        case array([Model])
        case table([Entry])
        /// An array of tables, written with `[[header]]`s or as an array of inline tables.
        case tables([[Entry]])

        var json: String {
            switch self {
            case .string(let s): CanonicalJSON.typed("string", s)
            case .integer(let n): CanonicalJSON.typed("integer", String(n))
            case .float(let x): CanonicalJSON.float(x)
            case .bool(let b): CanonicalJSON.typed("bool", b ? "true" : "false")
            case .datetime(let text): CanonicalJSON.datetime(text)
            case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
            case .table(let entries): Self.json(entries)
            case .tables(let tables): "[" + tables.map(Self.json).joined(separator: ",") + "]"
            }
        }

        static func json(_ entries: [Entry]) -> String {
            CanonicalJSON.object(entries.map { ($0.key, $0.value.json) })
        }
    }

    let root: [Entry]
    let text: String

    init(seed: UInt64) {
        var builder = Builder(rng: SeededRandom(state: seed))
        root = builder.table(depth: 0)
        builder.newline = builder.chance(0.2) ? "\r\n" : "\n"
        builder.section(path: [], entries: root, headersOnly: false)
        text = builder.out
    }

    struct Builder {
        var rng: SeededRandom
        var out = ""
        var newline = "\n"

        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &rng)! }
        mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

        // MARK: Values

        mutating func table(depth: Int) -> [Entry] {
            var seen = Set<[Unicode.Scalar]>()
            var entries: [Entry] = []
            for _ in 0..<count(0...(depth == 0 ? 7 : 4)) {
                let k = key()
                guard seen.insert(Array(k.unicodeScalars)).inserted else { continue }
                entries.append(Entry(k, entry(depth: depth)))
            }
            return entries
        }

        mutating func entry(depth: Int) -> Model {
            if depth < 4, chance(0.2) { return .table(table(depth: depth + 1)) }
            if depth < 4, chance(0.1) {
                return .tables((0..<count(1...3)).map { _ in table(depth: depth + 1) })
            }
            return value(depth: depth)
        }

        mutating func value(depth: Int) -> Model {
            switch count(0...9) {
            case 0, 1: .string(text(count(0...12)))
            case 2: .integer(integer())
            case 3: .float(float())
            case 4: .bool(chance(0.5))
            case 5: .datetime(datetime())
            case 6 where depth < 5: .array((0..<count(0...4)).map { _ in value(depth: depth + 1) })
            case 7 where depth < 4: .table(table(depth: depth + 1))
            default: .string(text(count(0...6)))
            }
        }

        static let characters: [String] = [
            "a", "b", "Z", "0", " ", "\"", "\"\"", "'", "''", "\\", "\n", "\t", "é", "e\u{301}",
            "😀", "中",
            "\u{7F}", "\u{1}", "\u{1F}", "\r", "#", "=", "\u{85}", "\u{FEFF}", "[", "{", ".",
            "\u{8}", "\u{C}",
        ]

        mutating func text(_ length: Int) -> String {
            (0..<length).map { _ in pick(Self.characters) }.joined()
        }

        mutating func key() -> String {
            if chance(0.7) {
                return (0..<count(1...6)).map { _ in pick(["a", "b", "x", "Y", "0", "9", "_", "-"])
                }.joined()
            }
            return text(count(0...5))
        }

        mutating func integer() -> Int {
            switch count(0...5) {
            case 0: pick([0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1])
            case 1: Int.random(in: Int.min...Int.max, using: &rng)
            default: Int.random(in: -100_000...100_000, using: &rng)
            }
        }

        mutating func float() -> Double {
            switch count(0...5) {
            case 0:
                pick([
                    0.0, -0.0, .infinity, -.infinity, .nan, 0.1, 1e300, .leastNonzeroMagnitude,
                    .greatestFiniteMagnitude, 1.5,
                ])
            case 1: Double(bitPattern: rng.next()).finiteOrOne
            default: Double.random(in: -1e6...1e6, using: &rng)
            }
        }

        mutating func datetime() -> String {
            let date = pick(["1979-05-27", "2000-02-29", "0001-01-01", "9999-12-31"])
            let time = pick([
                "07:32:00", "00:00:00", "23:59:59.999999", "12:30:45.5", "01:02:03.123456789",
            ])
            let separator = pick(["T", "t", " "])
            switch count(0...3) {
            case 0: return date
            case 1: return time
            case 2: return date + separator + time
            default:
                return date + separator + time
                    + pick(["Z", "z", "-07:00", "+14:00", "-00:00", "+05:30"])
            }
        }

        // MARK: Writing

        mutating func section(path: [String], entries: [Entry], headersOnly: Bool) {
            var headers: [Entry] = []
            for entry in entries {
                let (k, v) = (entry.key, entry.value)
                switch v {
                case .table(let t) where !headersOnly && !t.isEmpty && chance(0.3):
                    dotted([k], t)
                case .table where headersOnly || chance(0.6),
                    .tables where headersOnly || chance(0.7):
                    headers.append(Entry(k, v))
                default:
                    line([k], v)
                }
            }
            for entry in headers {
                let (k, v) = (entry.key, entry.value)
                let full = path + [k]
                switch v {
                case .table(let t):
                    let onlyTables = t.allSatisfy {
                        if case .table = $0.value {
                            true
                        } else if case .tables = $0.value {
                            true
                        } else {
                            false
                        }
                    }
                    if !t.isEmpty, onlyTables, chance(0.5) {
                        // The table is only implied.
                        section(path: full, entries: t, headersOnly: true)
                    } else {
                        blanks()
                        out +=
                            indent() + "[" + pick(["", " "]) + keyText(full)
                            + pick(["", " ", "\t"]) + "]" + lineEnd()
                        section(path: full, entries: t, headersOnly: false)
                    }
                case .tables(let tables):
                    for t in tables {
                        blanks()
                        out +=
                            indent() + "[[" + pick(["", " "]) + keyText(full) + pick(["", " "])
                            + "]]" + lineEnd()
                        section(path: full, entries: t, headersOnly: false)
                    }
                default:
                    break
                }
            }
        }

        /// A table written as `a.b = 1` lines in its parent's section.
        mutating func dotted(_ prefix: [String], _ entries: [Entry]) {
            for entry in entries {
                let (k, v) = (entry.key, entry.value)
                if case .table(let t) = v, !t.isEmpty, chance(0.6) {
                    dotted(prefix + [k], t)
                } else {
                    line(prefix + [k], v)
                }
            }
        }

        mutating func line(_ key: [String], _ value: Model) {
            blanks()
            out +=
                indent() + keyText(key) + pick(["=", " = ", "\t=\t", " =", "=  "]) + inline(value)
                + lineEnd()
        }

        mutating func blanks() {
            if chance(0.1) { out += newline }
            if chance(0.1) {
                out +=
                    indent() + "# "
                    + pick(["a comment", "é 😀", "\"quoted\" = 'no'", "[not] a header"]) + newline
            }
        }

        mutating func indent() -> String { pick(["", "", "", "  ", "\t"]) }

        mutating func lineEnd() -> String { pick(["", "", " ", " # comment", "\t#"]) + newline }

        mutating func keyText(_ parts: [String]) -> String {
            var out = ""
            for (n, part) in parts.enumerated() {
                if n > 0 { out += pick([".", ".", " .", ". ", " . "]) }
                if !part.isEmpty,
                    part.unicodeScalars.allSatisfy({
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
                                || $0 == "-")
                    })
                {
                    out += part
                } else if literalAllowed(part), chance(0.4) {
                    out += "'" + part + "'"
                } else {
                    out += basic(part)
                }
            }
            return out
        }

        mutating func inline(_ value: Model) -> String {
            switch value {
            case .string(let s): return string(s)
            case .integer(let n): return integerText(n)
            case .float(let x): return floatText(x)
            case .bool(let b): return b ? "true" : "false"
            case .datetime(let text): return text
            case .array(let items):
                if items.isEmpty { return pick(["[]", "[ ]", "[" + newline + "]"]) }
                var out = "[" + pick(["", " ", newline + "  ", " # open" + newline])
                for (n, item) in items.enumerated() {
                    if n > 0 {
                        out += pick([
                            ", ", ",", " , ", "," + newline + "  ", ", # after" + newline,
                            "," + newline + newline,
                        ])
                    }
                    out += inline(item)
                }
                return out + pick(["", ",", " ,", "," + newline, newline]) + "]"
            case .table(let entries):
                var pairs: [String] = []
                for entry in entries {
                    let (k, v) = (entry.key, entry.value)
                    if case .table(let t) = v, !t.isEmpty, chance(0.3) {
                        for inner in t {
                            pairs.append(
                                keyText([k, inner.key]) + pick(["=", " = "]) + inline(inner.value))
                        }
                    } else {
                        pairs.append(keyText([k]) + pick(["=", " = "]) + inline(v))
                    }
                }
                if pairs.isEmpty { return pick(["{}", "{ }"]) }
                return "{" + pick(["", " "]) + pairs.joined(separator: pick([", ", ",", " , "]))
                    + pick(["", " "]) + "}"
            case .tables(let tables):
                return inline(.array(tables.map { .table($0) }))
            }
        }

        // MARK: Scalars

        func literalAllowed(_ s: String) -> Bool {
            !s.unicodeScalars.contains {
                $0 == "'" || $0 == "\n" || $0 == "\r" || ($0.value < 0x20 && $0 != "\t")
                    || $0.value == 0x7F
            }
        }

        mutating func string(_ s: String) -> String {
            let scalars = s.unicodeScalars
            switch count(0...3) {
            case 1 where literalAllowed(s):
                return "'" + s + "'"
            case 2:
                var out = "\"\"\"" + (s.hasPrefix("\n") || chance(0.5) ? newline : "")
                var rawQuotes = 0 // up to two in a row, even just before the closing three
                for scalar in scalars {
                    rawQuotes = scalar == "\"" ? rawQuotes : 0
                    switch scalar {
                    case "\n": out += newline
                    case "\"" where rawQuotes < 2 && chance(0.7):
                        out += "\""
                        rawQuotes += 1
                    case "\"":
                        out += "\\\""
                        rawQuotes = 0
                    case "\\": out += "\\\\"
                    case "\t": out += "\t"
                    default:
                        if scalar.value < 0x20 || scalar.value == 0x7F {
                            out += escape(scalar)
                        } else {
                            if chance(0.05), scalar != " " {
                                out += "\\" + newline + pick(["", "  ", newline + "\t"])
                            }
                            out.unicodeScalars.append(scalar)
                        }
                    }
                }
                return out + "\"\"\""
            case 3
            where !scalars.contains(where: {
                ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F
            }) && !s.contains("'''"):
                return "'''" + (s.hasPrefix("\n") || chance(0.5) ? newline : "")
                    + s.replacingNewlines(with: newline) + "'''"
            default:
                return basic(s)
            }
        }

        mutating func basic(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += chance(0.5) ? "\t" : "\\t"
                case "\r": out += "\\r"
                case "\u{8}": out += "\\b"
                case "\u{C}": out += "\\f"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F || chance(0.1) {
                        out += escape(scalar)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }

        mutating func escape(_ scalar: Unicode.Scalar) -> String {
            let hex = String(scalar.value, radix: 16, uppercase: chance(0.5))
            if scalar.value <= 0xFFFF, chance(0.7) {
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
        }

        mutating func underscored(_ digits: String) -> String {
            var out = ""
            for (n, c) in digits.enumerated() {
                if n > 0, chance(0.15) { out += "_" }
                out.append(c)
            }
            return out
        }

        mutating func integerText(_ n: Int) -> String {
            if n >= 0, chance(0.3) {
                let (prefix, radix) = pick([("0x", 16), ("0o", 8), ("0b", 2)])
                return prefix
                    + underscored(
                        String(repeating: "0", count: count(0...2))
                            + String(n, radix: radix, uppercase: chance(0.5)))
            }
            let sign = n < 0 ? "-" : pick(["", "", "+", n == 0 ? "-" : ""])
            return sign + underscored(String(n.magnitude))
        }

        mutating func floatText(_ x: Double) -> String {
            var text = x.description
            if x.isFinite {
                let parts = text.split(separator: "e", omittingEmptySubsequences: false)
                text = parts.map { part in
                    part.split(separator: ".", omittingEmptySubsequences: false).map { group in
                        let sign =
                            group.first == "-" || group.first == "+" ? String(group.first!) : ""
                        return sign + underscored(String(group.dropFirst(sign.count)))
                    }.joined(separator: ".")
                }.joined(separator: chance(0.5) ? "e" : "E")
            }
            if !text.hasPrefix("-"), chance(0.3) { text = "+" + text }
            return text
        }
    }
}

extension Double {
    fileprivate var finiteOrOne: Double { isNaN ? 1 : self }
}

extension String {
    fileprivate func replacingNewlines(with newline: String) -> String {
        newline == "\n"
            ? self
            : split(separator: "\n", omittingEmptySubsequences: false).joined(separator: newline)
    }
}
