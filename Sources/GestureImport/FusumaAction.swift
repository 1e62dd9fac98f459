/// The action of a fusuma gesture as gestured's: `command:` (a shell command), and the plugins'
/// `sendkey:` (keys by their Linux names), `workspace:` and `window:` (wmctrl), and fusuma 0's
/// `shortcut:` (xdotool's key names).
struct FusumaAction {
    let key: (String, TOMLValue)
    var notes: [String] = []

    struct Why: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// The per-event values fusuma puts in a command's environment, which gestured does not.
    static let eventVariables = [
        "move_x", "move_y", "unaccelerated_x", "unaccelerated_y", "zoom", "rotate", "finger",
    ]

    static func from(_ node: YAMLNode, context: FusumaContext) -> Result<FusumaAction, Why> {
        guard let pairs = node.pairs else {
            return .failure(
                Why(
                    "\(FusumaImporter.shortText(node)) is not a mapping of an action: fusuma does nothing"
                ))
        }
        let keys = pairs.map { $0.key.value.text }
        let known = FusumaImporter.executors.filter { keys.contains($0) }
        let unknown = pairs.filter { p in
            let k = p.key.value.text
            return !FusumaImporter.executors.contains(k) && !FusumaImporter.parameters.contains(k)
                && !FusumaImporter.statuses.contains(k) && p.value.pairs == nil
        }.map { $0.key.value.text }
        guard let executor = known.first else {
            if let u = unknown.first {
                return .failure(
                    Why("\(u) is an action of a fusuma plugin that gestured does not know"))
            }
            return .failure(Why("no action: fusuma does nothing"))
        }
        let value = node[executor]!
        var result: Result<FusumaAction, Why>
        switch executor {
        case "command": result = command(value)
        case "sendkey": result = sendkey(value, context: context)
        case "workspace": result = workspace(value, context: context)
        case "window": result = window(value, context: context)
        default: result = shortcut(value, context: context)
        }
        if known.count > 1, case .success(var a) = result {
            a.notes.append(
                "fusuma runs one action of a gesture, its own command before a plugin's: \(executor), not \(known.dropFirst().joined(separator: ", "))"
            )
            result = .success(a)
        }
        return result
    }

    private static func command(_ node: YAMLNode) -> Result<FusumaAction, Why> {
        guard case .scalar = node.kind, !node.isNull else {
            return .failure(Why("no command: fusuma runs nothing"))
        }
        let text = node.value.text
        guard !text.trimmedBlanks.isEmpty else {
            return .failure(Why("an empty command: fusuma runs nothing"))
        }
        if let v = eventVariables.first(where: {
            text.contains("$" + $0) || text.contains("${" + $0)
        }) {
            return .failure(
                Why(
                    "the command reads $\(v), which fusuma sets for each event of the gesture and gestured does not (its commands get GESTURE_DX and the like, since the gesture began); gestured's drag and pointer actions move the pointer with the fingers"
                ))
        }
        return .success(FusumaAction(key: ("action", .string("exec " + text))))
    }

    private static func sendkey(_ node: YAMLNode, context: FusumaContext) -> Result<
        FusumaAction, Why
    > {
        var chords: [String] = []
        let items: [YAMLNode]
        switch node.kind {
        case .sequence(let list): items = list
        case .scalar where !node.isNull: items = [node]
        default:
            return .failure(
                Why(
                    "sendkey: \(FusumaImporter.shortText(node)) is neither keys nor a list of them: fusuma sends nothing"
                ))
        }
        for item in items {
            guard case .scalar = item.kind, case .string(let text) = item.value else {
                return .failure(
                    Why(
                        "sendkey: \(FusumaImporter.shortText(item)) is not keys written as NAME+NAME: gestured reads no other form"
                    ))
            }
            var mods: [String] = []
            var plain: [String] = []
            for raw in text.split(separator: "+") {
                var name = raw.uppercased()
                if name.hasPrefix("KEY_") { name = String(name.dropFirst(4)) }
                if let m = EvdevKeys.modifiers[name] {
                    if !mods.contains(m) { mods.append(m) }
                } else if let sym = EvdevKeys.keysym(name), context.knowsKey(sym) {
                    plain.append(sym)
                } else {
                    return .failure(Why("sendkey: \(raw) is no key gestured knows the X name of"))
                }
            }
            guard plain.count <= 1 else {
                return .failure(
                    Why(
                        "sendkey: \(text) presses \(plain.joined(separator: " and ")) together; a gestured chord holds its modifiers around one key"
                    ))
            }
            guard !(mods.isEmpty && plain.isEmpty) else { return .failure(Why("sendkey: no key")) }
            chords.append((mods + plain).joined(separator: "+"))
        }
        guard !chords.isEmpty else {
            return .failure(Why("sendkey: an empty list: fusuma sends nothing"))
        }
        var action = FusumaAction(key: ("action", .string("keys " + chords.joined(separator: " "))))
        action.notes.append("sendkey's Linux key names as the keys they are on a US layout")
        return .success(action)
    }

