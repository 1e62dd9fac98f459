#include <X11/Xlib.h>

#include "xlib_threads.h"

/* The live tests run in parallel, in one process, and each opens its own X connections, from
 * its own thread. Xlib and its extension libraries keep state shared by all connections (the
 * list of displays each extension knows, in libXext), which they guard only once XInitThreads
 * has run: without it, two tests opening connections at once could race there, and the test
 * process crashed once in libXext on a null pointer. XInitThreads must come before any other
 * Xlib call, so it runs when the test bundle is loaded. The daemon and the bench do not link
 * this: they use Xlib from one thread. */
__attribute__((constructor)) static void gestured_tests_xlib_threads(void) {
    XInitThreads();
}

int gestured_tests_xlib_threads_linked(void) { return 1; }
