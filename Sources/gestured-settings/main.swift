import CAdwaita

func cast<T>(_ p: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>? { p?.assumingMemoryBound(to: T.self) }
func raw<T>(_ p: UnsafeMutablePointer<T>?) -> UnsafeMutableRawPointer? { p.map(UnsafeMutableRawPointer.init) }

let app = adw_application_new("io.github.gestured.Settings", G_APPLICATION_DEFAULT_FLAGS)
typealias Activate = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
let activate: Activate = { app, _ in
    let window = adw_preferences_window_new()
    gtk_window_set_application(cast(raw(window)), cast(app))
    let page = adw_preferences_page_new()
    let group = adw_preferences_group_new()
    adw_preferences_group_set_title(cast(raw(group)), "Touchpad")
    let row = adw_action_row_new()
    adw_preferences_row_set_title(cast(raw(row)), "Swipe left with 3 fingers")
    adw_action_row_set_subtitle(cast(raw(row)), "next desktop")
    adw_preferences_group_add(cast(raw(group)), row)
    adw_preferences_page_add(cast(raw(page)), cast(raw(group)))
    adw_preferences_window_add(cast(raw(window)), cast(raw(page)))
    gtk_window_present(cast(raw(window)))
}
g_signal_connect_data(app, "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
let status = g_application_run(cast(raw(app)), CommandLine.argc, CommandLine.unsafeArgv)
exit(status)
