import CXInput2

/// One daemon per display: an X selection that the running daemon owns. The server lets it go
/// when the daemon's connection closes, however the daemon ends.
public final class SingleInstance {
    public struct AlreadyRunning: Error, CustomStringConvertible {
        public let display: String
        public var description: String { "gestured is already running on \(display); stop it first (or send it SIGHUP to reload its config)" }
    }

    private let window: Window

    public init(_ x: XConnection) throws {
        let selection = x.atom("_GESTURED_DAEMON")
        if XGetSelectionOwner(x.display, selection) != 0 { throw AlreadyRunning(display: x.name) }
        window = XCreateSimpleWindow(x.display, x.root, -1, -1, 1, 1, 0, 0, 0)
        XSetSelectionOwner(x.display, selection, window, 0)
        x.sync()
        guard XGetSelectionOwner(x.display, selection) == window else { throw AlreadyRunning(display: x.name) }
    }
}
