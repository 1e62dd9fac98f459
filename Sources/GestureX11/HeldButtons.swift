import CXInput2
import Glibc

/// The pointer buttons gestured holds down through XTest (a drag's button), kept so that losing
/// the connection does not leave them down. A client the server drops (the server killed it, as
/// `xkill` does) loses its grabs and gives back its touches, but a button pressed through XTest
/// belongs to the server's XTEST device, not to the client, and stays down for every
/// application. A fresh connection, opened on the way out, lets go of it.
public final class HeldButtons {
    /// The display to connect to again: the one the lost connection was opened on.
    private let displayName: String
    /// Pressed through XTest and not yet let go of.
    public private(set) var down: Set<Int> = []

    init(displayName: String) {
        self.displayName = displayName
    }

    func pressed(_ button: Int) { down.insert(button) }
    func released(_ button: Int) { down.remove(button) }

    /// Lets go of every button still down, over a fresh connection to the same display: the
    /// connection that pressed them is gone. Returns what it did, in words for the log; nil
    /// when nothing was held. Runs once: what it let go of is no longer down.
    public func letGoAfterLoss() -> String? {
        guard !down.isEmpty else { return nil }
        let buttons = down.sorted()
        down = []
        let named =
            (buttons.count == 1 ? "button " : "buttons ")
            + buttons.map(String.init).joined(separator: ", ")
        guard let d = XOpenDisplay(displayName) else {
            return
                "could not connect to \(displayName) again: \(named) stays down until pressed and let go"
        }
        defer { XCloseDisplay(d) }
        var event: Int32 = 0
        var error: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        guard XTestQueryExtension(d, &event, &error, &major, &minor) != 0 else {
            return
                "\(displayName) has no XTest on a fresh connection: \(named) stays down until pressed and let go"
        }
        for b in buttons { XTestFakeButtonEvent(d, UInt32(b), 0, 0) }
        XSync(d, 0)
        return "let go of \(named) over a fresh connection"
    }

    /// The connections open now, by display, for the handler of a lost connection, which is
    /// told only the display.
    nonisolated(unsafe) private static var open: [OpaquePointer: HeldButtons] = [:]

    static func register(_ held: HeldButtons, for display: OpaquePointer) { open[display] = held }
    static func unregister(_ display: OpaquePointer) { open[display] = nil }
    /// Lets go of what every connection open held (the one lost may be another than the one
    /// that pressed: the server dropped them all); what was done, nil when nothing was held.
    static func letGoOfAllAfterLoss() -> String? {
        let news = open.values.compactMap { $0.letGoAfterLoss() }
        return news.isEmpty ? nil : news.joined(separator: "; ")
    }
}
