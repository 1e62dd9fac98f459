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
#include <X11/Xlib-xcb.h>
#include <xcb/xcb.h>
#include <string.h>

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

// Xlib's converters from the wire and its own error path, as libX11's xcb_io.c reaches them. They
// are public in libX11 (for the extension libraries) and declared in Xlibint.h, which is not for
// clients: declared here with the wire event as a plain pointer.
typedef Bool (*gestured_wire_to_event)(Display *, XEvent *, void *);
typedef Bool (*gestured_wire_to_cookie)(Display *, XGenericEventCookie *, void *);
extern gestured_wire_to_event XESetWireToEvent(Display *, int, gestured_wire_to_event);
extern gestured_wire_to_cookie XESetWireToEventCookie(Display *, int, gestured_wire_to_cookie);
extern int _XError(Display *, void *);

// One event or error as XCB hands it, to Xlib's structures, as libX11's handle_response and
// _XEnq do when Xlib owns the queue: an error goes to Xlib's error path (returns 0); an event is
// converted by the converter Xlib has for it (libXi's for XInput 2, libXrandr's for RandR,
// Xlib's own for the core protocol) into `out` (returns 1; a GenericEvent's cookie data is the
// caller's to free). Before that, a GenericEvent's data is moved back over the full_sequence XCB
// puts at byte 32, and the 16-bit sequence is set to the last request Xlib knows processed, so
// that the converters' _XSetLastRequestRead leaves Xlib's count where its last reply put it
// (KeymapNotify has no sequence: its bytes are keys). A converter is asked for by setting none
// and put back at once: Xlib has no call that only reads it.
static inline int gestured_xlib_event(Display *d, xcb_generic_event_t *e, XEvent *out) {
    int type = e->response_type & 0x7f;
    if (e->response_type == GenericEvent && ((xcb_ge_generic_event_t *)e)->length)
        memmove(&e->full_sequence, (char *)e + sizeof(xcb_ge_generic_event_t), ((xcb_ge_generic_event_t *)e)->length * 4);
    if (type != KeymapNotify) e->sequence = (uint16_t)LastKnownRequestProcessed(d);
    if (type == 0) {
        _XError(d, e);
        return 0;
    }
    if (type == GenericEvent) {
        int extension = ((xcb_ge_generic_event_t *)e)->extension;
        gestured_wire_to_cookie convert = XESetWireToEventCookie(d, extension, NULL);
        XESetWireToEventCookie(d, extension, convert);
        return convert && convert(d, &out->xcookie, e) && out->xcookie.data ? 1 : 0;
    }
    gestured_wire_to_event convert = XESetWireToEvent(d, type, NULL);
    XESetWireToEvent(d, type, convert);
    return convert && convert(d, out, e) ? 1 : 0;
}

// The count of requests Xlib has sent whose answers it has not seen: with XCB owning the event
// queue, Xlib keeps a note of each until its next reply.
static inline unsigned long gestured_unanswered_requests(Display *d) {
    return NextRequest(d) - 1 - LastKnownRequestProcessed(d);
}
