import GestureCore

/// What holds for the whole fusuma config: the first document's `threshold:` and `interval:`
/// per gesture, and the wmctrl plugin's settings.
struct FusumaContext {
    let first: YAMLNode
    let knowsKey: (String) -> Bool
    /// fusuma-plugin-wmctrl's `wrap-navigation`.
    let wrap: Bool
    /// fusuma-plugin-wmctrl's `matrix-col-size`, for grids of workspaces.
    let columns: Int?

    init(first: YAMLNode, knowsKey: @escaping (String) -> Bool) {
        self.first = first
        self.knowsKey = knowsKey
        let wmctrl = first["plugin"]?["executors"]?["wmctrl_executor"]
        wrap = wmctrl?["wrap-navigation"]?.value == .bool(true)
        if case .int(let n)? = wmctrl?["matrix-col-size"]?.value {
            columns = n
        } else {
            columns = nil
        }
    }

    /// `threshold:` or `interval:` for a gesture: its own, else the first document's for the
    /// gesture kind, else 1.
    func multiplier(_ name: String, kind: String, own: YAMLNode?) -> (value: Double, from: String) {
        if let v = own?[name]?.value.number { return (v, "its own \(name) \(NumberText.plain(v))") }
        if let v = first[name]?[kind]?.value.number {
            return (v, "\(name): \(kind): \(NumberText.plain(v))")
        }
        return (1, "fusuma's default \(name) 1")
    }

    var notes: [String] {
        var notes = [
            "fusuma fires a swipe, a pinch or a rotation as soon as it is fast or large enough (a gestured swipe, or a pinch or rotation on begin), and begin, update and end as the gesture goes (a pan, pinch or rotation with on = begin, repeat steps for update, and the end).",
            "fusuma's interval (the least time between two of its actions, 0.3 s times interval) has no counterpart: gestured fires a swipe once for each gesture.",
            "fusuma acts on the focused window and on what its application context names; gestured's app is the window under the pointer.",
        ]
        if let columns {
            notes.append(
                "matrix-col-size \(columns): a grid of workspaces, whose up, down, left and right gestured's desktop actions cannot follow."
            )
        }
        if wrap { notes.append("wrap-navigation: the desktop actions go round (wrap).") }
        return notes
    }
}

/// fusuma's gestures as gestured's bindings, one leaf at a time.
struct FusumaMapper {
    let context: FusumaContext
    let leaves: [FusumaImporter.Leaf]

    typealias Outcome = ImportedConfig.SourceGesture.Outcome

    func outcome(_ leaf: FusumaImporter.Leaf) -> Outcome {
        if let why = leaf.unreachable { return .notImported(why) }
        if let keys = leaf.keypress {
            return .notImported(
                "fires only while \(keys) is held on the keyboard (fusuma-plugin-keypress); gestured's bindings cannot ask for a held key"
            )
        }
        if leaf.kind == "hold" {
            return .notImported(
                "gestured cannot recognize a touchpad hold: XInput 2.4 reports touchpad swipes and pinches, not holds"
            )
        }
        guard let node = leaf.node else { return .notImported("no action: fusuma does nothing") }
        if leaf.document > 0, shadowed(leaf) {
            return .notImported(
                "the first document binds the same gesture, and fusuma looks there before an application's context, so this one never fires"
            )
        }
        let action: FusumaAction
        switch FusumaAction.from(node, context: context) {
        case .success(let a): action = a
        case .failure(let why): return .notImported(why.text)
        }
        var all: [ImportedConfig.Binding] = []
        for app in leaf.apps ?? [nil] as [String?] {
            switch bindings(leaf, action: action, app: app) {
            case .success(let b): all += b
            case .failure(let why): return .notImported(why.text)
            }
        }
        return .imported(all)
    }

