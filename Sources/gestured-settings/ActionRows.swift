import CAdwaita
import GestureSettings

/// A binding's actions: each picked from the list of every action gestured performs, with what
/// it still needs (keys pressed in the recorder, a command shown plainly with its warning, a
/// desktop number); an action the list has no entry for is edited as its text.
enum ActionRows {
    static func add(
        to group: Widget, texts: [String], window: MainWindow, dialog: Widget,
        set: @escaping ([String]) -> Void
    ) {
        let choices = ActionChoices.all
        let texts = texts.isEmpty ? ["show-desktop"] : texts
        for (n, text) in texts.enumerated() {
            let title = texts.count == 1 ? "Action" : "Action \(n + 1)"
            func replace(_ new: String) {
                var all = texts
                all[n] = new
                set(all)
            }
            let found = ActionChoices.choice(for: text)
            let combo = widget(adw_combo_row_new())
            adw_preferences_row_set_title(cast(combo), title)
            adw_combo_row_set_model(
                cast(combo), UI.stringList(choices.map(\.title) + ["Other (as written)"]))
            adw_combo_row_set_selected(
                cast(combo),
                UInt32(found.flatMap { f in choices.firstIndex(of: f.0) } ?? choices.count))
            adw_combo_row_set_use_subtitle(cast(combo), 0)
            setAccessibleName(combo, title)
            onNotify(combo, "selected") {
                let i = Int(adw_combo_row_get_selected(cast(combo)))
                guard i < choices.count, choices[i] != found?.0 else { return }
                let choice = choices[i]
                let parameter: String
                switch choice.parameter {
                case .none: parameter = ""
                case .chord: parameter = "super+Left"
                case .command: parameter = "notify-send gestured"
                case .desktopNumber: parameter = "1"
                }
                replace(ActionChoices.text(choice, parameter))
            }
            if texts.count > 1 {
                UI.suffix(
                    combo,
                    UI.iconButton("list-remove-symbolic", name: "Remove \(title.lowercased())") {
                        var all = texts
                        all.remove(at: n)
                        set(all)
                    })
            }
            UI.add(combo, to: group)
            guard let (choice, parameter) = found else {
                UI.add(
                    entry(
                        "Action as written", text: text,
                        help: "As the config writes it, e.g. \"scroll up 3\"", apply: replace),
                    to: group)
                continue
            }
            switch choice.parameter {
            case .none: break
            case .chord:
                let r = UI.actionRow(
                    "Keys", subtitle: "Pressed together, as you would on the keyboard")
                let record = UI.button(parameter) {
                    ShortcutRecorder.record(over: dialog) { chord in replace("keys " + chord) }
                }
                gtk_widget_set_valign(record, GTK_ALIGN_CENTER)
                gtk_widget_set_tooltip_text(record, "Press to record other keys")
                UI.suffix(r, record)
                UI.add(r, to: group)
            case .command:
                UI.add(
                    entry(
                        "Command", text: parameter, help: "A shell command",
                        apply: { replace("exec " + $0) }), to: group)
                let warning = UI.actionRow(
                    "Runs with your rights",
                    subtitle:
                        "This command runs as you, with everything you may do. Keep it to commands you trust."
                )
                adw_action_row_add_prefix(cast(warning), UI.icon("dialog-warning-symbolic"))
                gtk_widget_add_css_class(warning, "warning")
                UI.add(warning, to: group)
            case .desktopNumber:
                let r = UI.actionRow("Desktop number")
                let spin = widget(gtk_spin_button_new_with_range(1, 36, 1))
                gtk_spin_button_set_value(cast(spin), Double(parameter) ?? 1)
                gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
                setAccessibleName(spin, "Desktop number")
                on(spin, "value-changed") {
                    replace("desktop \(Int(gtk_spin_button_get_value(cast(spin))))")
                }
                UI.suffix(r, spin)
                UI.add(r, to: group)
            }
        }
        let more = UI.button("Add another action") { set(texts + ["show-desktop"]) }
        gtk_widget_set_halign(more, GTK_ALIGN_START)
        gtk_widget_set_margin_top(more, 6)
        UI.add(more, to: group)
    }

    private static func entry(
        _ title: String, text: String, help: String, apply: @escaping (String) -> Void
    ) -> Widget {
        let r = widget(adw_entry_row_new())
        adw_preferences_row_set_title(cast(r), title)
        adw_entry_row_set_show_apply_button(cast(r), 1)
        gtk_editable_set_text(cast(r), text)
        gtk_widget_set_tooltip_text(r, help)
        setAccessibleName(r, title)
        on(r, "apply") { apply(UI.text(of: r)) }
        return r
    }
}
