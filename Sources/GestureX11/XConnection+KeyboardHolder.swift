import CXInput2

extension XConnection {
    /// Why input gestured sends now would not reach the session: another client holds the
    /// keyboard, as a screen locker does while the screen is locked; nil when none does.
    ///
    /// The server says neither that the screen is locked nor who holds a grab, and a locker
    /// need not tell the screen saver extension (i3lock leaves its state off). What sends
    /// XTest input to the locker instead of the session is the locker's active grab, so that
    /// is what is asked: a grab of the keyboard of our own fails with AlreadyGrabbed (or
    /// GrabFrozen) while another client holds it, and is let go at once when it succeeds. The
    /// keyboard, not the pointer: gestured itself holds the pointer during touchpad gestures and
    /// strokes, and a pointer grab of its own would replace that one. A menu or a window
    /// manager's keyboard grab (alt-tab) holds the keyboard too, and input sent then would
    /// reach it, not the application.
    ///
    /// The price: the grab and its release each send the focused window a FocusOut and a
    /// FocusIn, in the modes NotifyGrab and NotifyUngrab (on whichever window the grab is
    /// taken), one round trip each. The action policy asks once per input event.
    public func keyboardHeldElsewhere() -> String? {
        let r = XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime))
        if r == GrabSuccess {
            XUngrabKeyboard(display, Time(CurrentTime))
            flush()
            return nil
        }
        return r == AlreadyGrabbed || r == GrabFrozen
            ? "another client holds the keyboard (a screen locker, or a menu open)" : nil
    }
}
