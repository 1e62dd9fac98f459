import CAdwaita
import GestureSettings

/// "Add by performing": while this dialog is open the daemon listens (it runs every gesture it
/// knows and performs none), and each gesture the user performs on the touchpad, the
/// touchscreen or with the mouse is shown as the binding that recognizes it; "Add" writes that
/// binding and opens it for its action.
final class PerformDialog {
    private static var open: PerformDialog?

    private unowned let window: MainWindow
    private let live: LiveLink
    private let dialog: Widget
    private let status: Widget
    private let seenLabel: Widget
    private let addButton: Widget
    private let turnOn: Widget
    private let trail: Widget
    private let showTrail: ([[(Double, Double)]]) -> Void
    private var performed: PerformedGesture?

    static func open(window: MainWindow, live: LiveLink) {
        let d = PerformDialog(window: window, live: live)
        open = d
        gtk_window_present(cast(d.dialog))
        d.start()
    }

    private init(window: MainWindow, live: LiveLink) {
        self.window = window
        self.live = live
        dialog = UI.dialog(over: window.window, title: "Add by performing", width: 560, height: 640)
        status = widget(adw_status_page_new())
        gtk_widget_add_css_class(status, "compact")
        adw_status_page_set_icon_name(cast(status), "input-touchpad-symbolic")
        adw_status_page_set_title(cast(status), "Perform the gesture")
        seenLabel = UI.label("", wrap: true, css: ["title-3"], xalign: 0.5)
        gtk_label_set_justify(cast(seenLabel), GTK_JUSTIFY_CENTER)
        gtk_widget_set_visible(seenLabel, 0)
        (trail, showTrail) = Drawing.area(width: 240, height: 160, name: "The stroke drawn")
        gtk_widget_set_halign(trail, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(trail, 0)
        addButton = UI.button("Add This Gesture", css: ["suggested-action", "pill"]) {}
        gtk_widget_set_sensitive(addButton, 0)
        gtk_widget_set_halign(addButton, GTK_ALIGN_CENTER)
        turnOn = UI.button("Turn On gestured's Stream", css: ["pill"]) {}
        gtk_widget_set_halign(turnOn, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(turnOn, 0)
        adw_status_page_set_child(
            cast(status), UI.box(true, spacing: 18, [seenLabel, trail, addButton, turnOn]))
        adw_window_set_content(
            cast(dialog), UI.box(true, spacing: 0, [widget(adw_header_bar_new()), status]))
        on(dialog, "close-request") { [unowned self] _ in
            live.listen(false)
            live.seen = nil
            live.stroke = nil
            if PerformDialog.open === self { PerformDialog.open = nil }
            return 0
        }
        on(addButton, "clicked") { [unowned self] in add() }
        on(turnOn, "clicked") { [unowned self] in turnOnStream() }
    }

    private func start() {
        live.seen = { [weak self] g in self?.saw(g) }
        live.stroke = { [weak self] source, points, reading in
            guard let self, source == "pointer" || source == "touchscreen" else { return }
            showTrail([points])
            gtk_widget_set_visible(trail, 1)
            setAccessibleDescription(trail, reading)
        }
        live.listen(true)
        if live.connection != nil {
            adw_status_page_set_description(
                cast(status),
                UI.escaped(
                    "On your touchpad or touchscreen, or draw with the right mouse button held. gestured performs no action while this window listens."
                ))
        } else {
            adw_status_page_set_icon_name(cast(status), "dialog-warning-symbolic")
            adw_status_page_set_title(cast(status), "gestured cannot listen")
            adw_status_page_set_description(
                cast(status),
                UI.escaped(
                    "The window hears gestured through its own stream, which is off or not running (\(live.failure ?? "no connection")). Turn it on: this saves your file with gestured-stream = true."
                ))
            gtk_widget_set_visible(turnOn, 1)
        }
    }

    private func saw(_ g: PerformedGesture) {
        performed = g
        if g.type != "stroke" { gtk_widget_set_visible(trail, 0) }
        gtk_label_set_text(cast(seenLabel), g.sentence)
        setAccessibleName(seenLabel, "Seen: " + g.sentence)
        gtk_widget_set_visible(seenLabel, 1)
        gtk_widget_set_sensitive(addButton, 1)
        adw_status_page_set_title(cast(status), "Seen")
        adw_status_page_set_description(
            cast(status), "Add it, or perform another gesture to replace it.")
    }

    private func add() {
        guard let g = performed else { return }
        var index = 0
        window.edit { index = try window.document.addBinding(performed: g) }
        gtk_window_close(cast(dialog))
        BindingEditor.open(window: window, binding: index)
    }

    /// Writes `gestured-stream = true`, saves, and listens once the daemon has reloaded.
    private func turnOnStream() {
        window.edit { try window.document.setSetting("gestured-stream", .bool(true)) }
        window.save()
        gtk_widget_set_sensitive(turnOn, 0)
        live.retry()
        live.onChange { [weak self] in
            guard let self, live.connection != nil, gtk_widget_get_visible(turnOn) != 0 else {
                return
            }
            gtk_widget_set_visible(turnOn, 0)
            adw_status_page_set_icon_name(cast(status), "input-touchpad-symbolic")
            adw_status_page_set_title(cast(status), "Perform the gesture")
            adw_status_page_set_description(
                cast(status),
                UI.escaped(
                    "On your touchpad or touchscreen, or draw with the right mouse button held. gestured performs no action while this window listens."
                ))
            live.listen(true)
        }
    }
}
