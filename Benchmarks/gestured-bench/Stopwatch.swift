/// Wall time as the benchmark reports it.
enum Stopwatch {
    static func seconds(since start: ContinuousClock.Instant) -> Double { seconds(ContinuousClock.now - start) }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    static func milliseconds(_ d: Duration) -> Double { seconds(d) * 1000 }
}
