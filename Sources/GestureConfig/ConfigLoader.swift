import GestureActions
import GestureCore
import GestureStrokes

/// TOML text to a validated `Config`, collecting every problem with its place. One loader per
/// load: the key readers it hands out report into it directly, so nothing is copied back.
public final class ConfigLoader {
    static let topKeys = ["settings", "gesture"]

    let file: String
    let locator: SourceLocator
    /// Reads a template file named in the config; nil when it cannot be read, with why.
    let readFile: (String) -> Result<String, ConfigFileError>
    /// Whether a key name (`Left`, `XF86AudioMute`) is one the keyboard layer knows.
    let knowsKey: ((String) -> Bool)?
    private(set) var errors: [ConfigError] = []
    private(set) var templates = BuiltinTemplates.all

    init(
        file: String, locator: SourceLocator,
        readFile: @escaping (String) -> Result<String, ConfigFileError>,
        knowsKey: ((String) -> Bool)?
    ) {
        self.file = file
        self.locator = locator
        self.readFile = readFile
        self.knowsKey = knowsKey
    }

    /// Parses and validates; throws `ConfigErrors` listing every problem. Template files are
    /// read with `readFile`, given their path relative to the config's folder. Key names in
    /// `keys` actions are checked with `knowsKey` when it is given (X11 knows them; this module
    /// does not).
    public static func load(
        _ text: String, file: String,
        readFile: @escaping (String) -> Result<String, ConfigFileError> = { _ in .failure(.missing)
        },
        knowsKey: ((String) -> Bool)? = nil
    ) throws(ConfigErrors) -> Config {
        let table: TOMLTable
        do {
            table = try TOMLReader.parse(text)
        } catch {
            throw ConfigErrors(errors: [
                ConfigError(
                    file: file, line: error.position.line, column: error.position.column,
                    keyPath: nil, message: error.message)
            ])
        }
        let loader = ConfigLoader(
            file: file, locator: SourceLocator(root: table), readFile: readFile, knowsKey: knowsKey)
        let config = loader.read(table)
        if !loader.errors.isEmpty { throw ConfigErrors(errors: loader.errors) }
        return config
    }

    // MARK: Reporting

    /// Records an error at `key` of the `index`th `[[table]]` (of `[table]` without an index, of
    /// the top level without a table).
    func report(
        _ message: String, table: String?, index: Int? = nil, key: String? = nil, path: String
    ) {
        let place = locator.locate(table: table, index: index, key: key)
        errors.append(
            ConfigError(
                file: file, line: place?.line, column: place?.column, keyPath: path,
                message: message))
    }

