import Foundation
import X11TestSupport
import XServerSupport

/// The release daemon on the test X server: real Xorg with the dummy video driver, the
/// inputtest touchscreen, touchpad, mouse and keyboard, openbox, and a window under the input.
final class LiveBench {
    let server: XServer
    let window: TestWindow
    let binary: URL

    /// `server` must outlive this: the window's connection closes when this goes.
    init(server: XServer, binary: URL) throws {
        self.binary = binary
        self.server = server
        window = try TestWindow(displayName: server.displayName, name: "gestured-bench", width: 1024, height: 768)
        guard window.raiseAndWait() else { throw BenchError("openbox did not show the benchmark's window") }
    }

    /// `gestured run --config F --display D` at the log level a user runs it with.
    func daemon(config: String) throws -> DaemonProcess {
        try DaemonProcess(display: server.displayName, config: config, extra: ["--log-level", "info"], binary: binary)
    }

    /// How many actions of the gestures `names` the daemon has logged as performed.
    static func performed(_ names: [String], in d: DaemonProcess, upTo end: Int? = nil) -> Int {
        let marks = names.map { "gestured: \"\($0)\": " }
        let log = d.log
        return log.prefix(end ?? log.count).split(separator: "\n").count { line in marks.contains { line.contains($0) } }
    }

    /// Waits until the daemon has performed `count` actions of `names` (or no more come for a
    /// second), then lets it finish what follows them; returns how many it performed.
    static func settle(_ d: DaemonProcess, performed names: [String], count: Int) -> Int {
        var seen = performed(names, in: d), last = seen, quiet = ContinuousClock.now
        while seen < count && ContinuousClock.now - quiet < .seconds(1) {
            usleep(20_000)
            seen = performed(names, in: d)
            if seen != last { last = seen; quiet = ContinuousClock.now }
        }
        usleep(500_000)
        return performed(names, in: d)
    }
}
