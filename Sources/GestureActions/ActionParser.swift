import GestureCore

/// Parses the config's action strings.
public enum ActionParser {
    public static let verbs = [
        "exec", "keys", "click", "scroll", "desktop", "window", "drag", "pointer", "show-desktop",
        "pass", "stream",
    ]

    static let modifierAliases: [String: KeyChord.Modifier] = [
        "shift": .shift, "ctrl": .ctrl, "control": .ctrl, "alt": .alt, "mod1": .alt,
        "super": .super, "win": .super, "logo": .super, "mod4": .super, "meta": .meta,
        "hyper": .hyper,
    ]

    /// Parses one action string. `knowsKey`, when given, says whether a key name is one the
    /// keyboard layer can press, so that a misspelt key is an error at load time.
    public static func parse(_ text: String, knowsKey: ((String) -> Bool)? = nil)
        throws(ActionError) -> Action
    {
        // A NUL would cut the string short where it is handed to C (exec's /bin/sh -c).
        guard !text.utf8.contains(0) else {
            throw ActionError(
                message: "the action contains a NUL character (\\u0000), which would cut it short")
        }
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
            guard !args.isEmpty else {
                throw ActionError(message: "\"keys\" needs a chord, such as super+Left")
            }
            var chords: [KeyChord] = []
            for a in args {
                let c = try chord(a)
                if let knowsKey, let key = c.key, !knowsKey(key) {
                    throw unknownKey(key, knowsKey: knowsKey)
                }
                chords.append(c)
            }
            return .keys(chords)
        case "click":
            guard args.count == 1, let b = Int(args[0]), (1...32).contains(b) else {
                throw ActionError(
                    message: "\"click\" needs one button number from 1 to 32, not \"\(rest)\"")
            }
            return .click(button: b)
        case "scroll":
            guard (1...2).contains(args.count), let d = Action.ScrollDirection(rawValue: args[0])
            else {
                throw ActionError(
                    message:
                        "\"scroll\" needs up, down, left or right, and optionally a count, not \"\(rest)\""
                )
            }
            guard args.count == 1 || Int(args[1]).map({ (1...100).contains($0) }) == true else {
                throw ActionError(
                    message: "\"scroll\" takes a count from 1 to 100, not \"\(args[1])\"")
            }
            return .scroll(d, times: args.count == 2 ? Int(args[1])! : 1)
        case "desktop":
            var words = args
            let wrap = words.contains("wrap")
            words.removeAll { $0 == "wrap" }
            let window = try windowChoice(&words)
            if words.first == "move-window" {
                words.removeFirst()
                guard words.count == 1 else {
                    throw ActionError(
                        message: "\"desktop move-window\" needs next, prev or a desktop number")
                }
                return .moveWindow(try desktopTarget(words[0]), wrap: wrap, window: window)
            }
            guard words.count == 1, window == .under else {
                throw ActionError(
                    message:
                        "\"desktop\" needs next, prev, a desktop number, or move-window and one of those"
                )
            }
            return .desktop(try desktopTarget(words[0]), wrap: wrap)
        case "window":
            var words = args
            let window = try windowChoice(&words)
            if words.first == "tile" {
                let tiles = Action.Tile.allCases.map(\.rawValue)
                guard words.count == 2, let t = Action.Tile(rawValue: words[1]) else {
                    throw ActionError(
                        message:
                            "\"window tile\" needs one of \(tiles.joined(separator: ", ")), not \"\(words.dropFirst().joined(separator: " "))\""
                    )
                }
                return .tile(t, window: window)
            }
            if words.first == "to-monitor" {
                guard words.count == 2 else {
                    throw ActionError(
                        message: "\"window to-monitor\" needs next, prev or a monitor number")
                }
                return .toMonitor(
                    try desktopTarget(words[1], of: "window to-monitor", counting: "monitor"),
                    window: window)
            }
            if words.first == "move" {
                guard words.count == 1 else {
                    throw ActionError(
                        message: "\"window move\" takes only window=under or window=active")
                }
                return .windowMove(window: window)
            }
            if words.first == "resize" {
                let options = try self.options(
                    Array(words.dropFirst()), verb: "window resize", known: ["edge"])
                let edges = Action.Edge.allCases.map(\.rawValue)
                guard let name = options["edge"] else {
                    return .windowResize(.bottomRight, window: window)
                }
                guard let edge = Action.Edge(rawValue: name) else {
                    throw ActionError(
                        message:
                            "\"window resize\" takes edge= one of \(edges.joined(separator: ", ")), not edge=\(name)"
                    )
                }
                return .windowResize(edge, window: window)
            }
            let names =
                Action.WindowCommand.allCases.map(\.rawValue) + [
                    "tile", "to-monitor", "move", "resize",
                ]
            guard words.count == 1, let c = Action.WindowCommand(rawValue: words[0]) else {
                let hint =
                    Suggestion.closest(to: rest, among: names).map {
                        " (did you mean \"window \($0)\"?)"
                    } ?? ""
                throw ActionError(
                    message:
                        "\"window\" needs one of \(names.joined(separator: ", ")), not \"\(rest)\"\(hint)"
                )
            }
            return .window(c, window: window)
        case "drag":
            var options = try self.options(args, verb: verb, known: ["button", "lock"])
            let button =
                try options.removeValue(forKey: "button").map { (b) throws(ActionError) -> Int in
                    guard let n = Int(b), (1...32).contains(n) else {
                        throw ActionError(
                            message: "\"drag\" takes button=N with N from 1 to 32, not button=\(b)")
                    }
                    return n
                } ?? 1
            let lock =
                try options.removeValue(forKey: "lock").map { (l) throws(ActionError) -> Double in
                    guard let ms = Double(l), ms.isFinite, (0...10_000).contains(ms) else {
                        throw ActionError(
                            message:
                                "\"drag\" takes lock=MS with MS from 0 to 10000 milliseconds, not lock=\(l)"
                        )
                    }
                    return ms
                } ?? Action.defaultLock
            return .drag(button: button, lock: lock)
        case "pointer":
            var options = try self.options(args, verb: verb, known: ["speed"])
            let speed =
                try options.removeValue(forKey: "speed").map { (v) throws(ActionError) -> Double in
                    guard let f = Double(v), f.isFinite, f > 0, f <= 20 else {
                        throw ActionError(
                            message:
                                "\"pointer\" takes speed=F with F above 0 and at most 20, not speed=\(v)"
                        )
                    }
                    return f
                } ?? 1
            return .pointer(speed: speed)
        case "show-desktop", "pass", "stream":
            guard args.isEmpty else { throw ActionError(message: "\"\(verb)\" takes no arguments") }
            return verb == "pass" ? .pass : verb == "stream" ? .stream : .showDesktop
        case "":
            throw ActionError(message: "the action is empty")
        default:
            // `show desktop` is `show-desktop` written with a space.
            let joined = args.first.map { verb + "-" + $0 }
            let meant =
                joined.flatMap { verbs.contains($0) ? $0 : nil }
                ?? Suggestion.closest(to: verb, among: verbs)
            let hint = meant.map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ActionError(
                message:
                    "unknown action \"\(verb)\"\(hint); actions start with one of \(verbs.joined(separator: ", "))"
            )
        }
    }

    /// `next`, `prev` or a number from 1, of desktops or monitors.
    static func desktopTarget(
        _ word: String, of verb: String = "desktop", counting what: String = "desktop"
    ) throws(ActionError) -> Action.DesktopTarget {
        switch word {
        case "next": return .next
        case "prev", "previous": return .previous
        default:
            guard let n = Int(word), n >= 1 else {
                throw ActionError(
                    message:
                        "\"\(verb)\" needs next, prev or a \(what) number from 1, not \"\(word)\"")
            }
            return .number(n)
        }
    }

    /// `key=value` words, each key at most once and among `known`.
    static func options(_ words: [String], verb: String, known: [String]) throws(ActionError)
        -> [String: String]
    {
        var found: [String: String] = [:]
        let list = known.map { "\($0)=" }.joined(separator: ", ")
        for w in words {
            guard let eq = w.firstIndex(of: "="), known.contains(String(w[..<eq])) else {
                throw ActionError(message: "\"\(verb)\" takes \(list), not \"\(w)\"")
            }
            let key = String(w[..<eq])
            guard found[key] == nil else {
                throw ActionError(message: "\"\(verb)\" takes \(key)= once")
            }
            found[key] = String(w[w.index(after: eq)...])
        }
        return found
    }

    /// Takes `window=active` or `window=under` out of the words.
    static func windowChoice(_ words: inout [String]) throws(ActionError) -> Action.WindowChoice {
        guard let i = words.firstIndex(where: { $0.hasPrefix("window=") }) else { return .under }
        let value = String(words[i].dropFirst("window=".count))
        words.remove(at: i)
        guard let c = Action.WindowChoice(rawValue: value) else {
            throw ActionError(message: "window=\(value) is not one of window=under, window=active")
        }
        return c
    }

    /// Key names often written for keysyms that are named otherwise.
    static let keyAliases: [String: String] = [
        "esc": "Escape", "enter": "Return", "del": "Delete", "ins": "Insert", "bksp": "BackSpace",
        "pgup": "Prior", "pgdn": "Next", "pgdown": "Next", "pageup": "Prior", "pagedown": "Next",
        "volumeup": "XF86AudioRaiseVolume", "volumedown": "XF86AudioLowerVolume",
        "mute": "XF86AudioMute",
    ]

    /// Keysyms worth suggesting for a misspelt name.
    static let commonKeys = [
        "Return", "Escape", "Tab", "BackSpace", "Delete", "Insert", "Home", "End", "Prior", "Next",
        "Page_Up", "Page_Down", "Left", "Right", "Up", "Down", "space", "Print", "Menu", "Pause",
        "plus", "minus", "equal", "comma", "period", "slash", "backslash", "semicolon",
        "apostrophe",
        "bracketleft", "bracketright", "grave", "Caps_Lock", "Num_Lock", "Scroll_Lock",
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
        "XF86AudioRaiseVolume", "XF86AudioLowerVolume", "XF86AudioMute", "XF86AudioPlay",
        "XF86AudioPause",
        "XF86AudioNext", "XF86AudioPrev", "XF86AudioStop", "XF86MonBrightnessUp",
        "XF86MonBrightnessDown",
        "XF86Back", "XF86Forward", "XF86Reload", "XF86Search", "XF86Calculator", "XF86Explorer",
        "XF86Mail",
        "XF86HomePage", "XF86Sleep", "XF86PowerOff",
    ]

    /// `"Retrun" is not a key name (did you mean "Return"?)`: the hint is the name in another
    /// case, an alias, or a common keysym a typo away, and only one the keyboard layer knows.
    static func unknownKey(_ key: String, knowsKey: (String) -> Bool) -> ActionError {
        let lower = key.lowercased()
        let recased = [
            lower, lower.prefix(1).uppercased() + lower.dropFirst(),
            key.prefix(1).uppercased() + key.dropFirst(),
        ]
        let hint =
            (recased + [keyAliases[lower]].compactMap { $0 }).first { $0 != key && knowsKey($0) }
            ?? Suggestion.closest(to: key, among: commonKeys.filter(knowsKey))
        return ActionError(
            message: "\"\(key)\" is not a key name"
                + (hint.map { " (did you mean \"\($0)\"?)" }
                    ?? " (use X keysym names such as Left, a, F5, XF86AudioMute)"))
    }

    static func chord(_ text: String) throws(ActionError) -> KeyChord {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else {
            throw ActionError(message: "\"\(text)\" has an empty part")
        }
        var modifiers: [KeyChord.Modifier] = []
        for (i, part) in parts.enumerated() {
            if let m = modifierAliases[part.lowercased()] {
                if !modifiers.contains(m) { modifiers.append(m) }
                continue
            }
            guard i == parts.count - 1 else {
                throw ActionError(
                    message:
                        "\"\(part)\" in \"\(text)\" is not a modifier (shift, ctrl, alt, super, meta, hyper); only the last part is a key"
                )
            }
            guard
                part.unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
                })
            else {
                throw ActionError(
                    message:
                        "\"\(part)\" is not a key name (use X keysym names such as Left, a, F5, XF86AudioMute)"
                )
            }
            return KeyChord(modifiers: modifiers, key: part)
        }
        return KeyChord(modifiers: modifiers, key: nil)
    }
}