    static func unknownKey(_ key: String, among known: [String]) -> String {
        let hint =
            Suggestion.closest(to: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "unknown key \"\(key)\"\(hint)"
    }

    // MARK: Reading

    func read(_ table: TOMLTable) -> Config {
        var config = Config(file: file)
        for key in table.keys where !ConfigLoader.topKeys.contains(key) {
            report(
                ConfigLoader.unknownKey(key, among: ConfigLoader.topKeys), table: nil, key: key,
                path: key)
        }
        config.declaresGestures = table["gesture"] != nil
        if let s = table["settings"] {
            if let t = s.table {
                config.settings = readSettings(t)
            } else {
                report(
                    "\"settings\" must be a table: [settings]", table: "settings", path: "settings")
            }
        }
        if let g = table["gesture"] {
            guard let list = g.array else {
                report(
                    "\"gesture\" must be an array of tables: [[gesture]]", table: "gesture",
                    path: "gesture")
                config.templates = templates
                return config
            }
            for (i, item) in list.enumerated() {
                guard let t = item.table else {
                    report(
                        "gesture[\(i)] must be a table", table: "gesture", index: i,
                        path: "gesture[\(i)]")
                    continue
                }
                if let binding = readGesture(t, index: i, settings: config.settings) {
                    config.gestures.append(binding)
                }
            }
        }
        checkNames(config.gestures)
        for b in config.gestures where b.streams && !config.settings.toucheggStream {
            report(
                "gesture \"\(b.name)\": action \"stream\" needs touchegg-stream = true in [settings]",
                table: "gesture", index: b.index, key: "action",
                path: "gesture[\(b.index ?? 0)].action")
        }
        checkCycles(config.gestures)
        fitTouchTimeout(&config, explicit: table["settings"]?.table?["touch-timeout"] != nil)
        config.templates = templates
        return config
    }

    func readSettings(_ t: TOMLTable) -> Config.Settings {
        typealias S = ConfigSchema
        var s = Config.Settings()
        let r = KeyReader(
            loader: self, table: t, tableName: "settings", index: nil, path: "settings",
            subject: "settings")
        for key in t.keys where !S.settingsNames.contains(key) {
            r.fail(key, ConfigLoader.unknownKey(key, among: S.settingsNames))
        }
        s.touchTimeout = r.value(S.touchTimeout)
        s.arrivalWindow = r.value(S.arrivalWindow)
        s.touchscreenMode = r.value(S.touchscreenMode)
        s.pointerMode = r.value(S.pointerMode)
        s.overlay = r.value(S.overlay)
        s.touchpadCommitDistance = r.value(S.touchpadCommitDistance)
        s.touchscreenCommitDistance = r.value(S.touchscreenCommitDistance)
        s.commitScale = r.value(S.commitScale)
        s.commitAngle = r.value(S.commitAngle)
        s.toucheggStream = r.value(S.toucheggStream)
        s.gesturedStream = r.value(S.gesturedStream)
        s.feedback = r.value(S.feedbackEverywhere)
        s.templateFiles = r.value(S.templates)
        for path in s.templateFiles {
            switch readFile(path) {
            case .failure(let why):
                r.fail("templates", "cannot read the template file \"\(path)\" (\(why.rawValue))")
            case .success(let text):
                do {
                    templates += try TemplateFile.parse(text)
                } catch {
                    errors.append(
                        ConfigError(
                            file: path, line: error.line, column: nil, keyPath: nil,
                            message: error.message))
                }
            }
        }
        if s.arrivalWindow >= s.touchTimeout {
            r.fail(
                "arrival-window",
                "arrival-window \(format(s.arrivalWindow)) ms must be shorter than touch-timeout \(format(s.touchTimeout)) ms"
            )
        }
        return s
    }

    func readGesture(_ t: TOMLTable, index i: Int, settings: Config.Settings = Config.Settings())
        -> GestureBinding?
    {
        typealias S = ConfigSchema
        let typeName = t["type"]?.string
        let givenName = t["name"]?.string
        let subject =
            "gesture \"\(TOMLText.escaped(givenName ?? typeName.map { "\($0)-\(i + 1)" } ?? "#\(i + 1)"))\""
        let r = KeyReader(
            loader: self, table: t, tableName: "gesture", index: i, path: "gesture[\(i)]",
            subject: subject)

        guard let type = r.read(S.type) else { return nil }
        guard GestureBinding.GestureType.available.contains(type) else {
            r.fail(
                "type",
                "type \"\(type.rawValue)\" is not recognized by this version (available: \(GestureBinding.GestureType.available.map(\.rawValue).joined(separator: ", ")))"
            )
            return nil
        }
        for key in t.keys {
            let types = S.types(taking: key)
            if types.isEmpty {
                r.fail(key, ConfigLoader.unknownKey(key, among: S.gestureNames))
            } else if !types.contains(type) {
                r.fail(
                    key,
                    "\"\(key)\" does not apply to a \(type.rawValue) (it is for \(types.map(\.rawValue).joined(separator: ", ")))"
                )
            }
        }

        let name = r.read(S.name) ?? "\(type.rawValue)-\(i + 1)"
        if let c = name.unicodeScalars.first(where: \.properties.isNoncharacterCodePoint) {
            r.fail(
                "name",
                "name contains the noncharacter U+\(String(c.value, radix: 16, uppercase: true)), which D-Bus does not carry (gestured's stream sends every name)"
            )
        }
        var sources = type.sources
        if case .only(let source) = r.value(S.source) {
            if type.sources.contains(source) {
                sources = [source]
            } else {
                r.fail(
                    "source",
                    "a \(type.rawValue) takes no \(source.rawValue) input (it takes \(type.sources.map(\.rawValue).joined(separator: ", ")))"
                )
            }
        }
        var b = GestureBinding(name: name, kind: readKind(type, r), sources: sources)
        b.index = i
        b.line = locator.locate(table: "gesture", index: i, key: nil)?.line
        b.app = r.read(S.app)
        b.device = r.read(S.device)
        b.simultaneousWith = r.value(S.simultaneousWith)
        b.requireFailureOf = r.value(S.requireFailureOf)
        let on = r.read(S.on)
        if let on, !type.isContinuous && on != .end {
            r.fail(
                "on",
                "a \(type.rawValue) is discrete: it only ends, so on must be \"end\", not \"\(on.rawValue)\""
            )
        }
        b.actions = r.value(S.action)
        if b.actions.contains(.pass) && b.actions.count > 1 {
            r.fail(
                "action",
                "\"pass\" hands the gesture to the application: it cannot come with other actions")
        }
        if b.actions.contains(.stream) && b.actions.count > 1 {
            r.fail(
                "action",
                "\"stream\" sends the gesture to the touchegg stream instead of performing it: it cannot come with other actions"
            )
        }
        let step = S.repeatKey(for: type).flatMap(r.read)
        let reverse = type.isContinuous ? r.read(S.reverse) : nil
        if t["reverse"] != nil && step == nil {
            r.fail("reverse", "reverse needs repeat: it fires when the progress goes back a step")
        }
        if let on, step != nil, on != .update {
            r.fail(
                "on",
                "with repeat the actions fire on each step while the gesture changes; on must be \"update\" or absent, not \"\(on.rawValue)\""
            )
        }
        if let step {
            b.fires = .everyStep(size: step, reverse: reverse ?? [])
        } else {
            b.fires = .on(on ?? S.on.defaultValue)
        }
        if b.follows { checkFollowing(b, r, hasOn: on != nil, hasRepeat: step != nil) }
        if let feedback = r.read(S.feedback) {
            if feedback, type.hasProgress, let why = b.feedbackProblem {
                r.fail("feedback", "feedback \(why)")
            }
            b.feedback = feedback
        } else {
            b.feedback = settings.feedback && b.feedbackProblem == nil
        }
        dropTouchpad(&b, r)
        // Read and checked like any other, then left out.
        return r.value(S.enabled) ? b : nil
    }

    /// `drag`, `pointer`, `window move` and `window resize` follow the fingers of a pan or an
    /// edge from begin to end. A drag or a pointer is an error where the fingers are the
    /// pointer already: one finger on a touchscreen (the server emulates the pointer with it);
    /// any of them on one or two touchpad fingers (the server reports those as pointer motion
    /// and scrolling, never as a gesture).
    private func checkFollowing(_ b: GestureBinding, _ r: KeyReader, hasOn: Bool, hasRepeat: Bool) {
        let following = b.actions.first { $0.follows }
        let verb =
            following.map {
                $0.text.split(separator: " ").prefix($0.text.hasPrefix("window") ? 2 : 1).joined(
                    separator: " ")
            } ?? ""
        let movesThePointer: Bool
        switch following {
        case .drag?, .pointer?: movesThePointer = true
        default: movesThePointer = false
        }
        if b.actions.count > 1 {
            r.fail(
                "action",
                "\"\(verb)\" follows the gesture from begin to end: it cannot come with other actions"
            )
        }
        guard b.type == .pan || b.type == .edge else {
            r.fail(
                "action",
                "\"\(verb)\" follows the fingers of a pan or an edge gesture, not of a \(b.type.rawValue)"
            )
            return
        }
        if hasOn {
            r.fail("on", "\"\(verb)\" follows the gesture from begin to end: on does not apply")
        }
        if hasRepeat {
            r.fail(
                "repeat", "\"\(verb)\" follows the gesture from begin to end: repeat does not apply"
            )
        }
        guard case .pan(let p) = b.kind else { return }
        let fewest = Self.fewest(p.fingers)
        if movesThePointer && b.sources.contains(.touchscreen) && (fewest ?? 1) < 2 {
            let key =
                fewest == nil ? "action" : p.fingers == .exactly(1) ? "fingers" : "min-fingers"
            r.fail(
                key,
                "\"\(verb)\" on a one-finger touchscreen pan would fight the pointer the server already moves with one finger: set fingers (or min-fingers) to 2 or more"
            )
        }
        if b.sources == [.touchpad], let fewest, fewest < 3 {
            r.fail(
                p.fingers == .exactly(fewest) ? "fingers" : "min-fingers",
                "\"\(verb)\" on a touchpad takes 3 or more fingers: the server reports one finger as pointer motion and two as scrolling, never as a gesture"
            )
        }
    }

    /// XInput 2.4 reports two-finger touchpad motion as scrolling, not as a swipe: a touchpad
    /// gesture with fewer fingers than it needs there is an error when it is for the touchpad
    /// alone, and listens to its other sources when it is not.
    private func dropTouchpad(_ b: inout GestureBinding, _ r: KeyReader) {
        let least = b.type.touchpadMinimumFingers
        let fewest: Int
        switch b.kind {
        case .swipe(let s): fewest = s.fingers
        case .pan(let p): fewest = Self.fewest(p.fingers) ?? least
        case .pinch(let p): fewest = Self.fewest(p.fingers) ?? least
        case .rotate(let p): fewest = Self.fewest(p.fingers) ?? least
        case .tap, .edge, .press, .stroke: return
        }
        if b.sources.contains(.touchpad) && fewest < least {
            if b.sources == [.touchpad] {
                // A drag or pointer binding has said why already (`checkFollowing`).
                if b.follows { return }
                r.fail(
                    "fingers",
                    "touchpad \(b.type.rawValue)s take \(least) or more fingers (two fingers scroll), not \(fewest)"
                )
            } else {
                b.sources.removeAll { $0 == .touchpad }
            }
        }
    }

    static func fewest(_ count: GestureBinding.FingerCount) -> Int? {
        switch count {
        case .exactly(let n): return n
        case .between(let lo, _): return lo
        }
    }

    /// A press begins only after its duration, and a multi-tap ends only at its last lift; a
    /// touch handed back before then could never be part of it (the engine fails a gesture
    /// whose held touch is handed back). Without an explicit touch-timeout, the timeout of each
    /// source the gesture listens to grows to outlast it, and only that source's: a touchscreen
    /// double tap does not hold a mouse button longer. An explicit one that is too short is an
    /// error.
    func fitTouchTimeout(_ config: inout Config, explicit: Bool) {
        for g in config.gestures {
            guard let hold = GestureBinding.holdSpan(g) else { continue }
            let i = g.index ?? 0
            let needed = hold.span + 50
            if needed <= config.settings.touchTimeout { continue }
            if explicit {
                report(
                    "gesture \"\(g.name)\": \(hold.what) takes \(format(hold.span)) ms, but settings.touch-timeout \(format(config.settings.touchTimeout)) ms hands its touches back first; raise touch-timeout to at least \(format(needed))",
                    table: "gesture", index: i, key: hold.key, path: "gesture[\(i)].\(hold.key)")
            } else {
                for source in g.sources where needed > config.settings.touchTimeout(for: source) {
                    config.settings.sourceTimeouts[source] = needed
                }
            }
        }
    }

    /// Names are unique, and relations name gestures that exist. Reported at each binding's
    /// own `[[gesture]]` table, which is not its position among the valid ones.
    func checkNames(_ gestures: [GestureBinding]) {
        var seen: [String: Int] = [:]
        for g in gestures where seen[g.name] == nil { seen[g.name] = g.index ?? 0 }
        var names: [String]?
        for g in gestures {
            let i = g.index ?? 0
            if let first = seen[g.name], first != i {
                report(
                    "gesture \"\(g.name)\": the name is already used by gesture[\(first)]",
                    table: "gesture", index: i,
                    key: "name", path: "gesture[\(i)].name")
            }
            for (key, list) in [
                ("simultaneous-with", g.simultaneousWith),
                ("require-failure-of", g.requireFailureOf),
            ] {
                for other in list {
                    if other == g.name {
                        report(
                            "gesture \"\(g.name)\": \(key) names the gesture itself",
                            table: "gesture", index: i,
                            key: key, path: "gesture[\(i)].\(key)")
                    } else if seen[other] == nil {
                        if names == nil { names = gestures.map(\.name) }
                        let hint =
                            Suggestion.closest(to: other, among: names!).map {
                                " (did you mean \"\($0)\"?)"
                            } ?? ""
                        report(
                            "gesture \"\(g.name)\": \(key) names no gesture \"\(other)\"\(hint)",
                            table: "gesture",
                            index: i, key: key, path: "gesture[\(i)].\(key)")
                    }
                }
            }
        }
    }

    /// `require-failure-of` makes a gesture wait for others to fail; gestures that wait for
    /// each other in a cycle would wait for ever. A depth-first search with three colours
    /// finds a cycle at each edge back to a gesture still on the path, in linear time; each is
    /// reported once, at the gesture of the cycle written first.
    func checkCycles(_ gestures: [GestureBinding]) {
        var byName: [String: [Int]] = [:]
        for (n, g) in gestures.enumerated() { byName[g.name, default: []].append(n) }
        let waits: [[Int]] = gestures.map { g in
            g.requireFailureOf.filter { $0 != g.name }.flatMap { byName[$0] ?? [] }
        }
        enum Colour { case unseen, onPath, done }
        var colour = [Colour](repeating: .unseen, count: gestures.count)
        var depth = [Int](repeating: 0, count: gestures.count)
        var path: [(node: Int, next: Int)] = []
        for root in gestures.indices where colour[root] == .unseen {
            colour[root] = .onPath
            path.append((root, 0))
            while let top = path.last {
                let (node, next) = top
                guard next < waits[node].count else {
                    colour[node] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let other = waits[node][next]
                switch colour[other] {
                case .unseen:
                    colour[other] = .onPath
                    depth[other] = path.count
                    path.append((other, 0))
                case .onPath:
                    reportCycle(path[depth[other]...].map { gestures[$0.node] })
                case .done:
                    break
                }
            }
        }
    }

    private func reportCycle(_ cycle: [GestureBinding]) {
        let first = cycle.indices.min { (cycle[$0].index ?? 0) < (cycle[$1].index ?? 0) } ?? 0
        let ordered = cycle[first...] + cycle[..<first]
        let g = ordered.first!
        let i = g.index ?? 0
        let names = (ordered.map(\.name) + [g.name]).joined(separator: " -> ")
        report(
            "gesture \"\(g.name)\": require-failure-of forms a cycle: \(names)", table: "gesture",
            index: i,
            key: "require-failure-of", path: "gesture[\(i)].require-failure-of")
    }
}
