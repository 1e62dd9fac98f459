import CXInput2
import Foundation
import Testing
import X11TestSupport
import XServerSupport

extension LiveTests {
    /// The connection gestured asks its questions over is killed (`xkill`, a server that drops
    /// it): gestured finds it gone inside a round trip, at the next gesture's keyboard check,
    /// and its last line goes to the end of its log, which standard error appends to, after
    /// every line before it, none of them overwritten.
    @Test func aConnectionLostInsideARoundTripIsSaidAtTheEndOfTheLogAndOverwritesNothing() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: """
                [[gesture]]
                name = "left"
                type = "swipe"
                source = "touchpad"
                fingers = 3
                direction = "left"
                action = "desktop next"
                """)
        defer { d.stop() }
        let head = d.log
        let owner = XGetSelectionOwner(
            window.display, XInternAtom(window.display, "_GESTURED_DAEMON", 0))
        let listenerBase = UInt(owner) & ~UInt(0x1F_FFFF)
        let questions = XClients.bases(ofProcess: d.child.pid, display: window.display).filter {
            UInt($0) != listenerBase
        }
        try #require(
            questions.count == 1,
            "the daemon's connections other than the listener's (0x\(String(listenerBase, radix: 16))): \(questions)"
        )
        XKillClient(window.display, XID(questions[0]))
        XSync(window.display, 0)
        try swipeLeft()
        #expect(
            d.child.waitForExit(timeout: .seconds(5)),
            "gestured went on without its connection for questions:\n\(d.log)")
        #expect(d.child.exitStatus == 3, "\(d.log)")
        let log = d.log
        #expect(log.hasPrefix(head), "the log's head was overwritten:\n\(log)")
        #expect(
            log.split(separator: "\n").last { !$0.contains("let go of") }?.contains(
                "lost the connection to the X server") == true, "\(log)")
    }
}
