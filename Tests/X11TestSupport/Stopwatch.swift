/// Durations as plain numbers, as the benchmark and the measurements report them.
public enum Stopwatch {
    public static func seconds(since start: ContinuousClock.Instant) -> Double {
        seconds(ContinuousClock.now - start)
    }

    public static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    public static func milliseconds(_ d: Duration) -> Double { seconds(d) * 1000 }
}
