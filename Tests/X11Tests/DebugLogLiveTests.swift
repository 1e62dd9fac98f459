import Foundation
import Testing
import X11TestSupport
import XServerSupport

extension LiveTests {
    /// What `--log-level debug` says of one stroke: each binding's transitions once, with the
    /// reason of every one that did not fire; the updates between them only at trace.
    @Test func theDebugLogSaysEachTransitionOnceAGestureWithEveryReason() throws {
        let d = try DaemonProcess(
            display: server.displayName,
            config: Self.config + """

                [[gesture]]
                name = "forward"
                type = "stroke"
                source = "pointer"
                shape = "line-right"
                action = "exec true"
                """)
        try drawBack()
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
        try d.waitFor("stroke \"forward\": cancelled")
        let lines = d.log.split(separator: "\n").filter { $0.contains("stroke \"") }.map(
            DaemonProcess.message)
        #expect(
            lines == [
                #"stroke "back": began"#, #"stroke "forward": began"#,
                #"stroke "back": changed"#, #"stroke "forward": changed"#,
                #"stroke "back": ended"#, #"recognized stroke "back""#,
                #"stroke "forward": cancelled: read as "line-left" (100 %)"#,
            ], "\(d.log)")
    }
}
