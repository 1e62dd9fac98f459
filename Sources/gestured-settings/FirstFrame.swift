import CAdwaita

#if canImport(Glibc)
    import Glibc
#endif

/// For `make bench`: with GESTURED_SETTINGS_FIRST_FRAME set to the wall-clock time of the spawn
/// (nanoseconds, as `date +%s%N` says it), the program prints the milliseconds from then to the
/// end of its window's first painted frame and its memory then, and quits.
/// `first-frame MS VmHWM-KiB VmRSS-KiB`.
enum FirstFrame {
    static let spawned: Int? = getenv("GESTURED_SETTINGS_FIRST_FRAME").flatMap {
        Int(String(cString: $0))
    }

    /// Reports after `window`'s first frame, when asked to.
    static func watch(_ window: Widget) {
        guard spawned != nil else { return }
        on(window, "realize") {
            let clock = gtk_widget_get_frame_clock(window)!
            var reported = false
            on(clock, "after-paint") {
                guard !reported else { return }
                reported = true
                report()
            }
        }
    }

    private static func report() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let ms = Double(now.tv_sec * 1_000_000_000 + now.tv_nsec - (spawned ?? 0)) / 1e6
        print("first-frame \(ms) \(status("VmHWM")) \(status("VmRSS"))")
        fflush(stdout)
        exit(0)
    }

    /// A figure of /proc/self/status, in KiB.
    private static func status(_ key: String) -> Int {
        guard let f = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let text = String(cString: line)
            if text.hasPrefix(key + ":") {
                return Int(text.dropFirst(key.count + 1).filter(\.isNumber)) ?? 0
            }
        }
        return 0
    }

    /// The floor the window is measured against: a GTK window with one label, nothing of ours.
    static func bareWindow(_ app: UnsafeMutablePointer<GtkApplication>) {
        let w = widget(gtk_application_window_new(app))
        gtk_window_set_child(cast(w), UI.label("gestured"))
        watch(w)
        gtk_window_present(cast(w))
    }
}
