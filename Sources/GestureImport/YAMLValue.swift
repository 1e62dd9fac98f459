/// YAML 1.1 scalars as Ruby's Psych reads them, which is how fusuma reads its config: plain
/// `null`, `~` and nothing are null; `true`, `yes`, `on` and their opposites are booleans;
/// plain digits are integers; plain decimals floats; anything quoted a string.
enum YAMLValue: Equatable {
    case null, bool(Bool), int(Int), double(Double), string(String)

    init(_ node: YAMLNode) {
        guard case .scalar(let text, let plain) = node.kind else {
            self = .string("")
            return
        }
        guard plain else {
            self = .string(text)
            return
        }
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": self = .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": self = .bool(false)
        default:
            let digits =
                text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let n = Int(text.hasPrefix("+") ? String(digits) : text)
            {
                self = .int(n)
            } else if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
                let d = Double(text), d.isFinite,
                text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) })
            {
                self = .double(d)
            } else {
                self = .string(text)
            }
        }
    }

    var number: Double? {
        switch self {
        case .int(let n): return Double(n)
        case .double(let d): return d
        default: return nil
        }
    }

    /// As Ruby's `to_s` writes it.
    var text: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .double(let d): return "\(d)"
        case .string(let s): return s
        }
    }
}

extension YAMLNode {
    var value: YAMLValue { YAMLValue(self) }
    var isNull: Bool { if case .scalar = kind { return value == .null } else { return false } }

    /// A mapping's pairs with `<<` merges resolved (the merged mapping's keys after the node's
    /// own, which win); nil for a node that is no mapping.
    var pairs: [(key: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let own) = kind else { return nil }
        var out = own.filter { $0.key.value != .string("<<") }
        for merge in own where merge.key.value == .string("<<") {
            let sources: [YAMLNode]
            if case .sequence(let list) = merge.value.kind {
                sources = list
            } else {
                sources = [merge.value]
            }
            for s in sources {
                for p in s.pairs ?? [] where !out.contains(where: { $0.key.value == p.key.value }) {
                    out.append(p)
                }
            }
        }
        return out
    }

    subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.value == .string(key) }?.value
    }
}
