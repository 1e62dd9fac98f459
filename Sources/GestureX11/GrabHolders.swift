import Glibc

/// The X server does not say which client holds a grab. The usual holders are other gesture
/// tools, so name those that are running.
public enum GrabHolders {
    static let known = [
        "touchegg", "fusuma", "libinput-gestures", "easystroke", "gestures", "xdotool", "gestured",
    ]

    static func describe() -> String {
        let running = runningTools(counting: true)
        // This process is one gestured; another one would be the holder.
        let others = Set(
            running.filter { $0 != "gestured" || running.filter { $0 == "gestured" }.count > 1 }
        ).sorted()
        if others.isEmpty {
            return "another client holds it (a window manager or another gesture tool)"
        }
        return "another client holds it; running now: \(others.joined(separator: ", "))"
    }

    /// The gesture tools running that this user can see, by name, once each (`counting`: once
    /// per process). A tool that runs in an interpreter (libinput-gestures in python3, fusuma
    /// in ruby) is found by its script, the first argument.
    public static func runningTools(counting: Bool = false) -> [String] {
        var found: [String] = []
        for arguments in commandLines() {
            let names = arguments.prefix(2).map { String($0.split(separator: "/").last ?? "") }
            if let tool = known.first(where: names.contains), counting || !found.contains(tool) {
                found.append(tool)
            }
        }
        return counting ? found : found.sorted()
    }

    /// The command lines of the processes this user can see.
    static func commandLines() -> [[String]] {
        guard let dir = opendir("/proc") else { return [] }
        defer { closedir(dir) }
        var lines: [[String]] = []
        while let entry = readdir(dir) {
            let pid = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard pid.allSatisfy(\.isNumber), let f = fopen("/proc/\(pid)/cmdline", "r") else {
                continue
            }
            var bytes: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = fread(&buf, 1, buf.count, f)
                if n <= 0 { break }
                bytes += buf.prefix(n)
            }
            fclose(f)
            lines.append(bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        }
        return lines
    }
}
