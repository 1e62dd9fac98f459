import CXInput2

extension XConnection {
    /// Why input gestured sends now would not reach the session: another client holds the
    /// keyboard, as a screen locker does while the screen is locked; nil when none does.
    /// `serverNow` is the server's time now in milliseconds, as the listener's clock has it.
    ///
    /// The server says neither that the screen is locked nor who holds a grab, and a locker
    /// need not tell the screen saver extension (i3lock leaves its state off). What sends
    /// XTest input to the locker instead of the session is the locker's active grab, so that
    /// is what is asked, with a keyboard grab of our own that can never be taken: its time is
    /// an hour ahead of the server's. The server answers AlreadyGrabbed while another client
    /// holds the keyboard, before it looks at the time, and GrabInvalidTime otherwise, without
    /// a grab, so that asking costs one round trip and changes nothing. (A grab taken and let go
    /// sends the focused window a FocusOut and a FocusIn each time, and openbox, tiling a window
    /// just then, left its frame askew.) The keyboard, not the pointer: gestured holds the
    /// pointer itself during touchpad gestures and strokes. A menu or a window manager's
    /// keyboard grab (alt-tab) holds the keyboard too, and input sent then would reach it.
    /// The daemon asks it on the performer's connection for questions, which selects no input,
    /// so that its round trip reads none of the listener's: gestured grabs no keyboard and its
    /// grabs never freeze one, so none of them answers there as another client's.
    public func keyboardHeldElsewhere(serverNow: Double) -> String? {
        let later = Time(UInt32(truncatingIfNeeded: Int64(serverNow.rounded()) &+ 3_600_000))
        let r = XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, later)
        switch r {
        case AlreadyGrabbed, GrabFrozen:
            return "another client holds the keyboard (a screen locker, or a menu open)"
        case GrabSuccess:
            // Not to be: a server that took the grab all the same lets go of it at once.
            XUngrabKeyboard(display, Time(CurrentTime))
            flush()
            return nil
        default:
            return nil
        }
    }
}
