import GestureCore
import GestureActions

/// TOML text to a validated `Config`, collecting every problem with its place. One loader per
/// load: the key readers it hands out report into it directly, so nothing is copied back.
public final class ConfigLoader {
    static let topKeys = ["settings", "gesture"]
    static let settingsKeys = ["touch-timeout", "arrival-window", "templates", "overlay"]
    static let commonKeys = ["name", "type", "source", "fingers", "app", "device",
                             "simultaneous-with", "require-failure-of", "on", "action"]
    /// Keys that only some types take.
    static let typeKeys: [String: [GestureBinding.GestureType]] = [
        "taps": [.tap, .press], "interval": [.tap, .press], "movement": [.tap, .press],
        "duration": [.tap, .swipe, .press],
        "direction": [.swipe, .pan, .pinch, .rotate],
        "distance": [.pan, .swipe, .edge], "speed": [.swipe],
        "min-fingers": [.pan, .pinch, .rotate], "max-fingers": [.pan, .pinch, .rotate],
        "threshold": [.pinch, .rotate],
        "edge": [.edge], "margin": [.edge],
        "button": [.stroke], "shape": [.stroke], "directions": [.stroke],
        "repeat": [.pan, .edge, .pinch, .rotate], "reverse": [.pan, .edge, .pinch, .rotate],
    ]

    let file: String
    let locator: SourceLocator
    /// Reads a template file named in the config; nil when it cannot be read, with why.
    let readFile: (String) -> Result<String, ConfigFileError>
    /// Whether a key name (`Left`, `XF86AudioMute`) is one the keyboard layer knows.
    let knowsKey: ((String) -> Bool)?
    private(set) var errors: [ConfigError] = []
    private(set) var templates = BuiltinTemplates.all

    init(file: String, locator: SourceLocator, readFile: @escaping (String) -> Result<String, ConfigFileError>,
         knowsKey: ((String) -> Bool)?) {
        self.file = file
        self.locator = locator
        self.readFile = readFile
        self.knowsKey = knowsKey
    }

    /// Parses and validates; throws `ConfigErrors` listing every problem. Template files are
    /// read with `readFile`, given their path relative to the config's folder. Key names in
    /// `keys` actions are checked with `knowsKey` when it is given (X11 knows them; this module
    /// does not).
    public static func load(_ text: String, file: String,
                            readFile: @escaping (String) -> Result<String, ConfigFileError> = { _ in .failure(.missing) },
                            knowsKey: ((String) -> Bool)? = nil
    ) throws(ConfigErrors) -> Config {
        let table: TOMLTable
        do {
            table = try TOMLReader.parse(text)
        } catch {
            throw ConfigErrors(errors: [ConfigError(file: file, line: error.position.line, column: error.position.column,
                                                    keyPath: nil, message: error.message)])
        }
        let loader = ConfigLoader(file: file, locator: SourceLocator(root: table), readFile: readFile, knowsKey: knowsKey)
        let config = loader.read(table)
        if !loader.errors.isEmpty { throw ConfigErrors(errors: loader.errors) }
        return config
    }

    // MARK: Reporting

    /// Records an error at `key` of the `index`th `[[table]]` (of `[table]` without an index, of
    /// the top level without a table).
    func report(_ message: String, table: String?, index: Int? = nil, key: String? = nil, path: String) {
        let place = locator.locate(table: table, index: index, key: key)
        errors.append(ConfigError(file: file, line: place?.line, column: place?.column, keyPath: path, message: message))
    }

