// The X-Resource extension's client library, for the live tests: which connections a process holds.
#include <X11/Xlib.h>
#include <X11/extensions/XRes.h>
