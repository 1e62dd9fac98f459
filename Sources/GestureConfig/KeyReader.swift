import GestureActions
import GestureCore

/// Reads typed values out of one TOML table, reporting each problem with the key's place.
struct KeyReader {
    let loader: ConfigLoader
    let table: TOMLTable
    let tableName: String
    let index: Int?
    let path: String
    /// `gesture "next-desktop"`: who the messages are about.
    let subject: String

    func fail(_ key: String?, _ message: String) {
        loader.report(
            "\(subject): \(message)", table: tableName, index: index, key: key,
            path: key.map { "\(path).\($0)" } ?? path)
    }

    /// The key's value when it is written and valid; nil when it is absent (reported when it
    /// is required) or not valid (reported).
    func read<Value>(_ key: ConfigKey<Value>) -> Value? {
        guard table[key.name] != nil else {
            if case .required(let needs, _) = key.absent {
                fail(
                    nil,
                    needs
                        + (key.domain.choices.map { " (one of \($0.joined(separator: ", ")))" }
                            ?? ""))
            }
            return nil
        }
        return key.domain.read(self, key.name)
    }

    /// The key's value, or what its absence stands for in a gesture of `type` (also after an
    /// invalid value, which is reported: the load fails, and goes on only to find more).
    func value<Value>(_ key: ConfigKey<Value>, for type: GestureBinding.GestureType? = nil) -> Value
    {
        if let v = read(key) { return v }
        guard let fallback = key.fallback(for: type) else {
            preconditionFailure("\(key.name) has no default")
        }
        return fallback
    }

    func notOneOf(
        _ key: String, _ value: String, _ allowed: [String], aliases: [String: String] = [:]
    ) -> String {
        let hint =
            Suggestion.closest(to: value, among: allowed, aliases: aliases).map {
                " (did you mean \"\($0)\"?)"
            } ?? ""
        return "\(key) \"\(value)\" is not one of \(allowed.joined(separator: ", "))\(hint)"
    }

    func string(_ key: String) -> String? {
        guard let v = table[key] else { return nil }
        guard let s = v.string else {
            fail(key, "\(key) must be a string")
            return nil
        }
        guard !holdsNUL(key) else { return nil }
        return s
    }

    /// A NUL (`"\u0000"`) would cut the value short where it is handed to C (a command line, a
    /// key name, a window class): a value that holds one is an error, not the part before it.
    func holdsNUL(_ key: String) -> Bool {
        func has(_ v: TOMLValue) -> Bool {
            v.string.map { $0.utf8.contains(0) } ?? v.array?.contains(where: has) ?? false
        }
        guard let v = table[key], has(v) else { return false }
        fail(key, "\(key) contains a NUL character (\\u0000), which would cut it short")
        return true
    }

    /// A number in `range`; `unit` follows the range in the message (`pixels`, `degrees`).
    func number(_ key: String, in range: ClosedRange<Double>, unit: String? = nil) -> Double? {
        guard let v = table[key] else { return nil }
        let n: Double
        switch v.kind {
        case .float(let x): n = x
        case .integer(let i): n = Double(i)
        default:
            fail(key, "\(key) must be a number")
            return nil
        }
        guard range.contains(n) else {
            let suffix = unit.map { " " + $0 } ?? ""
            fail(
                key,
                "\(key) \(format(n)) is out of range \(format(range.lowerBound))...\(format(range.upperBound))\(suffix)"
            )
            return nil
        }
        return n
    }

    /// A string that is a valid glob (`app`, `device`), kept as written.
    func glob(_ key: String) -> String? {
        guard let pattern = string(key) else { return nil }
        do {
            _ = try Glob.validated(pattern)
        } catch {
            fail(key, "\(key) \"\(pattern)\" is not a valid glob: \(error.message)")
            return nil
        }
        return pattern
    }

    func bool(_ key: String) -> Bool? {
        guard let v = table[key] else { return nil }
        guard let b = v.bool else {
            fail(key, "\(key) must be true or false")
            return nil
        }
        return b
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let v = table[key] else { return nil }
        guard let n = v.int else {
            fail(key, "\(key) must be a whole number")
            return nil
        }
        guard range.contains(n) else {
            fail(key, "\(key) \(n) is out of range \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return n
    }

    /// A string or a list of them; `what` names them in the message (`gesture names`).
    func stringList(_ key: String, of what: String) -> [String]? {
        guard let v = table[key] else { return nil }
        if let s = v.string { return holdsNUL(key) ? nil : [s] }
        guard let a = v.array else {
            fail(key, "\(key) must be a list of \(what)")
            return nil
        }
        var out: [String] = []
        for item in a {
            guard let s = item.string else {
                fail(key, "\(key) must be a list of \(what)")
                return nil
            }
            out.append(s)
        }
        return holdsNUL(key) ? nil : out
    }

    /// `action = "..."` or `action = ["...", "..."]` (or the same for `key`); nil after
    /// reporting a value that is not one, and the actions parsed when some could not be.
    func actions(_ key: String) -> [Action]? {
        guard let v = table[key] else { return nil }
        var texts: [String] = []
        if let s = v.string {
            texts = [s]
        } else if let a = v.array, a.allSatisfy({ $0.string != nil }), !a.isEmpty {
            texts = a.compactMap(\.string)
        } else {
            fail(key, "\(key) must be a string or a non-empty list of strings")
            return nil
        }
        if holdsNUL(key) { return nil }
        var out: [Action] = []
        for (i, text) in texts.enumerated() {
            do {
                out.append(try ActionParser.parse(text, knowsKey: loader.knowsKey))
            } catch {
                fail(key, texts.count > 1 ? "\(key) \(i + 1): \(error.message)" : error.message)
            }
        }
        return out
    }
}

func format(_ v: Double) -> String { NumberText.plain(v) }
