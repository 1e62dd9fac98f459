import CAdwaita
import GestureSettings

#if canImport(Glibc)
    import Glibc
#endif

/// The status page: whether gestured runs on this display and which config it uses, a button
/// that starts its user unit when it does not, and `gestured doctor`'s findings in words.
final class StatusPage {
    let page: Widget
    private unowned let window: MainWindow
    private let daemon: DaemonWatch
    private var groups: [Widget] = []
    private var findings: [DoctorFinding]?
    private var doctorRunning = false

    init(window: MainWindow, daemon: DaemonWatch) {
        self.window = window
        self.daemon = daemon
        page = widget(adw_preferences_page_new())
        adw_preferences_page_set_title(cast(page), "Status")
        // The doctor runs once the window is up: the first frame does not wait for it.
        every(milliseconds: 300) { [weak self] in
            self?.refresh()
            self?.runDoctor()
            return false
        }
    }

    func refresh() {
        for g in groups { adw_preferences_page_remove(cast(page), cast(g)) }
        let state = daemon.state()
        let g = UI.preferencesGroup("gestured")
        let row: Widget
        if state.running {
            var subtitle =
                "Running" + (state.pid.map { " (process \($0))" } ?? "") + " on \(state.display)"
            if let config = state.config {
                subtitle +=
                    config.applied
                    ? "; uses \(config.file) (\(config.detail))"
                    : "; refused its last config: \(config.detail)"
            }
            row = UI.actionRow("gestured is running", subtitle: subtitle)
            adw_action_row_add_prefix(cast(row), UI.icon("emblem-ok-symbolic"))
        } else {
            row = UI.actionRow(
                "gestured is not running",
                subtitle:
                    "No gesture works until it runs on \(state.display.isEmpty ? "this display" : state.display)"
            )
            adw_action_row_add_prefix(cast(row), UI.icon("dialog-warning-symbolic"))
            let start = UI.button("Start", css: ["suggested-action"]) { [unowned self] in
                startDaemon()
            }
            gtk_widget_set_valign(start, GTK_ALIGN_CENTER)
            UI.suffix(row, start)
        }
        UI.add(row, to: g)
        let doctor = UI.preferencesGroup(
            "Doctor", description: "What gestured doctor finds on this system.")
        if let findings {
            for f in findings {
                let r = UI.actionRow(
                    f.subject.capitalizedFirstWord + ": " + f.text, subtitle: f.fix)
                gtk_widget_add_css_class(r, "property")
                adw_action_row_set_title_lines(cast(r), 0)
                adw_action_row_set_subtitle_lines(cast(r), 0)
                let icon =
                    f.level == .ok
                    ? "emblem-ok-symbolic"
                    : f.level == .warning ? "dialog-warning-symbolic" : "dialog-error-symbolic"
                adw_action_row_add_prefix(cast(r), UI.icon(icon, tooltip: f.level.rawValue))
                UI.add(r, to: doctor)
            }
        } else {
            UI.add(
                UI.actionRow(doctorRunning ? "Looking…" : "gestured doctor could not run"),
                to: doctor)
        }
        groups = [g, doctor]
        for g in groups { adw_preferences_page_add(cast(page), cast(g)) }
    }

    /// `systemctl --user start gestured.service`, then a look again once it had time to start.
    private func startDaemon() {
        Command.run(["systemctl", "--user", "start", "gestured.service"]) {
            [weak self] status, output in
            guard let self else { return }
            if status != 0 { window.showError("gestured could not be started", output) }
            var tries = 0
            every(milliseconds: 200) { [weak self] in
                guard let self else { return false }
                tries += 1
                let running = daemon.state().running
                if running || tries > 25 { refresh() }
                return !running && tries <= 25
            }
        }
    }

    /// After a save: the daemon's state and the doctor's findings again.
    func recheck() {
        refresh()
        runDoctor()
    }

    private func runDoctor() {
        doctorRunning = true
        Command.run(
            [Command.gestured, "doctor"]
                + (window.document.fileExists ? ["--config", window.document.path] : [])
        ) { [weak self] _, output in
            guard let self else { return }
            doctorRunning = false
            let parsed = DoctorFinding.parse(output)
            findings = parsed.isEmpty ? nil : parsed
            refresh()
        }
    }
}

extension String {
    var capitalizedFirstWord: String { prefix(1).uppercased() + dropFirst() }
}
