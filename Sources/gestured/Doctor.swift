import GestureCommandLine
import GestureConfig
import GestureCore
import GestureSession
import GestureX11
import Glibc

/// `gestured doctor`: why gestures do not work here, each finding with what to do. Exits 0 when
/// everything the config needs is there.
struct Doctor: GesturedCommand {
    static let command = CommandTable.doctor
    let parsed: ParsedCommand

    func run() {
        var report = DoctorReport()
        report.session(environment: { getenv($0).map { String(cString: $0) } })
        let options = ConfigOption(parsed)
        let config = report.config(options)
        let display =
            parsed[CommandTable.display] ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        // Each step that asks the X server something may take `answerTimeout`; past it, what
        // was found so far is printed with the server's silence as a problem.
        func answering<T>(_ body: () -> T) -> T {
            var late = report
            late.addSilence(of: display)
            Watchdog.arm(seconds: DoctorReport.answerTimeout, text: late.text + "\n", exitCode: 1)
            defer { Watchdog.disarm() }
            return body()
        }
        let connected = answering {
            Result { () throws(X11Error) in try XConnection(name: parsed[CommandTable.display]) }
        }
        let x: XConnection
        switch connected {
        case .success(let c): x = c
        case .failure(let error):
            report.add(
                .problem, "X server", "\(error)",
                fix: "run it in the X session, or name the display with --display")
            print(report.text)
            exit(1)
        }
        let devices = answering {
            report.devices(x, needs: config.map { Bindings(($0), screen: x.screen()) })
        }
        if let config { report.reachable(config, devices: devices, server: x) }
        report.otherTools()
        let running = answering { report.daemon(x) }
        if let config, running == nil { answering { report.grabs(x, config) } }
        print(report.text)
        exit(report.hasProblems ? 1 : 0)
    }
}

extension DoctorReport {
    /// Seconds an X server may take to answer one step of the doctor's.
    static let answerTimeout: UInt32 = 5

    /// The X server took the connection and did not answer in time.
    mutating func addSilence(of display: String) {
        add(
            .problem, "X server",
            "\(display) did not answer within \(DoctorReport.answerTimeout) s: it takes connections but answers nothing (a stopped or hung X server)",
            fix:
                "see whether the X server runs (`ps -o pid,stat,cmd -C Xorg`: stat T is stopped, and `kill -CONT PID` goes on), or name another display with --display"
        )
    }
}

/// What the doctor found, in the order it looked.
struct DoctorReport {
    enum Level: String { case ok, warning, problem }

    struct Finding {
        let level: Level
        let subject: String
        let text: String
        let fix: String?
    }

    private(set) var findings: [Finding] = []
    var hasProblems: Bool { findings.contains { $0.level == .problem } }

    mutating func add(_ level: Level, _ subject: String, _ text: String, fix: String? = nil) {
        findings.append(Finding(level: level, subject: subject, text: text, fix: fix))
    }

    /// A line per finding, its level first; what to do on the line after.
    var text: String {
        findings.map { f in
            let head =
                f.level.rawValue + String(repeating: " ", count: 9 - f.level.rawValue.count)
                + f.subject + ": " + f.text
            return head + (f.fix.map { "\n         -> " + $0 } ?? "")
        }.joined(separator: "\n")
    }

    // MARK: The session

