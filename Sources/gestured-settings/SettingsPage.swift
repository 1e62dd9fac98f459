import CAdwaita
import GestureConfig
import GestureSettings

/// The settings page: every `[settings]` key from the schema, with its help and unit; the file
/// in use; reset to the default config (after a backup).
final class SettingsPage {
    let page: Widget
    private unowned let window: MainWindow
    private var groups: [Widget] = []

    init(window: MainWindow) {
        self.window = window
        page = widget(adw_preferences_page_new())
        adw_preferences_page_set_title(cast(page), "Settings")
    }

    func rebuild() {
        for g in groups { adw_preferences_page_remove(cast(page), cast(g)) }
        let document = window.document
        let g = UI.preferencesGroup(
            "Recognition and feedback", description: "Unset values take their defaults.")
        for field in SettingsSchema.settings {
            let name = field.name
            let row = FieldRows.row(field, value: document.setting(name), type: nil) {
                [unowned self] literal in
                window.edit { try window.document.setSetting(name, literal) }
            }
            if let problem = document.problems.first(where: { $0.setting == name }) {
                let mark = UI.icon("dialog-warning-symbolic", tooltip: problem.message)
                gtk_widget_add_css_class(mark, "warning")
                setAccessibleName(mark, "Problem: " + problem.message)
                if field.form.isEntry {
                    adw_entry_row_add_prefix(cast(row), mark)
                } else {
                    adw_action_row_add_prefix(cast(row), mark)
                }
            }
            UI.add(row, to: g)
        }
        let file = UI.preferencesGroup("File")
        let path = UI.actionRow(
            "Config file",
            subtitle: document.path
                + (document.fileExists ? "" : " (not written yet: the default config is shown)"))
        UI.add(path, to: file)
        let reset = UI.actionRow(
            "Reset to the default config",
            subtitle: "The file is backed up first; Undo brings it back")
        let button = UI.button("Reset…", css: ["destructive-action"]) { [unowned self] in
            confirmReset()
        }
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        UI.suffix(reset, button)
        UI.add(reset, to: file)
        groups = [g, file]
        for g in groups { adw_preferences_page_add(cast(page), cast(g)) }
    }

    private func confirmReset() {
        let dialog = widget(
            adw_message_dialog_new(
                cast(window.window), "Reset to the default config?",
                "Every gesture and setting of yours is replaced; the file is copied to a backup first."
            ))
        adw_message_dialog_add_response(cast(dialog), "cancel", "_Cancel")
        adw_message_dialog_add_response(cast(dialog), "reset", "_Reset")
        adw_message_dialog_set_response_appearance(cast(dialog), "reset", ADW_RESPONSE_DESTRUCTIVE)
        on(dialog, "response", arguments: 1) { [unowned self] response in
            guard let response,
                String(cString: response.assumingMemoryBound(to: CChar.self)) == "reset"
            else { return 0 }
            do {
                let backup = try window.document.resetToDefault()
                window.toast(
                    backup.map { "Reset; your file is kept as \($0)" }
                        ?? "Reset to the default config")
            } catch {
                window.showError("The config could not be reset", "\(error)")
            }
            window.changed()
            return 0
        }
        gtk_window_present(cast(dialog))
    }
}

extension FieldForm {
    /// Whether `FieldRows` makes an entry row for it (its prefix goes elsewhere).
    var isEntry: Bool {
        switch self {
        case .text, .glob, .directions, .list, .actions: true
        default: false
        }
    }
}
