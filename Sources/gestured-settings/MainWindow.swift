import CAdwaita
import GestureSettings

/// The window: a header bar with Undo and Save, three pages (gestures, settings, status) in a
/// view stack, and toasts for what a save did.
final class MainWindow {
    let window: Widget
    let document: SettingsDocument
    private let toasts: Widget
    private let saveButton: Widget
    private let undoButton: Widget
    private var bindings: BindingsPage!
    private var settings: SettingsPage!
    private var status: StatusPage!
    private var watch: WatchPage!
    private var strokes: StrokesPage!
    private let daemon = DaemonWatch()
    /// The daemon's own stream, for the live pages: listening, watching, pausing.
    let live = LiveLink()
    /// The settings page is built when first shown: the first frame shows the gestures.
    private var settingsShown = false

    init(app: UnsafeMutablePointer<GtkApplication>, document: SettingsDocument) {
        self.document = document
        window = widget(adw_application_window_new(app))
        gtk_window_set_title(cast(window), "Gesture Settings")
        gtk_window_set_default_size(cast(window), 900, 820)
        toasts = widget(adw_toast_overlay_new())
        saveButton = UI.button("Save", css: ["suggested-action"]) {}
        undoButton = UI.iconButton("edit-undo-symbolic", name: "Undo", css: []) {}

        let stack = widget(adw_view_stack_new())
        bindings = BindingsPage(window: self)
        settings = SettingsPage(window: self)
        status = StatusPage(window: self, daemon: daemon)
        watch = WatchPage(window: self, live: live)
        strokes = StrokesPage(window: self)
        for (page, name, title, icon) in [
            (bindings.page, "gestures", "Gestures", "input-touchpad-symbolic"),
            (strokes.page, "strokes", "Strokes", "document-edit-symbolic"),
            (watch.page, "watch", "Watch", "view-reveal-symbolic"),
            (settings.page, "settings", "Settings", "preferences-system-symbolic"),
            (status.page, "status", "Status", "dialog-information-symbolic"),
        ] {
            adw_view_stack_add_titled_with_icon(cast(stack), page, name, title, icon)
        }
        let header = widget(adw_header_bar_new())
        let switcher = widget(adw_view_switcher_title_new())
        adw_view_switcher_title_set_stack(cast(switcher), cast(stack))
        adw_view_switcher_title_set_title(cast(switcher), "Gesture Settings")
        adw_header_bar_set_title_widget(cast(header), switcher)
        adw_header_bar_pack_start(cast(header), undoButton)
        adw_header_bar_pack_end(cast(header), saveButton)
        let bar = widget(adw_view_switcher_bar_new())
        adw_view_switcher_bar_set_stack(cast(bar), cast(stack))
        g_object_bind_property(
            UnsafeMutableRawPointer(switcher), "title-visible", UnsafeMutableRawPointer(bar),
            "reveal", G_BINDING_SYNC_CREATE)
        onNotify(stack, "visible-child-name") { [unowned self] in
            guard
                let name = adw_view_stack_get_visible_child_name(cast(stack)).map({
                    String(cString: $0)
                })
            else { return }
            if name == "watch" { watch.start() }
            guard !settingsShown, name == "settings" else { return }
            settingsShown = true
            settings.rebuild()
        }
        adw_toast_overlay_set_child(cast(toasts), stack)
        gtk_widget_set_vexpand(toasts, 1)
        adw_application_window_set_content(
            cast(window), UI.box(true, spacing: 0, [header, toasts, bar]))

        on(saveButton, "clicked") { [unowned self] in save() }
        on(undoButton, "clicked") { [unowned self] in
            document.undo()
            changed()
        }
        // Ctrl+S saves and Ctrl+Z undoes, from anywhere in the window.
        onKeyPressed(window, capture: true) { [unowned self] keyval, _, state in
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            switch keyval {
            case UInt32(GDK_KEY_s):
                save()
                return true
            case UInt32(GDK_KEY_z):
                document.undo()
                changed()
                return true
            default: return false
            }
        }
        changed()
    }

    func present() {
        FirstFrame.watch(window)
        gtk_window_present(cast(window))
    }

    /// After any edit: the pages and the buttons show the document as it is now.
    func changed(focusing binding: Int? = nil) {
        bindings.rebuild(focusing: binding)
        if settingsShown { settings.rebuild() }
        gtk_widget_set_sensitive(saveButton, document.hasChanges ? 1 : 0)
        gtk_widget_set_sensitive(undoButton, document.canUndo ? 1 : 0)
    }

    /// Runs an edit; a refused one is said in a toast.
    func edit(focusing binding: Int? = nil, _ body: () throws -> Void) {
        do { try body() } catch { toast("\(error)") }
        changed(focusing: binding)
    }

    func toast(_ text: String) {
        let t = adw_toast_new(UI.escaped(text))!
        adw_toast_set_timeout(t, 6)
        adw_toast_overlay_add_toast(cast(toasts), t)
    }

    /// Writes the file, then waits for the daemon to say whether it applied it.
    func save() {
        guard document.hasChanges else { return }
        save { try document.save() }
    }

    /// Runs `write`, which saves the file (and what goes with it, a template file), then waits
    /// for the daemon to say whether it applied it.
    func save(_ write: () throws -> Void) {
        let before = daemon.state()
        do {
            try write()
        } catch {
            showError("The file could not be saved", "\(error)")
            return
        }
        changed()
        guard before.running else {
            toast("Saved. gestured is not running on this display; start it on the Status page.")
            status.recheck()
            return
        }
        if before.config?.file != document.path {
            toast(
                "Saved. gestured reads \(before.config?.file ?? "another config"); restart it to read this file."
            )
            status.recheck()
            return
        }
        let serial = before.config?.serial ?? 0
        var waited = 0
        every(milliseconds: 100) { [weak self] in
            guard let self else { return false }
            waited += 100
            if let state = daemon.state().config, state.serial > serial {
                if state.applied {
                    toast("Applied: gestured now uses \(state.detail).")
                } else {
                    showError("gestured kept its last good config", state.detail)
                }
                status.recheck()
                return false
            }
            if waited >= 5_000 {
                toast("gestured has not reloaded the file yet.")
                return false
            }
            return true
        }
    }

    /// A dialog with the message as it is (a daemon's error keeps its file:line).
    func showError(_ heading: String, _ body: String) {
        let dialog = widget(adw_message_dialog_new(cast(window), heading, body))
        adw_message_dialog_add_response(cast(dialog), "close", "_Close")
        gtk_window_present(cast(dialog))
    }
}
