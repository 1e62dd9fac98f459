import CAdwaita
import GestureConfig
import GestureSettings

#if canImport(Glibc)
    import Glibc
#endif

/// The gestures page: an "add" row, then every binding grouped by application rule and input,
/// each row in words with its switch and, where `check` finds a problem, a mark that says it.
final class BindingsPage {
    let page: Widget
    private unowned let window: MainWindow
    private var groups: [Widget] = []
    private var rowWidgets: [Int: Widget] = [:]

    init(window: MainWindow) {
        self.window = window
        page = widget(adw_preferences_page_new())
        adw_preferences_page_set_title(cast(page), "Gestures")
        adw_preferences_page_set_icon_name(cast(page), "input-touchpad-symbolic")
    }

    func rebuild(focusing focus: Int? = nil) {
        for g in groups { adw_preferences_page_remove(cast(page), cast(g)) }
        groups = []
        rowWidgets = [:]
        let document = window.document
        groups.append(addGroup())
        if let offers = importGroup() { groups.append(offers) }
        if let syntax = document.syntaxError {
            let g = UI.preferencesGroup("The file cannot be read")
            let row = UI.actionRow("Syntax error", subtitle: syntax)
            adw_action_row_add_prefix(cast(row), UI.icon("dialog-error-symbolic"))
            UI.add(row, to: g)
            groups.append(g)
        }
        for group in document.groups {
            let g = UI.preferencesGroup(group.title)
            for row in group.rows { UI.add(bindingRow(row), to: g) }
            groups.append(g)
        }
        for g in groups { adw_preferences_page_add(cast(page), cast(g)) }
        // Back to the row edited, when the edit was made here (not in its dialog).
        if let focus, let row = rowWidgets[focus], gtk_window_is_active(cast(window.window)) != 0 {
            gtk_widget_grab_focus(row)
        }
    }

    private func addGroup() -> Widget {
        let g = UI.preferencesGroup(
            "",
            description: "Each gesture gestured knows and what it does. Choose one to change it.")
        let types = SettingsSchema.gestureTypes
        let combo = widget(adw_combo_row_new())
        adw_preferences_row_set_title(cast(combo), "New gesture")
        adw_combo_row_set_model(cast(combo), UI.stringList(types.map { FieldRows.words($0) }))
        setAccessibleName(combo, "New gesture type")
        let add = UI.button("Add", css: []) { [unowned self] in
            let type = types[Int(adw_combo_row_get_selected(cast(combo)))]
            var index = 0
            window.edit { index = try window.document.addBinding(type: type) }
            BindingEditor.open(window: window, binding: index)
        }
        gtk_widget_set_valign(add, GTK_ALIGN_CENTER)
        UI.suffix(combo, add)
        UI.add(combo, to: g)
        let perform = UI.actionRow(
            "Add by performing",
            subtitle:
                "Perform a gesture on your touchpad, touchscreen or mouse: it is filled in for you")
        let start = UI.button("Perform…") { [unowned self] in
            PerformDialog.open(window: window, live: window.live)
        }
        gtk_widget_set_valign(start, GTK_ALIGN_CENTER)
        setAccessibleName(start, "Add by performing")
        UI.suffix(perform, start)
        UI.add(perform, to: g)
        return g
    }

    /// While the config is still the default: the configs of peers `gestured import` reads.
    private func importGroup() -> Widget? {
        var environment: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME"] {
            if let v = getenv(name) { environment[name] = String(cString: v) }
        }
        let offers = ImportOffer.found(for: window.document, environment: environment) {
            access($0, R_OK) == 0
        }
        guard !offers.isEmpty else { return nil }
        let g = UI.preferencesGroup(
            "From another gesture tool",
            description:
                "gestured can carry over the gestures you set up there. You see what it makes of them before anything is written."
        )
        for offer in offers {
            let row = UI.actionRow(offer.tool, subtitle: offer.path)
            let button = UI.button("Import…") { [unowned self] in
                ImportDialog.open(window: window, offer: offer)
            }
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            setAccessibleName(button, "Import from \(offer.tool)")
            UI.suffix(row, button)
            UI.add(row, to: g)
        }
        return g
    }

    private func bindingRow(_ row: BindingRow) -> Widget {
        let briefs = row.problems.map(window.document.brief)
        let r = UI.actionRow(row.title, subtitle: ([row.actions] + briefs).joined(separator: "\n"))
        setAccessibleName(r, row.name)
        setAccessibleDescription(r, ([row.sentence] + row.problems).joined(separator: "\n"))
        if !row.problems.isEmpty {
            let mark = UI.icon(
                "dialog-warning-symbolic", tooltip: row.problems.joined(separator: "\n"))
            gtk_widget_add_css_class(mark, "warning")
            setAccessibleName(mark, "Problem: " + row.problems.joined(separator: "; "))
            adw_action_row_add_prefix(cast(r), mark)
        }
        if row.runsCommands {
            UI.suffix(
                r,
                UI.icon("utilities-terminal-symbolic", tooltip: "Runs a command with your rights"))
        }
        let index = row.index
        UI.suffix(
            r,
            UI.toggle(row.isEnabled, name: "\(row.name) on") { [unowned self] on in
                window.edit(focusing: index) { try window.document.setEnabled(on, binding: index) }
            })
        UI.suffix(r, UI.icon("go-next-symbolic"))
        gtk_list_box_row_set_activatable(cast(r), 1)
        on(r, "activated") { [unowned self] in BindingEditor.open(window: window, binding: index) }
        if !row.isEnabled { gtk_widget_add_css_class(r, "dim-label") }
        rowWidgets[index] = r
        return r
    }
}
