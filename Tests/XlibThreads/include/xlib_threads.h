#ifndef GESTURED_TESTS_XLIB_THREADS_H
#define GESTURED_TESTS_XLIB_THREADS_H

/* Xlib is made thread-safe when the test bundle is loaded (xlib_threads.c); this only names
 * the target's one symbol. */
int gestured_tests_xlib_threads_linked(void);

#endif
