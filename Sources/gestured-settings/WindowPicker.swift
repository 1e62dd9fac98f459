import CAdwaita
import CXInput2
import GestureX11

/// Picks an application by clicking one of its windows, as `xprop` does: the pointer is grabbed
/// on a plain Xlib connection of its own with a crosshair, and the first click names the window
/// under it; a key or a click on the root cancels. The class is read as gestured matches it
/// (`XConnection.applicationClass`, on a connection of gestured's kind, whose events XCB reads,
/// so that it cannot be the one that waits for the click).
enum WindowPicker {
    static func pick(_ done: @escaping (String?) -> Void) {
        guard let d = XOpenDisplay(nil) else { return done(nil) }
        let root = XDefaultRootWindow(d)
        let cursor = XCreateFontCursor(d, 34) // XC_crosshair
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask)
        guard
            XGrabPointer(
                d, root, 0, mask, GrabModeAsync, GrabModeAsync, 0, cursor, UInt(CurrentTime))
                == GrabSuccess
        else {
            XCloseDisplay(d)
            return done(nil)
        }
        XGrabKeyboard(d, root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        XFlush(d)
        every(milliseconds: 30) {
            while XPending(d) > 0 {
                var event = XEvent()
                XNextEvent(d, &event)
                guard event.type == ButtonPress || event.type == KeyPress else { continue }
                let child = event.type == ButtonPress ? event.xbutton.subwindow : 0
                XUngrabPointer(d, UInt(CurrentTime))
                XUngrabKeyboard(d, UInt(CurrentTime))
                XFreeCursor(d, cursor)
                XCloseDisplay(d)
                done(child == 0 ? nil : (try? XConnection(name: nil))?.applicationClass(of: child))
                return false
            }
            return true
        }
    }
}
