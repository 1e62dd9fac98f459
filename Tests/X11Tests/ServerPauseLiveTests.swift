import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// The X server stops for a while, as it does while a laptop sleeps: here Xorg itself is
/// stopped with SIGSTOP and continued with SIGCONT, on a server of its own. (A VT switch turns
/// every input device off and on again, which DevicesComeAndGoLiveTests covers device by
/// device; the test server runs without VTs.)
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ServerPauseLiveTests {
    @Test func aPanUnderWayAcrossAPausedServerEndsOnceAndTheFirstGestureAfterWorks() throws {
        try DesktopOfItsOwn.run { server, window in
            let d = try DaemonProcess(
                display: server.displayName, config: DevicesComeAndGoLiveTests.config)
            try DevicesComeAndGoLiveTests.threeFingersMoving(
                server, ids: [1, 2, 3], steps: 3, lift: false)
            try d.waitFor("pan \"screen-pan\": began")
            kill(server.pid, SIGSTOP)
            // Longer than the touch-timeout and the daemon's deadlines: the daemon runs on and
            // wakes for them while the server cannot answer.
            usleep(1_500_000)
            // The fingers lift while the server sleeps: the driver's socket keeps what is sent.
            for (id, x) in zip([UInt32(1), 2, 3], [345.0, 405, 465]) {
                try server.touchscreen.touch(.end, id: id, x: x, y: 300)
            }
            kill(server.pid, SIGCONT)
            try server.touchscreen.sync()
            try d.waitFor("recognized pan \"screen-pan\"")
            // Its grabs held: the next pans on both devices are gestured's, at once.
            try DevicesComeAndGoLiveTests.threeFingersMoving(
                server, ids: [4, 5, 6], steps: 4, lift: true)
            try server.mouse.move(toX: 500, y: 400)
            try DevicesComeAndGoLiveTests.threeFingerPadPan(server, steps: 4, lift: true)
            #expect(
                d.results(waitingFor: 3) == ["screen-pan", "screen-pan", "pad-pan"], "\(d.log)")
            #expect(d.child.isRunning)
            #expect(!d.log.contains("error"), "\(d.log)")
            try LiveTests.expectANewTapGoesStraightThrough(server: server, window: window, id: 7)
        }
    }
}
