/// Fenced code blocks of a document in docs/, so that tests load the examples users read.
enum Docs {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func text(_ path: String) -> String {
        guard let f = fopen(root + "/" + path, "r") else { fatalError("cannot open \(path)") }
        defer { fclose(f) }
        var out = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bodies of the blocks fenced with ```<language>.
    static func blocks(_ path: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" { current = [] } else if current != nil, line == "```" {
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
