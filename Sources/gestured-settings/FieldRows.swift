import CAdwaita
import GestureConfig
import GestureSettings

/// A form row for any key the schema declares, built from its `FieldForm`: a key added to the
/// schema appears in the window with no code here. Its help is the declaration's doc line.
enum FieldRows {
    /// `set` writes the value (nil: removes the key, so that its default holds).
    static func row(
        _ field: SchemaField, value: TOMLValue?, type: String?,
        set: @escaping (TOMLEditor.Literal?) -> Void
    ) -> Widget {
        let title = words(field.name)
        let absent = field.absentText(for: type)
        switch field.form {
        case .choice(let choices):
            return choice(
                title, field, choices: choices, value: value?.string, absent: absent, set: set)
        case .toggle where absent == "true" || absent == "false":
            let r = UI.actionRow(title, subtitle: field.help)
            let on = value?.bool ?? (absent == "true")
            UI.suffix(
                r,
                UI.toggle(on, name: title) {
                    set($0 == (absent == "true") && value == nil ? nil : .bool($0))
                })
            return r
        case .toggle:
            let current = value?.bool.map { $0 ? "true" : "false" }
            return choice(
                title, field, choices: ["true", "false"], value: current, absent: absent,
                set: { literal in
                    if case .string(let s)? = literal { set(.bool(s == "true")) } else { set(nil) }
                })
        case .number(let range, let unit):
            let current = value?.double ?? value?.int.map(Double.init)
            // Hundredths where the values are fractions (a scale, a threshold), whole units elsewhere.
            let fractional =
                range.upperBound - range.lowerBound <= 1
                || range.lowerBound != range.lowerBound.rounded()
            return number(
                title, field, range: range, step: fractional ? 0.01 : 1, unit: unit,
                current: current, absent: absent, set: { set(.number($0)) }, reset: { set(nil) })
        case .integer(let range):
            return number(
                title, field, range: Double(range.lowerBound)...Double(range.upperBound), step: 1,
                unit: nil,
                current: value?.int.map(Double.init), absent: absent,
                set: { set(.integer(Int($0))) }, reset: { set(nil) })
        case .text, .glob, .directions, .list, .actions:
            var text = value?.string ?? ""
            if let list = value?.array { text = list.compactMap(\.string).joined(separator: ", ") }
            return entry(title, field, text: text, absent: absent) { typed in
                let trimmed = typed.trimmingSpaces()
                if trimmed.isEmpty { return set(nil) }
                if case .list = field.form {
                    set(.strings(trimmed.split(separator: ",").map { String($0).trimmingSpaces() }))
                } else {
                    set(.string(typed))
                }
            }
        }
    }

    /// "touch-timeout" -> "Touch timeout".
    static func words(_ name: String) -> String {
        let spaced = String(name.map { $0 == "-" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    private static func choice(
        _ title: String, _ field: SchemaField, choices: [String], value: String?, absent: String?,
        set: @escaping (TOMLEditor.Literal?) -> Void
    ) -> Widget {
        let items = (field.isRequired ? [] : ["Default (\(absent ?? "none"))"]) + choices.map(words)
        let r = widget(adw_combo_row_new())
        adw_preferences_row_set_title(cast(r), UI.escaped(title))
        adw_combo_row_set_model(cast(r), UI.stringList(items))
        adw_action_row_set_subtitle(cast(r), UI.escaped(field.help))
        let offset = field.isRequired ? 0 : 1
        var selected = 0
        if let value, let i = choices.firstIndex(of: value) { selected = i + offset }
        adw_combo_row_set_selected(cast(r), UInt32(selected))
        setAccessibleName(r, title)
        onNotify(r, "selected") {
            let i = Int(adw_combo_row_get_selected(cast(r)))
            if i == Int(GTK_INVALID_LIST_POSITION) { return }
            set(i < offset ? nil : .string(choices[i - offset]))
        }
        return r
    }

    private static func number(
        _ title: String, _ field: SchemaField, range: ClosedRange<Double>, step: Double,
        unit: String?,
        current: Double?, absent: String?, set: @escaping (Double) -> Void,
        reset: @escaping () -> Void
    ) -> Widget {
        var subtitle = field.help
        if current == nil, let absent { subtitle += ". Not set: \(absent)" }
        // The unit beside the title, unless the title says it already ("Commit scale").
        let unit = unit.flatMap { title.lowercased().contains($0.lowercased()) ? nil : $0 }
        let r = UI.actionRow(title + (unit.map { ", \($0)" } ?? ""), subtitle: subtitle)
        let spin = widget(gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
        gtk_spin_button_set_digits(cast(spin), step < 1 ? 2 : 0)
        gtk_spin_button_set_value(
            cast(spin), current ?? absent.flatMap(Double.init) ?? range.lowerBound)
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        setAccessibleName(spin, title + (unit.map { " in \($0)" } ?? ""))
        on(spin, "value-changed") { set(gtk_spin_button_get_value(cast(spin))) }
        UI.suffix(r, spin)
        if current != nil, !field.isRequired {
            UI.suffix(
                r,
                UI.iconButton(
                    "edit-clear-symbolic",
                    name: "Reset \(title.lowercased()) to its default (\(absent ?? "none"))", reset)
            )
        }
        return r
    }

    private static func entry(
        _ title: String, _ field: SchemaField, text: String, absent: String?,
        apply: @escaping (String) -> Void
    ) -> Widget {
        let r = widget(adw_entry_row_new())
        adw_preferences_row_set_title(
            cast(r),
            UI.escaped(title + (text.isEmpty && absent != nil ? " (not set: \(absent!))" : "")))
        adw_entry_row_set_show_apply_button(cast(r), 1)
        gtk_editable_set_text(cast(r), text)
        gtk_widget_set_tooltip_text(r, field.help)
        setAccessibleName(r, title)
        setAccessibleDescription(r, field.help)
        on(r, "apply") { apply(UI.text(of: r)) }
        return r
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(
            drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
