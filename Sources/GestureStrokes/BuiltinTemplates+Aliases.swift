import GestureCore

extension BuiltinTemplates {
    /// What people call the built-in shapes, for "did you mean": the letter or sign a shape
    /// looks like, and the words for it.
    public static let aliases: [String: String] = [
        "l": "l-down-right", "L": "l-down-right", "j": "l-down-left", "J": "l-down-left",
        "?": "question-mark", "question": "question-mark", "tick": "check", "checkmark": "check",
        "o": "circle", "O": "circle", "0": "circle", "square": "rectangle", "box": "rectangle",
        "{": "left-brace", "}": "right-brace", "[": "left-bracket", "]": "right-bracket",
        "^": "caret", "<": "line-left", ">": "arrow", "*": "star",
    ]
}
