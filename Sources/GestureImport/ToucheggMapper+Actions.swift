/// touchegg's actions as gestured's: what each does, and when.
extension ToucheggMapper {
    /// An action and when it fires.
    struct ActionPlan {
        var actions: [String]
        var timing: Timing
        var notes: [String] = []
        /// The command reads TOUCHEGG_GESTURE_ON, which touchegg sets to the phase it runs in.
        var setsPhase = false
    }

    enum Timing {
        case begin
        /// At the end, whatever the progress.
        case end
        /// At the end, past `action_execute_threshold`.
        case pastThreshold
        case beginAndEnd
        /// Each time the progress passes another step of `percent` per cent; `reverse` when it
        /// goes back one.
        case steps(percent: Double, reverse: String?)
    }

    /// Modifier keysyms, as gestured names them.
    static let modifiers = [
        "Control_L": "ctrl", "Control_R": "ctrl", "Shift_L": "shift", "Shift_R": "shift",
        "Alt_L": "alt", "Alt_R": "alt",
        "Super_L": "super", "Super_R": "super", "Meta_L": "meta", "Meta_R": "meta",
        "Hyper_L": "hyper", "Hyper_R": "hyper",
    ]
    /// touchegg 1's modifier names.
    static let version1Modifiers = [
        "Control": "ctrl", "Shift": "shift", "Alt": "alt", "Super": "super",
    ]

    func actionPlan(_ action: XMLElement, kind: Kind, direction: String) -> Result<ActionPlan, Why>
    {
        let type = action["type"] ?? ""
        if version1 && ToucheggImporter.Entry.isVersion1Action(action)
            || version1 && action.children.isEmpty
        {
            return version1Plan(action, type: type, kind: kind)
        }
        var s: [String: String] = [:]
        for child in action.children { s[child.name] = child.text }
        let animate = s["animate"].map { $0 == "true" } ?? true
        var notes: [String] = []
        if let colours = ["color", "borderColor"].compactMap({ k in s[k].map { "\(k) \($0)" } })
            .nilIfEmpty
        {
            notes.append(
                colours.joined(separator: ", ") + ": gestured's feedback draws in its own colours")
        }
        func window(_ a: String) -> Result<ActionPlan, Why> {
            if !animate {
                notes.append(
                    "animate false: acts at the lift however far the fingers went, as touchegg does without its animation"
                )
            }
            return .success(
                ActionPlan(actions: [a], timing: animate ? .pastThreshold : .end, notes: notes))
        }
        switch type {
        case "MAXIMIZE_RESTORE_WINDOW": return window("window toggle-maximize")
        case "MINIMIZE_WINDOW": return window("window minimize")
        case "FULLSCREEN_WINDOW": return window("window fullscreen")
        case "CLOSE_WINDOW": return window("window close")
        case "SHOW_DESKTOP": return window("show-desktop")
        case "TILE_WINDOW":
            let left = (s["direction"] ?? "left") == "left"
            return window("window tile " + (left ? "left" : "right"))
        case "CHANGE_DESKTOP":
            let wrap = s["cyclic"] == "true" ? " wrap" : ""
            if s["animationPosition"] != nil {
                notes.append(
                    "animationPosition: gestured's feedback slides the desktop in from the side the fingers go away from"
                )
            }
            switch s["direction"] ?? "auto" {
            case "next": return window("desktop next" + wrap)
            case "previous": return window("desktop prev" + wrap)
            case "auto":
                guard kind == .swipe, ["UP", "DOWN", "LEFT", "RIGHT"].contains(direction) else {
                    return .failure(
                        Why(
                            "CHANGE_DESKTOP auto takes its way from a swipe's direction, and this is no swipe"
                        ))
                }
                // touchegg asks libinput whether the device scrolls naturally; libinput's default is no.
                let back = direction == "LEFT" || direction == "UP"
                notes.append(
                    "direction auto: as without natural scrolling (libinput's default), a swipe \(back ? "left or up" : "right or down") goes to the \(back ? "previous" : "next") desktop; with natural scrolling touchegg goes the other way"
                )
                return window(back ? "desktop prev" + wrap : "desktop next" + wrap)
            case let d where ["up", "down", "left", "right"].contains(d):
                return .failure(
                    Why(
                        "CHANGE_DESKTOP \(d) moves in a grid of desktops; gestured's desktop actions go one desktop on or back"
                    ))
            case let d:
                return .failure(
                    Why("CHANGE_DESKTOP direction \"\(d)\" is none of touchegg's: it does nothing"))
            }
        case "SEND_KEYS", "RUN_COMMAND":
            let main: String
            let reverse: String?
            if type == "SEND_KEYS" {
                switch keys(
                    modifiers: s["modifiers"] ?? "", keys: s["keys"] ?? "",
                    modifierNames: ToucheggMapper.modifiers)
                {
                case .success(let a): main = a
                case .failure(let why): return .failure(why)
                }
                if let d = s["decreaseKeys"], !d.isEmpty {
                    switch keys(
                        modifiers: s["modifiers"] ?? "", keys: d,
                        modifierNames: ToucheggMapper.modifiers)
                    {
                    case .success(let a): reverse = a
                    case .failure(let why): return .failure(Why("decreaseKeys: " + why.text))
                    }
                } else {
                    reverse = nil
                }
            } else {
                guard let command = s["command"], !command.trimmedBlanks.isEmpty else {
                    return .failure(Why("RUN_COMMAND without a command: touchegg runs nothing"))
                }
                if command.contains("TOUCHEGG_DEVICE_TYPE") {
                    return .failure(
                        Why("the command reads TOUCHEGG_DEVICE_TYPE, which gestured does not set"))
                }
                main = "exec " + command
                reverse = s["decreaseCommand"].flatMap {
                    $0.trimmedBlanks.isEmpty ? nil : "exec " + $0
                }
            }
            if s["animation"] != nil && animate {
                notes.append(
                    "animation \(s["animation"]!): gestured draws no picture for \(type == "SEND_KEYS" ? "keys" : "a command")"
                )
            }
            if s["repeat"] == "true" {
                let times = min(15, max(2, ToucheggMapper.leadingInt(s["times"]) ?? 10))
                if type == "SEND_KEYS", !(s["modifiers"] ?? "").isEmpty {
                    notes.append(
                        "touchegg holds the modifiers through the whole gesture; gestured presses them with each step"
                    )
                }
                return .success(
                    ActionPlan(
                        actions: [main],
                        timing: .steps(percent: Double(100 / times), reverse: reverse), notes: notes
                    ))
            }
            return timing(s["on"], default: .begin, thresholded: true).map { t in
                var plan = ActionPlan(actions: [main], timing: t, notes: notes)
                plan.setsPhase = type == "RUN_COMMAND" && main.contains("TOUCHEGG_GESTURE_ON")
                return plan
            }
        case "MOUSE_CLICK":
            let button = ToucheggMapper.leadingInt(s["button"]) ?? 1
            guard (1...32).contains(button) else {
                return .failure(Why("button \(button) is no pointer button"))
            }
            switch timing(s["on"], default: .begin, thresholded: false) {
            case .success(.beginAndEnd) where kind != .tap:
                return .failure(
                    Why(
                        "MOUSE_CLICK on begin-and-end holds button \(button) from the begin to the end without moving the pointer; gestured's drag moves the pointer with the fingers"
                    ))
            case .success(let t):
                return .success(
                    ActionPlan(
                        actions: ["click \(button)"], timing: t == .beginAndEnd ? .end : t,
                        notes: notes))
            case .failure(let why): return .failure(why)
            }
        case "GNOME_SHELL":
            return .failure(
                Why(
                    "\"GNOME_SHELL\" is none of touchegg's actions, so touchegg does nothing for this gesture (GNOME's X11 Gestures extension reads touchegg's gesture stream whatever the config says: gestured serves that stream with touchegg-stream = true, see docs/desktop.md)"
                ))
        default:
            return .failure(
                Why(
                    "\"\(type)\" is none of touchegg's actions, so touchegg does nothing for this gesture"
                ))
        }
    }

