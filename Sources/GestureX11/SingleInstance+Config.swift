import CXInput2

/// What the running daemon says of its config, on the window that holds its selection: the
/// settings window reads it to show which file is in use and whether a save was applied, with
/// no socket of its own. One UTF8_STRING property, `_GESTURED_CONFIG`, of tab-separated fields.
public struct ConfigState: Equatable, Sendable {
    /// Loaded and in use, or refused (the last good one stays).
    public let applied: Bool
    /// The file (`<default config>` for the embedded one).
    public let file: String
    /// The gestures in use when applied; the located errors when refused.
    public let detail: String
    /// Counts every announcement, so that a reader can wait for the next one.
    public let serial: Int

    public init(applied: Bool, file: String, detail: String, serial: Int) {
        self.applied = applied
        self.file = file
        self.detail = detail
        self.serial = serial
    }

    var text: String {
        [String(serial), applied ? "applied" : "refused", file, detail].joined(separator: "\t")
    }

    init?(text: String) {
        let f = text.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(
            String.init)
        guard f.count == 4, let serial = Int(f[0]) else { return nil }
        self.init(applied: f[1] == "applied", file: f[2], detail: f[3], serial: serial)
    }
}

extension SingleInstance {
    /// Says what became of a config load (the first, or a reload).
    public func announce(_ state: ConfigState, on x: XConnection) {
        let bytes = Array(state.text.utf8)
        bytes.withUnsafeBufferPointer { b in
            _ = XChangeProperty(
                x.display, window, x.atom("_GESTURED_CONFIG"), x.atom("UTF8_STRING"), 8,
                PropModeReplace,
                b.baseAddress, Int32(b.count))
        }
        XFlush(x.display)
    }

    /// What the daemon running on the display last said of its config; nil without a daemon or
    /// before it has said.
    public static func configState(_ x: XConnection) -> ConfigState? {
        let owner = XGetSelectionOwner(x.display, x.atom("_GESTURED_DAEMON"))
        guard owner != 0 else { return nil }
        var actual: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                x.display, owner, x.atom("_GESTURED_CONFIG"), 0, 1 << 16, 0, x.atom("UTF8_STRING"),
                &actual, &format, &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        return ConfigState(
            text: String(
                decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self))
    }
}
