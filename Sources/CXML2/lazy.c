// libxml2 loaded on first use: the importer's only way in, so that nothing else maps it.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include "CXML2.h"

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static xmlDocPtr (*readMemory)(const char *, int, const char *, const char *, int);
static void (*freeDoc)(xmlDocPtr);
static xmlErrorPtr (*lastError)(void);
static void (*resetLastError)(void);
static long (*lineOf)(const xmlNode *);

static void load(void) {
    library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    readMemory = (xmlDocPtr (*)(const char *, int, const char *, const char *, int))dlsym(library, "xmlReadMemory");
    freeDoc = (void (*)(xmlDocPtr))dlsym(library, "xmlFreeDoc");
    lastError = (xmlErrorPtr (*)(void))dlsym(library, "xmlGetLastError");
    resetLastError = (void (*)(void))dlsym(library, "xmlResetLastError");
    lineOf = (long (*)(const xmlNode *))dlsym(library, "xmlGetLineNo");
    if (!readMemory || !freeDoc || !lastError || !resetLastError || !lineOf) library = NULL;
}

int gx_xml_available(void) {
    pthread_once(&once, load);
    return library != NULL;
}

const void *gx_xml_parse(const char *bytes, int length, gx_xml_error *error) {
    memset(error, 0, sizeof *error);
    if (!gx_xml_available()) {
        snprintf(error->message, sizeof error->message, "libxml2 (libxml2.so.2) cannot be loaded: %s", dlerror() ?: "not installed");
        return NULL;
    }
    resetLastError();
    // No XML_PARSE_NOENT: entity references stay references (as touchegg's pugixml leaves
    // them), no XML_PARSE_HUGE: libxml2 keeps its limits on depth and entity expansion, and
    // no DTD is loaded from anywhere.
    xmlDocPtr doc = readMemory(bytes, length, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES);
    xmlErrorPtr e = lastError();
    if (doc && (!e || e->level < XML_ERR_ERROR)) return doc;
    if (e) {
        error->line = e->line;
        error->column = e->int2;
        if (e->message) {
            snprintf(error->message, sizeof error->message, "%s", e->message);
            size_t n = strlen(error->message);
            while (n > 0 && (error->message[n - 1] == '\n' || error->message[n - 1] == ' ')) error->message[--n] = 0;
        }
    }
    if (!error->message[0]) snprintf(error->message, sizeof error->message, "not well-formed XML");
    if (doc) freeDoc(doc);
    return NULL;
}

void gx_xml_free(const void *document) { if (document && freeDoc) freeDoc((xmlDocPtr)document); }
const void *gx_xml_root(const void *document) {
    for (xmlNodePtr n = ((xmlDocPtr)document)->children; n; n = n->next) if (n->type == XML_ELEMENT_NODE) return n;
    return NULL;
}
int gx_xml_type(const void *node) { return ((xmlNodePtr)node)->type; }
const char *gx_xml_name(const void *node) { const xmlChar *n = ((xmlNodePtr)node)->name; return n ? (const char *)n : ""; }
const char *gx_xml_text(const void *node) { const xmlChar *c = ((xmlNodePtr)node)->content; return c ? (const char *)c : ""; }
long gx_xml_line(const void *node) { return lineOf((const xmlNode *)node); }
const void *gx_xml_first_child(const void *node) { return ((xmlNodePtr)node)->children; }
const void *gx_xml_next(const void *node) { return ((xmlNodePtr)node)->next; }
const void *gx_xml_first_attribute(const void *node) {
    xmlNodePtr n = (xmlNodePtr)node;
    return n->type == XML_ELEMENT_NODE ? n->properties : NULL;
}
const void *gx_xml_next_attribute(const void *attribute) { return ((xmlAttrPtr)attribute)->next; }
const char *gx_xml_attribute_name(const void *attribute) { return (const char *)((xmlAttrPtr)attribute)->name; }
const char *gx_xml_attribute_value(const void *attribute) {
    xmlNodePtr c = ((xmlAttrPtr)attribute)->children;
    return c && c->content ? (const char *)c->content : "";
}