    mutating func session(environment: (String) -> String?) {
        let type = environment("XDG_SESSION_TYPE") ?? ""
        let wayland = environment("WAYLAND_DISPLAY") ?? ""
        if type == "wayland" || !wayland.isEmpty {
            let said = [
                type.isEmpty ? nil : "XDG_SESSION_TYPE=\(type)",
                wayland.isEmpty ? nil : "WAYLAND_DISPLAY=\(wayland)",
            ].compactMap { $0 }
            add(
                .problem, "session",
                "this is a Wayland session (\(said.joined(separator: ", "))): gestured is for X11 sessions. "
                    + "Under Wayland the compositor owns the input, and X clients (through Xwayland) neither get touchpad gestures nor can take touches",
                fix:
                    "log in to an X11 session (on the login screen, the session \"on Xorg\"), or use your compositor's own gestures"
            )
        } else if type == "x11" {
            add(.ok, "session", "X11 (XDG_SESSION_TYPE=x11)")
        } else {
            add(
                .ok, "session",
                "XDG_SESSION_TYPE is \(type.isEmpty ? "not set" : "\"\(type)\""), no WAYLAND_DISPLAY: taken as X11"
            )
        }
    }

    // MARK: The config

    mutating func config(_ options: ConfigOption) -> Config? {
        let file: ConfigFile
        do { file = try options.loadFile() } catch {
            add(
                .problem, "config",
                "\(options.path ?? "the embedded default") does not load:\n" + error.description,
                fix: "fix the lines named above (`gestured check` says the same)")
            return nil
        }
        let config = file.config
        add(
            .ok, "config",
            "\(options.path ?? "no config file: the embedded default") loads: \(config.gestures.count) gesture\(config.gestures.count == 1 ? "" : "s")"
        )
        if let refused = file.refusedExecs { add(.problem, "config", refused) }
        return config
    }

    // MARK: The X server and its devices

    /// What the gestures can take input from here.
    struct Devices {
        var touchscreenTouches = 0
        var touchpadFingers = 0
        var pointer = false

        func has(_ source: InputSource) -> Bool {
            switch source {
            case .touchscreen: return touchscreenTouches > 0
            case .touchpad: return touchpadFingers > 0
            case .pointer: return pointer
            }
        }
    }

    mutating func devices(_ x: XConnection, needs bindings: Bindings?) -> Devices {
        var found = Devices()
        let needsTouchpad = bindings?.needs.touchpad ?? false
        let version = "XInput \(x.xiVersion.major).\(x.xiVersion.minor)"
        if x.hasGestures {
            add(.ok, "X server", "\(x.name): \(x.vendor), \(version)")
        } else {
            add(
                needsTouchpad ? .problem : .warning, "X server",
                "\(x.name): \(x.vendor), \(version): no touchpad gesture events (XInput 2.4 has them)",
                fix: "Xorg 21.1 or later, with xf86-input-libinput 1.2 or later")
        }
        let details = x.inputDevices().filter {
            !$0.isMaster && $0.kind != .keyboard && !$0.name.contains("XTEST")
        }.compactMap(x.details)
        for d in details where d.isTouchpad {
            let name = "touchpad \"\(d.device.name)\""
            switch (d.driver, d.sendsGestures && x.hasGestures) {
            case (_, true):
                found.touchpadFingers = max(found.touchpadFingers, d.device.touches)
                add(
                    .ok, name,
                    "\(d.driver == .unknown ? "driver not said" : "\(d.driver.rawValue) driver"), sends gesture events, up to \(d.device.touches) fingers"
                )
            case (.synaptics, false):
                add(
                    needsTouchpad ? .problem : .warning, name,
                    "the synaptics driver sends no gesture events",
                    fix:
                        "install xserver-xorg-input-libinput, remove xserver-xorg-input-synaptics, and restart X"
                )
            case (.libinput, false):
                add(
                    needsTouchpad ? .problem : .warning, name,
                    "libinput driver, but it sends no gesture events",
                    fix: "xf86-input-libinput 1.2 or later on Xorg 21.1 or later")
            default:
                add(
                    needsTouchpad ? .problem : .warning, name,
                    "\(d.driver == .unknown ? "driver not said" : "\(d.driver.rawValue) driver"), sends no gesture events",
                    fix:
                        "the libinput driver (xserver-xorg-input-libinput) on Xorg 21.1 or later sends them"
                )
            }
        }
        let screen = x.screen()
        for d in details where d.device.kind == .touchscreen {
            found.touchscreenTouches = max(found.touchscreenTouches, d.device.touches)
            let size =
                d.axes.count == 2
                ? (d.axes[0].millimetres.flatMap { w in
                    d.axes[1].millimetres.map { h in "\(Int(w.rounded())) x \(Int(h.rounded())) mm"
                    }
                }
                    ?? "axes \(Int(d.axes[0].max - d.axes[0].min)) x \(Int(d.axes[1].max - d.axes[1].min))")
                : "size not said"
            let name = "touchscreen \"\(d.device.name)\""
            let text = "\(d.device.touches) touches, \(size)"
            let area = d.mappedArea
            if let a = area, a == (0, 0, 1, 1), screen.monitors.count > 1 {
                add(
                    .warning, name,
                    "\(text), mapped onto the whole screen, across \(screen.monitors.count) monitors",
                    fix:
                        "map it onto its own monitor: xinput map-to-output \"\(d.device.name)\" OUTPUT (xrandr lists the outputs)"
                )
            } else if let a = area, a != (0, 0, 1, 1) {
                add(
                    .ok, name,
                    "\(text), mapped onto \(Int(a.width * 100)) % x \(Int(a.height * 100)) % of the screen at \(Int(a.x * 100)) %, \(Int(a.y * 100)) %"
                )
            } else {
                add(.ok, name, "\(text), mapped onto the whole screen")
            }
        }
        found.pointer = details.contains { $0.device.kind == .pointer && !$0.isTouchpad }
        if found.touchscreenTouches == 0 && found.touchpadFingers == 0 {
            add(
                .warning, "devices",
                "no touchscreen, no touchpad that sends gestures: only pointer strokes can fire",
                fix: "`gestured devices` lists what the server has")
        }
        return found
    }

    /// Gestures that can never fire with these devices.
    mutating func reachable(_ config: Config, devices: Devices, server x: XConnection) {
        for g in config.gestures {
            let present = g.sources.filter(devices.has)
            guard !present.isEmpty else {
                let wanted = g.sources.map { $0 == .pointer ? "a pointer" : "a \($0.rawValue)" }
                    .joined(separator: " or ")
                add(
                    .problem, "gesture \"\(g.name)\"",
                    "can never fire: it takes input from \(wanted), and there is none here",
                    fix: "connect one, or give it another `source`")
                continue
            }
            let fits = present.contains { source in
                guard let fingers = g.fingers(from: source) else { return true }
                let most =
                    source == .touchscreen ? devices.touchscreenTouches : devices.touchpadFingers
                return fingers.lowerBound <= most
            }
            if !fits, let fingers = present.compactMap({ g.fingers(from: $0)?.lowerBound }).min() {
                let most = present.map {
                    "the \($0.rawValue) reports at most \($0 == .touchscreen ? devices.touchscreenTouches : devices.touchpadFingers)"
                }
                add(
                    .problem, "gesture \"\(g.name)\"",
                    "can never fire: it needs \(fingers) fingers, and \(most.joined(separator: ", "))",
                    fix: "bind it to fewer fingers")
            }
        }
    }

    // MARK: Other clients

    mutating func otherTools() {
        let others = GrabHolders.runningTools().filter { $0 != "gestured" }
        if !others.isEmpty {
            add(
                .warning, "other gesture tools",
                "running: \(others.joined(separator: ", ")); they take the same input, and a gesture may do two things or none",
                fix: "stop them, or leave out of their configs what gestured does")
        }
    }

    mutating func daemon(_ x: XConnection) -> SingleInstance.Running?? {
        let running = SingleInstance.running(x)
        switch running {
        case .none:
            add(
                .warning, "daemon", "gestured is not running on \(x.name)",
                fix: "systemctl --user enable --now gestured, or gestured run")
        case .some(.none):
            add(.ok, "daemon", "gestured runs on \(x.name)")
        case .some(.some(let r)):
            var t = time_t(r.started)
            var local = tm()
            localtime_r(&t, &local)
            var buffer = [CChar](repeating: 0, count: 64)
            let n = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &local)
            let when = String(
                decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            add(
                .ok, "daemon",
                "gestured runs on \(x.name) (pid \(r.pid)) since \(when), \(Self.duration(Int(time(nil)) - r.started)) ago; it holds the grabs"
            )
        }
        return running
    }

    static func duration(_ seconds: Int) -> String {
        let s = max(0, seconds)
        if s < 120 { return "\(s) s" }
        if s < 7200 { return "\(s / 60) min" }
        if s < 172_800 { return "\(s / 3600) h" }
        return "\(s / 86400) days"
    }

    /// Takes the grabs the config needs, as the daemon would, and lets them go.
    mutating func grabs(_ x: XConnection, _ config: Config) {
        let bindings = Bindings(config, screen: x.screen())
        do {
            let listener = try XInputListener(x, needs: bindings.needs)
            add(.ok, "grabs", "\(listener.grabbedText): free to take")
            listener.ungrab()
            x.sync()
        } catch {
            add(
                .problem, "grabs", "\(error)",
                fix:
                    "stop the client that holds it; `xinput` cannot name it, but the gesture tools and hotkey daemons running are the usual holders"
            )
        }
    }
}
