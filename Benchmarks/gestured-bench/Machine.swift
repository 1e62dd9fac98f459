import Foundation
import XServerSupport

/// The machine the figures were measured on, in one line for docs/performance.md.
enum Machine {
    static func describe(xorgLog: URL? = nil) -> String {
        let cpu = firstLine(of: "/proc/cpuinfo", after: "model name\t: ") ?? "unknown CPU"
        let os = firstLine(of: "/etc/os-release", after: "PRETTY_NAME=")?.trimmingCharacters(in: ["\""]) ?? "unknown OS"
        let swift = (try? ExternalCommand.run("swift", ["--version"]))?.split(separator: "\n").first.map(String.init) ?? "swift unknown"
        // Without an X server (`gestured-bench replay`), nothing of X to describe.
        let x = xorgLog.map { log in
            let xorg = firstLine(of: log.path, after: "X.Org X Server ").map { "Xorg \($0)" } ?? "Xorg unknown"
            let openbox = (try? ExternalCommand.run("openbox", ["--version"]))?.split(separator: "\n").first.map(String.init) ?? "openbox unknown"
            return ", \(xorg) (dummy video, inputtest devices), \(openbox)"
        } ?? ""
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(os), \(swift)\(x); load average \(load) at the start"
    }

    private static func firstLine(of file: String, after prefix: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}
