import Foundation
import Testing
import X11TestSupport
import XServerSupport

/// The config's life cycle under a running daemon: reloads, the last good config, exec safety.
extension LiveTests {
    func config(_ word: String) -> String {
        """
        [[gesture]]
        name = "\(word)"
        type = "swipe"
        source = "touchpad"
        fingers = 3
        direction = "left"
        action = "exec echo \(word) >> @DIR@/result.txt"
        """
    }

    func write(_ text: String, to d: DaemonProcess, replacing: Bool = false) throws {
        let url = d.directory.appendingPathComponent("config.toml")
        let body = text.replacingOccurrences(of: "@DIR@", with: d.directory.path)
        if replacing {
            // As editors do: a new file renamed over the old one.
            let tmp = d.directory.appendingPathComponent(".config.toml.swp")
            try body.write(to: tmp, atomically: false, encoding: .utf8)
            rename(tmp.path, url.path)
        } else {
            let f = fopen(url.path, "w")!
            fputs(body, f)
            fclose(f)
        }
    }

    @Test func aBrokenConfigIsRejectedAndTheLastGoodOneStaysActive() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        try write("[[gesture]]\ntype = \"swipe\"\ndirection = \"lfet\"\n", to: d)
        try d.waitFor("the config has errors; keeping the last good one")
        #expect(
            d.log.contains(
                "config.toml:3:13: gesture \"swipe-1\": direction \"lfet\" is not one of"))
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["first"])
        try write(config("second"), to: d, replacing: true)
        try d.waitFor("the config file changed: reloaded 1 gesture ")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 2) == ["first", "second"])
    }

    @Test func aReloadTurnsTheOverlayOnAndOff() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        #expect(!d.log.contains("debug overlay"))
        try write("[settings]\noverlay = true\n" + config("second"), to: d, replacing: true)
        try d.waitFor("debug overlay on (shaped, no compositor)")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["second"])
        try write(config("third"), to: d, replacing: true)
        try d.waitFor("debug overlay off")
        try d.waitFor("reloaded 1 gesture from")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 2) == ["second", "third"])
    }

    /// The config's folder may hold a file written all the time (the log, here): its writes
    /// never wake the daemon, while writes to the config file, also after an editor replaced
    /// it, are still seen.
    @Test func writesToAnotherFileInTheConfigsFolderNeverWakeTheDaemon() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        let notes = fopen(d.directory.appendingPathComponent("notes.txt").path, "w")!
        defer { fclose(notes) }
        try d.waitUntilWaitingForInput()
        try d.waitUntilIdleWithNoTimer()
        let before = try ProcessStats.read(pid: d.child.pid).wakeUps
        for i in 0..<100 {
            fputs("line \(i)\n", notes)
            fflush(notes)
        }
        ProcessStats.waitUntilIdle(pid: d.child.pid)
        try d.waitUntilWaitingForInput()
        let woke = try ProcessStats.read(pid: d.child.pid).wakeUps - before
        #expect(woke == 0, "100 writes beside the config woke the daemon \(woke) times")

        // Replaced as editors do, then written in place and left open: the write is seen (the
        // reload waits for the writer, at most 2 s).
        try write(config("second"), to: d, replacing: true)
        try d.waitFor("the config file changed: reloaded 1 gesture ")
        let url = d.directory.appendingPathComponent("config.toml")
        let open = fopen(url.path, "w")!
        defer { fclose(open) }
        fputs(config("third").replacingOccurrences(of: "@DIR@", with: d.directory.path), open)
        fflush(open)
        let deadline = ContinuousClock.now + .seconds(5)
        while d.log.components(separatedBy: "the config file changed: reloaded").count < 3
            && ContinuousClock.now < deadline
        {
            usleep(5_000)
        }
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["third"], "\(d.log)")
    }

    @Test func sighupReloadsTheConfig() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("first"))
        // Change it behind the watch's back: a file in place, then SIGHUP.
        try write(config("third"), to: d)
        try d.waitFor("reloaded")
        d.child.signal(SIGHUP)
        try d.waitFor("SIGHUP: reloaded 1 gesture ")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["third"])
    }

    @Test func execIsRefusedFromAConfigOtherUsersCanWrite() throws {
        let d = try DaemonProcess(display: server.displayName, config: config("unsafe"))
        chmod(d.directory.appendingPathComponent("config.toml").path, 0o666)
        d.child.signal(SIGHUP)
        try d.waitFor("SIGHUP: reloaded 1 gesture ")
        #expect(d.log.contains("exec actions are refused"))
        try swipeLeft()
        try d.waitFor("exec refused")
        #expect(d.log.contains("config.toml is writable by every user"))
        #expect(result(d) == [])
    }

    /// Runs `command` through sh as another user (nobody, through setpriv), to its end.
    func asAnotherUser(_ command: String, in d: DaemonProcess) throws {
        let out = d.directory.appendingPathComponent("other-user-\(UUID().uuidString).out")
        let c = try ChildProcess.spawn(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            [
                "--reuid", "\(StreamAbuser.nobody)", "--regid", "\(StreamAbuser.nobody)",
                "--clear-groups", "/bin/sh", "-c", command,
            ],
            standardOutput: out)
        #expect(
            c.waitForExit(timeout: .seconds(10)) && c.exitStatus == 0,
            "\((try? String(contentsOf: out, encoding: .utf8)) ?? "")")
    }

    /// In a folder every user may write, another user puts their own config in the place of
    /// the owner's, and the owner's is put back: whichever file was read, exec is refused for
    /// as long as the folder lets others change what is read, and that folder is named.
    @Test func execIsRefusedWhileAFolderAboveTheConfigLetsAnotherUserSwapIt() throws {
        guard getuid() == 0 else { return } // only root can give a file to another user
        let d = try DaemonProcess(display: server.displayName, config: config("owners"))
        let folder = d.directory.path
        let configPath = folder + "/config.toml"
        #expect(chmod(folder, 0o777) == 0)
        let theirs = config("theirs").replacingOccurrences(of: "@DIR@", with: folder)
        try asAnotherUser(
            "printf '%s\\n' '\(theirs.replacingOccurrences(of: "'", with: "'\\''"))' > \(folder)/theirs.toml && mv -f \(folder)/theirs.toml \(configPath)",
            in: d)
        try d.waitFor("the config file changed: reloaded 1 gesture ")
        try d.waitFor("exec actions are refused")
        try swipeLeft()
        try d.waitFor("exec refused")
        // The owner's config back in its place: still refused, the folder named.
        try write(config("owners"), to: d, replacing: true)
        d.child.signal(SIGHUP)
        try d.waitFor("SIGHUP: reloaded 1 gesture ")
        try swipeLeft()
        try StreamLiveTests.waitForLines(d, "exec refused", count: 2)
        #expect(
            d.log.contains(
                "exec actions are refused: the folder \(folder) is writable by every user"),
            "\(d.log)")
        #expect(result(d) == [], "\(d.log)")
    }

    /// A config in a folder that belongs to another user: they could put any config there, so
    /// its exec actions are refused, whoever owns the file.
    @Test func execIsRefusedFromAConfigInAFolderOfAnotherUser() throws {
        guard getuid() == 0 else { return }
        let d = try DaemonProcess(display: server.displayName, config: config("unsafe"))
        let folder = d.directory.path
        #expect(chown(folder, StreamAbuser.nobody, StreamAbuser.nobody) == 0)
        d.child.signal(SIGHUP)
        try d.waitFor("SIGHUP: reloaded 1 gesture ")
        #expect(
            d.log.contains(
                "exec actions are refused: the folder \(folder) is owned by another user (uid \(StreamAbuser.nobody))"
            ), "\(d.log)")
        try swipeLeft()
        try d.waitFor("exec refused")
        #expect(result(d) == [])
        // Given back to its owner, the folder lets exec run again.
        #expect(chown(folder, getuid(), getgid()) == 0)
        d.child.signal(SIGHUP)
        try StreamLiveTests.waitForLines(d, "SIGHUP: reloaded 1 gesture ", count: 2)
        try d.waitFor("exec actions are allowed again")
        try swipeLeft()
        #expect(try waitForResult(d, lines: 1) == ["unsafe"])
    }
}

@Suite struct InitTests {
    @Test func initWritesAStarterConfigOnceAndNeverOverwrites() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let out = home.appendingPathComponent("out")
        let err = home.appendingPathComponent("err")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        func run() throws -> Int32? {
            let c = try ChildProcess.spawn(
                DaemonProcess.binary, ["init"], environment: ["XDG_CONFIG_HOME": home.path],
                standardOutput: out, standardError: err)
            c.waitForExit(timeout: .seconds(10))
            return c.exitStatus
        }
        #expect(try run() == 0)
        let path = home.appendingPathComponent("gestured/config.toml").path
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("# gestured's default config"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try run() == 1)
        #expect(
            try String(contentsOf: err, encoding: .utf8).contains(
                "already exists; gestured init never overwrites a config"))
    }
}