    /// The first document has an action fusuma finds for the same gesture and phase: the
    /// same keys, or fewer where fusuma skips one (a pinch's or rotation's finger count, a
    /// phase's direction).
    private func shadowed(_ leaf: FusumaImporter.Leaf) -> Bool {
        leaves.contains { d in
            d.document == 0 && d.kind == leaf.kind && d.status == leaf.status
                && d.keypress == leaf.keypress && d.node != nil && d.unreachable == nil
                && (d.fingers == leaf.fingers
                    || (d.fingers == nil && leaf.kind != "swipe" && leaf.status == nil))
                && (d.direction == leaf.direction || (d.direction == nil && leaf.status != nil))
        }
    }

    private func bindings(_ leaf: FusumaImporter.Leaf, action: FusumaAction, app: String?)
        -> Result<[ImportedConfig.Binding], FusumaAction.Why>
    {
        var notes = action.notes
        var keys: [(String, TOMLValue)] = []
        let way: String?
        switch leaf.kind {
        case "swipe": way = leaf.direction
        case "pinch": way = leaf.direction
        case "rotate": way = leaf.direction.map { $0 == "clockwise" ? "cw" : "ccw" }
        default: way = nil
        }
        var name =
            [leaf.kind] + (leaf.fingers.map { [String($0)] } ?? []) + (way.map { [$0] } ?? [])
            + (app.map { [$0] } ?? [])
        if let fingers = leaf.fingers {
            if fingers > FingerCounts.most {
                return .failure(
                    .init(
                        "\(fingers) fingers: gestured binds gestures of 1 to \(FingerCounts.most) fingers, and no touchpad reports more"
                    ))
            }
            if leaf.kind == "swipe" && fingers < 3 {
                return .failure(
                    .init(
                        "a touchpad swipe of \(fingers) finger\(fingers == 1 ? "" : "s") is \(fingers == 1 ? "pointer motion" : "scrolling"): XInput 2.4 sends touchpad swipes of three fingers or more"
                    ))
            }
            if fingers < 2 {
                return .failure(.init("libinput sends no touchpad \(leaf.kind) of one finger"))
            }
        }
        let fingersKeys: [(String, TOMLValue)] = leaf.fingers.map { [("fingers", .int($0))] } ?? []
        if leaf.fingers == nil { notes.append("no finger count: any count") }
        let appKeys: [(String, TOMLValue)] =
            app.map { [("app", .string(GlobText.literal($0)))] } ?? []
        let own = leaf.node
        if let status = leaf.status {
            name.append(status)
            let type = leaf.kind == "swipe" ? "pan" : leaf.kind
            keys = [("type", .string(type)), ("source", .string("touchpad"))] + fingersKeys
            if let way { keys.append(("direction", .string(way))) }
            keys += appKeys
            switch status {
            case "begin": keys.append(("on", .string("begin")))
            case "end": break
            case "update":
                let interval = context.multiplier("interval", kind: leaf.kind, own: own)
                let step = FusumaMapper.step(kind: leaf.kind, interval: interval.value)
                keys.append(("repeat", step.value))
                notes.append(
                    "update: fusuma acts every 0.1 s times the interval (\(interval.from)) while the fingers move; gestured steps by movement: \(step.text)"
                )
            default:
                return .failure(.init("\(status) is for holds"))
            }
            keys.append(action.key)
            let binding = ImportedConfig.Binding(nameParts: name, keys: keys, notes: notes)
            // fusuma takes a phase with a direction before one without: the one without gets
            // the directions that have none of their own.
            if leaf.direction == nil, leaf.kind != "hold" {
                let named = Set(
                    leaves.filter {
                        $0.document == leaf.document && $0.kind == leaf.kind
                            && $0.fingers == leaf.fingers
                            && $0.status == leaf.status && $0.keypress == nil && $0.direction != nil
                            && $0.node != nil
                    }.compactMap(\.direction))
                if !named.isEmpty {
                    let left = FusumaImporter.directions[leaf.kind]!.filter { !named.contains($0) }
                    return .success(
                        left.map { d in
                            var b = binding
                            let gesturedWay =
                                leaf.kind == "rotate" ? (d == "clockwise" ? "cw" : "ccw") : d
                            let at = b.keys.firstIndex {
                                $0.0 == "app" || $0.0 == "on" || $0.0 == "repeat"
                                    || $0.0 == "action"
                            }!
                            b.keys.insert(("direction", .string(gesturedWay)), at: at)
                            b.nameParts.insert(gesturedWay, at: leaf.fingers == nil ? 1 : 2)
                            b.notes.append(
                                "no direction: the directions without one of their own (\(left.joined(separator: ", ")))"
                            )
                            return b
                        })
                }
            }
            return .success([binding])
        }
        guard let way else { return .failure(.init("no direction: fusuma never fires it")) }
        let threshold = context.multiplier("threshold", kind: leaf.kind, own: own)
        switch leaf.kind {
        case "swipe":
            let distance = min(100_000, max(0, Int((80 * threshold.value).rounded())))
            keys =
                [("type", .string("swipe")), ("source", .string("touchpad"))] + fingersKeys + [
                    ("direction", .string(way)), ("distance", .int(distance)),
                ] + appKeys
            notes.append(
                "distance \(distance): gestured's 80 px times fusuma's threshold (\(threshold.from)), which makes a swipe shorter or longer"
            )
        case "pinch":
            // fusuma fires when the span has grown or shrunk by 1.3 times the threshold.
            let ratio = 1.3 * threshold.value
            let fraction = way == "out" ? ratio - 1 : 1 - 1 / ratio
            let value = min(0.9, max(0.01, (fraction * 100).rounded() / 100))
            keys =
                [("type", .string("pinch")), ("source", .string("touchpad"))] + fingersKeys
                + [("direction", .string(way)), ("threshold", .double(value))] + appKeys + [
                    ("on", .string("begin"))
                ]
            notes.append(
                "threshold \(NumberText.plain(value)): fusuma fires once the span changes by a factor of 1.3 times its threshold (\(threshold.from))"
            )
        case "rotate":
            let degrees = min(180, max(1, (0.5 * threshold.value).rounded()))
            keys =
                [("type", .string("rotate")), ("source", .string("touchpad"))] + fingersKeys
                + [("direction", .string(way)), ("threshold", .double(degrees))] + appKeys + [
                    ("on", .string("begin"))
                ]
            notes.append(
                "threshold \(NumberText.plain(degrees)) degrees: fusuma fires once the fingers turned 0.5 degrees times its threshold (\(threshold.from)); gestured's least is 1"
            )
        default:
            return .failure(.init("\(leaf.kind) is none of fusuma's gestures"))
        }
        keys.append(action.key)
        return .success([ImportedConfig.Binding(nameParts: name, keys: keys, notes: notes)])
    }

    /// A step for `update`: fusuma acts every 0.1 s × interval while the fingers move; gestured
    /// steps by movement. The step is what fingers moving at a brisk, steady pace cover in that
    /// time: 100 mm/s on the touchpad (1050 px/s), a spread of the span by 1 a second, 90
    /// degrees a second.
    static func step(kind: String, interval: Double) -> (value: TOMLValue, text: String) {
        let seconds = 0.1 * max(0, interval)
        switch kind {
        case "pinch":
            let v = min(100, max(0.01, (seconds * 100).rounded() / 100))
            return (
                .double(v),
                "a step each change of the scale by \(NumberText.plain(v)) (a brisk pinch, 1 a second, in \(NumberText.plain(seconds)) s)"
            )
        case "rotate":
            let v = min(3600, max(1, (seconds * 90).rounded()))
            return (
                .double(v),
                "a step each \(NumberText.plain(v)) degrees (a brisk turn, 90 degrees a second, in \(NumberText.plain(seconds)) s)"
            )
        default:
            let v = min(100_000, max(1, Int((seconds * 1050).rounded())))
            return (
                .int(v),
                "a step each \(v) px (a brisk swipe, 100 mm a second, in \(NumberText.plain(seconds)) s)"
            )
        }
    }
}
