import Foundation
import GestureCommandLine
import GestureConfig
import GestureX11
import TestSupport
import Testing

@testable import GestureImport

/// `gestured import`, run as the built binary: the files it reads and writes, its standard
/// output and error, its exit status.
@Suite struct ImportCommandTests {
    static let binary = Docs.root + "/.build/debug/gestured"

    func gestured(_ args: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, out: String, err: String
    ) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (
            p.terminationStatus, String(decoding: o, as: UTF8.self),
            String(decoding: e, as: UTF8.self)
        )
    }

    func withFolder(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gestured-import-\(getpid())-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    static let fixture = ImportFixtureTests.folder.appendingPathComponent("libinput-gestures.conf")
        .path

    @Test func theCommandTableOffersEveryFormatTheImporterReads() {
        #expect(
            CommandTable.importFormat.spec.completion
                == .choices(ImportFormat.allCases.map(\.rawValue)))
    }

    @Test func importPrintsTheConfigOnStandardOutputAndTheSummaryOnStandardError() throws {
        let r = try gestured(["import", "libinput-gestures", Self.fixture])
        let imported = try Importer.read(
            .libinputGestures, bytes: Array(Data(contentsOf: URL(fileURLWithPath: Self.fixture))),
            file: Self.fixture, knowsKey: XKeysym.isKnown)
        #expect(r.status == 0)
        #expect(r.out == imported.text)
        #expect(r.err == imported.summary + "\n")
        #expect(
            r.err.hasPrefix("imported 12 of 19 gestures from \(Self.fixture); 7 not imported: "))
    }

    @Test func aFileThatCannotBeReadPrintsNothingAndSaysWhere() throws {
        try withFolder { dir in
            let file = dir + "/touchegg.conf"
            try "<touchégg>\n  <application name=\"All\">\n</touchégg>\n".write(
                toFile: file, atomically: true, encoding: .utf8)
            let r = try gestured(["import", "touchegg", file])
            #expect(r.status == 1)
            #expect(r.out == "")
            #expect(r.err == "\(file):4:1: Premature end of data in tag touchégg line 1\n")
            let zero = try gestured(["import", "fusuma", "/dev/zero"])
            #expect(
                zero.status == 1 && zero.out == ""
                    && zero.err == "/dev/zero: cannot read it (is not a regular file)\n")
        }
    }

    @Test func withoutAFileImportReadsTheToolsOwnAndSaysWhich() throws {
        try withFolder { dir in
            let file = dir + "/libinput-gestures.conf"
            try "gesture swipe up 3 _internal ws_up\n".write(
                toFile: file, atomically: true, encoding: .utf8)
            let r = try gestured(
                ["import", "libinput-gestures"], environment: ["XDG_CONFIG_HOME": dir])
            #expect(r.status == 0)
            #expect(
                r.err
                    == "reading \(file), your libinput-gestures config\nimported 1 of 1 gesture from \(file)\n"
            )
            #expect(r.out.contains("action = \"desktop next\"\n"))
            let none = try gestured(["import", "fusuma"], environment: ["XDG_CONFIG_HOME": dir])
            #expect(none.status == 1 && none.out == "")
            #expect(
                none.err
                    == "no fusuma config at \(dir)/fusuma/config.yml; name the file: gestured import fusuma FILE\n"
            )
        }
    }

    @Test func writeMakesTheConfigWhenThereIsNone() throws {
        try withFolder { dir in
            let r = try gestured(
                ["import", "--write", "libinput-gestures", Self.fixture],
                environment: ["XDG_CONFIG_HOME": dir])
            let config = dir + "/gestured/config.toml"
            #expect(r.status == 0 && r.out == "")
            let bindings = try ImportFixtureTests.imported(
                "libinput-gestures.conf", .libinputGestures
            ).names
            #expect(
                r.err.hasSuffix(
                    "\(config): added \(bindings.count) gestures; a running gestured reloads it\n"))
            let text = try String(contentsOfFile: config, encoding: .utf8)
            #expect(try ConfigLoader.load(text, file: config).gestures.map(\.name) == bindings)
            let mode =
                try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir + "/gestured") == [
                    "config.toml"
                ])
        }
    }

    @Test func writeKeepsTheConfigByteForByteAfterABackupAndAddsTheGestures() throws {
        try withFolder { dir in
            let config = dir + "/config.toml"
            let old =
                "# mine\r\n[[gesture]]\nname = \"tap\"\ntype = \"tap\"\naction = \"click 1\"   # keep this"
            try old.write(toFile: config, atomically: true, encoding: .utf8)
            let r = try gestured([
                "import", "--write", "--config", config, "touchegg",
                ImportFixtureTests.folder.appendingPathComponent("touchegg-1.conf").path,
            ])
            #expect(r.status == 0, "\(r.err)")
            let text = try String(contentsOfFile: config, encoding: .utf8)
            #expect(text.hasPrefix(old + "\n\n# Imported by `gestured import touchegg` from "))
            let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            #expect(files.count == 2 && files[1].hasPrefix("config.toml.bak-"))
            #expect(try String(contentsOfFile: dir + "/" + files[1], encoding: .utf8) == old)
            let bindings = try ImportFixtureTests.imported("touchegg-1.conf", .touchegg).names
            #expect(
                r.err.hasSuffix(
                    "\(config): added \(bindings.count) gestures (the config as it was: \(dir)/\(files[1])); a running gestured reloads it\n"
                ))
            #expect(
                try ConfigLoader.load(text, file: config).gestures.map(\.name).prefix(2) == [
                    "tap", "touchegg-tap-2",
                ])

            // Again: every name is taken now, and nothing changes.
            let again = try gestured([
                "import", "--write", "--config", config, "touchegg",
                ImportFixtureTests.folder.appendingPathComponent("touchegg-1.conf").path,
            ])
            #expect(again.status == 1)
            #expect(
                again.err.hasPrefix(
                    "\(config) already has gestures named \"touchegg-pinch-2-in-gwenview\", \"touchegg-pinch-2-in-okular\", "
                ))
            #expect(try String(contentsOfFile: config, encoding: .utf8) == text)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == 2)
        }
    }

    @Test func writeLeavesTheImportedSettingsAsCommentsWhenTheConfigHasItsOwn() throws {
        try withFolder { dir in
            let config = dir + "/config.toml"
            try "[settings]\ntouch-timeout = 400\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let r = try gestured([
                "import", "--write", "--config", config, "touchegg",
                ImportFixtureTests.folder.appendingPathComponent("touchegg-2.conf").path,
            ])
            #expect(r.status == 0, "\(r.err)")
            let text = try String(contentsOfFile: config, encoding: .utf8)
            #expect(text.contains("\n# [settings]\n# touchpad-commit-distance = 85   # "))
            #expect(
                try ConfigLoader.load(text, file: config).settings.touchpadCommitDistance == 200)
            #expect(
                r.err.hasSuffix(
                    "\(config) has its own [settings], so the imported settings are written as comments: see the end of the file\n"
                ))
        }
    }

    @Test func writeRefusesAConfigThatDoesNotLoadAndChangesNothing() throws {
        try withFolder { dir in
            let config = dir + "/config.toml"
            try "[[gesture]]\ntype = \"tap\"\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let r = try gestured([
                "import", "--write", "--config", config, "libinput-gestures", Self.fixture,
            ])
            #expect(r.status == 1)
            #expect(
                r.err.hasPrefix(
                    "\(config) does not load, so nothing was added; mend it first (gestured check):\n"
                ))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["config.toml"])
        }
    }
}
