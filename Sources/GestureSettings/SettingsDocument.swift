import GestureConfig

/// The user's config as the window edits it: the text, the rows it lists, what `check` says,
/// the edits (each a change of the text through `TOMLEditor`), undo for the session, saving.
///
/// It holds no GTK: the window reads its rows and calls its edits, and the tests do the same
/// with no display.
public final class SettingsDocument {
    /// One problem `check` finds: where it is, and its message as `check` prints it.
    public struct Problem: Equatable, Sendable {
        /// The `[[gesture]]` it is about; nil for settings and syntax.
        public let binding: Int?
        /// The `[settings]` key it is about.
        public let setting: String?
        /// `config.toml:12:13: gesture "next": ... (gesture[0].direction)`.
        public let message: String
    }

    public let path: String
    public private(set) var text: String
    /// What the file holds, as last read or saved.
    public private(set) var savedText: String
    public private(set) var rows: [BindingRow] = []
    public private(set) var problems: [Problem] = []
    /// Whether the file existed when it was opened or has been saved since.
    public private(set) var fileExists: Bool
    private var undoTexts: [String] = []
    private let knowsKey: ((String) -> Bool)?
    private let readFile: (String) -> String?

    /// Opens `path`; without a file there, the default config is what is shown and saved.
    /// `knowsKey` checks key names in `keys` actions, as the daemon does.
    public init(path: String, knowsKey: ((String) -> Bool)? = nil) throws(ConfigFile.Failure) {
        self.path = path
        self.knowsKey = knowsKey
        let existing = try ConfigFile.read(path)
        fileExists = existing != nil
        text = existing ?? DefaultConfig.text
        savedText = text
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        readFile = { name in
            let full = name.hasPrefix("/") ? name : folder + "/" + name
            return (try? ConfigFile.read(full)) ?? nil
        }
        refresh()
    }

    public var hasChanges: Bool { text != savedText || !fileExists }
    public var canUndo: Bool { !undoTexts.isEmpty }

    /// The groups of the bindings page: by application rule (every window first), then input.
    public var groups: [BindingGroup] {
        var keys: [(String?, InputGroup)] = []
        for row in rows where !keys.contains(where: { $0 == (row.app, row.input) }) {
            keys.append((row.app, row.input))
        }
        keys.sort { a, b in
            if a.0 != b.0 { return (a.0 ?? "") < (b.0 ?? "") }
            return a.1 < b.1
        }
        return keys.map { key in
            BindingGroup(
                app: key.0, input: key.1, rows: rows.filter { $0.app == key.0 && $0.input == key.1 }
            )
        }
    }

    /// The syntax error that stops the file from being read at all, if any.
    public var syntaxError: String? {
        problems.first { $0.binding == nil && $0.setting == nil && rows.isEmpty }?.message
    }

    // MARK: Reading values

    /// The value written for `key` in the `index`th binding; nil when absent.
    public func value(_ key: String, binding index: Int) -> TOMLValue? {
        (try? TOMLReader.parse(text))?["gesture"]?.array.flatMap {
            index < $0.count ? $0[index].table?[key] : nil
        }
    }

    /// The value written for a `[settings]` key; nil when absent.
    public func setting(_ key: String) -> TOMLValue? {
        (try? TOMLReader.parse(text))?["settings"]?.table?[key]
    }

    public func row(_ index: Int) -> BindingRow? { rows.first { $0.index == index } }

    // MARK: Edits

    /// Writes (or with nil removes) a key of the `index`th binding.
    public func set(_ key: String, _ value: TOMLEditor.Literal?, binding index: Int)
        throws(TOMLEditError)
    {
        try edit { e throws(TOMLEditError) in
            if let value {
                try e.set(key, to: value, in: .item("gesture", index))
            } else {
                try e.remove(key, from: .item("gesture", index))
            }
        }
    }

