import CAdwaita
import GestureConfig
import GestureSettings

/// The dialog of one binding: every field its type takes, built from the schema; its actions
/// picked from the list of every action; the application it is for, typed or picked by
/// clicking a window; duplicate and delete. Each change is an edit of the document at once.
final class BindingEditor {
    private static var open: BindingEditor?

    private unowned let window: MainWindow
    private var index: Int
    private let dialog: Widget
    private let scroller: Widget
    private var page: Widget?
    private var problemsLabel: Widget?
    private var summary: Widget?

    static func open(window: MainWindow, binding index: Int) {
        let editor = BindingEditor(window: window, index: index)
        open = editor
        gtk_window_present(cast(editor.dialog))
    }

    private init(window: MainWindow, index: Int) {
        self.window = window
        self.index = index
        dialog = UI.dialog(over: window.window, width: 640, height: 760)
        let header = widget(adw_header_bar_new())
        scroller = widget(gtk_scrolled_window_new())
        gtk_widget_set_vexpand(scroller, 1)
        adw_window_set_content(cast(dialog), UI.box(true, spacing: 0, [header, scroller]))
        on(dialog, "close-request") { _ in
            if BindingEditor.open === self { BindingEditor.open = nil }
            return 0
        }
        rebuild()
    }

    /// The page again, after an edit that changes which fields there are (type, actions).
    private func rebuild() {
        let document = window.document
        guard let row = document.row(index) else {
            gtk_window_close(cast(dialog))
            return
        }
        gtk_window_set_title(cast(dialog), "Gesture \(row.name)")
        let page = widget(adw_preferences_page_new())
        self.page = page

        let summary = UI.preferencesGroup(row.title, description: row.sentence)
        self.summary = summary
        problemsLabel = UI.label(row.problems.joined(separator: "\n"), wrap: true, css: ["error"])
        gtk_widget_set_visible(problemsLabel!, row.problems.isEmpty ? 0 : 1)
        UI.add(problemsLabel!, to: summary)
        adw_preferences_page_add(cast(page), cast(summary))

        let gesture = UI.preferencesGroup("Gesture")
        let what = UI.preferencesGroup("Action", description: "What it does, in order.")
        let where_ = UI.preferencesGroup(
            "Where", description: "The windows and devices it listens in.")
        let more = UI.preferencesGroup(
            "More", description: "How it is recognized. Unset values take their defaults.")
        for field in SettingsSchema.fields(for: row.type) {
            switch field.name {
            case "action":
                ActionRows.add(to: what, texts: row.actionTexts, window: window, dialog: dialog) {
                    [unowned self] texts in
                    set(
                        "action", texts.count == 1 ? .string(texts[0]) : .strings(texts),
                        structural: true)
                }
            case "type":
                UI.add(typeRow(row.type), to: gesture)
            case "app":
                UI.add(appRow(field, row: row), to: where_)
            case "device", "source":
                UI.add(fieldRow(field, type: row.type), to: where_)
            case "name", "fingers", "direction", "edge", "shape", "directions", "taps", "enabled":
                UI.add(fieldRow(field, type: row.type), to: gesture)
            default:
                UI.add(fieldRow(field, type: row.type), to: more)
            }
        }
        let buttons = UI.preferencesGroup("")
        let duplicate = UI.button("Duplicate") { [unowned self] in
            window.edit { index = try window.document.duplicate(binding: index) }
            rebuild()
        }
        let delete = UI.button("Delete", css: ["destructive-action"]) { [unowned self] in
            window.edit { try window.document.delete(binding: index) }
            window.toast("Deleted \(row.name). Undo brings it back.")
            gtk_window_close(cast(dialog))
        }
        let box = UI.box(false, spacing: 12, [duplicate, delete])
        gtk_widget_set_halign(box, GTK_ALIGN_END)
        UI.add(box, to: buttons)
        for g in [gesture, what, where_, more, buttons] {
            adw_preferences_page_add(cast(page), cast(g))
        }
        gtk_scrolled_window_set_child(cast(scroller), page)
    }

    private func fieldRow(_ field: SchemaField, type: String) -> Widget {
        let name = field.name
        return FieldRows.row(field, value: window.document.value(name, binding: index), type: type)
        { [unowned self] literal in
            set(name, literal, structural: name == "name")
        }
    }

    private func typeRow(_ type: String) -> Widget {
        let types = SettingsSchema.gestureTypes
        let r = widget(adw_combo_row_new())
        adw_preferences_row_set_title(cast(r), "Type")
        adw_combo_row_set_model(cast(r), UI.stringList(types.map(FieldRows.words)))
        adw_combo_row_set_selected(cast(r), UInt32(types.firstIndex(of: type) ?? 0))
        setAccessibleName(r, "Type")
        onNotify(r, "selected") { [unowned self] in
            let chosen = types[Int(adw_combo_row_get_selected(cast(r)))]
            guard chosen != type else { return }
            // After the signal: the page that holds this row is replaced.
            every(milliseconds: 1) { [weak self] in
                guard let self else { return false }
                window.edit(focusing: index) {
                    try self.window.document.changeType(binding: self.index, to: chosen)
                }
                rebuild()
                return false
            }
        }
        return r
    }

    /// The application rule: a class typed, or picked by clicking a window.
    private func appRow(_ field: SchemaField, row: BindingRow) -> Widget {
        let r = FieldRows.row(
            field, value: window.document.value("app", binding: index), type: row.type
        ) { [unowned self] literal in
            set("app", literal, structural: false)
        }
        let pick = UI.iconButton("find-location-symbolic", name: "Pick a window") {
            [unowned self] in
            WindowPicker.pick { [weak self] found in
                guard let self, let found else { return }
                set("app", .string(found), structural: true)
            }
        }
        adw_entry_row_add_suffix(cast(r), pick)
        return r
    }

    private func set(_ key: String, _ value: TOMLEditor.Literal?, structural: Bool) {
        window.edit(focusing: index) { try window.document.set(key, value, binding: index) }
        if structural {
            every(milliseconds: 1) { [weak self] in
                self?.rebuild()
                return false
            }
        } else if let row = window.document.row(index), let label = problemsLabel, let summary {
            // What the binding is now, in words, and what check says of it.
            adw_preferences_group_set_title(cast(summary), UI.escaped(row.title))
            adw_preferences_group_set_description(cast(summary), UI.escaped(row.sentence))
            gtk_label_set_text(cast(label), row.problems.joined(separator: "\n"))
            gtk_widget_set_visible(label, row.problems.isEmpty ? 0 : 1)
        }
    }
}
