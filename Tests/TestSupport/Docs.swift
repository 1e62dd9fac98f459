/// Fenced code blocks of a document in docs/, so that tests load the examples users read.
public enum Docs {
    public static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/TestSupport/Docs.swift
        return parts.joined(separator: "/")
    }()

    public static func text(_ path: String) -> String {
        String(decoding: bytes(path), as: UTF8.self)
    }

    /// Whether the tests that compare a page with what the code renders rewrite it instead
    /// (GESTURED_UPDATE_DOCS=1), for the change to be read in the diff.
    public static var updating: Bool {
        getenv("GESTURED_UPDATE_DOCS").map { String(cString: $0) } == "1"
    }

    /// Writes `text` to the file at `path` in the repository.
    public static func write(_ text: String, to path: String) {
        guard let f = fopen(root + "/" + path, "w") else { fatalError("cannot write \(path)") }
        defer { fclose(f) }
        fputs(text, f)
    }

    /// The part of the page at `path` that the code renders, from the line `begin` to the line
    /// `end`, for a test to compare with `rendered`; nil when the page lacks either line. With
    /// GESTURED_UPDATE_DOCS=1 the part is first rewritten to `rendered`.
    public static func renderedPart(
        of path: String, from begin: String, to end: String, rendered: String
    ) -> String? {
        func part(_ page: String) -> (text: String, range: Range<String.Index>)? {
            guard let b = page.firstRange(of: begin),
                let e = page[b.upperBound...].firstRange(of: end)
            else { return nil }
            return (String(page[b.lowerBound..<e.upperBound]), b.lowerBound..<e.upperBound)
        }
        let page = text(path)
        guard let found = part(page) else { return nil }
        if updating, found.text != rendered {
            write(
                String(page[..<found.range.lowerBound]) + rendered
                    + String(page[found.range.upperBound...]), to: path)
        }
        return found.text
    }

    /// The file's bytes as they are, for input that may not be UTF-8.
    public static func bytes(_ path: String) -> [UInt8] {
        guard let f = fopen(root + "/" + path, "r") else { fatalError("cannot open \(path)") }
        defer { fclose(f) }
        var out = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    /// The names of the files in a folder of the repository.
    public static func files(in folder: String) -> [String] {
        guard let dir = opendir(root + "/" + folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The bodies of the blocks fenced with ```<language>.
    public static func blocks(_ path: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }
}

#if canImport(Glibc)
    import Glibc
#endif
