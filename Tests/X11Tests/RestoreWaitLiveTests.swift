import CXInput2
import Foundation
import Synchronization
import Testing
import X11TestSupport
import XServerSupport

/// A client that keeps its window maximized: whenever the window manager takes
/// `_NET_WM_STATE_MAXIMIZED_VERT` off, it asks for it back at once. On a connection and a
/// thread of its own, as another application would be.
final class MaximizingClient: @unchecked Sendable {
    private let display: OpaquePointer
    private let window: Window
    private let stopping = Atomic<Bool>(false)
    /// How many times it saw the state taken off and put it back.
    let putBack = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    init(displayName: String, window: Window) throws {
        guard let d = XOpenDisplay(displayName) else {
            throw TestWindowError("cannot open \(displayName)")
        }
        display = d
        self.window = window
        XSelectInput(d, window, PropertyChangeMask)
        maximize()
        Thread.detachNewThread { [self] in run() }
    }

    private var vert: Atom { XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_VERT", 0) }

    private func maximize() {
        askWindowManager(display, "_NET_WM_STATE", about: window, (1, Int(vert), 0, 1, 0))
    }

    private func maximized() -> Bool {
        var actual: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, XInternAtom(display, "_NET_WM_STATE", 0), 0, 64, 0, XA_ATOM,
                &actual, &format, &count, &after, &data) == Success, let data
        else { return false }
        defer { XFree(data) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            UnsafeBufferPointer(start: $0, count: Int(count)).contains(vert)
        }
    }

    private func run() {
        var wasMaximized = maximized()
        var fds = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)]
        while !stopping.load(ordering: .relaxed) {
            while XPending(display) > 0 {
                var e = XEvent()
                XNextEvent(display, &e)
                guard e.type == PropertyNotify else { continue }
                let now = maximized()
                if wasMaximized && !now {
                    putBack.add(1, ordering: .relaxed)
                    maximize()
                }
                wasMaximized = now
            }
            poll(&fds, 1, 10)
        }
        XCloseDisplay(display)
        done.signal()
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        done.wait()
    }
}

extension TilingLiveTests {
    @Test func aWindowThatKeepsMaximizingItselfIsGivenUpWithoutHoldingUpATapMadeMeanwhile() throws {
        try onTwoMonitors { desk in
            let window = desk.window
            let client = try MaximizingClient(
                displayName: desk.server.displayName, window: window.window)
            defer { client.stop() }
            let maximized = window.atomName(
                UInt(XInternAtom(window.display, "_NET_WM_STATE_MAXIMIZED_VERT", 0)))
            #expect(
                window.wait {
                    window.longs("_NET_WM_STATE", of: window.window).map(window.atomName).contains(
                        maximized)
                })
            let d = try DaemonProcess(
                display: desk.server.displayName,
                config: TilingLiveTests.config + """

                    [[gesture]]
                    name = "tap"
                    type = "tap"
                    source = "touchscreen"
                    fingers = 1
                    action = "exec echo tap >> @DIR@/result.txt"
                    """)
            try desk.swipe(-25, 0)
            // The daemon has asked openbox to restore the window, and waits for it: a tap now.
            #expect(window.wait { client.putBack.load(ordering: .relaxed) > 0 }, "\(d.log)")
            let screen = desk.server.touchscreen
            try screen.touch(.begin, id: 41, x: 300, y: 600)
            try screen.touch(.end, id: 41, x: 300, y: 600)
            try screen.sync()
            let lifted = ContinuousClock.now
            while d.results.isEmpty && ContinuousClock.now - lifted < .seconds(3) { usleep(1_000) }
            let tapToEffect = Stopwatch.milliseconds(ContinuousClock.now - lifted)
            #expect(d.results == ["tap"], "\(d.log)")
            print(
                "tap to its effect while a tile waits: \(String(format: "%.1f", tapToEffect)) ms; the window put back \(client.putBack.load(ordering: .relaxed)) times"
            )
            let givenUp =
                "\"tile-left\": window tile left: window 0x\(String(window.window, radix: 16)) was not restored within 1000 ms"
            try d.waitFor(givenUp)
            // The tap was done while the tile waited, not after it.
            let log = d.log
            let tapLine = try #require(log.range(of: "\"tap\": exec (pid"), "\(log)")
            #expect(tapLine.lowerBound < log.range(of: givenUp)!.lowerBound, "\(log)")
            #expect(!log.contains("later than touch-timeout"), "\(log)")
            #expect(d.child.isRunning)
        }
    }
}

extension LiveTests {
    @Test func aMaximizedWindowIsRestoredAndThenMovedAllTheWayAPanTookIt() throws {
        let (w, frame) = try windowToMove()
        let before = frame()
        w.askToMaximize()
        #expect(w.wait { frame().width > before.width })
        let d = try DaemonProcess(
            display: server.displayName, config: Self.dragConfig("window move"))
        // All at once: the motion comes before openbox has restored the window.
        try threeFingerPan(dx: 10, dy: 5, times: 8)
        #expect(
            w.wait { frame() == (before.x + 80, before.y + 40, before.width, before.height) },
            "\(frame()) from \(before):\n\(d.log)")
        try d.waitFor("let go of window")
    }
}