    /// Writes (or with nil removes) a `[settings]` key.
    public func setSetting(_ key: String, _ value: TOMLEditor.Literal?) throws(TOMLEditError) {
        try edit { e throws(TOMLEditError) in
            if let value {
                try e.set(key, to: value, in: .named("settings"))
            } else {
                try e.remove(key, from: .named("settings"))
            }
        }
    }

    /// Turns a binding off (`enabled = false`) or on (the key removed: on is the default).
    public func setEnabled(_ on: Bool, binding index: Int) throws(TOMLEditError) {
        try set("enabled", on ? nil : .bool(false), binding: index)
    }

    /// Adds a binding of `type` at the end, with what the type needs filled in so that it
    /// loads, and returns its index.
    @discardableResult
    public func addBinding(type: String) throws(TOMLEditError) -> Int {
        try addBinding(entries: Self.needs(type), type: type, action: "show-desktop")
    }

    /// Adds a binding of `type` at the end, named after it, with `entries` and `action`; returns
    /// its index.
    @discardableResult
    public func addBinding(entries: [(String, TOMLEditor.Literal)], type: String, action: String)
        throws(TOMLEditError) -> Int
    {
        let all: [(String, TOMLEditor.Literal)] =
            [("name", .string(uniqueName(type))), ("type", .string(type))]
            + entries + [("action", .string(action))]
        try edit { e throws(TOMLEditError) in try e.addItem("gesture", all) }
        return rows.count - 1
    }

    /// Makes a binding another type: keys the new type does not take are removed, and what it
    /// needs is filled in as for a new one; name, source, app and actions stay.
    public func changeType(binding index: Int, to type: String) throws(TOMLEditError) {
        guard let table = (try? TOMLReader.parse(text))?["gesture"]?.array?[index].table else {
            return
        }
        let taken = Set(SettingsSchema.fields(for: type).map(\.name))
        let needs = Self.needs(type)
        try edit { e throws(TOMLEditError) in
            for key in table.keys where !taken.contains(key) {
                try e.remove(key, from: .item("gesture", index))
            }
            if table["source"]?.string.map({ s in
                GestureBinding.GestureType(rawValue: type)?.sources.contains { $0.rawValue == s }
                    == false
            }) == true {
                try e.remove("source", from: .item("gesture", index))
            }
            try e.set("type", to: .string(type), in: .item("gesture", index))
            for (key, value) in needs where table[key] == nil || !taken.contains(key) {
                try e.set(key, to: value, in: .item("gesture", index))
            }
        }
    }

    /// What a new binding of `type` is written with, besides its name, type and action.
    static func needs(_ type: String) -> [(String, TOMLEditor.Literal)] {
        switch type {
        case "swipe": [("fingers", .integer(3)), ("direction", .string("left"))]
        case "edge": [("edge", .string("left"))]
        case "stroke": [("source", .string("pointer")), ("shape", .string("line-left"))]
        case "pinch", "rotate": [("fingers", .integer(3))]
        case "pan": [("min-fingers", .integer(3))]
        default: []
        }
    }

    /// Adds a copy of a binding, as written, after it, under a new name; returns its index.
    @discardableResult
    public func duplicate(binding index: Int) throws(TOMLEditError) -> Int {
        let name = uniqueName(row(index).map { $0.name + "-copy" } ?? "copy")
        try edit { e throws(TOMLEditError) in
            try e.duplicateItem("gesture", at: index)
            try e.set("name", to: .string(name), in: .item("gesture", index + 1))
        }
        return index + 1
    }

    public func delete(binding index: Int) throws(TOMLEditError) {
        try edit { e throws(TOMLEditError) in try e.removeItem("gesture", at: index) }
    }

    /// Puts back the text before the last edit; false when there is none.
    @discardableResult
    public func undo() -> Bool {
        guard let previous = undoTexts.popLast() else { return false }
        text = previous
        refresh()
        return true
    }

    // MARK: Saving

    /// Writes the text to the file (atomically; see `ConfigFile.write`).
    public func save() throws(ConfigFile.Failure) {
        try ConfigFile.write(text, to: path)
        savedText = text
        fileExists = true
    }

