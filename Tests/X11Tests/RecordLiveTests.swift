import Foundation
import Testing
import X11TestSupport
import XServerSupport

extension LiveTests {
    /// `gestured record` while the daemon runs: the daemon hands it the trace of its input and
    /// performs no actions until it stops; then they are performed again. The trace holds the
    /// stroke drawn meanwhile, for `gestured learn`.
    @Test func recordWhileTheDaemonRunsRecordsThroughItAndNoActionIsPerformedUntilItStops() throws {
        let d = try DaemonProcess(display: server.displayName, config: Self.config)
        let trace = d.directory.appendingPathComponent("strokes.trace")
        let said = d.directory.appendingPathComponent("record.out")
        let record = try ChildProcess.spawn(
            DaemonProcess.binary, ["record", trace.path, "--display", server.displayName],
            environment: ["XDG_RUNTIME_DIR": d.directory.path], standardOutput: said)
        try d.waitFor(
            "recording for gestured record (pid \(record.pid)): actions are not performed until it stops"
        )
        try drawBack()
        try d.waitFor("\"back\": would exec")
        let recorded = { (try? String(contentsOf: trace, encoding: .utf8)) ?? "" }
        let deadline = ContinuousClock.now + .seconds(5)
        while !recorded().contains(#""ev":"button-release""#) && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        #expect(recorded().hasPrefix(#"{"trace":"#), "\(recorded())")
        #expect(recorded().contains(#""ev":"button-press","button":3"#), "\(recorded())")
        #expect(result(d) == [])
        record.signal(SIGINT)
        #expect(record.waitForExit(timeout: .seconds(5)))
        try drawBack()
        #expect(try waitForResult(d, lines: 1) == ["back"], "\(d.log)")
        #expect(d.log.contains("gestured record (pid \(record.pid)) stopped"), "\(d.log)")
        #expect(
            (try? String(contentsOf: said, encoding: .utf8))?.contains(
                "recording through the daemon running on") == true)
    }
}
