import GestureCore

/// fusuma's config (`~/.config/fusuma/config.yml`): YAML, `swipe|pinch|rotate|hold` → finger
/// count → direction → action (`command:`, or a plugin's `sendkey:`, `workspace:`, `window:`),
/// or → `begin|update|end` → action for the gesture as it goes; `threshold:` and `interval:`
/// at three levels; more documents after `---`, each for the applications its `context:`
/// names. See docs/import.md for the mapping.
enum FusumaImporter {
    static let kinds = ["swipe", "pinch", "rotate", "hold"]
    static let directions = [
        "swipe": ["left", "right", "up", "down"], "pinch": ["in", "out"],
        "rotate": ["clockwise", "counterclockwise"], "hold": [],
    ]
    static let statuses = ["begin", "update", "end", "cancelled"]
    /// The actions gestured knows, in the order fusuma looks for them (its own first).
    static let executors = ["command", "sendkey", "workspace", "window", "shortcut"]
    /// Keys beside an action that are no action.
    static let parameters = ["threshold", "interval", "accel", "clearmodifiers", "keypress"]

    static func read(
        _ bytes: [UInt8], file: String, name: String, knowsKey: @escaping (String) -> Bool
    ) throws(ImportError) -> ImportedConfig {
        let documents = try YAMLNode.parse(bytes, file: file).compactMap { $0 }
        for d in documents {
            guard d.pairs != nil else {
                throw ImportError(
                    file: file, line: d.line, column: d.column,
                    message:
                        "a document that is not a mapping: fusuma refuses the file (Invalid config.yml)"
                )
            }
            try checkDuplicates(d, file: file)
        }
        var config = ImportedConfig(format: .fusuma, file: file)
        guard let first = documents.first else { return config }
        let context = FusumaContext(first: first, knowsKey: knowsKey)
        config.notes = context.notes
        var leaves: [Leaf] = []
        for (index, document) in documents.enumerated() {
            var apps: [String]? = nil
            var unreachable: String?
            if index > 0 {
                let c = document["context"]
                switch c?.pairs?.map({ ($0.key.value.text, $0.value) }) {
                case nil:
                    unreachable =
                        "in a document after the first with no context: fusuma reads only the first such document"
                case let pairs? where pairs.count == 1 && pairs[0].0 == "application":
                    let value = pairs[0].1
                    if case .sequence(let list) = value.kind {
                        apps = list.map { $0.value.text }
                    } else {
                        apps = [value.value.text]
                    }
                    if apps!.contains(where: \.isEmpty) {
                        unreachable = "an empty application name in its context"
                    }
                case let pairs?:
                    unreachable =
                        "fires only in fusuma's context {\(pairs.map { "\($0.0): \($0.1.value.text)" }.joined(separator: ", "))}, which gestured cannot tell"
                }
            }
            leaves += Walker(document: index, apps: apps, unreachable: unreachable).leaves(
                of: document)
        }
        guard leaves.count <= ImportLimits.gestures else {
            throw ImportError(
                file: file, line: nil, column: nil,
                message: "has more than \(ImportLimits.gestures) gestures")
        }
        let mapper = FusumaMapper(context: context, leaves: leaves)
        config.sources = leaves.map { leaf in
            ImportedConfig.SourceGesture(
                place: "\(name):\(leaf.line)", what: leaf.what, outcome: mapper.outcome(leaf))
        }
        allowTogether(&config)
        return config
    }

    /// fusuma runs a gesture's phases (begin, update, end) and its one-shot swipe, pinch or
    /// rotation side by side; in gestured each is a recognizer, and they would compete, so each
    /// phase's binding names the others of its kind, finger count and application in
    /// `simultaneous-with`.
    static func allowTogether(_ config: inout ImportedConfig) {
        func family(_ b: ImportedConfig.Binding) -> TOMLValue? {
            b["type"] == .string("swipe") ? .string("pan") : b["type"]
        }
        config.allowTogether(
            leads: { $0["on"] != nil || $0["repeat"] != nil || $0["type"] == .string("pan") },
            goesWith: { a, b in
                family(a) == family(b) && a["fingers"] == b["fingers"] && a["app"] == b["app"]
            },
            note:
                "recognized together with fusuma's other bindings of these fingers, as fusuma runs them side by side"
        )
    }

    /// fusuma refuses a file with a key twice in one mapping (YAMLDuplicationChecker).
    static func checkDuplicates(_ node: YAMLNode, file: String) throws(ImportError) {
        var stack = [node]
        var seen = 0
        while let n = stack.popLast() {
            seen += 1
            guard seen <= ImportLimits.nodes else { return }
            switch n.kind {
            case .scalar: break
            case .sequence(let items): stack += items
            case .mapping(let pairs):
                var keys: [YAMLValue] = []
                for p in pairs {
                    let k = p.key.value
                    if keys.contains(k) {
                        throw ImportError(
                            file: file, line: p.key.line, column: p.key.column,
                            message:
                                "\"\(k.text)\" is there twice in one mapping: fusuma refuses the file (Detect duplicate keys)"
                        )
                    }
                    keys.append(k)
                    stack.append(p.value)
                }
            }
        }
    }

