/// What `gestured import` made of a peer's config: every gesture of the source, each carried
/// over as one or more `[[gesture]]` tables or said not to be and why, and the settings the
/// conversions need. `text` is the gestured config; `summary` the line for standard error.
public struct ImportedConfig: Sendable {
    public let format: ImportFormat
    /// The file as the user named it (or the default path read).
    public let file: String
    /// Comment lines for the top of the file: what was read, conversions that hold for all.
    public var notes: [String] = []
    public var settings: [Setting] = []
    public var sources: [SourceGesture] = []

    public init(format: ImportFormat, file: String) {
        self.format = format
        self.file = file
    }

    /// A `[settings]` key the conversion sets, with why.
    public struct Setting: Sendable {
        public let key: String
        public let value: TOMLValue
        public let note: String
    }

    /// One gesture of the source config.
    public struct SourceGesture: Sendable {
        /// `touchegg.conf:12` or `libinput-gestures.conf:7`: where it is.
        public let place: String
        /// The gesture as the source writes it, short: `gesture swipe up 3 xdotool key super`.
        public let what: String
        public var outcome: Outcome

        public enum Outcome: Sendable {
            case imported([Binding])
            /// Why it is not carried over; and, when the source keeps another binding from
            /// acting where it applies (an application's gesture that does nothing there), the
            /// `pass` binding that keeps it so.
            case notImported(String, keeping: Binding? = nil)
        }

        public var isImported: Bool { if case .imported = outcome { true } else { false } }
    }

    /// One `[[gesture]]` table.
    public struct Binding: Sendable {
        /// The words of its name, before the format's prefix and a number that makes it
        /// unique: `["swipe", "3", "up"]`.
        public var nameParts: [String]
        /// The keys after `name`, in order.
        public var keys: [(String, TOMLValue)]
        /// Comment lines above it: how a value was converted, what differs.
        public var notes: [String]

        public init(nameParts: [String], keys: [(String, TOMLValue)], notes: [String] = []) {
            self.nameParts = nameParts
            self.keys = keys
            self.notes = notes
        }

        public subscript(key: String) -> TOMLValue? {
            get { keys.first { $0.0 == key }?.1 }
            set {
                if let i = keys.firstIndex(where: { $0.0 == key }) {
                    if let newValue { keys[i].1 = newValue } else { keys.remove(at: i) }
                } else if let newValue {
                    keys.append((key, newValue))
                }
            }
        }
    }

    public var importedCount: Int { sources.filter(\.isImported).count }

    /// Lets bindings that the source runs side by side be recognized together: each binding
    /// that `leads` names, in `simultaneous-with`, the others it `goesWith`. gestured's
    /// recognizers compete for a gesture; the peers' bindings of one gesture do not.
    mutating func allowTogether(
        leads: (Binding) -> Bool, goesWith: (Binding, Binding) -> Bool, note: String
    ) {
        let names = self.names
        var all: [(source: Int, index: Int, name: String, binding: Binding)] = []
        var n = 0
        for (s, source) in sources.enumerated() {
            guard case .imported(let bindings) = source.outcome else { continue }
            for (i, b) in bindings.enumerated() {
                all.append((s, i, names[n], b))
                n += 1
            }
        }
        for entry in all where leads(entry.binding) {
            let partners = all.filter {
                $0.name != entry.name && goesWith(entry.binding, $0.binding)
            }.map(\.name)
            guard !partners.isEmpty, case .imported(var bindings) = sources[entry.source].outcome
            else { continue }
            let at =
                bindings[entry.index].keys.firstIndex { $0.0 == "action" }
                ?? bindings[entry.index].keys.count
            bindings[entry.index].keys.insert(("simultaneous-with", .strings(partners)), at: at)
            bindings[entry.index].notes.append(note)
            sources[entry.source].outcome = .imported(bindings)
        }
    }

    /// The names the bindings get, in order: the format's prefix and the name's words, made
    /// into a name a glob, a log line and a shell can carry (letters, digits, `-`), and
    /// numbered from 2 when one is taken.
    public var names: [String] {
        var taken = Set<String>()
        var out: [String] = []
        for source in sources {
            let bindings: [Binding]
            switch source.outcome {
            case .imported(let list): bindings = list
            case .notImported(_, let keeping): bindings = keeping.map { [$0] } ?? []
            }
            for b in bindings {
                let base = ([format.namePrefix] + b.nameParts).map(ImportedConfig.nameWord).filter {
                    !$0.isEmpty
                }.joined(separator: "-")
                var name = base
                var n = 2
                while taken.contains(name) {
                    name = "\(base)-\(n)"
                    n += 1
                }
                taken.insert(name)
                out.append(name)
            }
        }
        return out
    }

    static func nameWord(_ word: String) -> String {
        var out = ""
        for scalar in word.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}
