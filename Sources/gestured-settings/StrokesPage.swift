import CAdwaita
import GestureCore
import GestureSettings

/// The strokes page: draw a stroke of your own a few times with the mouse, a pen or a finger,
/// see the drawings and where they may be read as another shape, save them where the config's
/// `templates` points; or test any stroke, read as the daemon reads it.
final class StrokesPage {
    let page: Widget
    private unowned let window: MainWindow
    private let lab: StrokeLab
    private let nameRow: Widget
    private let showStrokes: ([[(Double, Double)]]) -> Void
    private let countRow: Widget
    private let warnings: Widget
    private let reading: Widget
    private let testSwitch: Widget
    private let saveButton: Widget
    private let bindButton: Widget
    private var saved: String?

    init(window: MainWindow) {
        self.window = window
        lab = StrokeLab(document: window.document)
        page = widget(adw_preferences_page_new())
        adw_preferences_page_set_title(cast(page), "Strokes")

        let learn = UI.preferencesGroup(
            "Your stroke",
            description:
                "Draw it here a few times, the way you will draw it with the right mouse button held or a finger."
        )
        nameRow = widget(adw_entry_row_new())
        adw_preferences_row_set_title(cast(nameRow), "Name")
        setAccessibleName(nameRow, "Stroke name")
        UI.add(nameRow, to: learn)
        let area: Widget
        (area, showStrokes) = Drawing.area(
            width: 480, height: 280, name: "Drawing area", fitted: false)
        gtk_widget_add_css_class(area, "card")
        gtk_widget_set_margin_top(area, 12)
        gtk_widget_set_margin_bottom(area, 12)
        UI.add(area, to: learn)
        countRow = UI.actionRow("No drawing yet")
        let undo = UI.iconButton("edit-undo-symbolic", name: "Remove the last drawing") {}
        let clear = UI.iconButton("edit-clear-all-symbolic", name: "Clear the drawings") {}
        UI.suffix(countRow, undo)
        UI.suffix(countRow, clear)
        UI.add(countRow, to: learn)
        warnings = UI.label("", wrap: true, css: ["warning"])
        gtk_widget_set_visible(warnings, 0)
        UI.add(warnings, to: learn)
        saveButton = UI.button("Save Stroke", css: ["suggested-action"]) {}
        bindButton = UI.button("Add a Gesture for It") {}
        gtk_widget_set_visible(bindButton, 0)
        let buttons = UI.box(false, spacing: 12, [bindButton, saveButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 12)
        UI.add(buttons, to: learn)

        let test = UI.preferencesGroup(
            "Test",
            description:
                "Draw in the area to see how gestured reads a stroke, among every shape it knows.")
        let testRow = UI.actionRow("Test strokes instead of learning them")
        testSwitch = widget(gtk_switch_new())
        gtk_widget_set_valign(testSwitch, GTK_ALIGN_CENTER)
        setAccessibleName(testSwitch, "Test strokes")
        UI.suffix(testRow, testSwitch)
        UI.add(testRow, to: test)
        reading = UI.label("", wrap: true)
        gtk_widget_set_visible(reading, 0)
        UI.add(reading, to: test)
        for g in [learn, test] { adw_preferences_page_add(cast(page), cast(g)) }

        Drawing.onDrag(
            area,
            moved: { [unowned self] points in
                showStrokes(
                    (testing ? [] : lab.variants.map { $0.map { ($0.x, $0.y) } }) + [points])
            }, ended: { [unowned self] points in drawn(points.map { Point(x: $0.0, y: $0.1) }) })
        on(undo, "clicked") { [unowned self] in
            lab.removeLast()
            changed()
        }
        on(clear, "clicked") { [unowned self] in
            lab.clear()
            changed()
        }
        on(saveButton, "clicked") { [unowned self] in save() }
        on(bindButton, "clicked") { [unowned self] in bind() }
        onNotify(testSwitch, "active") { [unowned self] in changed() }
        onNotify(nameRow, "text") { [unowned self] in changed() }
        changed()
    }

    private var testing: Bool { gtk_switch_get_active(cast(testSwitch)) != 0 }
    private var name: String { UI.text(of: nameRow).trimmingSpaces() }

    private func drawn(_ points: [Point]) {
        if testing {
            let r = lab.read(points, learning: lab.variants.isEmpty ? nil : name)
            let ruled =
                r.ruledOut.isEmpty ? "" : ". It cannot be: " + r.ruledOut.joined(separator: ", ")
            gtk_label_set_text(cast(reading), r.words + ruled + ".")
            gtk_widget_set_visible(reading, 1)
            showStrokes([points.map { ($0.x, $0.y) }])
            return
        }
        lab.draw(points)
        saved = nil
        changed()
    }

    /// The drawings, their count and what may be confused, the buttons as they apply.
    private func changed() {
        if !testing { showStrokes(lab.variants.map { $0.map { ($0.x, $0.y) } }) }
        let n = lab.variants.count
        let more =
            n < StrokeLab.suggestedVariants
            ? "; draw it \(StrokeLab.suggestedVariants - n) more time\(StrokeLab.suggestedVariants - n == 1 ? "" : "s") to learn how it varies"
            : ""
        adw_preferences_row_set_title(
            cast(countRow), n == 0 ? "No drawing yet" : "\(n) drawing\(n == 1 ? "" : "s")\(more)")
        let problems =
            (StrokeLab.isName(name) || name.isEmpty
                ? [] : ["A name has letters, digits, - and _ only"]) + lab.collisions(name: name)
        gtk_label_set_text(cast(warnings), problems.joined(separator: "\n"))
        gtk_widget_set_visible(warnings, problems.isEmpty ? 0 : 1)
        gtk_widget_set_sensitive(saveButton, n > 0 && StrokeLab.isName(name) && !testing ? 1 : 0)
        gtk_widget_set_visible(bindButton, saved == nil ? 0 : 1)
    }

    private func save() {
        let name = self.name
        window.save { [unowned self] in
            let path = try lab.save(name: name)
            saved = name
            gtk_label_set_text(
                cast(reading), "Saved \(lab.variants.count) drawings of \(name) in \(path).")
            gtk_widget_set_visible(reading, 1)
        }
        changed()
    }

    /// A binding for the stroke saved, drawn with the right mouse button, opened for its action.
    private func bind() {
        guard let saved else { return }
        var index = 0
        window.edit {
            index = try window.document.addBinding(
                entries: [("source", .string("pointer")), ("shape", .string(saved))],
                type: "stroke", action: "show-desktop")
        }
        BindingEditor.open(window: window, binding: index)
    }
}
