import Glibc
import Testing

@testable import GestureStream

/// Where the streams listen, and what is said of whoever got there first.
@Suite struct StreamAddressTests {
    @Test func gesturedsFolderIsInTheRuntimeFolderOrElseATemporaryOneOfTheUser() {
        #expect(
            GesturedStream.folder(runtimeDirectory: "/run/user/1000", uid: 1000)
                == "/run/user/1000/gestured")
        #expect(
            GesturedStream.folder(runtimeDirectory: "/run/user/1000/", uid: 1000)
                == "/run/user/1000/gestured")
        // Unset, empty or relative: the XDG base directory specification says to ignore it.
        for ignored in [nil, "", "run/user/1000"] {
            #expect(
                GesturedStream.folder(runtimeDirectory: ignored, uid: 1000) == "/tmp/gestured-1000")
        }
    }

    @Test func theDBusAddressEscapesWhatTheSpecificationDoesNotAllowAsIs() {
        #expect(StreamAddress.abstract("touchegg").dbus == "unix:abstract=touchegg")
        #expect(
            StreamAddress.file("/run/user/1000/gestured/stream").dbus
                == "unix:path=/run/user/1000/gestured/stream")
        #expect(StreamAddress.file("/tmp/a b,c;é/s").dbus == "unix:path=/tmp/a%20b%2cc%3b%c3%a9/s")
    }

    /// A folder of this name made by another user, before gestured, would let them in.
    @Test(.enabled(if: getuid() == 0, "only root can make a folder of another user"))
    func anotherUsersFolderIsRefusedAndTheUsersOwnIsClosedToOthers() throws {
        let folder = "/tmp/gestured-test-\(getpid())"
        defer { rmdir(folder) }
        #expect(mkdir(folder, 0o755) == 0 && chown(folder, 65534, 65534) == 0)
        let address = StreamAddress.file(folder + "/stream")
        #expect(
            throws: StreamError(
                address.dbus,
                "\(folder) belongs to user 65534, not to you: not serving there (set XDG_RUNTIME_DIR)"
            )
        ) {
            try GesturedStream.makePrivate(folder, for: address)
        }
        #expect(chown(folder, getuid(), getgid()) == 0)
        try GesturedStream.makePrivate(folder, for: address)
        var s = stat()
        #expect(stat(folder, &s) == 0 && s.st_mode & 0o777 == 0o700)
    }

    @Test func aSocketFileNobodyListensOnIsFoundSoAndAListeningOneByItsPid() throws {
        let path = "/tmp/gestured-test-\(getpid()).socket"
        defer { unlink(path) }
        let address = StreamAddress.file(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var (addr, length) = try address.socketAddress()
        #expect(
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            } == 0)
        #expect(SocketHolder.find(address) == .nobodyListens)
        #expect(listen(fd, 1) == 0)
        guard case .holder(let h) = SocketHolder.find(address) else {
            Issue.record("no holder found")
            return
        }
        #expect(h.pid == getpid() && h.uid == getuid())
        #expect(
            SocketHolder.Finding.holder(h).takenText(address, me: getuid()).hasSuffix(
                "one of yours (touchegg's daemon or client, or another gestured?)"))
    }
}

extension StreamAddressTests {
    /// Connecting is refused, so the holder is found by the socket's inode among the descriptors.
    @Test func anAbstractNameBoundAndNeverListenedOnIsFoundByItsSocketsInode() throws {
        let address = StreamAddress.abstract("gestured-test-\(getpid())")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var (addr, length) = try address.socketAddress()
        #expect(
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            } == 0)
        guard case .holder(let h) = SocketHolder.find(address) else {
            Issue.record("no holder found")
            return
        }
        #expect(h.pid == getpid() && h.uid == getuid())
    }
}
