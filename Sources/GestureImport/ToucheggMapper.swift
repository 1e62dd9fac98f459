/// touchegg's gestures and actions as gestured's bindings: what `ToucheggImporter` found,
/// mapped one `<gesture>` at a time.
struct ToucheggMapper {
    let settings: [String: String]
    let version1: Bool
    let knowsKey: (String) -> Bool
    /// `action_execute_threshold`: the per cent of its travel a gesture must reach for an action
    /// that waits for it (0 to 100, default 20).
    let threshold: Double
    /// touchegg 1: the directions each application, type and finger count binds by name, which
    /// its `direction="ALL"` leaves to them.
    var named: [String: Set<String>] = [:]

    func namedKey(_ e: ToucheggImporter.Entry) -> String {
        e.app.lowercased() + "\u{1}" + (kind(e.gesture)?.rawValue ?? "") + "\u{1}"
            + (e.gesture["fingers"] ?? "")
    }

    init(settings: [String: String], version1: Bool, knowsKey: @escaping (String) -> Bool) {
        self.settings = settings
        self.version1 = version1
        self.knowsKey = knowsKey
        threshold =
            version1
            ? 0
            : Double(
                min(
                    100,
                    max(0, ToucheggMapper.leadingInt(settings["action_execute_threshold"]) ?? 20)))
    }

    struct Why: Error {
        let text: String
        var overridden = false
        init(_ text: String, overridden: Bool = false) {
            self.text = text
            self.overridden = overridden
        }
    }

    /// `std::stoi`: the number at the start of the text, after blanks; nil without one.
    static func leadingInt(_ text: String?) -> Int? {
        guard let text else { return nil }
        let t = Substring(text).drop { $0.isWhitespace }
        let sign = t.first == "-" || t.first == "+" ? String(t.first!) : ""
        let digits = t.dropFirst(sign.count).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        return Int(sign + digits).map { min(max($0, -1_000_000), 1_000_000) }
    }

    // MARK: What a gesture is

    /// The gesture kinds touchegg tells apart.
    enum Kind: String {
        case swipe = "SWIPE", pinch = "PINCH", tap = "TAP", rotate = "ROTATE", doubleTap =
            "DOUBLE_TAP", tapAndHold = "TAP_AND_HOLD"
    }

    func kind(_ g: XMLElement) -> Kind? {
        switch g["type"] ?? "" {
        case "SWIPE", "DRAG": return .swipe
        case "PINCH": return .pinch
        case "TAP": return .tap
        case "ROTATE" where version1: return .rotate
        case "DOUBLE_TAP" where version1: return .doubleTap
        case "TAP_AND_HOLD" where version1: return .tapAndHold
        default: return nil
        }
    }

    /// The direction as touchegg 2 reads it: one of its names, else UNKNOWN.
    func direction(_ g: XMLElement) -> String {
        let d = g["direction"] ?? ""
        if version1 { return d }
        return ["UP", "DOWN", "LEFT", "RIGHT", "IN", "OUT"].contains(d) ? d : "UNKNOWN"
    }

    /// What touchegg keys a gesture on: application (lower case), type, fingers as written,
    /// direction.
    func key(_ e: ToucheggImporter.Entry) -> String {
        e.app.lowercased() + "\u{1}" + gestureKey(e)
    }

    func gestureKey(_ e: ToucheggImporter.Entry) -> String {
        (kind(e.gesture)?.rawValue ?? "?" + (e.gesture["type"] ?? "")) + "\u{1}"
            + (e.gesture["fingers"] ?? "") + "\u{1}" + direction(e.gesture)
    }

    // MARK: Notes and settings

    func notes(root: XMLElement) -> [String] {
        var notes: [String] = []
        if version1 {
            notes.append(
                "A touchegg 1 config (parameters written as the action's text): read as touchegg 1 read it; its actions fire at the end of the gesture unless when=\"AT_START\"."
            )
        } else {
            notes.append(
                "touchegg's swipes are gestured pans with a direction: like touchegg, a pan takes its direction, the one of up, down, left and right the fingers first mostly moved along, once they have moved a little, and acts then or when they lift."
            )
        }
        if let delay = settings["animation_delay"] {
            notes.append(
                "animation_delay \(delay.trimmedBlanks) ms: gestured's feedback shows from the start of the gesture."
            )
        }
        let colours = ["color", "borderColor"].compactMap { k in
            settings[k].map { "\(k) \($0.trimmedBlanks)" }
        }
        if !colours.isEmpty {
            notes.append(
                colours.joined(separator: ", ") + ": gestured's feedback draws in its own colours.")
        }
        if let time = settings["composed_gestures_time"] {
            notes.append(
                "composed_gestures_time \(time.trimmedBlanks): touchegg 1's wait between composed gestures has no counterpart."
            )
        }
        for key in settings.keys.sorted()
        where ![
            "animation_delay", "action_execute_threshold", "color", "borderColor",
            "composed_gestures_time",
        ].contains(key) {
            notes.append("the setting \(key) is none of touchegg's: it does nothing there either.")
        }
        return notes
    }

