import Foundation
import X11TestSupport
import XServerSupport

/// A server of a test's own, for tests that change what the server is in (a locker holding the
/// screen, a device turned off, the server stopped), so that what a failing one leaves behind
/// reaches no other test.
enum DesktopOfItsOwn {
    /// Runs `body` on a new server with openbox and the test window raised; the window is
    /// closed before the server stops (Xlib ends the process when a connection breaks).
    static func run(_ body: (XServer, TestWindow) throws -> Void) throws {
        let server = try XServer.start()
        defer { server.stop() }
        _ = try server.startWindowManager()
        try {
            let window = try TestWindow(
                displayName: server.displayName, name: "gestured-test", width: 1024, height: 768)
            guard window.raiseAndWait() else {
                throw TestWindowError("openbox did not show the test window")
            }
            window.clear()
            try body(server, window)
        }()
    }
}

extension DaemonProcess {
    /// The lines the config's `exec echo ... >> @DIR@/result.txt` actions wrote so far.
    var results: [String] {
        ((try? String(contentsOf: directory.appendingPathComponent("result.txt"), encoding: .utf8))
            ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// The results, once there are `lines` of them or 10 seconds have passed (a bound for a
    /// failure, generous for a loaded machine: the commands run as soon as they can).
    func results(waitingFor lines: Int) -> [String] {
        let deadline = ContinuousClock.now + .seconds(10)
        while results.count < lines && ContinuousClock.now < deadline { usleep(10_000) }
        return results
    }
}
