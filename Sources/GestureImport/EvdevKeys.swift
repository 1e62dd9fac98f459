/// Linux input key names (`KEY_LEFTCTRL`, written without `KEY_` by fusuma-plugin-sendkey) as
/// the X keysym of that key on a US layout, or the gestured modifier it is. fusuma presses the
/// physical key; gestured presses a keysym, wherever the layout puts it: on a layout other than
/// US the two can differ (docs/import.md).
enum EvdevKeys {
    static let modifiers = [
        "LEFTCTRL": "ctrl", "RIGHTCTRL": "ctrl", "LEFTSHIFT": "shift", "RIGHTSHIFT": "shift",
        "LEFTALT": "alt", "RIGHTALT": "alt", "LEFTMETA": "super", "RIGHTMETA": "super",
    ]

    /// The keysym for a key name (upper case, without `KEY_`), nil for one gestured cannot press.
    static func keysym(_ name: String) -> String? {
        if name.count == 1, let c = name.unicodeScalars.first {
            if ("A"..."Z").contains(c) { return name.lowercased() }
            if ("0"..."9").contains(c) { return name }
        }
        if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...24).contains(n) { return name }
        if name.hasPrefix("KP"), name.count == 3, let d = name.last, d.isASCII, d.isNumber {
            return "KP_\(d)"
        }
        return named[name]
    }

    private static let named = [
        "ESC": "Escape", "ENTER": "Return", "TAB": "Tab", "SPACE": "space",
        "BACKSPACE": "BackSpace",
        "DELETE": "Delete", "INSERT": "Insert", "HOME": "Home", "END": "End", "PAGEUP": "Prior",
        "PAGEDOWN": "Next",
        "UP": "Up", "DOWN": "Down", "LEFT": "Left", "RIGHT": "Right",
        "MINUS": "minus", "EQUAL": "equal", "LEFTBRACE": "bracketleft",
        "RIGHTBRACE": "bracketright",
        "SEMICOLON": "semicolon", "APOSTROPHE": "apostrophe", "GRAVE": "grave",
        "BACKSLASH": "backslash",
        "COMMA": "comma", "DOT": "period", "SLASH": "slash", "102ND": "less",
        "CAPSLOCK": "Caps_Lock", "NUMLOCK": "Num_Lock", "SCROLLLOCK": "Scroll_Lock",
        "SYSRQ": "Print", "PRINT": "Print", "PAUSE": "Pause", "MENU": "Menu", "COMPOSE": "Menu",
        "KPPLUS": "KP_Add", "KPMINUS": "KP_Subtract", "KPASTERISK": "KP_Multiply",
        "KPSLASH": "KP_Divide",
        "KPENTER": "KP_Enter", "KPDOT": "KP_Decimal", "KPEQUAL": "KP_Equal",
        "VOLUMEUP": "XF86AudioRaiseVolume", "VOLUMEDOWN": "XF86AudioLowerVolume",
        "MUTE": "XF86AudioMute",
        "MICMUTE": "XF86AudioMicMute", "PLAYPAUSE": "XF86AudioPlay", "PLAY": "XF86AudioPlay",
        "PAUSECD": "XF86AudioPause",
        "NEXTSONG": "XF86AudioNext", "PREVIOUSSONG": "XF86AudioPrev", "STOPCD": "XF86AudioStop",
        "BRIGHTNESSUP": "XF86MonBrightnessUp", "BRIGHTNESSDOWN": "XF86MonBrightnessDown",
        "KBDILLUMUP": "XF86KbdBrightnessUp", "KBDILLUMDOWN": "XF86KbdBrightnessDown",
        "BACK": "XF86Back", "FORWARD": "XF86Forward", "REFRESH": "XF86Reload",
        "SEARCH": "XF86Search",
        "CALC": "XF86Calculator", "MAIL": "XF86Mail", "HOMEPAGE": "XF86HomePage",
        "SLEEP": "XF86Sleep",
        "POWER": "XF86PowerOff", "ZOOMIN": "XF86ZoomIn", "ZOOMOUT": "XF86ZoomOut",
        "COPY": "XF86Copy", "PASTE": "XF86Paste", "CUT": "XF86Cut", "UNDO": "Undo", "REDO": "Redo",
        "FIND": "Find", "HELP": "Help", "SCREENLOCK": "XF86ScreenSaver", "FILE": "XF86Explorer",
        "WWW": "XF86WWW",
    ]
}
