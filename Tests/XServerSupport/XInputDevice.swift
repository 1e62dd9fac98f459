/// One line of `xinput list --short`, e.g.
/// `⎜   ↳ gestured-touchscreen   id=6   [slave  pointer  (2)]`.
public struct XInputDevice: Sendable, Hashable {
    public var id: Int
    public var name: String
    /// "master pointer", "slave pointer", "master keyboard", "slave keyboard" or "floating slave".
    public var role: String
    /// The master device id for attached slaves (the number in parentheses).
    public var attachment: Int?

    public init(id: Int, name: String, role: String, attachment: Int?) {
        self.id = id
        self.name = name
        self.role = role
        self.attachment = attachment
    }

    static func parse(listShort output: String) -> [XInputDevice] {
        output.split(separator: "\n").compactMap { line in
            guard let idRange = line.range(of: "\tid="),
                let open = line.range(of: "[", range: idRange.upperBound..<line.endIndex),
                let close = line.range(of: "]", range: open.upperBound..<line.endIndex),
                let id = Int(line[idRange.upperBound...].prefix { $0.isNumber })
            else { return nil }
            let name = line[..<idRange.lowerBound]
                .drop { !$0.isLetter && !$0.isNumber } // box-drawing prefix "⎜   ↳ "
                .trimmingCharacters(in: .whitespaces)
            let bracket = line[open.upperBound..<close.lowerBound]
            let words = bracket.split(separator: " ")
            let attachment = words.last.flatMap { Int($0.trimmingCharacters(in: ["(", ")"])) }
            let role = words.filter { !$0.hasPrefix("(") }.joined(separator: " ")
            return XInputDevice(id: id, name: name, role: role, attachment: attachment)
        }
    }
}
