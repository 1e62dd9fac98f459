/// Finger counts as the peers write them (one count, or any count) and as gestured binds them
/// (`fingers`, or `min-fingers` and `max-fingers`).
enum FingerCounts {
    /// The most fingers gestured binds (its `max-fingers` range).
    static let most = 10

    /// The counts from `least` to `most` without `taken`, as runs: `[2...2, 4...10]` for
    /// "any count of two or more, but 3 has its own binding".
    static func runs(from least: Int, without taken: Set<Int>) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for n in least...most + 1 {
            let free = n <= most && !taken.contains(n)
            if free, start == nil { start = n }
            if !free, let s = start {
                runs.append(s...n - 1)
                start = nil
            }
        }
        return runs
    }

    /// `fingers = 3`, or `min-fingers = 4` and `max-fingers = 10`.
    static func keys(_ run: ClosedRange<Int>) -> [(String, TOMLValue)] {
        run.count == 1
            ? [("fingers", .int(run.lowerBound))]
            : [("min-fingers", .int(run.lowerBound)), ("max-fingers", .int(run.upperBound))]
    }

    /// `3`, `4-10`: for a gesture's name.
    static func word(_ run: ClosedRange<Int>) -> String {
        run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)-\(run.upperBound)"
    }
}
