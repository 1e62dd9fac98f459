// The X11 client libraries gestured uses, for the GestureX11 module only.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/shape.h>

// XISetMask and XIMaskIsSet are macros; Swift cannot see them.
static inline void gestured_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int gestured_mask_len(void) { return XIMaskLen(XI_LASTEVENT); }
// ConnectionNumber and DefaultRootWindow are macros too.
static inline int gestured_connection_number(Display *d) { return ConnectionNumber(d); }
static inline Window gestured_default_root(Display *d) { return DefaultRootWindow(d); }
// Whether requests wait in Xlib's output buffer (Xlibint.h's buffer and bufptr, which Xlib.h
// names private12 and private13): XFlush with nothing to send still reads the socket.
static inline int gestured_output_pending(Display *d) {
    _XPrivDisplay p = (_XPrivDisplay)d;
    return p->private13 != p->private12;
}
