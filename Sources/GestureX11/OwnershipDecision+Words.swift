import GestureCore

extension OwnershipDecision.Target {
    /// Input given back or cancelled, in words for the log: `2 touches, a press of button 3, a
    /// touchpad gesture`, the touches counted first and the rest in their order, `each` after
    /// every part (`1 touch cancelled, a touchpad gesture cancelled`).
    public static func words(_ targets: [Self], each: String = "") -> String {
        var touches = 0
        var parts: [String] = []
        for target in targets {
            switch target {
            case .touch: touches += 1
            case .button(let b): parts.append("a press of button \(b)\(each)")
            case .touchpad: parts.append("a touchpad gesture\(each)")
            }
        }
        if touches > 0 {
            parts.insert((touches == 1 ? "1 touch" : "\(touches) touches") + each, at: 0)
        }
        return parts.joined(separator: ", ")
    }
}
