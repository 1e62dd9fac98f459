import CAdwaita
import CXInput2
import GestureX11

/// Picks an application by clicking one of its windows, as `xprop` does: the pointer is grabbed
/// on a connection of its own with a crosshair, and the first click names the window under it;
/// any key or a click on the root cancels. The class is read as gestured matches it.
enum WindowPicker {
    static func pick(_ done: @escaping (String?) -> Void) {
        guard let x = try? XConnection(name: nil) else { return done(nil) }
        let cursor = XCreateFontCursor(x.display, 34) // XC_crosshair
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask)
        guard XGrabPointer(x.display, x.root, 0, mask, GrabModeAsync, GrabModeAsync, 0, cursor, UInt(CurrentTime)) == GrabSuccess else {
            return done(nil)
        }
        XGrabKeyboard(x.display, x.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        XFlush(x.display)
        every(milliseconds: 30) {
            while XPending(x.display) > 0 {
                var event = XEvent()
                XNextEvent(x.display, &event)
                if event.type == ButtonPress || event.type == KeyPress {
                    let child = event.type == ButtonPress ? event.xbutton.subwindow : 0
                    XUngrabPointer(x.display, UInt(CurrentTime))
                    XUngrabKeyboard(x.display, UInt(CurrentTime))
                    XFreeCursor(x.display, cursor)
                    XFlush(x.display)
                    done(child == 0 ? nil : x.applicationClass(of: child))
                    return false
                }
            }
            return true
        }
    }
}
