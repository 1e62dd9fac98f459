import CXInput2
import Foundation
import X11TestSupport
import XServerSupport

/// The least any X client pays for the same input: `gestured-bench xclient DISPLAY` selects the
/// raw touch, motion and button events of every device on the root window and does nothing
/// with them but take them off the queue, in the loop every Xlib program has (poll, XPending,
/// XNextEvent). The daemon's CPU per event is measured beside it, over the same input at the
/// same time.
enum XClientFloor {
    nonisolated(unsafe) static var stop: sig_atomic_t = 0

    static func main(display name: String) -> Int32 {
        guard let d = XOpenDisplay(name) else { return 1 }
        var bits = [UInt8](repeating: 0, count: Int(gestured_mask_len()))
        for t in [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd, XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease] {
            gestured_set_mask(&bits, t)
        }
        bits.withUnsafeMutableBufferPointer { buf in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XISelectEvents(d, gestured_default_root(d), &mask, 1)
        }
        XSync(d, 0)
        signal(SIGTERM) { _ in XClientFloor.stop = 1 }
        var fds = pollfd(fd: gestured_connection_number(d), events: Int16(POLLIN), revents: 0)
        var ev = XEvent()
        while stop == 0 {
            guard poll(&fds, 1, -1) >= 0 || errno == EINTR else { return 1 }
            while XPending(d) > 0 {
                XNextEvent(d, &ev)
                if XGetEventData(d, &ev.xcookie) != 0 { XFreeEventData(d, &ev.xcookie) }
            }
        }
        return 0
    }

    /// Waits until the client has made its selection and sleeps in poll.
    static func waitUntilPolling(_ client: ChildProcess) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while (try? String(contentsOfFile: "/proc/\(client.pid)/wchan", encoding: .utf8))?.contains("poll") != true {
            guard ContinuousClock.now < deadline else { throw BenchError("the minimal X client never waited for input") }
            usleep(1000)
        }
    }

    /// Starts the client on the bench's server; the caller stops it.
    static func start(display: String, log: URL) throws -> ChildProcess {
        try ChildProcess.spawn(Bundle.main.executableURL!, ["xclient", display], standardOutput: log)
    }
}
