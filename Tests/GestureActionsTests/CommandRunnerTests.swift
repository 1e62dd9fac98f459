import GestureActions
import Glibc
import Testing

@Suite struct CommandRunnerTests {
    /// Commands that never end fill the runner up to its limit, and the next is refused with
    /// the reason; once one ends and is reaped, another starts.
    @Test func atMostTheLimitOfCommandsRunAtOnce() throws {
        let context = GestureContext(name: "hang", type: "tap", state: "ended")
        var started: [pid_t] = []
        defer {
            for pid in started { kill(pid, SIGKILL) }
            for pid in started {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            CommandRunner.reap()
        }
        var refusal: String?
        for _ in 0...CommandRunner.limit {
            switch CommandRunner.spawn("exec sleep 600", context: context) {
            case .success(let pid): started.append(pid)
            case .failure(let e): refusal = e.message
            }
            if refusal != nil { break }
        }
        #expect(
            refusal
                == "\(CommandRunner.limit) commands started by gestured still run: not starting another until one ends"
        )
        #expect(CommandRunner.runningCount == CommandRunner.limit)
        let first = try #require(started.first)
        kill(first, SIGKILL)
        var status: Int32 = 0
        // Waited for here, as the run loop's reap would on SIGCHLD; the runner forgets it at its next reap.
        while waitpid(first, &status, WNOHANG) == 0 { usleep(1_000) }
        started.removeFirst()
        guard case .success(let pid) = CommandRunner.spawn("exec sleep 600", context: context)
        else {
            Issue.record("no command started after one ended")
            return
        }
        started.append(pid)
    }
}