    /// Replaces the text with the default config after backing the file up, and saves; returns
    /// the backup's path (nil without a file). Undo brings the old text back.
    @discardableResult
    public func resetToDefault() throws(ConfigFile.Failure) -> String? {
        let backup = try ConfigFile.backUp(path)
        undoTexts.append(text)
        text = DefaultConfig.text
        try save()
        refresh()
        return backup
    }

    /// Reads the file again, after it changed on disk; edits not saved are dropped.
    public func reload() throws(ConfigFile.Failure) {
        let existing = try ConfigFile.read(path)
        fileExists = existing != nil
        text = existing ?? DefaultConfig.text
        savedText = text
        undoTexts.removeAll()
        refresh()
    }

    // MARK: Inside

    private func edit(_ change: (inout TOMLEditor) throws(TOMLEditError) -> Void)
        throws(TOMLEditError)
    {
        var editor: TOMLEditor
        do { editor = try TOMLEditor(text) } catch {
            throw TOMLEditError("\(path):\(error.position): \(error.message)")
        }
        try change(&editor)
        guard editor.text != text else { return }
        undoTexts.append(text)
        text = editor.text
        refresh()
    }

    /// `base`, or `base-2`, `base-3`... when a binding has that name.
    private func uniqueName(_ base: String) -> String {
        let names = Set(rows.map(\.name))
        if !names.contains(base) { return base }
        var n = 2
        while names.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }

    /// Rows from the text as written, problems from the loader as `check` has them.
    private func refresh() {
        let table: TOMLTable
        do {
            table = try TOMLReader.parse(text)
        } catch {
            rows = []
            problems = [
                Problem(
                    binding: nil, setting: nil,
                    message: "\(path):\(error.position): \(error.message)")
            ]
            return
        }
        let items = table["gesture"]?.array ?? []
        var rows = items.enumerated().compactMap { i, item in
            item.table.map { BindingWords.row($0, index: i) }
        }
        problems = []
        do {
            _ = try ConfigLoader.load(
                text, file: path,
                readFile: { [readFile] name in
                    readFile(name).map { .success($0) } ?? .failure(.missing)
                }, knowsKey: knowsKey)
        } catch {
            problems = error.errors.map { e in
                let (binding, setting) = Self.subject(e.keyPath)
                return Problem(binding: binding, setting: setting, message: e.description)
            }
        }
        for p in problems {
            if let b = p.binding, let r = rows.firstIndex(where: { $0.index == b }) {
                rows[r].problems.append(p.message)
            }
        }
        self.rows = rows
    }

    /// A problem as a row shows it under the binding: `line 15: direction "sideways" is not
    /// one of ...`, without the file, the column, the binding's name and the key path, which the
    /// row already says (the whole message is the row's tooltip and accessible description).
    public func brief(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix(path + ":") { text = text.dropFirst(path.count + 1) }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        var line: String?
        if parts.count == 3, let l = Int(parts[0]), Int(parts[1]) != nil {
            line = String(l)
            text = parts[2].drop { $0 == " " }
        }
        if text.hasPrefix("gesture \""), let end = text.firstRange(of: "\": ") {
            text = text[end.upperBound...]
        }
        if text.hasSuffix(")"),
            let open = text.ranges(of: " (gesture[").last ?? text.ranges(of: " (settings").last
        {
            text = text[..<open.lowerBound]
        }
        return (line.map { "line \($0): " } ?? "") + text
    }

    /// `gesture[2].direction` -> (2, nil); `settings.overlay` -> (nil, "overlay").
    static func subject(_ keyPath: String?) -> (Int?, String?) {
        guard let keyPath else { return (nil, nil) }
        if keyPath.hasPrefix("gesture["), let close = keyPath.firstIndex(of: "]") {
            return (Int(keyPath[keyPath.index(keyPath.startIndex, offsetBy: 8)..<close]), nil)
        }
        if keyPath.hasPrefix("settings.") { return (nil, String(keyPath.dropFirst(9))) }
        return (nil, nil)
    }
}