    /// The commit points the feedback bindings need: where touchegg's threshold lies.
    func settingsNeeded(by sources: [ImportedConfig.SourceGesture]) -> [ImportedConfig.Setting] {
        let bindings = sources.flatMap { s -> [ImportedConfig.Binding] in
            if case .imported(let b) = s.outcome { return b }
            return []
        }
        let committing = bindings.filter { $0["feedback"] == .bool(true) }
        guard !committing.isEmpty else { return [] }
        var out: [ImportedConfig.Setting] = []
        let t = ToucheggUnits.text(threshold)
        if committing.contains(where: { $0["type"] == .string("pan") }) {
            out.append(
                .init(
                    key: "touchpad-commit-distance",
                    value: .int(ToucheggUnits.px(ToucheggUnits.touchpadTravel(percent: threshold))),
                    note:
                        "touchegg's action_execute_threshold (\(t) %) of a swipe on a 100 x 60 mm touchpad"
                ))
            out.append(
                .init(
                    key: "touchscreen-commit-distance",
                    value: .int(ToucheggUnits.px(ToucheggUnits.screenTravel(percent: threshold))),
                    note: "the same on a 13.3-inch 1920 x 1080 touchscreen"))
        }
        if committing.contains(where: { $0["type"] == .string("pinch") }) {
            out.append(
                .init(
                    key: "commit-scale", value: .double(1 + threshold / 100),
                    note:
                        "touchegg's action_execute_threshold (\(t) %) of a pinch: a spread to \(ToucheggUnits.text(1 + threshold / 100)) times"
                ))
        }
        return out
    }

    // MARK: Bindings

