import Foundation

/// The benchmark's result: one markdown table, a row per figure, with how it was measured.
struct Table {
    private var rows: [(String, String, String)] = []

    mutating func add(_ measure: String, _ value: String, _ how: String) {
        rows.append((measure, value, how))
    }

    var markdown: String {
        (["| measure | value | how |", "|---|---|---|"] + rows.map { "| \($0.0) | \($0.1) | \($0.2) |" }).joined(separator: "\n")
    }

    /// 1234567.8 as "1,234,568".
    static func count(_ v: Double) -> String {
        let digits = String(Int(v.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 && c != "-" { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    static func fixed(_ v: Double, _ decimals: Int = 2) -> String { String(format: "%.\(decimals)f", v) }

    /// The value at `fraction` (0.5 the median, 0.99 the 99th percentile) of `samples`: the
    /// smallest sample that at least that fraction of them do not exceed.
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
    }
}
