import CAdwaita
import GestureSettings
import GestureStrokes

/// The watch page: gestured paused or not, and what it does as it happens, newest first: each
/// gesture as it goes (began, how far to its commit point, ended), each binding that did not
/// fire with its reason, each stroke drawn beside its reading. Fed by the daemon's stream once
/// the page is first shown.
final class WatchPage {
    let page: Widget
    private unowned let window: MainWindow
    private let live: LiveLink
    private var log = WatchLog()
    private let pauseSwitch: Widget
    private var pauseHandler: UInt = 0
    private let stateRow: Widget
    private let list: Widget
    private var rows: [Widget] = []
    private let strokeRow: Widget
    private let showStroke: ([[(Double, Double)]]) -> Void
    private let strokeArea: Widget
    private var refreshDue = false
    private var started = false
    /// The most entries shown at once.
    static let shown = 60

    init(window: MainWindow, live: LiveLink) {
        self.window = window
        self.live = live
        page = widget(adw_preferences_page_new())
        adw_preferences_page_set_title(cast(page), "Watch")
        let state = UI.preferencesGroup("gestured")
        stateRow = UI.actionRow(
            "Pause gestured",
            subtitle: "All gestures off, nothing performed, until you turn it back on")
        pauseSwitch = widget(gtk_switch_new())
        gtk_widget_set_valign(pauseSwitch, GTK_ALIGN_CENTER)
        setAccessibleName(pauseSwitch, "Pause gestured")
        UI.suffix(stateRow, pauseSwitch)
        UI.add(stateRow, to: state)

        let strokes = UI.preferencesGroup("Last stroke")
        (strokeArea, showStroke) = Drawing.area(
            width: 200, height: 120, name: "The last stroke drawn")
        strokeRow = UI.actionRow("No stroke drawn yet")
        adw_action_row_set_subtitle_lines(cast(strokeRow), 0)
        UI.suffix(strokeRow, strokeArea)
        UI.add(strokeRow, to: strokes)

        let live = UI.preferencesGroup(
            "As it happens",
            description: "Each gesture as it goes, and why each binding did not fire, newest first."
        )
        list = widget(gtk_list_box_new())
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        setAccessibleName(list, "What gestured does")
        UI.add(list, to: live)
        for g in [state, strokes, live] { adw_preferences_page_add(cast(page), cast(g)) }

        pauseHandler = on(pauseSwitch, "notify::active", arguments: 1) { [unowned self] _ in
            self.live.setPaused(gtk_switch_get_active(cast(pauseSwitch)) != 0)
            return 0
        }
        self.live.onChange { [weak self] in self?.showState() }
    }

    /// When first shown: asks the daemon to say why bindings do not fire.
    func start() {
        guard !started else { return }
        started = true
        live.gesture = { [weak self] name, source, state, progress, time in
            self?.log.gesture(
                name: name, source: source, state: state, progress: progress, at: time)
            self?.refreshSoon()
        }
        live.notFired = { [weak self] name, source, state, reason, time in
            self?.log.notFired(name: name, source: source, state: state, reason: reason, at: time)
            self?.refreshSoon()
        }
        let previous = live.stroke
        live.stroke = { [weak self] source, points, reading in
            previous?(source, points, reading)
            self?.log.stroke(
                source: source, points: points.map { WatchLog.StrokePoint(x: $0.0, y: $0.1) },
                reading: reading, at: 0)
            self?.refreshSoon()
        }
        live.watch()
        showState()
    }

    private func showState() {
        quietly(pauseSwitch, pauseHandler) {
            gtk_switch_set_active(cast(pauseSwitch), live.paused ? 1 : 0)
        }
        gtk_widget_set_sensitive(pauseSwitch, live.connection == nil ? 0 : 1)
        if live.connection == nil {
            adw_action_row_set_subtitle(
                cast(stateRow),
                UI.escaped(
                    "gestured's stream is not there (\(live.failure ?? "not connected")): turn on gestured-stream in the settings"
                ))
        } else {
            adw_action_row_set_subtitle(
                cast(stateRow),
                live.paused
                    ? "Paused: no gesture does anything until you turn this off"
                    : live.listening
                        ? "Listening for a new gesture: nothing is performed meanwhile"
                        : "All gestures off, nothing performed, until you turn it back on")
        }
    }

    /// At most ten times a second: a swipe changes its entry with every move.
    private func refreshSoon() {
        guard !refreshDue else { return }
        refreshDue = true
        every(milliseconds: 100) { [weak self] in
            self?.refresh()
            return false
        }
    }

    private func refresh() {
        refreshDue = false
        for r in rows { gtk_list_box_remove(cast(list), r) }
        rows = []
        for entry in log.entries.prefix(Self.shown) {
            let title: String
            switch entry.kind {
            case .gesture: title = entry.name
            case .notFired: title = "\(entry.name) did not fire"
            case .stroke: title = "Stroke"
            }
            let row = UI.actionRow(title, subtitle: "\(entry.detail) (\(entry.input))")
            adw_action_row_set_subtitle_lines(cast(row), 0)
            let icon: String
            switch entry.kind {
            case .gesture(let state, _):
                icon =
                    state == "ended"
                    ? "emblem-ok-symbolic"
                    : state == "cancelled"
                        ? "process-stop-symbolic" : "media-playback-start-symbolic"
            case .notFired: icon = "action-unavailable-symbolic"
            case .stroke: icon = "document-edit-symbolic"
            }
            adw_action_row_add_prefix(cast(row), UI.icon(icon))
            setAccessibleDescription(row, entry.sentence)
            gtk_list_box_append(cast(list), row)
            rows.append(row)
        }
        if let stroke = log.entries.first(where: {
            if case .stroke = $0.kind { true } else { false }
        }), case .stroke(let points) = stroke.kind {
            showStroke([points.map { ($0.x, $0.y) }])
            adw_preferences_row_set_title(
                cast(strokeRow), UI.escaped(stroke.detail.capitalizedFirstWord))
            setAccessibleDescription(strokeRow, "The last stroke: " + stroke.detail)
        }
    }
}
