import CXInput2
import Foundation
import X11TestSupport
import XServerSupport

/// The least any X client pays for the same input: `gestured-bench xclient DISPLAY TOUCHSCREEN
/// TOUCHPAD` selects on the root window the touch events of the touchscreen (the slave device of
/// that name), the gesture events of the touchpad, and the raw motion and button events of the
/// master pointers, so that it reads one copy of each event; it does nothing with them but take
/// them off the queue, in the loop every Xlib program has (poll, XPending, XNextEvent). On
/// SIGTERM it prints how many XInput 2 events it read.
enum XClientFloor {
    nonisolated(unsafe) static var stop: sig_atomic_t = 0

    static func main(display name: String, touchscreen: String, touchpad: String) -> Int32 {
        guard let d = XOpenDisplay(name) else { return 1 }
        guard let screen = slave(named: touchscreen, on: d), let pad = slave(named: touchpad, on: d) else {
            FileHandle.standardError.write(Data("xclient: no slave device named \(touchscreen) or \(touchpad)\n".utf8))
            return 1
        }
        let selections: [(Int32, [Int32])] = [
            (screen, [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]),
            (pad, [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd, XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd]),
            (XIAllMasterDevices, [XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease]),
        ]
        var bits = selections.map { _ in [UInt8](repeating: 0, count: Int(gestured_mask_len())) }
        for (i, (_, types)) in selections.enumerated() { for t in types { gestured_set_mask(&bits[i], t) } }
        for (i, (device, _)) in selections.enumerated() {
            bits[i].withUnsafeMutableBufferPointer { buf in
                var mask = XIEventMask(deviceid: device, mask_len: Int32(buf.count), mask: buf.baseAddress)
                _ = XISelectEvents(d, gestured_default_root(d), &mask, 1)
            }
        }
        XSync(d, 0)
        signal(SIGTERM) { _ in XClientFloor.stop = 1 }
        var fds = pollfd(fd: gestured_connection_number(d), events: Int16(POLLIN), revents: 0)
        var ev = XEvent()
        var read = 0
        while stop == 0 {
            guard poll(&fds, 1, -1) >= 0 || errno == EINTR else { return 1 }
            while XPending(d) > 0 {
                XNextEvent(d, &ev)
                if XGetEventData(d, &ev.xcookie) != 0 {
                    read += 1
                    XFreeEventData(d, &ev.xcookie)
                }
            }
        }
        print("read \(read)")
        return 0
    }

    /// The id of the slave device named `name`.
    static func slave(named name: String, on d: OpaquePointer) -> Int32? {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(d, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(infos) }
        return (0..<Int(count)).first { infos[$0].use != XIMasterPointer && infos[$0].use != XIMasterKeyboard
            && String(cString: infos[$0].name) == name }.map { infos[$0].deviceid }
    }

    /// Starts the client on the bench's server and waits until it sleeps in poll; the caller
    /// stops it with `finish`.
    static func start(on server: XServer, log: URL) throws -> ChildProcess {
        let client = try ChildProcess.spawn(Bundle.main.executableURL!, ["xclient", server.displayName, server.touchscreen.name, server.touchpad.name],
                                            standardOutput: log)
        let deadline = ContinuousClock.now + .seconds(5)
        while (try? String(contentsOfFile: "/proc/\(client.pid)/wchan", encoding: .utf8))?.contains("poll") != true {
            guard client.isRunning, ContinuousClock.now < deadline else {
                client.terminate(grace: .zero)
                throw BenchError("the minimal X client never waited for input: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
            usleep(1000)
        }
        return client
    }

    /// Stops the client; how many events it read.
    static func finish(_ client: ChildProcess, log: URL) throws -> Int {
        client.terminate()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("read ") }), let n = Int(line.dropFirst(5)) else {
            throw BenchError("the minimal X client did not say what it read: \(text)")
        }
        return n
    }
}