    /// `on`: begin (the default), end, begin-and-end; anything else runs nothing in touchegg.
    private func timing(_ on: String?, default: Timing, thresholded: Bool) -> Result<Timing, Why> {
        switch on {
        case nil: return .success(`default`)
        case "begin": return .success(.begin)
        case "end": return .success(thresholded ? .pastThreshold : .end)
        case "begin-and-end": return .success(.beginAndEnd)
        case let other?:
            return .failure(
                Why("on \"\(other)\" is none of begin, end, begin-and-end: touchegg never acts"))
        }
    }

    /// A command that reads TOUCHEGG_GESTURE_ON gets it, as touchegg sets it for the phase.
    static func withPhase(_ exec: String, _ phase: String) -> String {
        "exec TOUCHEGG_GESTURE_ON=\(phase); export TOUCHEGG_GESTURE_ON; "
            + exec.dropFirst("exec ".count)
    }

    /// `keys ctrl+alt+Left` for modifiers `Control_L+Alt_L` and keys `Left`: touchegg holds the
    /// modifiers and presses the keys together, so one key at most; an upper-case letter is
    /// pressed without shift, as touchegg presses its key.
    func keys(modifiers: String, keys: String, modifierNames: [String: String]) -> Result<
        String, Why
    > {
        var mods: [String] = []
        var plain: [String] = []
        for name in (modifiers.split(separator: "+") + keys.split(separator: "+")).map(String.init)
        where !name.isEmpty {
            if let m = modifierNames[name] {
                if !mods.contains(m) { mods.append(m) }
            } else {
                plain.append(name)
            }
        }
        for name in plain
        where !knowsKey(name)
            || !name.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
            })
        {
            return .failure(
                Why("\"\(name)\" is not an X keysym name, so touchegg presses nothing for it"))
        }
        guard plain.count <= 1 else {
            return .failure(
                Why(
                    "presses \(plain.joined(separator: " and ")) together; a gestured chord holds its modifiers around one key"
                ))
        }
        guard !(mods.isEmpty && plain.isEmpty) else { return .failure(Why("presses no key")) }
        let key = plain.first.map {
            $0.count == 1 && ("A"..."Z").contains($0) ? $0.lowercased() : $0
        }
        return .success("keys " + (mods + (key.map { [$0] } ?? [])).joined(separator: "+"))
    }

    /// touchegg 1's actions: parameters as the action's text, `when="AT_START"` or at the end.
    private func version1Plan(_ action: XMLElement, type: String, kind: Kind) -> Result<
        ActionPlan, Why
    > {
        let text = action.text.trimmedBlanks
        let timing: Timing = action["when"] == "AT_START" ? .begin : .end
        switch type {
        case "SEND_KEYS":
            let names = text.split(separator: "+").map(String.init)
            if names.contains("AltGr") {
                return .failure(Why("AltGr: gestured's chords have no AltGr modifier"))
            }
            var modifiers: [String] = []
            var keys: [String] = []
            for n in names {
                if ToucheggMapper.version1Modifiers[n] != nil {
                    modifiers.append(n)
                } else {
                    keys.append(n)
                }
            }
            return self.keys(
                modifiers: modifiers.joined(separator: "+"), keys: keys.joined(separator: "+"),
                modifierNames: ToucheggMapper.version1Modifiers.merging(ToucheggMapper.modifiers) {
                    a, _ in a
                }
            )
            .map { ActionPlan(actions: [$0], timing: timing) }
        case "RUN_COMMAND":
            guard !text.isEmpty else {
                return .failure(Why("RUN_COMMAND without a command: touchegg runs nothing"))
            }
            return .success(
                ActionPlan(
                    actions: ["exec " + text], timing: timing,
                    notes: [
                        "touchegg 1 split the command into words itself; gestured's shell reads it the same unless it holds quotes, $ or ;"
                    ]))
        case "MOUSE_CLICK":
            var button = 1
            let parts = text.split(separator: "=")
            if parts.count == 2, parts[0] == "BUTTON", let b = Int(parts[1]), (1...9).contains(b) {
                button = b
            }
            return .success(ActionPlan(actions: ["click \(button)"], timing: timing))
        case "CHANGE_DESKTOP":
            // touchegg 1 went round from the last desktop to the first.
            return .success(
                ActionPlan(
                    actions: [text == "PREVIOUS" ? "desktop prev wrap" : "desktop next wrap"],
                    timing: timing))
        case "MAXIMIZE_RESTORE_WINDOW":
            return .success(ActionPlan(actions: ["window toggle-maximize"], timing: timing))
        case "MINIMIZE_WINDOW":
            return .success(ActionPlan(actions: ["window minimize"], timing: timing))
        case "CLOSE_WINDOW": return .success(ActionPlan(actions: ["window close"], timing: timing))
        case "SHOW_DESKTOP": return .success(ActionPlan(actions: ["show-desktop"], timing: timing))
        case "MOVE_WINDOW":
            guard kind == .swipe else {
                return .failure(
                    Why("MOVE_WINDOW follows a drag; gestured moves a window with a pan only"))
            }
            return .success(
                ActionPlan(
                    actions: ["window move"], timing: .end,
                    notes: ["the window follows the fingers, as touchegg 1's MOVE_WINDOW"]))
        case "DRAG_AND_DROP":
            guard kind == .swipe else {
                return .failure(Why("DRAG_AND_DROP follows a drag; gestured drags with a pan only"))
            }
            return .success(
                ActionPlan(
                    actions: ["drag lock=0"], timing: .end,
                    notes: ["button 1 held while the fingers move, as touchegg 1's DRAG_AND_DROP"]))
        case "SCROLL":
            return .failure(
                Why(
                    "SCROLL (touchegg 1's scrolling that follows the fingers) has no gestured counterpart: its scroll action fires steps in one direction"
                ))
        case "RESIZE_WINDOW":
            return .failure(
                Why(
                    "RESIZE_WINDOW follows a pinch; gestured resizes a window with a pan or an edge, not a pinch"
                ))
        case "CHANGE_VIEWPORT":
            return .failure(Why("CHANGE_VIEWPORT (Compiz's viewports) has no gestured counterpart"))
        default:
            return .failure(
                Why(
                    "\"\(type)\" is none of touchegg 1's actions, so touchegg does nothing for this gesture"
                ))
        }
    }
}

extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}

extension ToucheggMapper.Timing: Equatable {}
