import GestureActions

/// An action as the window says it: "next desktop", "press alt+Left", "run firefox".
public enum ActionWords {
    public static func phrase(_ text: String) -> String {
        guard let action = try? ActionParser.parse(text) else { return text }
        return phrase(action)
    }

    public static func phrase(_ action: Action) -> String {
        func which(_ w: Action.WindowChoice) -> String {
            w == .active ? "the active window" : "the window"
        }
        switch action {
        case .exec(let command): return "run \(command)"
        case .keys(let chords): return "press " + chords.map(\.text).joined(separator: " then ")
        case .click(let b):
            return b == 1
                ? "click" : b == 3 ? "right-click" : b == 2 ? "middle-click" : "click button \(b)"
        case .scroll(let d, let n): return "scroll \(d.rawValue)" + (n == 1 ? "" : " \(n) times")
        case .desktop(let t, let wrap): return desktop(t) + (wrap ? ", wrapping around" : "")
        case .moveWindow(let t, _, let w): return "move \(which(w)) to " + desktop(t)
        case .window(let c, let w):
            switch c {
            case .toggleMaximize: return "maximize or restore \(which(w))"
            default: return "\(c.rawValue) \(which(w))"
            }
        case .tile(let t, let w): return "tile \(which(w)) \(t.rawValue.replacingDashes())"
        case .toMonitor(let t, let w):
            switch t {
            case .next: return "move \(which(w)) to the next monitor"
            case .previous: return "move \(which(w)) to the previous monitor"
            case .number(let n): return "move \(which(w)) to monitor \(n)"
            }
        case .drag: return "drag"
        case .pointer: return "move the pointer"
        case .windowMove(let w): return "move \(which(w))"
        case .windowResize(_, let w): return "resize \(which(w))"
        case .showDesktop: return "show the desktop"
        case .pass: return "leave it to the application"
        case .stream: return "send it to the desktop shell"
        }
    }

    static func desktop(_ t: Action.DesktopTarget) -> String {
        switch t {
        case .next: "next desktop"
        case .previous: "previous desktop"
        case .number(let n): "desktop \(n)"
        }
    }
}
