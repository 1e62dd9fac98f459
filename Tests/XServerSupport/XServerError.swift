import Foundation

/// Everything that can go wrong while running the test X server, its window
/// manager or the inputtest device connections. Every message says what is
/// missing or failed, where, and (when known) which Debian package fixes it.
public enum XServerError: Error, CustomStringConvertible, Sendable {
    /// A file the harness needs does not exist; `package` is the Debian package that ships it.
    case missingFile(what: String, path: String, package: String)
    /// An executable was not found in PATH; `package` is the Debian package that ships it.
    case missingExecutable(name: String, searched: [String], package: String)
    /// Xorg exited (or never became ready) before accepting connections.
    case serverFailed(display: Int, reason: String, logFile: String, logTail: String)
    /// A bounded wait expired.
    case timeout(what: String, after: Duration, details: String)
    /// A socket operation failed.
    case socket(operation: String, path: String, errno: Int32)
    /// The inputtest driver answered something unexpected.
    case protocolViolation(device: String, details: String)
    /// The caller asked a device for an event its DeviceType cannot produce.
    case unsupportedEvent(event: String, device: String, type: InputTestDeviceType)
    /// posix_spawn (or opening its output file) failed.
    case spawnFailed(command: String, errno: Int32)
    /// A helper command (xprop, xinput, openbox, ...) failed.
    case commandFailed(command: String, status: Int32, output: String)
    /// No free display number was found.
    case noFreeDisplay(range: ClosedRange<Int>)
    /// A test started an X server where none may be started (`make check`).
    case refused(variable: String)

    public var description: String {
        switch self {
        case .missingFile(let what, let path, let package):
            return
                "\(what) not found at \(path); install the Debian package '\(package)' (apt-get install \(package))"
        case .missingExecutable(let name, let searched, let package):
            return "executable '\(name)' not found in \(searched.joined(separator: ":")); "
                + "install the Debian package '\(package)' (apt-get install \(package))"
        case .serverFailed(let display, let reason, let logFile, let logTail):
            return "Xorg on :\(display) failed: \(reason). From its log \(logFile):\n\(logTail)"
        case .timeout(let what, let after, let details):
            return "timed out after \(after) waiting for \(what)"
                + (details.isEmpty ? "" : ": \(details)")
        case .socket(let operation, let path, let code):
            return
                "\(operation) on socket \(path) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .protocolViolation(let device, let details):
            return "inputtest device '\(device)': \(details)"
        case .unsupportedEvent(let event, let device, let type):
            return
                "device '\(device)' has DeviceType \(type.rawValue), which cannot send \(event) events"
        case .spawnFailed(let command, let code):
            return
                "could not start `\(command)`: \(String(cString: strerror(code))) (errno \(code))"
        case .commandFailed(let command, let status, let output):
            return "command `\(command)` exited with status \(status): \(output)"
        case .refused(let variable):
            return
                "this test starts an X server, and \(variable)=1 (`make check`) runs only the tests that need none: "
                + "put it in Tests/X11Tests, which `make test` runs"
        case .noFreeDisplay(let range):
            return
                "no free X display number in \(range) (checked /tmp/.X11-unix/X<n> and /tmp/.X<n>-lock)"
        }
    }
}
