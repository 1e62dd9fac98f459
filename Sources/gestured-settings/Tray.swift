import CAdwaita

#if canImport(Glibc)
    import Glibc
#endif

/// `gestured-settings --tray`: an icon in the desktop's tray or panel (a StatusNotifierItem)
/// that says whether gestured runs, is paused or listens, and pauses or resumes it when clicked,
/// as easystroke's tray icon did. No window: a GLib main loop, the session bus and the daemon's
/// stream, tried again every few seconds while the daemon is not there.
enum Tray {
    static func run() -> Int32 {
        let live = LiveLink()
        var item: StatusNotifier?
        func look() -> StatusNotifier.Look {
            guard live.connection != nil else {
                return .init(
                    icon: "input-touchpad", status: "Passive", title: "gestured",
                    tooltip:
                        "gestured is not running, or its stream is off (gestured-stream = true)")
            }
            if live.paused {
                return .init(
                    icon: "media-playback-pause", status: "NeedsAttention",
                    title: "gestured (paused)",
                    tooltip: "Paused: no gesture does anything. Click to resume.")
            }
            return .init(
                icon: "input-touchpad", status: "Active", title: "gestured",
                tooltip: live.listening
                    ? "Listening for the settings window" : "Gestures on. Click to pause.")
        }
        live.connect()
        switch StatusNotifier.serve(
            id: "gestured", look: look(),
            activated: {
                guard live.connect() else { return }
                live.setPaused(!live.paused)
            })
        {
        case .failure(let why):
            fputs("gestured-settings --tray: no session bus: \(why)\n", stderr)
            return 1
        case .success(let i):
            item = i
        }
        live.onChange { item?.show(look()) }
        every(milliseconds: 3_000) {
            if live.connection == nil { live.connect() }
            return true
        }
        let loop = g_main_loop_new(nil, 0)
        g_main_loop_run(loop)
        return 0
    }
}
