import CAdwaita
import GestureSettings

/// A key chord recorded by pressing it: the first key that is not a modifier ends it, with the
/// modifiers held; Escape alone cancels. Keys are named as X names them, as `keys` takes them.
enum ShortcutRecorder {
    static func record(over parent: Widget, _ done: @escaping (String) -> Void) {
        let dialog = widget(adw_window_new())
        gtk_window_set_transient_for(cast(dialog), cast(parent))
        gtk_window_set_modal(cast(dialog), 1)
        gtk_window_set_title(cast(dialog), "Press keys")
        gtk_window_set_default_size(cast(dialog), 420, 200)
        let status = widget(adw_status_page_new())
        adw_status_page_set_icon_name(cast(status), "input-keyboard-symbolic")
        adw_status_page_set_title(cast(status), "Press the keys")
        adw_status_page_set_description(
            cast(status), "Hold the modifiers and press the key. Escape cancels.")
        adw_window_set_content(
            cast(dialog), UI.box(true, spacing: 0, [widget(adw_header_bar_new()), status]))
        onKeyPressed(dialog, capture: true) { keyval, _, state in
            let modifiers = KeyChordText.modifiers(
                ctrl: state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                shift: state.rawValue & GDK_SHIFT_MASK.rawValue != 0,
                alt: state.rawValue & GDK_ALT_MASK.rawValue != 0,
                super: state.rawValue & GDK_SUPER_MASK.rawValue != 0,
                meta: state.rawValue & GDK_META_MASK.rawValue != 0,
                hyper: state.rawValue & GDK_HYPER_MASK.rawValue != 0)
            guard let name = gdk_keyval_name(keyval).map({ String(cString: $0) }) else {
                return true
            }
            if name == "Escape" && modifiers.isEmpty {
                gtk_window_close(cast(dialog))
                return true
            }
            guard let chord = KeyChordText.chord(key: name, modifiers: modifiers) else {
                return true
            } // a modifier alone
            gtk_window_close(cast(dialog))
            done(chord)
            return true
        }
        gtk_window_present(cast(dialog))
    }
}
