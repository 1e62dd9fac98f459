/// touchegg's config (`~/.config/touchegg/touchegg.conf`): XML, `<application name="A,B">`
/// sections of `<gesture type fingers direction><action type>…</action></gesture>`, global
/// `<settings>`. Read as touchegg 2 reads it; a touchegg 1 file (parameters as the action's text,
/// `DRAG`, `ROTATE`, `direction="ALL"`) as touchegg 1 did. See docs/import.md for the mapping.
enum ToucheggImporter {
    static func read(
        _ bytes: [UInt8], file: String, name: String, knowsKey: @escaping (String) -> Bool
    ) throws(ImportError) -> ImportedConfig {
        let root = try XMLElement.parse(bytes, file: file)
        var config = ImportedConfig(format: .touchegg, file: file)
        var settings: [String: String] = [:]
        for property in root.children(named: "settings").flatMap({ $0.children(named: "property") })
        {
            if let key = property["name"] { settings[key] = property.text }
        }
        let version1 =
            settings["composed_gestures_time"] != nil
            || root.children(named: "application").contains {
                $0.children(named: "gesture").contains {
                    $0.children(named: "action").contains(where: Entry.isVersion1Action)
                }
            }
        var entries: [Entry] = []
        var outside: [(Int, ImportedConfig.SourceGesture)] = []
        func collect(_ element: XMLElement, inApplication: XMLElement?) {
            for child in element.children {
                if child.name == "gesture" {
                    if let application = inApplication, element === application {
                        let names = (application["name"] ?? "").split(
                            separator: ",", omittingEmptySubsequences: false)
                        for app in names {
                            entries.append(
                                Entry(
                                    gesture: child, application: application,
                                    app: String(app).trimmedBlanks))
                        }
                    } else {
                        outside.append(
                            (
                                child.line,
                                .init(
                                    place: "\(name):\(child.line)",
                                    what: Entry.describe(child, app: nil),
                                    outcome: .notImported(
                                        "outside any <application>: touchegg reads only the gestures in one, so it never fires"
                                    ))
                            ))
                    }
                    continue
                }
                collect(
                    child,
                    inApplication: child.name == "application" && element === root ? child : nil)
            }
        }
        collect(root, inApplication: nil)
        guard entries.count + outside.count <= ImportLimits.gestures else {
            throw ImportError(
                file: file, line: nil, column: nil,
                message: "has more than \(ImportLimits.gestures) gestures")
        }
        var mapper = ToucheggMapper(settings: settings, version1: version1, knowsKey: knowsKey)
        for e in entries where (e.gesture["direction"] ?? "") != "ALL" {
            mapper.named[mapper.namedKey(e), default: []].insert(e.gesture["direction"] ?? "")
        }
        config.notes = mapper.notes(root: root)
        // touchegg keeps one gesture per application, type, fingers and direction: the last.
        var last: [String: Int] = [:]
        for (i, e) in entries.enumerated() { last[mapper.key(e)] = i }
        let mapped = entries.enumerated().map {
            i, e -> (Entry, Result<[ImportedConfig.Binding], ToucheggMapper.Why>) in
            if let j = last[mapper.key(e)], j != i {
                return (
                    e,
                    .failure(
                        .init(
                            "line \(entries[j].gesture.line) binds the same gesture for \(e.appWords) again, and touchegg keeps the last",
                            overridden: true))
                )
            }
            return (e, mapper.bindings(e))
        }
        // A gesture an application binds to something gestured cannot do (or touchegg does not
        // know) does nothing over that application in touchegg, rather than the global one: a
        // `pass` binding keeps the global one from acting there.
        let global = Set(
            mapped.filter { $0.0.isGlobal && (try? $0.1.get()) != nil }.map {
                mapper.gestureKey($0.0)
            })
        var sources = outside
        for (e, result) in mapped {
            let place = "\(name):\(e.gesture.line)"
            let what = Entry.describe(e.gesture, app: e.app)
            switch result {
            case .success(let bindings):
                sources.append(
                    (e.gesture.line, .init(place: place, what: what, outcome: .imported(bindings))))
            case .failure(let why):
                var keep: ImportedConfig.Binding?
                if !e.isGlobal, !why.overridden, global.contains(mapper.gestureKey(e)) {
                    keep = mapper.passBinding(e)
                }
                sources.append(
                    (
                        e.gesture.line,
                        .init(
                            place: place, what: what, outcome: .notImported(why.text, keeping: keep)
                        )
                    ))
            }
        }
        config.sources = sources.sorted { $0.0 < $1.0 }.map(\.1)
        config.settings = mapper.settingsNeeded(by: config.sources)
        // on begin-and-end is two bindings of one gesture: they must not compete.
        config.allowTogether(
            leads: { $0.nameParts.last == "begin" },
            goesWith: { a, b in
                b.nameParts.last == "end"
                    && Array(a.nameParts.dropLast()) == Array(b.nameParts.dropLast())
            },
            note: "recognized together with its end, as touchegg acts at both")
        return config
    }

    /// One `<gesture>` for one of its `<application>`'s names.
    struct Entry {
        let gesture: XMLElement
        let application: XMLElement
        /// The name, its blanks trimmed; `All` (any case) for every window.
        let app: String

        var isGlobal: Bool { app.lowercased() == "all" }
        var appWords: String { isGlobal ? "All" : "\"\(app)\"" }
        var action: XMLElement? { gesture.child(named: "action") }

        /// touchegg 1 wrote an action's parameters as its text (`<action type="SEND_KEYS">Control+c</action>`).
        static func isVersion1Action(_ action: XMLElement) -> Bool {
            action.children.isEmpty && !action.text.trimmedBlanks.isEmpty
        }

        /// `SWIPE 3 UP in "All": MAXIMIZE_RESTORE_WINDOW`.
        static func describe(_ gesture: XMLElement, app: String?) -> String {
            let action = gesture.child(named: "action")?["type"] ?? "no action"
            let words = [
                gesture["type"] ?? "(no type)", gesture["fingers"] ?? "",
                gesture["direction"] ?? "",
            ].filter { !$0.isEmpty }
            return words.joined(separator: " ") + (app.map { " in \"\($0)\"" } ?? "") + ": "
                + action
        }
    }
}

extension String {
    /// Without leading and trailing blanks.
    var trimmedBlanks: String { String(Substring(self).trimmed) }
}
