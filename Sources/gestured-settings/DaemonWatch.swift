import CXInput2
import GestureX11

/// The daemon on this display, as it says itself: whether it runs (its selection), its process,
/// and what became of its last config load (`ConfigState`).
final class DaemonWatch {
    struct State {
        var running = false
        var pid: Int?
        var config: ConfigState?
        var display = ""
    }

    private var x: XConnection?

    func state() -> State {
        if x == nil { x = try? XConnection(name: nil) }
        guard let x else { return State() }
        guard let running = SingleInstance.running(x) else { return State(display: x.name) }
        return State(
            running: true, pid: running?.pid, config: SingleInstance.configState(x), display: x.name
        )
    }
}