    private static func workspace(_ node: YAMLNode, context: FusumaContext) -> Result<
        FusumaAction, Why
    > {
        let wrap = context.wrap ? " wrap" : ""
        switch node.value.text {
        case "next": return .success(FusumaAction(key: ("action", .string("desktop next" + wrap))))
        case "prev": return .success(FusumaAction(key: ("action", .string("desktop prev" + wrap))))
        case let d where ["up", "down", "left", "right"].contains(d):
            return .failure(
                Why(
                    "workspace: \(d) moves in a grid of workspaces; gestured's desktop actions go one desktop on or back"
                ))
        case let d:
            return .failure(
                Why(
                    "workspace: \(d) is none of next, prev, up, down, left, right: fusuma does nothing"
                ))
        }
    }

    private static func window(_ node: YAMLNode, context: FusumaContext) -> Result<
        FusumaAction, Why
    > {
        let wrap = context.wrap ? " wrap" : ""
        var name = node.value.text
        var method = "toggle"
        if let pairs = node.pairs {
            guard pairs.count == 1 else {
                return .failure(
                    Why("window: \(FusumaImporter.shortText(node)) names more than one thing to do")
                )
            }
            name = pairs[0].key.value.text
            method = pairs[0].value.value.text
        }
        let action: String
        switch (name, method) {
        case ("next", _): action = "desktop move-window next\(wrap) window=active"
        case ("prev", _): action = "desktop move-window prev\(wrap) window=active"
        case ("close", _): action = "window close window=active"
        case ("maximized", "toggle"): action = "window toggle-maximize window=active"
        case ("maximized", "add"): action = "window maximize window=active"
        case ("maximized", "remove"): action = "window unmaximize window=active"
        case ("fullscreen", "toggle"): action = "window fullscreen window=active"
        case ("fullscreen", let m):
            return .failure(
                Why(
                    "window: fullscreen: \(m): gestured's fullscreen action toggles; it cannot only \(m == "add" ? "make" : "end") fullscreen"
                ))
        case (let d, _) where ["up", "down", "left", "right"].contains(d):
            return .failure(
                Why(
                    "window: \(d) moves the window in a grid of workspaces; gestured's desktop actions go one desktop on or back"
                ))
        default:
            return .failure(
                Why(
                    "window: \(FusumaImporter.shortText(node)) is none of the wmctrl plugin's: fusuma does nothing"
                ))
        }
        return .success(FusumaAction(key: ("action", .string(action))))
    }

    /// fusuma 0's `shortcut: 'ctrl+Left'`, which it typed with `xdotool key`.
    private static func shortcut(_ node: YAMLNode, context: FusumaContext) -> Result<
        FusumaAction, Why
    > {
        let text = node.value.text
        var chords: [String] = []
        for chord in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let parts = chord.split(separator: "+").map(String.init)
            var words: [String] = []
            for (i, part) in parts.enumerated() {
                let lower = part.lowercased()
                if i < parts.count - 1
                    || ["ctrl", "control", "alt", "shift", "super", "meta"].contains(lower)
                {
                    switch lower {
                    case "ctrl", "control": words.append("ctrl")
                    case "alt", "shift", "super", "meta": words.append(lower)
                    default:
                        return .failure(
                            Why("shortcut: \(part) in \(chord) is no modifier xdotool knows"))
                    }
                } else {
                    guard context.knowsKey(part),
                        part.unicodeScalars.allSatisfy({
                            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
                        })
                    else {
                        return .failure(Why("shortcut: \(part) is not an X keysym name"))
                    }
                    words.append(part)
                }
            }
            chords.append(words.joined(separator: "+"))
        }
        guard !chords.isEmpty else {
            return .failure(Why("an empty shortcut: fusuma types nothing"))
        }
        var action = FusumaAction(key: ("action", .string("keys " + chords.joined(separator: " "))))
        action.notes.append(
            "shortcut: fusuma 0's keys, which it typed with xdotool key (fusuma 1 and later ignore shortcut)"
        )
        return .success(action)
    }
}
