import Testing
import TestSupport

@Suite struct PurityTests {
    /// The engine is pure: no Foundation, no libc, no X11, so that it cannot read a clock or do I/O.
    @Test func theEngineImportsNothingButTheStandardLibrary() {
        let files = ["Sources/GestureCore", "Sources/GestureCore/Strokes"].flatMap { folder in
            Docs.files(in: folder).filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        #expect(files.count > 20)
        var imports: [String] = []
        for f in files {
            for line in Docs.text(f).split(separator: "\n")
            where line.trimmingPrefix(while: { $0 == " " }).hasPrefix("import ") {
                imports.append("\(f): \(line)")
            }
        }
        #expect(imports == [])
    }

    /// The overlay's model draws from the engine's values only: it can neither read a clock nor
    /// reach the X server.
    @Test func theOverlayModelImportsOnlyTheEngine() {
        let files = Docs.files(in: "Sources/GestureOverlay").filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 2)
        let imports = files.flatMap { f in
            Docs.text("Sources/GestureOverlay/" + f).split(separator: "\n")
                .filter { $0.trimmingPrefix(while: { $0 == " " }).hasPrefix("import ") && $0 != "import GestureCore" }
                .map { "\(f): \($0)" }
        }
        #expect(imports == [])
    }
}
