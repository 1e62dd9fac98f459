@testable import GestureConfig

/// A TOML document as JSON in one canonical form, the one `Tomllib.script` prints: keys sorted
/// by code point, scalars typed as in toml-test (`{"type":"integer","value":"1"}`), floats as
/// their bit pattern (so -0.0 and the last digit count) except NaN, date-times in Python's
/// `isoformat()`, and every non-ASCII or control character escaped as Python's
/// `json.dumps(ensure_ascii=True)` does.
enum CanonicalJSON {
    static func render(_ table: TOMLTable) -> String {
        object(table.keys.map { ($0, render(table[$0]!)) })
    }

    static func render(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string(let s): typed("string", s)
        case .integer(let n): typed("integer", String(n))
        case .float(let x): float(x)
        case .bool(let b): typed("bool", b ? "true" : "false")
        case .datetime(let text): datetime(text)
        case .array(let items): "[" + items.map(render).joined(separator: ",") + "]"
        case .table(let t): render(t)
        }
    }

    static func object(_ members: [(String, String)]) -> String {
        let sorted = members.sorted {
            $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars)
        }
        return "{" + sorted.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func typed(_ type: String, _ value: String) -> String {
        "{\"type\":\"\(type)\",\"value\":\(string(value))}"
    }

    static func float(_ x: Double) -> String {
        typed("float", x.isNaN ? "nan" : String(x.bitPattern))
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                if scalar.value > 0xFFFF {
                    let v = scalar.value - 0x10000
                    out += utf16Escape(0xD800 + (v >> 10)) + utf16Escape(0xDC00 + (v & 0x3FF))
                } else {
                    out += utf16Escape(scalar.value)
                }
            }
        }
        return out + "\""
    }

    static func utf16Escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// The type toml-test gives the value, and the text Python's `isoformat()` would print:
    /// `T` between date and time, the fraction cut to microseconds and left out when zero,
    /// `Z` and `-00:00` as `+00:00`.
    static func datetime(_ text: String) -> String {
        var s = Substring(text)
        var date: Substring?
        if s.count >= 10, s[s.index(s.startIndex, offsetBy: 4)] == "-" {
            date = s.prefix(10)
            s = s.dropFirst(10)
            guard !s.isEmpty else { return typed("date-local", String(date!)) }
            s = s.dropFirst() // T, t or space
        }
        var time = String(s.prefix(8))
        s = s.dropFirst(8)
        if s.first == "." {
            let digits = s.dropFirst().prefix { $0.isASCII && $0.isNumber }
            s = s.dropFirst(1 + digits.count)
            let micro = String(digits.prefix(6)).padding(to: 6)
            if micro != "000000" { time += "." + micro }
        }
        guard let date else { return typed("time-local", time) }
        guard !s.isEmpty else { return typed("datetime-local", "\(date)T\(time)") }
        let offset = s == "Z" || s == "z" || s == "-00:00" ? "+00:00" : String(s)
        return typed("datetime", "\(date)T\(time)\(offset)")
    }
}

extension String {
    fileprivate func padding(to length: Int) -> String {
        self + String(repeating: "0", count: max(0, length - count))
    }
}
