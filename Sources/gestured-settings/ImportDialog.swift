import CAdwaita
import GestureSettings

/// What `gestured import` makes of a peer's config, shown before anything is written: every
/// gesture carried over and every one not, with why, as the command prints them; "Import" then
/// runs it with --write into the user's config, which the window reads again.
final class ImportDialog {
    private static var open: ImportDialog?

    private unowned let window: MainWindow
    private let offer: ImportOffer
    private let dialog: Widget
    private let output: Widget
    private let importButton: Widget

    static func open(window: MainWindow, offer: ImportOffer) {
        let d = ImportDialog(window: window, offer: offer)
        open = d
        gtk_window_present(cast(d.dialog))
        d.preview()
    }

    private init(window: MainWindow, offer: ImportOffer) {
        self.window = window
        self.offer = offer
        dialog = UI.dialog(
            over: window.window, title: "Import from \(offer.tool)", width: 720, height: 640)
        let intro = UI.label(
            "What gestured import makes of \(offer.path). Nothing is written until you import.",
            wrap: true)
        output = UI.label("Reading…", wrap: true, css: ["monospace"])
        gtk_label_set_selectable(cast(output), 1)
        for margin in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end,
        ] {
            margin(output, 12)
        }
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(cast(scroller), output)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_widget_add_css_class(scroller, "card")
        let cancel = UI.button("Cancel") {}
        importButton = UI.button("Import", css: ["suggested-action"]) {}
        gtk_widget_set_sensitive(importButton, 0)
        let buttons = UI.box(false, spacing: 12, [cancel, importButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let body = UI.box(true, spacing: 12, [intro, scroller, buttons])
        for margin in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end,
        ] {
            margin(body, 18)
        }
        adw_window_set_content(
            cast(dialog), UI.box(true, spacing: 0, [widget(adw_header_bar_new()), body]))
        on(cancel, "clicked") { [unowned self] in gtk_window_close(cast(dialog)) }
        on(importButton, "clicked") { [unowned self] in write() }
        on(dialog, "close-request") { [unowned self] _ in
            if ImportDialog.open === self { ImportDialog.open = nil }
            return 0
        }
    }

    private func preview() {
        Command.run([Command.gestured] + offer.preview) { [weak self] status, text in
            guard let self else { return }
            gtk_label_set_text(cast(output), text)
            gtk_widget_set_sensitive(importButton, status == 0 ? 1 : 0)
        }
    }

    private func write() {
        gtk_widget_set_sensitive(importButton, 0)
        let path = window.document.path
        Command.run([Command.gestured] + offer.write(into: path)) { [weak self] status, text in
            guard let self else { return }
            guard status == 0 else {
                window.showError("gestured import did not write", text)
                gtk_widget_set_sensitive(importButton, 1)
                return
            }
            window.edit { try self.window.document.reload() }
            let summary =
                text.split(separator: "\n").last {
                    $0.hasPrefix("imported ") || $0.hasPrefix("added ")
                }.map(String.init) ?? "done"
            window.toast("Imported from \(offer.tool): \(summary)")
            gtk_window_close(cast(dialog))
        }
    }
}
