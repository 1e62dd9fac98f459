// libyaml loaded on first use: the importer's only way in, so that nothing else maps it.
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "CYAML.h"

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int (*initialize)(yaml_parser_t *);
static void (*setInput)(yaml_parser_t *, const unsigned char *, size_t);
static int (*parse)(yaml_parser_t *, yaml_event_t *);
static void (*deleteEvent)(yaml_event_t *);
static void (*deleteParser)(yaml_parser_t *);

static void load(void) {
    library = dlopen("libyaml-0.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    initialize = (int (*)(yaml_parser_t *))dlsym(library, "yaml_parser_initialize");
    setInput = (void (*)(yaml_parser_t *, const unsigned char *, size_t))dlsym(library, "yaml_parser_set_input_string");
    parse = (int (*)(yaml_parser_t *, yaml_event_t *))dlsym(library, "yaml_parser_parse");
    deleteEvent = (void (*)(yaml_event_t *))dlsym(library, "yaml_event_delete");
    deleteParser = (void (*)(yaml_parser_t *))dlsym(library, "yaml_parser_delete");
    if (!initialize || !setInput || !parse || !deleteEvent || !deleteParser) library = NULL;
}

struct gx_yaml_parser {
    yaml_parser_t parser;
    yaml_event_t event;
    int holding;
};

int gx_yaml_available(void) {
    pthread_once(&once, load);
    return library != NULL;
}

gx_yaml_parser *gx_yaml_open(const unsigned char *bytes, size_t length) {
    if (!gx_yaml_available()) return NULL;
    gx_yaml_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (!initialize(&p->parser)) { free(p); return NULL; }
    setInput(&p->parser, bytes, length);
    return p;
}

int gx_yaml_next(gx_yaml_parser *p, gx_yaml_event *out) {
    if (p->holding) { deleteEvent(&p->event); p->holding = 0; }
    memset(out, 0, sizeof *out);
    if (!parse(&p->parser, &p->event)) return 0;
    p->holding = 1;
    yaml_event_t *e = &p->event;
    out->type = e->type;
    out->line = e->start_mark.line;
    out->column = e->start_mark.column;
    switch (e->type) {
    case YAML_ALIAS_EVENT:
        out->anchor = (const char *)e->data.alias.anchor;
        break;
    case YAML_SCALAR_EVENT:
        out->value = (const char *)e->data.scalar.value;
        out->length = e->data.scalar.length;
        out->anchor = (const char *)e->data.scalar.anchor;
        out->tag = (const char *)e->data.scalar.tag;
        out->style = e->data.scalar.style;
        break;
    case YAML_SEQUENCE_START_EVENT:
        out->anchor = (const char *)e->data.sequence_start.anchor;
        out->tag = (const char *)e->data.sequence_start.tag;
        break;
    case YAML_MAPPING_START_EVENT:
        out->anchor = (const char *)e->data.mapping_start.anchor;
        out->tag = (const char *)e->data.mapping_start.tag;
        break;
    default:
        break;
    }
    return 1;
}

const char *gx_yaml_problem(gx_yaml_parser *p, size_t *line, size_t *column) {
    // libyaml marks a scanner's problem at problem_mark and a parser's too; the context mark
    // is where the construct it was reading began.
    *line = p->parser.problem_mark.line;
    *column = p->parser.problem_mark.column;
    return p->parser.problem ? p->parser.problem : "not well-formed YAML";
}

void gx_yaml_close(gx_yaml_parser *p) {
    if (!p) return;
    if (p->holding) deleteEvent(&p->event);
    deleteParser(&p->parser);
    free(p);
}