    func bindings(_ e: ToucheggImporter.Entry) -> Result<[ImportedConfig.Binding], Why> {
        let g = e.gesture
        if e.app.isEmpty {
            return .failure(Why("an empty application name (a comma too many): no window has it"))
        }
        guard let kind = kind(g) else {
            return .failure(
                Why(
                    "\"\(g["type"] ?? "")\" is none of touchegg's gestures (SWIPE, PINCH, TAP\(version1 ? ", DRAG, ROTATE, DOUBLE_TAP, TAP_AND_HOLD" : ", and DRAG for SWIPE")): it never fires"
                ))
        }
        let fingersText = g["fingers"] ?? ""
        guard let fingers = Int(fingersText), String(fingers) == fingersText,
            (1...10).contains(fingers)
        else {
            return .failure(
                Why(
                    "fingers=\"\(fingersText)\" is not a count touchegg matches (it compares the text with 1, 2, 3...): it never fires"
                ))
        }
        guard let actionElement = e.action else {
            return .failure(Why("no <action>: touchegg does nothing"))
        }
        let plan: ActionPlan
        switch actionPlan(actionElement, kind: kind, direction: direction(g)) {
        case .success(let p): plan = p
        case .failure(let why): return .failure(why)
        }
        var base: [(String, TOMLValue)] = []
        var words: [String] = []
        var notes = plan.notes
        let direction = self.direction(g)
        switch kind {
        case .swipe:
            guard fingers >= 2 else {
                return .failure(Why("touchegg takes swipes of two fingers or more: it never fires"))
            }
            base.append(("type", .string("pan")))
            if fingers == 2 {
                base.append(("source", .string("touchscreen")))
                notes.append(
                    "two fingers: on the touchscreen, as in touchegg (on a touchpad two fingers scroll)"
                )
            }
            base.append(("fingers", .int(fingers)))
            let directions =
                version1 && direction == "ALL"
                ? nil : ["UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right"][direction]
            if let directions {
                base.append(("direction", .string(directions)))
            } else if !(version1 && direction == "ALL") {
                return .failure(
                    Why(
                        "direction \"\(g["direction"] ?? "")\": touchegg's swipes go UP, DOWN, LEFT or RIGHT, so it never fires"
                    ))
            }
            words = ["swipe", String(fingers), directions ?? "any"]
        case .pinch:
            guard fingers >= 2 else {
                return .failure(Why("a pinch takes two fingers or more: it never fires"))
            }
            base += [("type", .string("pinch")), ("fingers", .int(fingers))]
            let way = version1 && direction == "ALL" ? nil : ["IN": "in", "OUT": "out"][direction]
            if let way {
                base.append(("direction", .string(way)))
            } else if !(version1 && direction == "ALL") {
                return .failure(
                    Why(
                        "direction \"\(g["direction"] ?? "")\": touchegg's pinches go IN or OUT, so it never fires"
                    ))
            }
            words = ["pinch", String(fingers), way ?? "any"]
        case .rotate:
            base += [("type", .string("rotate")), ("fingers", .int(fingers))]
            let way = ["LEFT": "ccw", "RIGHT": "cw"][direction]
            if let way {
                base.append(("direction", .string(way)))
            } else if direction != "ALL" {
                return .failure(
                    Why("direction \"\(direction)\": touchegg 1's rotations go LEFT, RIGHT or ALL"))
            }
            words = ["rotate", String(fingers), way ?? "any"]
        case .tap, .doubleTap, .tapAndHold:
            if !version1 {
                guard fingers >= 2 else {
                    return .failure(
                        Why("touchegg takes taps of two fingers or more: it never fires"))
                }
                guard direction == "UNKNOWN" else {
                    return .failure(
                        Why(
                            "direction \"\(direction)\": a tap has none, so touchegg never matches it"
                        ))
                }
            }
            base += [
                ("type", .string(kind == .tapAndHold ? "press" : "tap")),
                ("source", .string("touchscreen")), ("fingers", .int(fingers)),
            ]
            if kind == .doubleTap { base.append(("taps", .int(2))) }
            if kind == .tap && !version1 {
                base.append(("duration", .int(150)))
                notes.append(
                    "a touchscreen tap whose fingers all lift within 150 ms, as touchegg's")
            } else {
                notes.append(
                    "on the touchscreen: gestured cannot take taps on a touchpad (its driver makes them clicks)"
                )
            }
            words = [
                kind == .tapAndHold ? "hold" : kind == .doubleTap ? "double-tap" : "tap",
                String(fingers),
            ]
        }
        if !e.isGlobal { base.append(("app", .string(GlobText.literal(e.app)))) }
        let appWords = e.isGlobal ? [] : [e.app]
        if version1 && direction == "ALL" && [.swipe, .pinch, .rotate].contains(kind) {
            // ALL is every direction the same application, type and count do not name.
            let all =
                kind == .swipe
                ? ["UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right"]
                : kind == .pinch ? ["IN": "in", "OUT": "out"] : ["LEFT": "ccw", "RIGHT": "cw"]
            let left = all.keys.sorted().filter { !(named[namedKey(e)] ?? []).contains($0) }
            guard !left.isEmpty else {
                return .failure(Why("direction ALL: every direction has a gesture of its own"))
            }
            var out: [ImportedConfig.Binding] = []
            for d in left {
                let at = base.firstIndex { $0.0 == "fingers" }! + 1
                var keys = base
                keys.insert(("direction", .string(all[d]!)), at: at)
                switch compose(
                    plan, kind: kind, base: keys, name: [words[0], words[1], all[d]!] + appWords,
                    notes: notes + [
                        "direction ALL: \(all[d]!), one of the directions no gesture of its own takes"
                    ])
                {
                case .success(let b): out += b
                case .failure(let why): return .failure(why)
                }
            }
            return .success(out)
        }
        return compose(plan, kind: kind, base: base, name: words + appWords, notes: notes)
    }

