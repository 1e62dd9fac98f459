import TestSupport
import Testing

@testable import GestureConfig

/// The declarations in `ConfigSchema` are the config's one description: the docs cannot name a
/// key that is not declared, nor miss one that is.
@Suite struct ConfigSchemaTests {
    @Test func theKeyTablesOfTheConfigPageAreRenderedFromTheDeclarations() {
        let written = Docs.renderedPart(
            of: "docs/config.md", from: ConfigSchema.docsBegin, to: ConfigSchema.docsEnd,
            rendered: ConfigSchema.markdown)
        #expect(
            written == ConfigSchema.markdown,
            "docs/config.md's key tables differ from the declarations; they should read:\n\(ConfigSchema.markdown)"
        )
    }

    /// docs/gestures.md lists each type's own keys in its table: the names outside parentheses
    /// in the parameters column.
    @Test func eachTypesRowOfTheGesturesPageNamesExactlyTheKeysOnlySomeTypesTake() {
        let rows = Docs.text("docs/gestures.md").split(separator: "\n").filter {
            $0.hasPrefix("| `")
        }
        var seen: [GestureBinding.GestureType] = []
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingSpaces()
            }
            guard cells.count > 3,
                let type = GestureBinding.GestureType(rawValue: cells[1].trimmingBackticks())
            else { continue }
            seen.append(type)
            let named = Set(Self.namesOutsideParentheses(cells[3]))
            let declared = Set(
                ConfigSchema.all.filter {
                    $0.scope != .everyGesture && $0.scope.types.contains(type)
                }.map(\.name))
            #expect(
                named.subtracting(declared).sorted() == [],
                "docs/gestures.md names keys a \(type.rawValue) does not take")
            #expect(
                declared.subtracting(named).subtracting(["fingers"]).sorted() == [],
                "docs/gestures.md misses keys a \(type.rawValue) takes")
        }
        #expect(
            Set(seen) == Set(GestureBinding.GestureType.allCases)
                && seen.count == GestureBinding.GestureType.allCases.count)
    }

    /// Each default docs/gestures.md gives in its parameters column, `key` (unit, value), is
    /// the one the schema declares for that type.
    @Test func theDefaultsTheGesturesPageGivesAreTheDeclaredOnes() {
        let rows = Docs.text("docs/gestures.md").split(separator: "\n").filter {
            $0.hasPrefix("| `")
        }
        var compared = 0
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingSpaces()
            }
            guard cells.count > 3,
                let type = GestureBinding.GestureType(rawValue: cells[1].trimmingBackticks())
            else { continue }
            for match in cells[3].matches(of: /`([a-z-]+)` \(([^()]*)\)/) {
                let name = String(match.1)
                // The value is the group's last part before any `;`: `(px, 10)`, `(2; touchpad 3)`.
                let last =
                    match.2.split(separator: ";").first?.split(separator: ",").last?
                    .trimmingSpaces() ?? ""
                guard Double(last) != nil else { continue }
                let key = ConfigSchema.all.first {
                    $0.name == name && $0.scope != .settings && $0.scope.types.contains(type)
                }
                #expect(
                    key?.defaultText(for: type)?.trimmingBackticks() == last,
                    "docs/gestures.md: \(type.rawValue) \(name) (\(match.2))")
                compared += 1
            }
        }
        #expect(compared > 20)
    }

    @Test func noTwoDeclarationsGiveAGestureTypeTheSameKey() {
        var seen: Set<String> = []
        for key in ConfigSchema.all {
            for place in key.scope == .settings ? ["settings"] : key.scope.types.map(\.rawValue) {
                #expect(
                    seen.insert("\(place).\(key.name)").inserted,
                    "\(key.name) is declared twice for \(place)")
            }
        }
    }

    @Test func everyDeclaredDefaultIsOneOfItsKeysValues() throws {
        // A default outside its own range would be a value the user could not write back.
        for key in ConfigSchema.all {
            for problem in key.defaultProblems() { Issue.record("\(key.name): \(problem)") }
        }
    }

    /// `` `a` (`b`), `c` `` -> a, c.
    static func namesOutsideParentheses(_ text: String) -> [String] {
        var names: [String] = []
        var depth = 0
        var current: String?
        for c in text {
            switch c {
            case "(": depth += 1
            case ")": depth -= 1
            case "`" where depth == 0:
                if let name = current {
                    names.append(name)
                    current = nil
                } else {
                    current = ""
                }
            default:
                if depth == 0, current != nil { current!.append(c) }
            }
        }
        return names
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

extension String {
    fileprivate func trimmingBackticks() -> String { filter { $0 != "`" } }
}
