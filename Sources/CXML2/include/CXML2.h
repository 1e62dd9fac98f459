// libxml2's parser and tree, for `gestured import touchegg` (GestureImport only).
//
// The declarations are gestured's own, over opaque pointers, so that no module that imports
// this one needs libxml2's headers; the definitions (lazy.c) load libxml2.so.2 with dlopen on
// the first call, so that the daemon, which never imports a config, never maps libxml2.
#include <stddef.h>

/// What libxml2 said of a document it could not read, and where.
typedef struct {
    int line;
    int column;
    /// libxml2's message, without its trailing newline; "" when there is none.
    char message[512];
} gx_xml_error;

/// The node kinds the importer reads; any other is skipped.
enum {
    GX_XML_ELEMENT = 1,
    GX_XML_TEXT = 3,
    GX_XML_CDATA = 4,
    GX_XML_ENTITY_REFERENCE = 5,
};

/// Whether libxml2.so.2 could be loaded.
int gx_xml_available(void);
/// Parses `length` bytes without the network, without substituting entities and within
/// libxml2's default limits (depth, entity amplification); NULL with `error` filled when the
/// document is not well-formed.
const void *gx_xml_parse(const char *bytes, int length, gx_xml_error *error);
void gx_xml_free(const void *document);
/// The root element.
const void *gx_xml_root(const void *document);
int gx_xml_type(const void *node);
/// The element's or the entity reference's name.
const char *gx_xml_name(const void *node);
/// A text or CDATA node's text.
const char *gx_xml_text(const void *node);
long gx_xml_line(const void *node);
const void *gx_xml_first_child(const void *node);
const void *gx_xml_next(const void *node);
const void *gx_xml_first_attribute(const void *node);
const void *gx_xml_next_attribute(const void *attribute);
const char *gx_xml_attribute_name(const void *attribute);
/// The attribute's value (its first text child); "" when it has none.
const char *gx_xml_attribute_value(const void *attribute);
