import CXML2

/// An XML element as the importer reads it: name, attributes, child elements, its own text
/// and the line its start tag is on. Read by libxml2 (`CXML2`), which checks that the
/// document is well-formed and keeps its limits on depth and entity expansion; entity
/// references are kept as written (`&name;`), as touchegg's own parser keeps them.
public final class XMLElement {
    public let name: String
    public let line: Int
    public let attributes: [(String, String)]
    public let children: [XMLElement]
    /// The element's own text (its text and CDATA children, in order), untrimmed.
    public let text: String

    init(
        name: String, line: Int, attributes: [(String, String)], children: [XMLElement],
        text: String
    ) {
        self.name = name
        self.line = line
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    public subscript(attribute: String) -> String? { attributes.first { $0.0 == attribute }?.1 }

    public func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }
    public func child(named name: String) -> XMLElement? { children.first { $0.name == name } }

    /// Parses a document and returns its root element, or an error at libxml2's line and column.
    public static func parse(_ bytes: [UInt8], file: String) throws(ImportError) -> XMLElement {
        guard bytes.count <= Int(Int32.max) else {
            throw ImportError(file: file, line: nil, column: nil, message: "is too large to read")
        }
        var error = gx_xml_error()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                gx_xml_parse($0, Int32(buffer.count), &error)
            }
        }
        guard let document else {
            let message = withUnsafeBytes(of: &error.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw ImportError(
                file: file, line: error.line > 0 ? Int(error.line) : nil,
                column: error.line > 0 && error.column > 0 ? Int(error.column) : nil,
                message: message.isEmpty ? "not well-formed XML" : message)
        }
        defer { gx_xml_free(document) }
        guard let root = gx_xml_root(document) else {
            throw ImportError(
                file: file, line: 1, column: 1, message: "the document has no root element")
        }
        return element(root)
    }

    /// The element and those under it; libxml2 has already refused a document nested deeper
    /// than 256, so the recursion is bounded.
    private static func element(_ node: UnsafeRawPointer) -> XMLElement {
        var attributes: [(String, String)] = []
        var a = gx_xml_first_attribute(node)
        while let attribute = a {
            attributes.append(
                (
                    String(cString: gx_xml_attribute_name(attribute)),
                    String(cString: gx_xml_attribute_value(attribute))
                ))
            a = gx_xml_next_attribute(attribute)
        }
        var children: [XMLElement] = []
        var text = ""
        var c = gx_xml_first_child(node)
        while let child = c {
            switch Int(gx_xml_type(child)) {
            case Int(GX_XML_ELEMENT): children.append(element(child))
            case Int(GX_XML_TEXT), Int(GX_XML_CDATA): text += String(cString: gx_xml_text(child))
            case Int(GX_XML_ENTITY_REFERENCE):
                text += "&" + String(cString: gx_xml_name(child)) + ";"
            default: break
            }
            c = gx_xml_next(child)
        }
        return XMLElement(
            name: String(cString: gx_xml_name(node)), line: Int(gx_xml_line(node)),
            attributes: attributes, children: children, text: text)
    }
}
