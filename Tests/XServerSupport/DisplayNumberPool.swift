import Foundation
import Synchronization

/// Picks free X display numbers: one whose /tmp/.X11-unix/X<n> socket and
/// /tmp/.X<n>-lock file are both absent and that no other `XServer` in this
/// process holds. Another process can still race us to a number; `XServer`
/// detects Xorg's "already active" failure and retries with the next one.
enum DisplayNumberPool {
    static let range = 40...400

    private static let reserved = Mutex<Set<Int>>([])

    static func reserve(after previous: Int? = nil) throws -> Int {
        try reserved.withLock { taken in
            let start = (previous.map { $0 + 1 } ?? range.lowerBound)
            for number in start...range.upperBound where !taken.contains(number) && isFree(number) {
                taken.insert(number)
                return number
            }
            throw XServerError.noFreeDisplay(range: range)
        }
    }

    static func release(_ number: Int) {
        _ = reserved.withLock { $0.remove(number) }
    }

    static func isFree(_ number: Int) -> Bool {
        let files = FileManager.default
        return !files.fileExists(atPath: XConnectionProbe.socketPath(display: number))
            && !files.fileExists(atPath: "/tmp/.X\(number)-lock")
    }
}