    /// The `pass` binding for an application's gesture that does nothing there.
    func passBinding(_ e: ToucheggImporter.Entry) -> ImportedConfig.Binding? {
        guard let kind = kind(e.gesture), let fingers = Int(e.gesture["fingers"] ?? "") else {
            return nil
        }
        let direction = self.direction(e.gesture)
        var keys: [(String, TOMLValue)]
        switch kind {
        case .swipe:
            keys =
                [("type", .string("pan"))]
                + (fingers == 2 ? [("source", TOMLValue.string("touchscreen"))] : []) + [
                    ("fingers", .int(fingers))
                ]
            if let d = ["UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right"][direction] {
                keys.append(("direction", .string(d)))
            }
        case .pinch:
            keys = [("type", .string("pinch")), ("fingers", .int(fingers))]
            if let d = ["IN": "in", "OUT": "out"][direction] {
                keys.append(("direction", .string(d)))
            }
        case .tap:
            keys = [
                ("type", .string("tap")), ("source", .string("touchscreen")),
                ("fingers", .int(fingers)), ("duration", .int(150)),
            ]
        default:
            return nil
        }
        keys += [("app", .string(GlobText.literal(e.app))), ("action", .string("pass"))]
        return ImportedConfig.Binding(
            nameParts: ["pass", e.app] + [
                kind.rawValue.lowercased(), String(fingers), direction.lowercased(),
            ],
            keys: keys,
            notes: [
                "so that over \"\(e.app)\" the All binding does nothing either, as in touchegg: pass"
            ])
    }

    /// The bindings for an action plan on a gesture: when it fires, and its steps.
    private func compose(
        _ plan: ActionPlan, kind: Kind, base: [(String, TOMLValue)], name: [String], notes: [String]
    ) -> Result<[ImportedConfig.Binding], Why> {
        let discrete = kind == .tap || kind == .doubleTap
        func binding(_ extra: [(String, TOMLValue)], _ suffix: [String] = [], _ more: [String] = [])
            -> ImportedConfig.Binding
        {
            var keys = base + extra
            let begins = extra.contains { $0.0 == "on" && $0.1 == .string("begin") }
            let actions =
                plan.setsPhase
                ? plan.actions.map { ToucheggMapper.withPhase($0, begins ? "begin" : "end") }
                : plan.actions
            keys.append(("action", actions.count == 1 ? .string(actions[0]) : .strings(actions)))
            if case .steps(_, let reverse) = plan.timing, let reverse, !discrete {
                keys.append(("reverse", .string(reverse)))
            }
            return ImportedConfig.Binding(nameParts: name + suffix, keys: keys, notes: notes + more)
        }
        switch plan.timing {
        case .begin:
            return .success([binding(discrete ? [] : [("on", .string("begin"))])])
        case .end:
            return .success([binding([])])
        case .pastThreshold:
            if discrete || threshold == 0 { return .success([binding([])]) }
            if kind == .rotate { return .success([binding([])]) }
            return .success([
                binding(
                    [("feedback", .bool(true))], [],
                    [
                        "touchegg acts at the lift only past action_execute_threshold (\(ToucheggUnits.text(threshold)) %): gestured's feedback commits there (see [settings])"
                    ])
            ])
        case .beginAndEnd:
            if discrete {
                var b = binding([])
                b["action"] = .strings(plan.actions + plan.actions)
                b.notes.append(
                    "touchegg acts at the begin and the end of the tap, one right after the other")
                return .success([b])
            }
            return .success([binding([("on", .string("begin"))], ["begin"]), binding([], ["end"])])
        case .steps(let percent, _):
            if discrete {
                return .failure(
                    Why("repeat on a tap: a tap has no updates, so touchegg never repeats it"))
            }
            let step: TOMLValue
            let how: String
            switch kind {
            case .pinch:
                step = .double(((percent / 100) * 1000).rounded() / 1000)
                how =
                    "every \(ToucheggUnits.text(percent)) % of touchegg's pinch (a change of the scale by \(ToucheggUnits.text(percent / 100)))"
            case .swipe where base.contains { $0.0 == "source" && $0.1 == .string("touchscreen") }:
                let px = ToucheggUnits.px(
                    percent / 100 * (ToucheggUnits.screenStart + ToucheggUnits.screenFinish))
                step = .int(px)
                how =
                    "every \(ToucheggUnits.text(percent)) % of touchegg's swipe: \(px) px on a 13.3-inch 1920 x 1080 touchscreen"
            case .swipe:
                let px = ToucheggUnits.px(
                    percent / 100 * (ToucheggUnits.touchpadStart + ToucheggUnits.touchpadFinish))
                step = .int(px)
                how =
                    "every \(ToucheggUnits.text(percent)) % of touchegg's swipe: \(px) px on a 100 x 60 mm touchpad"
            default:
                return .failure(Why("repeat on a rotation: touchegg 1 had no steps"))
            }
            return .success([binding([("repeat", step)], [], ["a step \(how)"])])
        }
    }
}
