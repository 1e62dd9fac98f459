extension String {
    /// The text with each character that `replacements` names replaced: the quoting of shells
    /// and of troff, without the string algorithms of _StringProcessing.
    func escaping(_ replacements: [Character: String]) -> String {
        var result = ""
        for character in self {
            if let replacement = replacements[character] {
                result += replacement
            } else {
                result.append(character)
            }
        }
        return result
    }
}
