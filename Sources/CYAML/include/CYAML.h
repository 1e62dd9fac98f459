// libyaml's event parser, for `gestured import fusuma` (GestureImport only).
//
// The declarations are gestured's own, so that no module that imports this one needs yaml.h;
// the definitions (lazy.c) load libyaml-0.so.2 with dlopen on the first call, so that the
// daemon, which never imports a config, never maps libyaml. libyaml's parser is a state
// machine with its own stacks: deep nesting costs memory, never the C stack, and aliases are
// events, never expanded here.
#include <stddef.h>

enum {
    GX_YAML_NONE = 0,
    GX_YAML_STREAM_START, GX_YAML_STREAM_END,
    GX_YAML_DOCUMENT_START, GX_YAML_DOCUMENT_END,
    GX_YAML_ALIAS, GX_YAML_SCALAR,
    GX_YAML_SEQUENCE_START, GX_YAML_SEQUENCE_END,
    GX_YAML_MAPPING_START, GX_YAML_MAPPING_END,
};

/// One event; its strings belong to the parser until the next call.
typedef struct {
    int type;
    /// A scalar's text (`length` bytes, which may hold NULs), or NULL.
    const char *value;
    size_t length;
    /// The anchor an alias names or a node defines, or NULL.
    const char *anchor;
    const char *tag;
    /// 1 plain, 2 single-quoted, 3 double-quoted, 4 literal, 5 folded (libyaml's styles).
    int style;
    /// Where the event starts, from 0.
    size_t line, column;
} gx_yaml_event;

typedef struct gx_yaml_parser gx_yaml_parser;

/// Whether libyaml-0.so.2 could be loaded.
int gx_yaml_available(void);
/// A parser over `length` bytes, which must outlive it; NULL when libyaml cannot be loaded.
gx_yaml_parser *gx_yaml_open(const unsigned char *bytes, size_t length);
/// The next event: 1, or 0 on an error (`gx_yaml_problem`).
int gx_yaml_next(gx_yaml_parser *parser, gx_yaml_event *event);
/// Why the last call failed, and where (from 0).
const char *gx_yaml_problem(gx_yaml_parser *parser, size_t *line, size_t *column);
void gx_yaml_close(gx_yaml_parser *parser);
