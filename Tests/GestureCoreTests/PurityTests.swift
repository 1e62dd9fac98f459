import Testing
import TestSupport

@Suite struct PurityTests {
    /// The engine is pure: no Foundation, no libc, no X11, so that it cannot read a clock or do I/O.
    @Test func theEngineImportsNothingButTheStandardLibrary() {
        let files = Docs.files(in: "Sources/GestureCore").filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        var imports: [String] = []
        for f in files {
            for line in Docs.text("Sources/GestureCore/" + f).split(separator: "\n")
            where line.trimmingPrefix(while: { $0 == " " }).hasPrefix("import ") {
                imports.append("\(f): \(line)")
            }
        }
        #expect(imports == [])
    }
}
