import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// What the daemon says at the default log level when it starts.
extension LiveTests {
    /// Each gesture first, as `gestured check` says it (the finger counts it takes, the
    /// defaults filled in), then the ready line.
    @Test func theReadyLineSaysTheDisplayTheDevicesTheGesturesAndTheGrabs() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "info"])
        let lines = d.log.split(separator: "\n").map(DaemonProcess.message)
        // The test server's inputtest devices, plus the X server's own XTEST devices, which are left out.
        #expect(
            lines == [
                "gesture three-left: swipe 3 fingers left, touchscreen+touchpad -> exec echo \"$GESTURE_NAME $GESTURE_FINGERS $GESTURE_DIRECTION\" >> \(d.directory.path)/result.txt",
                "gesture pad-pinch: pinch 3 fingers, touchpad -> exec echo \"$GESTURE_NAME\" >> \(d.directory.path)/result.txt",
                "gesture back: stroke line-left button 3, pointer -> exec echo \"$GESTURE_NAME\" >> \(d.directory.path)/result.txt",
                "ready on \(server.displayName) (The X.Org Foundation, XInput 2.4): 1 touchscreen, 1 touchpad, 1 pointer, 1 keyboard; "
                    + "3 gestures from \(d.directory.path)/config.toml; grabbing touches, touchpad swipes, touchpad pinches, pointer buttons 3; "
                    + "held at most: touchscreen 300 ms, touchpad at its begin, pointer 300 ms",
            ])
    }
}

/// Under systemd, standard error is the journal's stream: lines carry a syslog priority and no
/// timestamp, so that `journalctl -p warning` can pick the warnings.
extension LiveTests {
    @Test func whenStandardErrorIsTheJournalLinesCarrySyslogPrioritiesAndNoTimestamp() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "info"],
            journal: true)
        let ready: String =
            "<6>ready on \(server.displayName) (The X.Org Foundation, XInput 2.4): 1 touchscreen, 1 touchpad, 1 pointer, 1 keyboard; "
            + "3 gestures from \(d.directory.path)/config.toml; grabbing touches, touchpad swipes, touchpad pinches, pointer buttons 3; "
            + "held at most: touchscreen 300 ms, touchpad at its begin, pointer 300 ms"
        let lines: [Substring] = d.log.split(separator: "\n").filter {
            !$0.hasPrefix("<6>gesture ")
        }
        #expect(lines == [Substring(ready)])
    }

    /// A child of a service whose standard error was sent elsewhere inherits JOURNAL_STREAM.
    @Test func aJournalStreamThatIsNotStandardErrorLeavesTheLinesAsTheyAre() throws {
        let d = try DaemonProcess(
            display: server.displayName, config: Self.config, extra: ["--log-level", "info"],
            environment: ["JOURNAL_STREAM": "1:1"])
        let lines = d.log.split(separator: "\n")
        #expect(lines.count == 4 && lines[3].contains(" info gestured: ready on "), "\(d.log)")
    }
}

@Suite(.serialized, .timeLimit(.minutes(1)))
struct PointerOnlyTests {
    @Test func withoutATouchscreenOrTouchpadTheDaemonWarnsThatOnlyPointerStrokesCanFire() throws {
        let server = try XServer.start(devices: [.mouse(), .keyboard()])
        defer { server.stop() }
        let d = try DaemonProcess(
            display: server.displayName, config: LiveTests.config, extra: ["--log-level", "info"])
        #expect(
            d.log.contains(
                "warning gestured: no touchscreen or touchpad: only pointer strokes can fire"),
            "\(d.log)")
        #expect(
            d.log.contains(": no touchscreen, no touchpad, 1 pointer, 1 keyboard; 3 gestures"),
            "\(d.log)")
    }

    @Test func inTheJournalTheWarningIsAWarning() throws {
        let server = try XServer.start(devices: [.mouse(), .keyboard()])
        defer { server.stop() }
        let d = try DaemonProcess(
            display: server.displayName, config: LiveTests.config, extra: ["--log-level", "info"],
            journal: true)
        #expect(
            d.log.split(separator: "\n").filter { !$0.hasPrefix("<6>") } == [
                "<4>no touchscreen or touchpad: only pointer strokes can fire (`gestured devices` lists what the server has)"
            ], "\(d.log)")
    }
}
