import GestureCore

/// Parses the config's action strings.
public enum ActionParser {
    public static let verbs = ["exec", "keys", "click", "desktop", "window", "show-desktop"]

    static let modifierAliases: [String: KeyChord.Modifier] = [
        "shift": .shift, "ctrl": .ctrl, "control": .ctrl, "alt": .alt, "mod1": .alt,
        "super": .super, "win": .super, "logo": .super, "mod4": .super, "meta": .meta, "hyper": .hyper,
    ]

    public static func parse(_ text: String) throws(ActionError) -> Action {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        let verbEnd = trimmed.firstIndex { $0 == " " || $0 == "\t" } ?? trimmed.endIndex
        let verb = String(trimmed[..<verbEnd])
        let rest = String(trimmed[verbEnd...].drop { $0 == " " || $0 == "\t" })
        let args = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch verb {
        case "exec":
            guard !rest.isEmpty else { throw ActionError(message: "\"exec\" needs a command") }
            return .exec(rest)
        case "keys":
            guard !args.isEmpty else { throw ActionError(message: "\"keys\" needs a chord, such as super+Left") }
            var chords: [KeyChord] = []
            for a in args { chords.append(try chord(a)) }
            return .keys(chords)
        case "click":
            guard args.count == 1, let b = Int(args[0]), (1...32).contains(b) else {
                throw ActionError(message: "\"click\" needs one button number from 1 to 32, not \"\(rest)\"")
            }
            return .click(button: b)
        case "desktop":
            guard args.count == 1 else { throw ActionError(message: "\"desktop\" needs next, prev or a desktop number") }
            switch args[0] {
            case "next": return .desktop(.next)
            case "prev", "previous": return .desktop(.previous)
            default:
                guard let n = Int(args[0]), n >= 1 else {
                    throw ActionError(message: "\"desktop\" needs next, prev or a desktop number from 1, not \"\(args[0])\"")
                }
                return .desktop(.number(n))
            }
        case "window":
            let names = Action.WindowCommand.allCases.map(\.rawValue)
            guard args.count == 1, let c = Action.WindowCommand(rawValue: args[0]) else {
                throw ActionError(message: "\"window\" needs one of \(names.joined(separator: ", ")), not \"\(rest)\"")
            }
            return .window(c)
        case "show-desktop":
            guard args.isEmpty else { throw ActionError(message: "\"show-desktop\" takes no arguments") }
            return .showDesktop
        case "":
            throw ActionError(message: "the action is empty")
        default:
            let hint = Suggestion.closest(to: verb, among: verbs).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ActionError(message: "unknown action \"\(verb)\"\(hint); actions start with one of \(verbs.joined(separator: ", "))")
        }
    }

    static func chord(_ text: String) throws(ActionError) -> KeyChord {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw ActionError(message: "\"\(text)\" has an empty part") }
        var modifiers: [KeyChord.Modifier] = []
        for (i, part) in parts.enumerated() {
            if let m = modifierAliases[part.lowercased()] {
                if !modifiers.contains(m) { modifiers.append(m) }
                continue
            }
            guard i == parts.count - 1 else {
                throw ActionError(message: "\"\(part)\" in \"\(text)\" is not a modifier (shift, ctrl, alt, super, meta, hyper); only the last part is a key")
            }
            guard part.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }) else {
                throw ActionError(message: "\"\(part)\" is not a key name (use X keysym names such as Left, a, F5, XF86AudioMute)")
            }
            return KeyChord(modifiers: modifiers, key: part)
        }
        return KeyChord(modifiers: modifiers, key: nil)
    }
}