    /// One action of the config: a gesture, its finger count, direction and phase as the
    /// path to it says, and the mapping that holds the action.
    struct Leaf {
        let document: Int
        let apps: [String]?
        let kind: String
        let fingers: Int?
        let direction: String?
        let status: String?
        /// The mapping with the action; nil when the key has no value.
        let node: YAMLNode?
        let line: Int
        /// The keys on the way to it: `swipe 3 left`.
        let path: [String]
        /// The keyboard keys that must be held (fusuma-plugin-keypress).
        var keypress: String?
        /// Why fusuma never reaches it, when it does not.
        var unreachable: String?

        var what: String {
            var text = path.joined(separator: " ")
            if let node, let pairs = node.pairs {
                let actions = pairs.filter {
                    !FusumaImporter.parameters.contains($0.key.value.text)
                        && !FusumaImporter.statuses.contains($0.key.value.text)
                }
                text +=
                    ": "
                    + actions.map { p in "\(p.key.value.text): \(FusumaImporter.shortText(p.value))"
                    }.joined(separator: ", ")
            } else {
                text += ": (nothing)"
            }
            return text
        }
    }

    static func shortText(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar: return node.value.text
        case .sequence(let items):
            return "[" + items.prefix(8).map(shortText).joined(separator: ", ")
                + (items.count > 8 ? ", ..." : "") + "]"
        case .mapping(let pairs):
            return "{"
                + pairs.prefix(8).map { "\($0.key.value.text): \(shortText($0.value))" }.joined(
                    separator: ", ") + (pairs.count > 8 ? ", ..." : "") + "}"
        }
    }
}

/// Finds the leaves of a document, level by level: gesture, fingers, direction, phase.
private struct Walker {
    let document: Int
    let apps: [String]?
    let unreachable: String?

    func leaves(of document: YAMLNode) -> [FusumaImporter.Leaf] {
        var out: [FusumaImporter.Leaf] = []
        for (key, value) in document.pairs ?? [] {
            let k = key.value.text
            if FusumaImporter.kinds.contains(k) {
                out += kind(k, value, line: key.line)
            } else if k == "tap", contains(actionIn: value) {
                var leaf = make(
                    kind: k, fingers: nil, direction: nil, status: nil, node: value, line: key.line,
                    path: [k])
                leaf.unreachable =
                    "taps on the touchpad (fusuma-plugin-tap): gestured cannot take taps on a touchpad, whose driver makes them clicks"
                out.append(leaf)
            }
        }
        return out
    }

    func make(
        kind: String, fingers: Int?, direction: String?, status: String?, node: YAMLNode?,
        line: Int, path: [String]
    ) -> FusumaImporter.Leaf {
        FusumaImporter.Leaf(
            document: document, apps: apps, kind: kind, fingers: fingers, direction: direction,
            status: status,
            node: node.flatMap { $0.isNull ? nil : $0 }, line: line, path: path,
            unreachable: unreachable)
    }

    /// Whether a node holds an action anywhere under it.
    func contains(actionIn node: YAMLNode) -> Bool {
        var stack = [node]
        var seen = 0
        while let n = stack.popLast(), seen < ImportLimits.nodes {
            seen += 1
            for (k, v) in n.pairs ?? [] {
                if FusumaImporter.executors.contains(k.value.text) { return true }
                stack.append(v)
            }
        }
        return false
    }

    /// Keys of a mapping that are an action (one gestured knows or not), not a level below.
    func actionKeys(_ node: YAMLNode, below: [String]) -> [String] {
        (node.pairs ?? []).filter { p in
            FusumaImporter.executors.contains(p.key.value.text)
                || !(p.value.pairs != nil && contains(actionIn: p.value))
        }.map { $0.key.value.text }.filter {
            !below.contains($0) && !FusumaImporter.parameters.contains($0)
        }
    }

    func kind(_ kind: String, _ node: YAMLNode, line: Int) -> [FusumaImporter.Leaf] {
        var out: [FusumaImporter.Leaf] = []
        let directions = FusumaImporter.directions[kind]!
        for (key, value) in node.pairs ?? [] {
            let v = key.value
            if case .int(let n) = v {
                out += fingers(kind, n, value, line: key.line)
            } else if directions.contains(v.text) {
                var found = direction(
                    kind, nil, v.text, value, line: key.line, path: [kind, v.text])
                if kind == "swipe" {
                    for i in found.indices {
                        found[i].unreachable =
                            found[i].unreachable
                            ?? "a swipe without a finger count: fusuma looks a swipe up by its count, so it never fires"
                    }
                }
                out += found
            } else if FusumaImporter.statuses.contains(v.text)
                || FusumaImporter.executors.contains(v.text)
            {
                var leaf = make(
                    kind: kind, fingers: nil, direction: nil, status: nil, node: value,
                    line: key.line, path: [kind, v.text])
                leaf.unreachable =
                    "directly under \(kind): fusuma looks a gesture up by its finger count first, so it never fires"
                out.append(leaf)
            } else if case .string(let s) = v, s.allSatisfy({ $0.isASCII && $0.isNumber }),
                !s.isEmpty, contains(actionIn: value)
            {
                var found = fingers(kind, Int(s) ?? 0, value, line: key.line)
                for i in found.indices {
                    found[i].unreachable =
                        "the finger count '\(s)' is quoted, a string, which fusuma never matches with the count libinput gives"
                }
                out += found
            }
        }
        return out
    }