    static func unknownKey(_ key: String, among known: [String]) -> String {
        let hint = Suggestion.closest(to: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "unknown key \"\(key)\"\(hint)"
    }

    // MARK: Reading

    func read(_ table: TOMLTable) -> Config {
        var config = Config(file: file)
        for key in table.keys where !ConfigLoader.topKeys.contains(key) {
            report(ConfigLoader.unknownKey(key, among: ConfigLoader.topKeys), table: nil, key: key, path: key)
        }
        config.declaresGestures = table["gesture"] != nil
        if let s = table["settings"] {
            if let t = s.table { config.settings = readSettings(t) } else {
                report("\"settings\" must be a table: [settings]", table: "settings", path: "settings")
            }
        }
        if let g = table["gesture"] {
            guard let list = g.array else {
                report("\"gesture\" must be an array of tables: [[gesture]]", table: "gesture", path: "gesture")
                config.templates = templates
                return config
            }
            for (i, item) in list.enumerated() {
                guard let t = item.table else {
                    report("gesture[\(i)] must be a table", table: "gesture", index: i, path: "gesture[\(i)]")
                    continue
                }
                if let binding = readGesture(t, index: i) { config.gestures.append(binding) }
            }
        }
        checkNames(config.gestures)
        checkCycles(config.gestures)
        fitTouchTimeout(&config, explicit: table["settings"]?.table?["touch-timeout"] != nil)
        config.templates = templates
        return config
    }

    func readSettings(_ t: TOMLTable) -> Config.Settings {
        var s = Config.Settings()
        let r = KeyReader(loader: self, table: t, tableName: "settings", index: nil, path: "settings", subject: "settings")
        for key in t.keys where !ConfigLoader.settingsKeys.contains(key) {
            r.fail(key, ConfigLoader.unknownKey(key, among: ConfigLoader.settingsKeys))
        }
        if let v = r.number("touch-timeout", in: 1...60_000) { s.touchTimeout = v }
        if let v = r.number("arrival-window", in: 0...10_000) { s.arrivalWindow = v }
        if let v = r.bool("overlay") { s.overlay = v }
        s.templateFiles = r.stringList("templates") ?? []
        for path in s.templateFiles {
            switch readFile(path) {
            case .failure(let why):
                r.fail("templates", "cannot read the template file \"\(path)\" (\(why.rawValue))")
            case .success(let text):
                do {
                    templates += try TemplateFile.parse(text)
                } catch {
                    errors.append(ConfigError(file: path, line: error.line, column: nil, keyPath: nil, message: error.message))
                }
            }
        }
        if s.arrivalWindow >= s.touchTimeout {
            r.fail("arrival-window", "arrival-window \(format(s.arrivalWindow)) ms must be shorter than touch-timeout \(format(s.touchTimeout)) ms")
        }
        return s
    }

    func readGesture(_ t: TOMLTable, index i: Int) -> GestureBinding? {
        let typeName = t["type"]?.string
        let givenName = t["name"]?.string
        let subject = "gesture \"\(TOMLText.escaped(givenName ?? typeName.map { "\($0)-\(i + 1)" } ?? "#\(i + 1)"))\""
        let r = KeyReader(loader: self, table: t, tableName: "gesture", index: i, path: "gesture[\(i)]", subject: subject)

        guard let typeName else {
            r.fail(t["type"] == nil ? nil : "type", t["type"] == nil
                   ? "has no type (one of \(GestureBinding.GestureType.allCases.map(\.rawValue).joined(separator: ", ")))"
                   : "type must be a string")
            return nil
        }
        if r.holdsNUL("type") { return nil }
        guard let type = GestureBinding.GestureType(rawValue: typeName) else {
            r.fail("type", r.notOneOf("type", typeName, GestureBinding.GestureType.allCases.map(\.rawValue)))
            return nil
        }
        guard GestureBinding.GestureType.available.contains(type) else {
            r.fail("type", "type \"\(typeName)\" is not recognized by this version (available: \(GestureBinding.GestureType.available.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        for key in t.keys {
            if ConfigLoader.commonKeys.contains(key) { continue }
            if let types = ConfigLoader.typeKeys[key] {
                if !types.contains(type) {
                    r.fail(key, "\"\(key)\" does not apply to a \(type.rawValue) (it is for \(types.map(\.rawValue).joined(separator: ", ")))")
                }
                continue
            }
            r.fail(key, ConfigLoader.unknownKey(key, among: ConfigLoader.commonKeys + ConfigLoader.typeKeys.keys.sorted()))
        }

        let name = r.string("name") ?? "\(type.rawValue)-\(i + 1)"
        var sources = type.sources
        if let s = r.string("source") {
            if s == "any" {
                sources = type.sources
            } else if let src = InputSource(rawValue: s) {
                if type.sources.contains(src) {
                    sources = [src]
                } else {
                    r.fail("source", "a \(type.rawValue) takes no \(s) input (it takes \(type.sources.map(\.rawValue).joined(separator: ", ")))")
                }
            } else {
                r.fail("source", r.notOneOf("source", s, ["any"] + InputSource.allCases.map(\.rawValue)))
            }
        }
        var b = GestureBinding(name: name, type: type, sources: sources)
        b.index = i
        b.line = locator.locate(table: "gesture", index: i, key: nil)?.line
        b.fingers = r.integer("fingers", in: 1...10)
        b.taps = r.integer("taps", in: type == .press ? 0...4 : 1...5)
        b.threshold = r.number("threshold", in: type == .rotate ? 1...180 : 0.01...0.9)
        b.margin = r.number("margin", in: 1...500)
        b.movement = r.number("movement", in: 0...10_000)
        b.distance = r.number("distance", in: 0...100_000)
        b.speed = r.number("speed", in: 0...100_000)
        b.duration = r.number("duration", in: 1...60_000)
        b.interval = r.number("interval", in: 1...60_000)
        b.minFingers = r.integer("min-fingers", in: 1...10)
        b.maxFingers = r.integer("max-fingers", in: 1...10)
        b.button = r.integer("button", in: 1...32)
        b.app = r.glob("app")
        b.device = r.glob("device")
        b.simultaneousWith = r.stringList("simultaneous-with") ?? []
        b.requireFailureOf = r.stringList("require-failure-of") ?? []
        if let d = r.string("direction") {
            if let direction = type.direction(d) { b.direction = direction } else {
                r.fail("direction", r.notOneOf("direction", d, type.directions))
            }
        } else if type == .swipe {
            r.fail(nil, "a swipe needs a direction (one of \(type.directions.joined(separator: ", ")))")
        }
        if let e = r.string("edge") {
            if let edge = EdgeRecognizer.Edge(rawValue: e) { b.edge = edge } else {
                r.fail("edge", r.notOneOf("edge", e, EdgeRecognizer.Edge.allCases.map(\.rawValue)))
            }
        } else if type == .edge {
            r.fail(nil, "an edge gesture needs an edge (one of \(EdgeRecognizer.Edge.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let on = r.string("on") {
            if let phase = GestureBinding.Phase(rawValue: on) {
                if !type.isContinuous && phase != .end {
                    r.fail("on", "a \(type.rawValue) is discrete: it only ends, so on must be \"end\", not \"\(on)\"")
                }
                b.on = phase
            } else {
                r.fail("on", r.notOneOf("on", on, GestureBinding.Phase.allCases.map(\.rawValue)))
            }
        }
        b.shape = r.string("shape")
        b.directions = r.string("directions")
        checkStroke(&b, r)
        b.actions = r.actions()
        if b.actions.contains(.pass) && b.actions.count > 1 {
            r.fail("action", "\"pass\" hands the gesture to the application: it cannot come with other actions")
        }
        b.repeatStep = r.number("repeat", in: type.repeatRange, unit: type.repeatUnit)
        if table(t, has: "reverse") {
            b.reverse = r.actions(key: "reverse")
            if b.repeatStep == nil { r.fail("reverse", "reverse needs repeat: it fires when the progress goes back a step") }
        }
        if b.repeatStep != nil, let on = t["on"]?.string, on != "update" {
            r.fail("on", "with repeat the actions fire on each step while the gesture changes; on must be \"update\" or absent, not \"\(on)\"")
        }
        if b.repeatStep != nil { b.on = .update }
        checkShape(&b, r)
        return b
    }

    private func table(_ t: TOMLTable, has key: String) -> Bool { t[key] != nil }

    /// A stroke names one shape it knows or one direction sequence it can parse.
    private func checkStroke(_ b: inout GestureBinding, _ r: KeyReader) {
        guard b.type == .stroke else { return }
        switch (b.shape, b.directions) {
        case (nil, nil):
            r.fail(nil, "a stroke needs a shape (one of \(Set(templates.map(\.name)).sorted().joined(separator: ", "))) or directions (such as \"DR\")")
        case (.some, .some):
            r.fail("directions", "give either shape or directions, not both")
        case let (shape?, nil):
            let known = Set(templates.map(\.name)).sorted()
            if !known.contains(shape) {
                r.fail("shape", r.notOneOf("shape", shape, known))
            }
        case let (nil, directions?):
            do {
                _ = try DirectionSequence(parsing: directions)
            } catch {
                r.fail("directions", "directions \"\(directions)\": \(error.description)")
            }
        }
    }

    /// Combinations a type cannot take.
    private func checkShape(_ b: inout GestureBinding, _ r: KeyReader) {
        if let lo = b.minFingers, let hi = b.maxFingers, lo > hi {
            r.fail("min-fingers", "min-fingers \(lo) is more than max-fingers \(hi)")
        }
        if b.fingers != nil && (b.minFingers != nil || b.maxFingers != nil) {
            r.fail("fingers", "give either fingers or min-fingers/max-fingers, not both")
        }
        if b.type == .stroke, let f = b.fingers, f != 1 {
            r.fail("fingers", "a stroke is drawn with one finger (or the pointer), not \(f)")
        }
        if (b.type == .pinch || b.type == .rotate), let f = b.fingers ?? b.minFingers, f < 2 {
            r.fail(b.fingers != nil ? "fingers" : "min-fingers", "a \(b.type.rawValue) takes 2 or more fingers, not \(f)")
        }
        // XInput 2.4 reports two-finger touchpad motion as scrolling, not as a swipe.
        let least = b.type.touchpadMinimumFingers
        let fewest = b.fingers ?? b.minFingers ?? least
        if b.sources.contains(.touchpad) && fewest < least {
            if b.sources == [.touchpad] {
                r.fail("fingers", "touchpad \(b.type.rawValue)s take \(least) or more fingers (two fingers scroll), not \(fewest)")
            } else {
                b.sources.removeAll { $0 == .touchpad }
            }
        }
    }

    /// A press begins only after its duration, and a multi-tap ends only at its last lift; a
    /// touch handed back before then could never be part of it (the engine fails a gesture
    /// whose held touch is handed back). Without an explicit touch-timeout it grows to outlast
    /// the longest press or multi-tap; an explicit one that is too short is an error.
    func fitTouchTimeout(_ config: inout Config, explicit: Bool) {
        for g in config.gestures {
            guard let hold = GestureBinding.holdSpan(g) else { continue }
            let i = g.index ?? 0
            let needed = hold.span + 50
            if needed <= config.settings.touchTimeout { continue }
            if explicit {
                report("gesture \"\(g.name)\": \(hold.what) takes \(format(hold.span)) ms, but settings.touch-timeout \(format(config.settings.touchTimeout)) ms hands its touches back first; raise touch-timeout to at least \(format(needed))",
                       table: "gesture", index: i, key: hold.key, path: "gesture[\(i)].\(hold.key)")
            } else {
                config.settings.touchTimeout = needed
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
                report("gesture \"\(g.name)\": the name is already used by gesture[\(first)]", table: "gesture", index: i,
                       key: "name", path: "gesture[\(i)].name")
            }
            for (key, list) in [("simultaneous-with", g.simultaneousWith), ("require-failure-of", g.requireFailureOf)] {
                for other in list {
                    if other == g.name {
                        report("gesture \"\(g.name)\": \(key) names the gesture itself", table: "gesture", index: i,
                               key: key, path: "gesture[\(i)].\(key)")
                    } else if seen[other] == nil {
                        if names == nil { names = gestures.map(\.name) }
                        let hint = Suggestion.closest(to: other, among: names!).map { " (did you mean \"\($0)\"?)" } ?? ""
                        report("gesture \"\(g.name)\": \(key) names no gesture \"\(other)\"\(hint)", table: "gesture",
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
        report("gesture \"\(g.name)\": require-failure-of forms a cycle: \(names)", table: "gesture", index: i,
               key: "require-failure-of", path: "gesture[\(i)].require-failure-of")
    }
}
