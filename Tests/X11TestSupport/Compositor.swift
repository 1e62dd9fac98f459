import CXInput2
import Foundation
import XServerSupport

/// xcompmgr on a test server. It is running once the `_NET_WM_CM_S0` selection has an owner,
/// and gone once it has none: both are waited for on the watching window's connection (a round
/// trip each look), so that what a test does next meets the compositor there, or gone.
public final class Compositor {
    private let process: ChildProcess
    private let log: URL
    private let watcher: TestWindow
    private var stopped = false

    /// Starts xcompmgr on `displayName` and waits until it owns the selection.
    public init(displayName: String, watcher: TestWindow) throws {
        self.watcher = watcher
        log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xcompmgr-\(UUID().uuidString).log")
        process = try ChildProcess.spawn(
            ExternalCommand.locate("xcompmgr"), [], environment: ["DISPLAY": displayName],
            standardOutput: log, standardError: log)
        guard watcher.wait(.seconds(5), until: { owner != 0 }) else {
            stop()
            throw TestWindowError("xcompmgr did not take _NET_WM_CM_S0")
        }
    }

    deinit { stop() }

    /// The selection's owner now, as the server says.
    private var owner: Window {
        let d = watcher.display
        return XGetSelectionOwner(d, XInternAtom(d, "_NET_WM_CM_S0", 0))
    }

    /// Kills xcompmgr (SIGTERM, as `kill` does) and waits until its selection has no owner;
    /// false when it still has one.
    @discardableResult
    public func stop() -> Bool {
        guard !stopped else { return true }
        stopped = true
        process.terminate(grace: .seconds(1))
        try? FileManager.default.removeItem(at: log)
        return watcher.wait(.seconds(5)) { owner == 0 }
    }
}
