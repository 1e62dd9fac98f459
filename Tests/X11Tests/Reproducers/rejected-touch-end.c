/* A touch grab that rejects touches after they ended: what the window under them receives.
 * (The reproducer of docs/engine.md, "What an application receives".)
 *
 * Build: cc rejected-touch-end.c -o rejected-touch-end -lXi -lX11
 * Run:   ./rejected-touch-end N   (then put N fingers on the touchscreen and lift them)
 *
 * One connection grabs touches on the root window (XIGrabTouchBegin, all master devices);
 * another maps a window over the screen and selects XI_TouchBegin/Update/End on it, as an
 * application does. Once the grab has seen N touches end, it rejects them, oldest first.
 * Each line printed is an event: who received it (grab, app), its type, the touch id, its root
 * coordinates and its server time. The server replays each rejected touch to the window:
 * its begin and updates from the touch's history, as they happened, then an end made at the
 * time of the reject (GetDixTouchEnd in dix/getevents.c) at the master pointer's last position
 * (dev->last.valuators), which is where the pointer-emulating touch last was, not where this
 * touch ended. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

static int xi;

static void select_touches(Display *d, Window w, int grab) {
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XIEventMask m = {XIAllMasterDevices, sizeof bits, bits};
    XISetMask(bits, XI_TouchBegin);
    XISetMask(bits, XI_TouchUpdate);
    XISetMask(bits, XI_TouchEnd);
    XIGrabModifiers mods = {XIAnyModifier, 0};
    if (grab) XIGrabTouchBegin(d, XIAllMasterDevices, w, 0, &m, 1, &mods);
    else XISelectEvents(d, w, &m, 1);
}

/* Reads one XI2 touch event from d, printing it; returns its type, 0 for anything else. */
static int next_touch(Display *d, const char *who, XIDeviceEvent *out) {
    XEvent ev;
    XNextEvent(d, &ev);
    if (ev.type != GenericEvent || ev.xcookie.extension != xi || !XGetEventData(d, &ev.xcookie)) return 0;
    int type = ev.xcookie.evtype;
    XIDeviceEvent *e = ev.xcookie.data;
    if (type == XI_TouchBegin || type == XI_TouchUpdate || type == XI_TouchEnd) {
        const char *name = type == XI_TouchBegin ? "begin" : type == XI_TouchUpdate ? "update" : "end";
        printf("%s %s touch=%d x=%.0f y=%.0f time=%lu\n", who, name, e->detail, e->root_x, e->root_y, e->time);
        fflush(stdout);
        *out = *e;
    } else type = 0;
    XFreeEventData(d, &ev.xcookie);
    return type;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2, ev, err;
    Display *grabber = XOpenDisplay(NULL), *app = XOpenDisplay(NULL);
    int major = 2, minor = 2;
    if (!grabber || !app || !XQueryExtension(app, "XInputExtension", &xi, &ev, &err)) return 1;
    /* Touches are XInput 2.2: each client says it speaks it, or its touch requests are refused. */
    if (XIQueryVersion(grabber, &major, &minor) != Success || XIQueryVersion(app, &major, &minor) != Success) return 1;
    Window root = DefaultRootWindow(app);
    /* Override-redirect: on top of everything at once, with no window manager in between. */
    XSetWindowAttributes a = {.override_redirect = True};
    Window w = XCreateWindow(app, root, 0, 0, DisplayWidth(app, 0), DisplayHeight(app, 0), 0, CopyFromParent,
                             InputOutput, CopyFromParent, CWOverrideRedirect, &a);
    select_touches(app, w, 0);
    XMapRaised(app, w);
    XSync(app, False);
    select_touches(grabber, root, 1);
    XSync(grabber, False);
    puts("ready");
    fflush(stdout);

    int device[64], touch[64], ended = 0, begun = 0;
    XIDeviceEvent e;
    while (ended < n) {
        int type = next_touch(grabber, "grab", &e);
        if (type == XI_TouchBegin && begun < 64) { device[begun] = e.deviceid; touch[begun++] = e.detail; }
        if (type == XI_TouchEnd) ended++;
    }
    for (int i = 0; i < begun; i++) XIAllowTouchEvents(grabber, device[i], touch[i], root, XIRejectTouch);
    XSync(grabber, False);
    for (int ends = 0; ends < begun;)
        if (next_touch(app, "app", &e) == XI_TouchEnd) ends++;
    return 0;
}
