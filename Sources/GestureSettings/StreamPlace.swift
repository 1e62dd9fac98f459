/// Where gestured's own stream listens, as the daemon puts it (`GesturedStream.folder`):
/// `$XDG_RUNTIME_DIR/gestured/stream`, or `/tmp/gestured-<uid>/stream` without a usable
/// XDG_RUNTIME_DIR (unset, empty or relative).
public enum StreamPlace {
    public static func address(runtimeDirectory: String?, uid: UInt32) -> String {
        var folder = "/tmp/gestured-\(uid)"
        if let r = runtimeDirectory, r.hasPrefix("/") {
            folder = (r.count > 1 && r.hasSuffix("/") ? String(r.dropLast()) : r) + "/gestured"
        }
        return "unix:path=" + folder + "/stream"
    }
}
