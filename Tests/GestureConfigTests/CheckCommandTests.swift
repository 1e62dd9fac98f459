import Foundation
import GestureStrokes
import TestSupport
import Testing

/// `gestured check`, run as the built binary: what only the command line does (reading files,
/// Xlib's keysym table) checked where the user meets it.
@Suite struct CheckCommandTests {
    static let binary = Docs.root + "/.build/debug/gestured"

    /// Runs `gestured args`; a run that outlasts `timeout` (a read blocked on a FIFO) is
    /// killed and reported as status -1.
    func gestured(_ args: [String], timeout: Duration = .seconds(20)) throws -> (
        status: Int32, out: String, err: String
    ) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = args
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let deadline = ContinuousClock.now + timeout
        while p.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        let hung = p.isRunning
        if hung {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (
            hung ? -1 : p.terminationStatus, String(decoding: o, as: UTF8.self),
            String(decoding: e, as: UTF8.self)
        )
    }

    /// A fresh folder for one test, removed after it.
    func withFolder(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-check-\(getpid())-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test func aConfigThatIsADirectoryIsRefusedAsOne() throws {
        try withFolder { dir in
            let r = try gestured(["check", "--config", dir])
            #expect(r.status == 1)
            #expect(r.err == "\(dir): cannot read the config file (is a directory)\n")
        }
    }

    @Test func aConfigThatIsAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        try withFolder { dir in
            let fifo = dir + "/config.toml"
            #expect(mkfifo(fifo, 0o600) == 0)
            let r = try gestured(["check", "--config", fifo])
            #expect(r.status == 1)
            #expect(
                r.err == "\(fifo): cannot read the config file (is a FIFO, not a regular file)\n")
        }
    }

    @Test func aConfigThatIsADeviceIsRefusedAsOne() throws {
        let r = try gestured(["check", "--config", "/dev/null"])
        #expect(r.status == 1)
        #expect(
            r.err == "/dev/null: cannot read the config file (is a device, not a regular file)\n")
    }

    @Test func aTemplateFileThatIsADirectoryIsRefusedAtTheTemplatesKey() throws {
        try withFolder { dir in
            try FileManager.default.createDirectory(
                atPath: dir + "/strokes", withIntermediateDirectories: false)
            let config = dir + "/config.toml"
            try "[settings]\ntemplates = [\"strokes\"]\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let r = try gestured(["check", "--config", config])
            #expect(r.status == 1)
            #expect(
                r.err
                    == "\(config):2:13: settings: cannot read the template file \"strokes\" (is a directory) (settings.templates)\n"
            )
        }
    }

    @Test func aKeyNameXlibDoesNotKnowIsRefusedAndOneItKnowsPasses() throws {
        try withFolder { dir in
            let config = dir + "/config.toml"
            try """
            [[gesture]]
            name = "x"
            type = "tap"
            action = ["keys ctrl+alt+t super XF86AudioMute", "keys ctrl+NotARealKeysym", "keys super+left"]
            """.write(toFile: config, atomically: true, encoding: .utf8)
            let r = try gestured(["check", "--config", config])
            #expect(r.status == 1)
            #expect(
                r.err == """
                    \(config):4:10: gesture "x": action 2: "NotARealKeysym" is not a key name (use X keysym names such as Left, a, F5, XF86AudioMute) (gesture[0].action)
                    \(config):4:10: gesture "x": action 3: "left" is not a key name (did you mean "Left"?) (gesture[0].action)

                    """)
        }
    }

    /// What loads but the daemon will refuse fails the check with the daemon's reason: exec
    /// actions from a file, or a folder above it, that others could change.
    @Test func checkFailsWhereTheDaemonWouldRefuseExecAndSaysWhy() throws {
        try withFolder { dir in
            let config = dir + "/config.toml"
            try "[[gesture]]\nname = \"run\"\ntype = \"tap\"\naction = \"exec true\"\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            #expect(chmod(config, 0o600) == 0)
            let safe = try gestured(["check", "--config", config])
            #expect(safe.status == 0, "\(safe.err)")
            #expect(safe.err == "")
            #expect(chmod(config, 0o666) == 0)
            let open = try gestured(["check", "--config", config])
            #expect(open.status == 1)
            #expect(
                open.err
                    == "\(config): exec actions are refused (run): \(config) is writable by every user; make it writable by you only (chmod go-w \(config))\n"
            )
            #expect(open.out.hasPrefix("run: tap 1 finger"), "\(open.out)")
            #expect(chmod(config, 0o600) == 0)
            #expect(chmod(dir, 0o777) == 0)
            let folder = try gestured(["check", "--config", config])
            #expect(folder.status == 1)
            #expect(
                folder.err
                    == "\(config): exec actions are refused (run): the folder \(dir) is writable by every user, who could put another config in its place; make it writable by you only (chmod go-w \(dir))\n"
            )
        }
    }
}
