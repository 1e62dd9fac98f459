import Foundation
import GestureX11
import Testing
import X11TestSupport
import XServerSupport

/// gestured-settings on the test X server, driven as a person (or a screen reader) drives it:
/// AT-SPI finds its widgets by role and name, xdotool clicks and types (settings-window.py).
extension LiveTests {
    static let settingsBinary = DaemonProcess.root.appendingPathComponent(
        ".build/debug/gestured-settings")
    static let screenshots = DaemonProcess.root.appendingPathComponent(
        ".build/settings-screenshots")

    /// Starts `script` (in this folder) on `config` under a session bus of its own, as a person's
    /// session has one for AT-SPI; the doctor of the status page is this build's gestured, and
    /// GTK draws without a GPU. Its output goes to a file in the daemon's folder.
    func startSettingsScript(
        _ script: String, config: URL, _ d: DaemonProcess, environment extra: [String: String] = [:]
    ) throws -> (ChildProcess, URL) {
        try FileManager.default.createDirectory(
            at: Self.screenshots, withIntermediateDirectories: true)
        let output = d.directory.appendingPathComponent(script + ".out")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let child = try ChildProcess.spawn(
            URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
            [
                "--", "/usr/bin/python3",
                DaemonProcess.root.appendingPathComponent("Tests/X11Tests/" + script).path,
                Self.settingsBinary.path, config.path, Self.screenshots.path,
            ],
            environment: [
                "DISPLAY": server.displayName, "GSK_RENDERER": "cairo",
                "PATH": DaemonProcess.binary.deletingLastPathComponent().path + ":" + path,
                "XDG_RUNTIME_DIR": d.directory.path,
            ].merging(extra) { $1 },
            standardOutput: output)
        return (child, output)
    }

    /// A script's output lines, split at tabs.
    static func lines(_ output: URL) -> [[String]] {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Runs `script` to its end (90 s at most); its output lines.
    func runSettingsScript(
        _ script: String, config: URL, _ d: DaemonProcess, environment: [String: String] = [:]
    ) throws -> [[String]] {
        let (child, output) = try startSettingsScript(
            script, config: config, d, environment: environment)
        if !child.waitForExit(timeout: .seconds(90)) {
            child.terminate(grace: .seconds(1))
            Issue.record("\(script) did not finish within 90 s")
        }
        return Self.lines(output)
    }

    /// Runs settings-window.py against the daemon's config; its output lines, split at tabs.
    func driveSettingsWindow(_ d: DaemonProcess) throws -> [[String]] {
        try runSettingsScript(
            "settings-window.py", config: d.directory.appendingPathComponent("config.toml"), d)
    }

    @Test func theSettingsWindowListsEveryBindingAndSavesAnEditTheDaemonReloads() throws {
        let original = try String(
            contentsOf: DaemonProcess.root.appendingPathComponent("Config/default.toml"),
            encoding: .utf8)
        let d = try DaemonProcess(display: server.displayName, config: original)
        let lines = try driveSettingsWindow(d)
        #expect(lines.last == ["done"], "\(lines)")
        // Every binding of the file, listed under its name.
        let names = original.split(separator: "\n").filter { $0.hasPrefix("name = \"") }.map {
            $0.dropFirst(8).dropLast()
        }
        let rows = lines.filter { $0.first == "row" }.map { $0[1] }
        for name in names {
            #expect(rows.contains { $0.hasPrefix(name + " ") }, "no row for \(name): \(rows)")
        }
        #expect(rows.contains("tap Tap with 1 finger"))
        // Every control named, in the window and in a binding's dialog.
        #expect(
            lines.contains(["unnamed", ""]),
            "\(lines.filter { $0.first?.hasPrefix("unnamed") == true })")
        #expect(
            lines.contains(["unnamed in the dialog", ""]),
            "\(lines.filter { $0.first?.hasPrefix("unnamed") == true })")
        #expect(
            lines.contains(["unnamed in the settings", ""]),
            "\(lines.filter { $0.first?.hasPrefix("unnamed") == true })")
        // The file: a field typed, a chord recorded, an application picked by clicking the
        // dialog (its class), a binding added at the end; the rest as written.
        let written = try String(
            contentsOf: d.directory.appendingPathComponent("config.toml"), encoding: .utf8)
        let changed =
            original
            .replacingOccurrences(
                of: "name = \"next-desktop\"\ntype = \"swipe\"\nfingers = 3",
                with: "name = \"next-desktop\"\ntype = \"swipe\"\nfingers = 4"
            )
            .replacingOccurrences(
                of: "shape = \"line-left\"\naction = \"keys alt+Left\"\n",
                with:
                    "shape = \"line-left\"\naction = \"keys ctrl+shift+Up\"\napp = \"gestured-settings\"\n"
            )
        #expect(
            changed.components(separatedBy: "\n").count == original.components(separatedBy: "\n")
                .count + 1)
        #expect(
            written == changed
                + "\n[[gesture]]\nname = \"tap\"\ntype = \"tap\"\naction = \"show-desktop\"\n")
        // The daemon reloaded it, and the window said so.
        try d.waitFor("the config file changed: reloaded \(names.count + 1) gestures")
        #expect(
            lines.contains(["toast", "Applied: gestured now uses \(names.count + 1) gestures."]))
        #expect(lines.contains { $0.first == "status" && $0[1].hasPrefix("gestured is running") })
        #expect(lines.contains(["picked", "App App"]))
        #expect(lines.filter { $0.first == "screenshot" }.count == 6)
    }
}

extension LiveTests {
    /// What the settings window reads after a save: the daemon's word on each load, on the window
    /// that holds its selection.
    @Test func theDaemonSaysOnItsWindowWhatBecameOfEachLoad() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        let x = try XConnection(name: server.displayName)
        let path = d.directory.appendingPathComponent("config.toml").path
        #expect(
            SingleInstance.configState(x)
                == ConfigState(applied: true, file: path, detail: "1 gesture", serial: 1))
        try write("[[gesture]]\ntype = \"swipe\"\ndirection = \"lfet\"\n", to: d)
        try d.waitFor("the config has errors; keeping the last good one")
        let refused = try #require(SingleInstance.configState(x))
        #expect(refused.serial == 2 && !refused.applied && refused.file == path)
        #expect(
            refused.detail.hasPrefix(
                "\(path):3:13: gesture \"swipe-1\": direction \"lfet\" is not one of"))
        try write(config("second"), to: d, replacing: true)
        try d.waitFor("reloaded 1 gesture ")
        #expect(
            SingleInstance.configState(x)
                == ConfigState(applied: true, file: path, detail: "1 gesture", serial: 3))
    }
}
