import Glibc

/// The X server does not say which client holds a grab. The usual holders are other gesture
/// tools, so name those that are running.
enum GrabHolders {
    static let known = ["touchegg", "fusuma", "libinput-gestures", "easystroke", "gestures", "xdotool", "gestured"]

    static func describe() -> String {
        let running = runningProcesses()
        // This process is one gestured; another one would be the holder.
        let others = Set(running.filter { known.contains($0) && ($0 != "gestured" || running.filter { $0 == "gestured" }.count > 1) }).sorted()
        if others.isEmpty { return "another client holds it (a window manager or another gesture tool)" }
        return "another client holds it; running now: \(others.joined(separator: ", "))"
    }

    /// Command names of the processes this user can see.
    static func runningProcesses() -> [String] {
        guard let dir = opendir("/proc") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let pid = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard pid.allSatisfy(\.isNumber), let f = fopen("/proc/\(pid)/comm", "r") else { continue }
            var buf = [CChar](repeating: 0, count: 64)
            if fgets(&buf, 64, f) != nil {
                names.append(String(decoding: buf.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            fclose(f)
        }
        return names
    }
}
