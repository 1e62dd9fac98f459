import Foundation

/// The per-server temporary directory (/tmp/gestured-xserver.XXXXXX) holding
/// xorg.conf, an empty xorg.conf.d, the device sockets and the logs. It also
/// records the owning test process and the Xorg pid so that servers orphaned
/// by a crashed test run can be found and stopped by the next run.
struct ServerDirectory {
    static let prefix = "gestured-xserver."

    let url: URL

    var configFile: URL { url.appendingPathComponent("xorg.conf") }
    var configDirectory: URL { url.appendingPathComponent("xorg.conf.d") }
    var xorgLog: URL { url.appendingPathComponent("Xorg.log") }
    var xorgOutput: URL { url.appendingPathComponent("Xorg.stderr") }
    var windowManagerLog: URL { url.appendingPathComponent("openbox.log") }
    private var pidFile: URL { url.appendingPathComponent("pids") }

    func socketPath(index: Int, for device: InputDeviceSpec) -> String {
        url.appendingPathComponent("\(index)-\(device.type.rawValue).sock").path
    }

    static func create() throws -> ServerDirectory {
        var template = Array(
            (FileManager.default.temporaryDirectory.path + "/" + prefix + "XXXXXX").utf8CString)
        guard let path = mkdtemp(&template) else {
            throw XServerError.socket(
                operation: "mkdtemp()", path: FileManager.default.temporaryDirectory.path,
                errno: errno)
        }
        let directory = ServerDirectory(url: URL(fileURLWithPath: String(cString: path)))
        try FileManager.default.createDirectory(
            at: directory.configDirectory, withIntermediateDirectories: true)
        // Xorg logs "(EE) Unable to locate/open config directory" for a -configdir without any *.conf.
        try "# Intentionally empty: keeps Xorg from reading /etc/X11/xorg.conf.d.\n"
            .write(
                to: directory.configDirectory.appendingPathComponent("00-empty.conf"),
                atomically: false, encoding: .utf8)
        try directory.recordPids(xorg: nil)
        return directory
    }

    func recordPids(xorg: Int32?) throws {
        let text = "owner \(getpid())\n" + (xorg.map { "xorg \($0)\n" } ?? "")
        try text.write(to: pidFile, atomically: false, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Kills Xorg servers whose owning process is gone and deletes their
    /// directories. Only processes whose command line names their directory's
    /// xorg.conf are signalled, so a recycled pid is never hit.
    static func reapOrphans() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let directory = ServerDirectory(url: temporary.appendingPathComponent(name))
            guard let text = try? String(contentsOf: directory.pidFile, encoding: .utf8) else {
                continue
            }
            var pids: [String: Int32] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2, let pid = Int32(parts[1]) { pids[String(parts[0])] = pid }
            }
            guard let owner = pids["owner"], kill(owner, 0) != 0, errno == ESRCH else { continue }
            if let xorg = pids["xorg"],
                let command = try? String(contentsOfFile: "/proc/\(xorg)/cmdline", encoding: .utf8),
                command.contains(directory.configFile.path)
            {
                kill(xorg, SIGKILL)
            }
            directory.remove()
        }
    }
}
