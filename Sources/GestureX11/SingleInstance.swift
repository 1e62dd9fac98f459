import CXInput2
import Glibc

/// One daemon per display: an X selection that the running daemon owns. The server lets it go
/// when the daemon's connection closes, however the daemon ends.
public final class SingleInstance {
    public struct AlreadyRunning: Error, CustomStringConvertible {
        public let display: String
        public var description: String {
            "gestured is already running on \(display); stop it first (or send it SIGHUP to reload its config)"
        }
    }

    let window: Window

    /// The daemon running on the display: its process id and when it started (Unix time).
    public struct Running: Sendable {
        public let pid: Int
        public let started: Int
    }

    /// The daemon that runs on the display, if one does; nil facts when it does not say.
    public static func running(_ x: XConnection) -> Running?? {
        let owner = XGetSelectionOwner(x.display, x.atom("_GESTURED_DAEMON"))
        guard owner != 0 else { return nil }
        let facts = x.cardinals(of: owner, x.atom("_GESTURED_STARTED"))
        return .some(facts.count == 2 ? Running(pid: facts[0], started: facts[1]) : nil)
    }

    public init(_ x: XConnection) throws {
        let selection = x.atom("_GESTURED_DAEMON")
        if XGetSelectionOwner(x.display, selection) != 0 { throw AlreadyRunning(display: x.name) }
        window = XCreateSimpleWindow(x.display, x.root, -1, -1, 1, 1, 0, 0, 0)
        // Who runs and since when, for `gestured doctor`.
        let facts = [Int(getpid()), Int(time(nil))]
        facts.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                x.display, window, x.atom("_GESTURED_STARTED"), XA_CARDINAL, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        XSetSelectionOwner(x.display, selection, window, 0)
        x.sync()
        guard XGetSelectionOwner(x.display, selection) == window else {
            throw AlreadyRunning(display: x.name)
        }
    }
}
