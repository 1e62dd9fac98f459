import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// How long each kind of action takes from the input event that completes a gesture to its
/// effect, as an application sees it. A measurement, run on request
/// (GESTURED_MEASURE=1 swift test --filter ActionLatency); it prints a table for
/// docs/performance.md, and fails only if an effect never shows.
extension LiveTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GESTURED_MEASURE"] == "1"))
    func measureActionLatency() throws {
        let kinds: [(String, String, (DaemonProcess) -> Bool)] = [
            (
                "desktop next wrap", "desktop switch",
                { _ in self.window.longs("_NET_CURRENT_DESKTOP").first != 0 }
            ),
            (
                "window toggle-maximize", "window maximize",
                { _ in self.states().contains("_NET_WM_STATE_MAXIMIZED_VERT") }
            ),
            (
                "show-desktop", "show-desktop",
                { _ in self.window.longs("_NET_SHOWING_DESKTOP").first == 1 }
            ),
            ("keys ctrl+alt+Home", "keys", { _ in self.window.keys.contains("ctrl+alt+Home") }),
            (
                "click 2", "click",
                { _ in self.window.received.contains { $0.type == "ButtonPress" && $0.detail == 2 }
                }
            ),
            (
                "scroll down", "scroll",
                { _ in self.window.received.contains { $0.type == "ButtonPress" && $0.detail == 5 }
                }
            ),
            (
                "exec touch @DIR@/done", "exec",
                { d in
                    FileManager.default.fileExists(
                        atPath: d.directory.appendingPathComponent("done").path)
                }
            ),
        ]
        var rows: [String] = []
        for (action, label, effect) in kinds {
            var samples: [Double] = []
            for _ in 0..<20 {
                let d = try daemon(action: action)
                // Back to a known state: desktop 1, not maximized, desktop not shown, no keys.
                XMapRaised(window.display, window.window)
                window.clear()
                try server.mouse.move(toX: 400, y: 300)
                // Clicks and scrolls wait for the fingers to lift (the touchpad gesture holds the
                // pointer until then): their clock starts at the lift.
                let fromLift = action.hasPrefix("click") || action.hasPrefix("scroll")
                let elapsed = try SwipeTiming.swipeLeft(server, fingers: 3, fromLift: fromLift) {
                    window.drain(waiting: .zero)
                    return effect(d)
                }
                #expect(elapsed != nil, "\(label): no effect\n\(d.log)")
                samples.append(Stopwatch.milliseconds(elapsed ?? .seconds(2)))
                d.stop()
                // Undo what changes the desktop's state.
                if action.hasPrefix("desktop") || action.hasPrefix("window")
                    || action.hasPrefix("show")
                {
                    let undo = try daemon(
                        action: action.hasPrefix("desktop") ? "desktop 1" : action)
                    try swipeLeft()
                    _ = window.wait(.seconds(2)) { !effect(undo) }
                    undo.stop()
                }
            }
            samples.sort()
            let median = samples[samples.count / 2]
            let p95 = samples[Int(Double(samples.count) * 0.95) - 1]
            rows.append(
                "| \(label) | \(action) | \(String(format: "%.2f", median)) ms | \(String(format: "%.2f", p95)) ms |"
            )
        }
        print("LATENCY\n" + rows.joined(separator: "\n"))
    }
}
