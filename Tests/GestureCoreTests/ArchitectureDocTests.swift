import Foundation
import TestSupport
import Testing

/// docs/architecture.md and the README's layout name files, types and members of the code: each
/// name must exist, so that a rename or a removal that leaves the page behind fails here.
@Suite struct ArchitectureDocTests {
    static let page = "docs/architecture.md"

    /// The code spans of a markdown text, outside its fenced blocks.
    static func codeSpans(_ text: String) -> [String] {
        var spans: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            spans += stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
        }
        return spans
    }

    /// Every file under a folder of the repository, at any depth, relative to the folder.
    static func files(under folder: String) -> [String] {
        let base = URL(fileURLWithPath: Docs.root).appendingPathComponent(folder)
        return
            (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? [])
            .sorted()
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: Docs.root + "/" + path)
    }

    /// What the Swift sources declare: type names, and member names (functions, properties,
    /// enum cases); the tests' too, for the suites the page names.
    static let declared: (types: Set<String>, members: Set<String>) = {
        var types: Set<String> = []
        var members: Set<String> = []
        let type =
            #/\b(?:class|struct|enum|protocol|typealias|actor|extension)\s+([A-Z][A-Za-z0-9_]*)/#
        let member = #/\b(?:func|var|let|init)\s+`?([A-Za-z_][A-Za-z0-9_]*)/#
        let cases = #/^\s*(?:indirect\s+)?case\s+(.+)$/#
        for folder in ["Sources", "Tests"] {
            for f in files(under: folder) where f.hasSuffix(".swift") {
                for line in Docs.text(folder + "/" + f).split(separator: "\n") {
                    for m in line.matches(of: type) { types.insert(String(m.1)) }
                    for m in line.matches(of: member) { members.insert(String(m.1)) }
                    guard let m = try? cases.wholeMatch(in: line) else { continue }
                    for item in m.1.split(separator: ",") {
                        let name = item.trimmingCharacters(in: .whitespaces).prefix {
                            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`"
                        }
                        members.insert(name.replacingOccurrences(of: "`", with: ""))
                    }
                }
            }
        }
        return (types, members)
    }()

    /// Names of the world outside the code that the page writes in code type, as they are.
    static let outside: Set = ["XIAllowEvents", "BitwiseCopyable"]

    /// Why `span` names nothing in the repository; nil when it names something, or is not a
    /// name of the code (a config key, an action, a command, a C constant).
    static func problem(_ span: String) -> String? {
        let modules = Set(Docs.files(in: "Sources"))
        let tests = Set(Docs.files(in: "Tests"))
        let fileNames = Set(
            files(under: "Sources").filter { $0.hasSuffix(".swift") }.map {
                ($0 as NSString).lastPathComponent.dropLast(6)
            }.map(String.init))
        let call = #/^([a-z][A-Za-z0-9]*)\((?:[A-Za-z_]+:)*\)$/#
        let path = #/^([A-Za-z0-9-]+)/(.*)$/#
        let qualified =
            #/^([A-Z][A-Za-z0-9]*)((?:\.[A-Za-z][A-Za-z0-9]*)+)(\((?:[A-Za-z_]+:)*\))?$/#
        if let m = try? path.wholeMatch(in: span) {
            let (root, rest) = (String(m.1), String(m.2))
            if root == "Tests" { return exists("Tests/" + rest) ? nil : "no folder Tests/\(rest)" }
            guard modules.contains(root) else { return "no module \(root)" }
            let file =
                "Sources/\(root)/\(rest)" + (rest.isEmpty || rest.hasSuffix("/") ? "" : ".swift")
            return exists(file) ? nil : "no file \(file)"
        }
        if let m = try? qualified.wholeMatch(in: span) {
            var missing: [String] = []
            if !declared.types.contains(String(m.1)) { missing.append("type \(m.1)") }
            for part in m.2.split(separator: ".") {
                let name = String(part)
                if name.first!.isUppercase
                    ? !declared.types.contains(name) : !declared.members.contains(name)
                {
                    missing.append((name.first!.isUppercase ? "type " : "member ") + name)
                }
            }
            return missing.isEmpty ? nil : "no " + missing.joined(separator: ", ")
        }
        if let m = try? call.wholeMatch(in: span) {
            return declared.members.contains(String(m.1)) ? nil : "no function \(m.1)"
        }
        if span.first?.isUppercase == true,
            span.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" })
        {
            if outside.contains(span) || modules.contains(span) || tests.contains(span)
                || fileNames.contains(span)
                || declared.types.contains(span)
            {
                return nil
            }
            return "no type, file or module \(span)"
        }
        // A camelCase word is a name of the code (a single lowercase word may be a config's).
        if span.first?.isLowercase == true, span.contains(where: \.isUppercase),
            span.allSatisfy({ $0.isLetter || $0.isNumber })
        {
            return declared.members.contains(span) ? nil : "no member \(span)"
        }
        return nil
    }

    @Test func theCheckerTellsANameOfTheCodeFromOneThatIsGone() {
        #expect(Self.problem("GestureSession/Session") == nil)
        #expect(Self.problem("GestureX11/XInputListener+Touchpad") == nil)
        #expect(Self.problem("gestured-settings/Bridge/") == nil)
        #expect(Self.problem("Session.effects(in:)") == nil)
        #expect(Self.problem("drain(lateAfter:)") == nil)
        #expect(Self.problem("Daemon.Timer") == nil)
        #expect(Self.problem("GestureDispatch/Dispatcher") == "no module GestureDispatch")
        #expect(
            Self.problem("GestureX11/XInputListener+Teleport")
                == "no file Sources/GestureX11/XInputListener+Teleport.swift")
        #expect(Self.problem("ActionDispatch") == "no type, file or module ActionDispatch")
        #expect(Self.problem("Session.dispatchAll") == "no member dispatchAll")
        #expect(Self.problem("pollTimeoutOfOld") == "no member pollTimeoutOfOld")
        #expect(Self.problem("desktop next") == nil)
        #expect(Self.problem("touch-timeout") == nil)
    }

    @Test func everyNameThePageWritesInCodeTypeExists() {
        let problems = Self.codeSpans(Docs.text(Self.page)).compactMap { span in
            Self.problem(span).map { "`\(span)`: \($0)" }
        }
        #expect(Set(problems).sorted() == [])
    }

    @Test func thePageNamesEveryModule() {
        let spans = Set(Self.codeSpans(Docs.text(Self.page)))
        let modules = Docs.files(in: "Sources").filter { !$0.hasSuffix(".md") }
        #expect(modules.filter { !spans.contains($0) } == [])
    }

    /// The walk of one touchpad swipe stays short: a newcomer follows it through the files it
    /// names, one way.
    @Test func theWalkOfOneSwipeNamesAtMostFifteenFiles() throws {
        let text = Docs.text(Self.page)
        let start = try #require(text.firstRange(of: "## One touchpad swipe, file by file"))
        let end = try #require(text[start.upperBound...].firstRange(of: "\n## "))
        let fileNames = Set(
            Self.files(under: "Sources").filter { $0.hasSuffix(".swift") }.map {
                String($0.dropLast(6))
            })
        // `Module/File`, or an extension's file by its name alone (`XInputListener+Lateness`);
        // a type named in passing (`EngineOutput`) is not a step.
        let files = Set(
            Self.codeSpans(String(text[start.upperBound..<end.lowerBound])).compactMap { span in
                fileNames.contains(span)
                    ? span : span.contains("+") ? fileNames.first { $0.hasSuffix("/" + span) } : nil
            })
        #expect(files.count <= 15, "\(files.sorted())")
        #expect(files.count >= 10)
    }

    /// The README's layout: each path it lists exists, and it lists every module.
    @Test func theReadmesLayoutListsWhatIsThereAndEveryModule() throws {
        let readme = Docs.text("README.md")
        let start = try #require(readme.firstRange(of: "## Layout\n\n```\n"))
        let end = try #require(readme[start.upperBound...].firstRange(of: "```"))
        var listed: [String] = []
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") {
            // The paths before the description: `Sources/CXML2, CYAML`, `packaging/, scripts/`.
            let first = try #require(try #/^[^ ,]+(?:, [^ ,]+)*/#.prefixMatch(in: line)).0
            // `Sources/CXML2, CYAML`: a name without a slash is in the folder of the one before.
            var folder = ""
            for item in first.split(separator: ", ").map(String.init) {
                listed.append(item.contains("/") ? item : folder + item)
                if let slash = item.dropLast().lastIndex(of: "/") {
                    folder = String(item[...slash])
                }
            }
        }
        #expect(listed.filter { !Self.exists($0) } == [])
        let modules = Docs.files(in: "Sources").map { "Sources/" + $0 }
        #expect(modules.filter { !listed.contains($0) } == [])
    }
}
