import GestureActions

/// Every action gestured performs, as a list to pick from: each as the config writes it and in
/// words. Where `GestureActions.ActionCatalogue` writes a form (`window tile left|right|...`),
/// this has one choice per action the form allows, from the action types' cases, so that a new
/// window command or tile appears here without a change; a test fails when the catalogue gains
/// an action this cannot pick.
public enum ActionChoices {
    /// What a pick still needs from the user.
    public enum Parameter: Equatable, Sendable {
        case none
        /// A key chord, pressed in the shortcut recorder (`keys`).
        case chord
        /// A shell command (`exec`), shown plainly with a warning.
        case command
        /// A desktop number (`desktop N`).
        case desktopNumber
    }

    public struct Choice: Equatable, Sendable {
        /// "Next desktop".
        public let title: String
        /// `desktop next`; for a choice with a parameter, the verb it starts with (`keys`).
        public let text: String
        public let parameter: Parameter
    }

    public static let all: [Choice] = {
        var texts = [
            "desktop next", "desktop prev", "desktop move-window next", "desktop move-window prev",
        ]
        texts += Action.WindowCommand.allCases.map { "window \($0.rawValue)" }
        texts += Action.Tile.allCases.map { "window tile \($0.rawValue)" }
        texts += [
            "window to-monitor next", "window to-monitor prev", "show-desktop", "click 1",
            "click 3", "click 2",
        ]
        texts += Action.ScrollDirection.allCases.map { "scroll \($0.rawValue)" }
        texts += ["drag", "pointer", "window move", "window resize", "pass", "stream"]
        var choices = texts.map {
            Choice(title: ActionWords.phrase($0).capitalizedFirst, text: $0, parameter: .none)
        }
        choices.insert(
            Choice(title: "Go to a desktop by number", text: "desktop", parameter: .desktopNumber),
            at: 2)
        choices.append(Choice(title: "Press keys", text: "keys", parameter: .chord))
        choices.append(Choice(title: "Run a command", text: "exec", parameter: .command))
        return choices
    }()

    /// The choice an action text is, and its parameter as written (`alt+Left`, `firefox`, `2`).
    public static func choice(for text: String) -> (Choice, String)? {
        let trimmed = text.split(separator: " ", omittingEmptySubsequences: true).joined(
            separator: " ")
        if let exact = all.first(where: { $0.text == trimmed }) { return (exact, "") }
        for choice in all where choice.parameter != .none {
            let prefix = choice.text + " "
            if trimmed.hasPrefix(prefix) {
                let rest = String(trimmed.dropFirst(prefix.count))
                if choice.parameter == .desktopNumber, Int(rest) == nil { continue }
                return (
                    choice,
                    choice.parameter == .command
                        ? String(text.drop { $0 == " " }.dropFirst(5)) : rest
                )
            }
        }
        return nil
    }

    /// The action text of a choice with its parameter.
    public static func text(_ choice: Choice, _ parameter: String) -> String {
        choice.parameter == .none ? choice.text : choice.text + " " + parameter
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
