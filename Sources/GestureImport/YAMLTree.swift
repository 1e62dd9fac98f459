import CYAML

/// A YAML node as the importer reads it, with the place it starts. Read by libyaml's event
/// parser (`CYAML`); an alias is the node its anchor names, shared, never copied, and every node
/// knows how many nodes it stands for with its aliases followed (`expandedCount`), so that a
/// file of aliases of aliases is refused before anything walks it.
public final class YAMLNode {
    public enum Kind {
        /// The text, and whether it was written plain (unquoted), where YAML 1.1 reads
        /// `null`, `true`, `3` and `0.5` as such.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public let kind: Kind
    /// From 1.
    public let line: Int
    public let column: Int
    /// Nodes walked when this one is walked whole, aliases followed.
    let expandedCount: Int

    init(kind: Kind, line: Int, column: Int, expandedCount: Int) {
        self.kind = kind
        self.line = line
        self.column = column
        self.expandedCount = expandedCount
    }

    /// The documents of a stream (`---` between them), nil for an empty one.
    public static func parse(_ bytes: [UInt8], file: String) throws(ImportError) -> [YAMLNode?] {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImportError) in
            guard let parser = gx_yaml_open(buffer.baseAddress, buffer.count) else {
                throw ImportError(
                    file: file, line: nil, column: nil,
                    message: "libyaml (libyaml-0.so.2) cannot be loaded: install libyaml-0-2")
            }
            defer { gx_yaml_close(parser) }
            var builder = Builder(file: file)
            var event = gx_yaml_event()
            while true {
                guard gx_yaml_next(parser, &event) != 0 else {
                    var line = 0
                    var column = 0
                    let problem = String(cString: gx_yaml_problem(parser, &line, &column))
                    throw ImportError(
                        file: file, line: line + 1, column: column + 1, message: problem)
                }
                if Int(event.type) == Int(GX_YAML_STREAM_END) { break }
                try builder.take(event)
            }
            return builder.documents
        }
    }

    /// Nodes from events: an explicit stack of open collections, so that depth costs memory
    /// (bounded by `ImportLimits.depth`), never the call stack.
    private struct Builder {
        let file: String
        var documents: [YAMLNode?] = []
        var anchors: [String: YAMLNode] = [:]
        /// Open collections: their start, anchor and the nodes read so far.
        var open:
            [(
                isMapping: Bool, line: Int, column: Int, anchor: String?, items: [YAMLNode],
                count: Int
            )] = []
        var root: YAMLNode?

        init(file: String) { self.file = file }

        mutating func take(_ e: gx_yaml_event) throws(ImportError) {
            let line = Int(e.line) + 1
            let column = Int(e.column) + 1
            let anchor = e.anchor.map { String(cString: $0) }
            switch Int(e.type) {
            case Int(GX_YAML_DOCUMENT_START):
                anchors = [:]
                root = nil
            case Int(GX_YAML_DOCUMENT_END):
                documents.append(root)
            case Int(GX_YAML_SCALAR):
                let text =
                    e.value.map {
                        String(
                            decoding: UnsafeRawBufferPointer(start: $0, count: e.length),
                            as: UTF8.self)
                    } ?? ""
                let plain = e.style == 1 && e.tag == nil
                try add(
                    YAMLNode(
                        kind: .scalar(text, plain: plain), line: line, column: column,
                        expandedCount: 1), anchor: anchor)
            case Int(GX_YAML_ALIAS):
                guard let name = anchor, let target = anchors[name] else {
                    throw ImportError(
                        file: file, line: line, column: column,
                        message: "the alias *\(anchor ?? "") names no anchor before it")
                }
                try add(target, anchor: nil, line: line, column: column)
            case Int(GX_YAML_SEQUENCE_START), Int(GX_YAML_MAPPING_START):
                guard open.count < ImportLimits.depth else {
                    throw ImportError(
                        file: file, line: line, column: column,
                        message: "collections nested more than \(ImportLimits.depth) deep")
                }
                open.append(
                    (Int(e.type) == Int(GX_YAML_MAPPING_START), line, column, anchor, [], 1))
            case Int(GX_YAML_SEQUENCE_END), Int(GX_YAML_MAPPING_END):
                let c = open.removeLast()
                let kind: Kind
                if c.isMapping {
                    var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                    pairs.reserveCapacity(c.items.count / 2)
                    var i = 0
                    while i + 1 < c.items.count {
                        pairs.append((c.items[i], c.items[i + 1]))
                        i += 2
                    }
                    kind = .mapping(pairs)
                } else {
                    kind = .sequence(c.items)
                }
                try add(
                    YAMLNode(kind: kind, line: c.line, column: c.column, expandedCount: c.count),
                    anchor: c.anchor)
            default:
                break
            }
        }

        /// Hands a finished node to the collection it is in, or makes it the document's root.
        mutating func add(_ node: YAMLNode, anchor: String?, line: Int? = nil, column: Int? = nil)
            throws(ImportError)
        {
            if let anchor { anchors[anchor] = node }
            guard !open.isEmpty else {
                root = node
                return
            }
            let (sum, overflow) = open[open.count - 1].count.addingReportingOverflow(
                node.expandedCount)
            guard !overflow, sum <= ImportLimits.nodes else {
                throw ImportError(
                    file: file, line: line ?? node.line, column: column ?? node.column,
                    message:
                        "more than \(ImportLimits.nodes) nodes with the aliases followed (aliases of aliases?)"
                )
            }
            open[open.count - 1].count = sum
            open[open.count - 1].items.append(node)
        }
    }
}
