import Foundation
import TestSupport
import Testing

@Suite struct PurityTests {
    /// Every module a Swift file imports, whatever the form: `import X`, `@testable import X`,
    /// `public import X`, `import struct X.Y`, `import X.Y`, with what precedes it on the line.
    static func imports(of text: String) -> [String] {
        let form =
            #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#
        return text.split(separator: "\n").compactMap { line in
            (try? form.prefixMatch(in: line)).map { String($0.1) }
        }
    }

    /// The Swift files under a folder of the repository, at any depth.
    static func swiftFiles(under folder: String) -> [String] {
        let base = URL(fileURLWithPath: Docs.root).appendingPathComponent(folder)
        let all =
            FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
    }

    @Test func theImportReaderFindsEveryFormOfImport() {
        let text = """
            import Foundation
              @testable import GestureCore
            public import Glibc
            import struct Darwin.timespec
            @_implementationOnly import CXInput2
            // import Commented
            let important = 1
            """
        #expect(
            Self.imports(of: text) == ["Foundation", "GestureCore", "Glibc", "Darwin", "CXInput2"])
    }

    /// The engine is pure: no Foundation, no libc, no X11, so that it cannot read a clock or do
    /// I/O. Its one import is swift-numerics' RealModule, for the trigonometry.
    @Test func theEngineImportsNothingButTheStandardLibraryAndRealModule() {
        let files = Self.swiftFiles(under: "Sources/GestureCore")
        #expect(files.count > 30)
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { $0 != "RealModule" }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }

    /// The command line is a table and the rules that read it: no Foundation (which would cost
    /// the daemon its start-up and several MiB of resident memory), no libc. GestureCore lends it
    /// its "did you mean".
    @Test func theCommandLineImportsOnlyTheEngine() {
        let files = Self.swiftFiles(under: "Sources/GestureCommandLine")
        #expect(files.count >= 8)
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { $0 != "GestureCore" }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }

    /// The daemon links no Foundation: none of its files imports it, nor a parser that brings it.
    @Test func theDaemonImportsNoFoundation() {
        let files = Self.swiftFiles(under: "Sources/gestured")
        #expect(files.count >= 10)
        let heavy: Set = ["Foundation", "FoundationEssentials", "ArgumentParser"]
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter(heavy.contains).map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }

    /// The overlay's model draws from the engine's values only: it can neither read a clock nor
    /// reach the X server.
    @Test func theOverlayModelImportsOnlyTheEngine() {
        let files = Self.swiftFiles(under: "Sources/GestureOverlay")
        #expect(files.count >= 2)
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { $0 != "GestureCore" }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }

    /// What feedback draws, and when, is decided from values alone: no clock, no X server.
    @Test func theFeedbackImportsOnlyTheEngineTheActionsAndTheOverlaysScene() {
        let files = Self.swiftFiles(under: "Sources/GestureFeedback")
        #expect(files.count >= 2)
        let allowed: Set = ["GestureCore", "GestureActions", "GestureOverlay"]
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { !allowed.contains($0) }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }

    /// The session calls nobody back: it reaches neither X11, nor a stream, nor a process, and
    /// says what should happen as values for the daemon to apply.
    @Test func theSessionImportsOnlyTheEngineTheStrokesTheConfigAndTheActions() {
        let files = Self.swiftFiles(under: "Sources/GestureSession")
        #expect(files.count >= 4)
        let allowed: Set = ["GestureCore", "GestureStrokes", "GestureConfig", "GestureActions"]
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { !allowed.contains($0) }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }

    /// The config is its values and their reading: it builds no engine and runs nothing.
    @Test func theConfigImportsOnlyTheEngineTheStrokesAndTheActions() {
        let files = Self.swiftFiles(under: "Sources/GestureConfig")
        #expect(files.count >= 10)
        let allowed: Set = ["GestureCore", "GestureStrokes", "GestureActions"]
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { !allowed.contains($0) }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
        #expect(files.filter { Docs.text($0).contains("GestureEngine(") } == [])
    }

    /// Strokes are read as the engine reads input: from values alone.
    @Test func theStrokesImportOnlyTheEngineAndRealModule() {
        let files = Self.swiftFiles(under: "Sources/GestureStrokes")
        #expect(files.count >= 10)
        let allowed: Set = ["GestureCore", "RealModule"]
        let imports = files.flatMap { f in
            Self.imports(of: Docs.text(f)).filter { !allowed.contains($0) }.map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }
}
