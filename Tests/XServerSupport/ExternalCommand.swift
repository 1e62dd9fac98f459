import Foundation

/// Locates and runs the X helper programs the harness relies on, naming the
/// Debian package to install when one is missing.
public enum ExternalCommand {
    /// Debian package that ships each program the harness (or its tests) runs.
    public static let debianPackages: [String: String] = [
        "Xorg": "xserver-xorg-core", "xkbcomp": "x11-xkb-utils", "openbox": "openbox",
        "xprop": "x11-utils", "xdpyinfo": "x11-utils", "xwininfo": "x11-utils",
        "xinput": "xinput", "xwd": "x11-apps", "xlogo": "x11-apps", "xeyes": "x11-apps",
        "cc": "gcc",
    ]

    /// Absolute path of `name` searched in PATH (plus /usr/local/bin, /usr/bin and /bin).
    public static func locate(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var directories = path.split(separator: ":").map(String.init)
        for fallback in ["/usr/local/bin", "/usr/bin", "/bin"] where !directories.contains(fallback)
        {
            directories.append(fallback)
        }
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XServerError.missingExecutable(
            name: name, searched: directories, package: debianPackages[name] ?? "(unknown)")
    }

    /// Runs `name` (looked up in PATH) to completion and returns its standard
    /// output. Throws `.commandFailed` (with stderr) on a non-zero exit and
    /// `.timeout` (after killing it) when it runs longer than `timeout`.
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Duration = .seconds(10)
    ) throws -> String {
        let executable = try locate(name)
        let directory = FileManager.default.temporaryDirectory
        let token = UUID().uuidString
        let stdout = directory.appendingPathComponent("xserver-cmd-\(token).out")
        let stderr = directory.appendingPathComponent("xserver-cmd-\(token).err")
        defer {
            try? FileManager.default.removeItem(at: stdout)
            try? FileManager.default.removeItem(at: stderr)
        }
        let child = try ChildProcess.spawn(
            executable, arguments, environment: environment,
            standardOutput: stdout, standardError: stderr)
        let commandLine = ([name] + arguments).joined(separator: " ")
        guard child.waitForExit(timeout: timeout) else {
            child.terminate(grace: .zero)
            throw XServerError.timeout(
                what: "`\(commandLine)` to finish", after: timeout, details: "")
        }
        let output = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
        guard child.exitStatus == 0 else {
            let errors = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            throw XServerError.commandFailed(
                command: commandLine, status: child.exitStatus ?? -1, output: errors + output)
        }
        return output
    }
}