    func fingers(_ kind: String, _ n: Int, _ node: YAMLNode, line: Int) -> [FusumaImporter.Leaf] {
        let path = [kind, String(n)]
        let directions = FusumaImporter.directions[kind]!
        guard !node.isNull else {
            return [
                make(
                    kind: kind, fingers: n, direction: nil, status: nil, node: nil, line: line,
                    path: path)
            ]
        }
        var out: [FusumaImporter.Leaf] = []
        for (key, value) in node.pairs ?? [] {
            let k = key.value.text
            if directions.contains(k) {
                out += direction(kind, n, k, value, line: key.line, path: path + [k])
            } else if FusumaImporter.statuses.contains(k) {
                out += status(kind, n, nil, k, value, line: key.line, path: path + [k])
            } else if k == "keypress" {
                out += keypress(kind, n, nil, nil, value, path: path)
            }
        }
        if !actionKeys(node, below: directions + FusumaImporter.statuses).isEmpty {
            var leaf = make(
                kind: kind, fingers: n, direction: nil, status: nil, node: node, line: line,
                path: path)
            if kind != "hold" {
                leaf.unreachable =
                    "no direction: fusuma looks a \(kind) up by its direction, so it never fires"
            }
            out.insert(leaf, at: 0)
        }
        return out
    }

    func direction(
        _ kind: String, _ n: Int?, _ d: String, _ node: YAMLNode, line: Int, path: [String]
    ) -> [FusumaImporter.Leaf] {
        guard !node.isNull else {
            return [
                make(
                    kind: kind, fingers: n, direction: d, status: nil, node: nil, line: line,
                    path: path)
            ]
        }
        var out: [FusumaImporter.Leaf] = []
        if !actionKeys(node, below: FusumaImporter.statuses).isEmpty || node.pairs == nil {
            out.append(
                make(
                    kind: kind, fingers: n, direction: d, status: nil, node: node, line: line,
                    path: path))
        }
        for (key, value) in node.pairs ?? [] {
            let k = key.value.text
            if FusumaImporter.statuses.contains(k) {
                out += status(kind, n, d, k, value, line: key.line, path: path + [k])
            } else if k == "keypress" {
                out += keypress(kind, n, d, nil, value, path: path)
            }
        }
        out += heldKeys(kind, n, d, nil, node, path: path)
        return out
    }

    func status(
        _ kind: String, _ n: Int?, _ d: String?, _ s: String, _ node: YAMLNode, line: Int,
        path: [String]
    ) -> [FusumaImporter.Leaf] {
        var out = [
            make(
                kind: kind, fingers: n, direction: d, status: s, node: node, line: line, path: path)
        ]
        if let k = node["keypress"] { out += keypress(kind, n, d, s, k, path: path) }
        out += heldKeys(kind, n, d, s, node, path: path)
        return out
    }

    /// fusuma-plugin-keypress's first form: the held keys straight under the gesture
    /// (`LEFTSHIFT: {sendkey: ...}`) rather than under `keypress:`.
    func heldKeys(
        _ kind: String, _ n: Int?, _ d: String?, _ s: String?, _ node: YAMLNode, path: [String]
    ) -> [FusumaImporter.Leaf] {
        (node.pairs ?? []).filter { p in
            let k = p.key.value.text
            return !FusumaImporter.executors.contains(k) && !FusumaImporter.parameters.contains(k)
                && !FusumaImporter.statuses.contains(k)
                && p.value.pairs != nil && contains(actionIn: p.value)
        }.map { key, value in
            var leaf = make(
                kind: kind, fingers: n, direction: d, status: s, node: value, line: key.line,
                path: path + [key.value.text])
            leaf.keypress = key.value.text
            return leaf
        }
    }

    func keypress(
        _ kind: String, _ n: Int?, _ d: String?, _ s: String?, _ node: YAMLNode, path: [String]
    ) -> [FusumaImporter.Leaf] {
        (node.pairs ?? []).map { key, value in
            var leaf = make(
                kind: kind, fingers: n, direction: d, status: s, node: value, line: key.line,
                path: path + ["keypress", key.value.text])
            leaf.keypress = key.value.text
            return leaf
        }
    }
}
