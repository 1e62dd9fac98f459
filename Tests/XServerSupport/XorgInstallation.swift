import Foundation

/// Where the Xorg pieces live; `.debian` matches Debian 12's packages.
public struct XorgInstallation: Sendable, Hashable {
    /// The real server binary. Deliberately not /usr/bin/Xorg: that script
    /// execs Xorg.wrap when xserver-xorg-legacy is installed, which refuses
    /// to start for callers without a console ("Only console users are allowed").
    public var xorg: String
    public var modulesDirectory: String
    public var xkbcomp: String

    public init(xorg: String, modulesDirectory: String, xkbcomp: String) {
        self.xorg = xorg
        self.modulesDirectory = modulesDirectory
        self.xkbcomp = xkbcomp
    }

    public static let debian = XorgInstallation(
        xorg: "/usr/lib/xorg/Xorg", modulesDirectory: "/usr/lib/xorg/modules",
        xkbcomp: "/usr/bin/xkbcomp")

    public var inputTestDriver: String { modulesDirectory + "/input/inputtest_drv.so" }
    public var dummyVideoDriver: String { modulesDirectory + "/drivers/dummy_drv.so" }

    /// Throws `.missingFile` naming the Debian package for the first missing piece.
    public func verify(needsKeyboard: Bool) throws {
        var required: [(what: String, path: String, package: String)] = [
            ("Xorg server binary", xorg, "xserver-xorg-core"),
            ("inputtest input driver (xserver 21.1+)", inputTestDriver, "xserver-xorg-core"),
            ("dummy video driver", dummyVideoDriver, "xserver-xorg-video-dummy"),
        ]
        if needsKeyboard { required.append(("XKB keymap compiler", xkbcomp, "x11-xkb-utils")) }
        for item in required where !FileManager.default.fileExists(atPath: item.path) {
            throw XServerError.missingFile(what: item.what, path: item.path, package: item.package)
        }
    }
}
