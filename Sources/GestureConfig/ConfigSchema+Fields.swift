/// How a settings form edits a key, in the units the file writes it in (degrees, not the
/// radians the recognizer reads).
public enum FieldForm: Equatable, Sendable {
    case number(ClosedRange<Double>, unit: String)
    case integer(ClosedRange<Int>)
    case toggle
    case text
    /// A glob (`*`, `?`, `[a-z]`) on a window class or a device name.
    case glob
    /// A name or a list of names: `what` says of what (`gesture names`).
    case list(of: String)
    /// An action or a list of them, each as the config writes it.
    case actions
    /// One of these words.
    case choice([String])
    /// A stroke's moves: `U` `D` `L` `R` and the keypad diagonals.
    case directions
}

/// One key as a settings form shows it: read from the declaration in `ConfigSchema`, so that a
/// key declared there appears in the window with no code of the window's own.
public struct SchemaField: Sendable {
    public let name: String
    /// The gesture types that take it; empty for a `[settings]` key.
    public let types: [String]
    public let form: FieldForm
    /// The declaration's doc line, without its markdown: the field's help.
    public let help: String
    /// Whether a binding must have it (`type`, `action`, a swipe's `direction`).
    public let isRequired: Bool
    let defaultText: @Sendable (String?) -> String?

    /// What its absence means in a gesture of `type` (in `[settings]` without one), in words:
    /// `300`, `every window`; nil when it is required.
    public func absentText(for type: String? = nil) -> String? { defaultText(type) }
}

public enum SettingsSchema {
    /// The keys of `[settings]`, in the declarations' order.
    public static let settings: [SchemaField] = fields.filter { $0.types.isEmpty }

    /// Every gesture type, in the declarations' order.
    public static let gestureTypes: [String] = GestureBinding.GestureType.allCases.map(\.rawValue)

    /// The keys a gesture of `type` takes, in the declarations' order (`fingers` and `direction`
    /// are declared once per meaning; a type takes one of each).
    public static func fields(for type: String) -> [SchemaField] {
        fields.filter { $0.types.contains(type) }
    }

    static let fields: [SchemaField] = ConfigSchema.all.map { ($0 as! any FieldDeclaring).field }

    /// A doc line as help: plain, without its "(see ...)" pointers to the docs.
    static func help(_ markdown: String) -> String {
        var text = plain(markdown)
        while let see = text.firstRange(of: " (see "),
            let close = text[see.upperBound...].firstIndex(of: ")")
        {
            text.removeSubrange(see.lowerBound...close)
        }
        return text
    }

    /// `text` without backticks, and `[words](link)` as its words.
    static func plain(_ markdown: String) -> String {
        var out = ""
        var link = false
        var skipping = false
        for c in markdown {
            if skipping {
                if c == ")" { skipping = false }
                continue
            }
            switch c {
            case "`": continue
            case "[": link = true
            case "]" where link: link = false
            case "(" where out.last == "\u{1}":
                skipping = true
                out.removeLast()
                continue
            default: out.append(c)
            }
            if c == "]" { out.append("\u{1}") }
        }
        return out.replacingMarks()
    }
}

/// A declaration that can say itself as a `SchemaField`.
protocol FieldDeclaring {
    var field: SchemaField { get }
}

extension ConfigKey: FieldDeclaring {
    var field: SchemaField {
        let (absent, domain) = (self.absent, self.domain)
        var required = false
        if case .required = absent { required = true }
        return SchemaField(
            name: name, types: scope.types.map(\.rawValue), form: domain.form,
            help: SettingsSchema.help(doc), isRequired: required,
            defaultText: { type in
                switch absent {
                case .value(let v): return SettingsSchema.plain(domain.show(v))
                case .byType(let values):
                    guard let type = type.flatMap(GestureBinding.GestureType.init(rawValue:)),
                        let v = values[type]
                    else { return nil }
                    return SettingsSchema.plain(domain.show(v))
                case .none(let meaning): return SettingsSchema.plain(meaning)
                case .required: return nil
                }
            })
    }
}

extension String {
    /// Without the marks `plain` left after a link's words.
    fileprivate func replacingMarks() -> String { String(filter { $0 != "\u{1}" }) }
}
