import Glibc

/// The local monotonic clock (`CLOCK_MONOTONIC`), read here and nowhere else in the daemon:
/// the server's clock is compared with it (`ServerClock`), the action policy and the run loop
/// read it in milliseconds, sd-bus in microseconds.
public enum MonotonicClock {
    /// Nanoseconds since an unspecified start (the boot, on Linux).
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Milliseconds, with their fraction.
    public static func milliseconds() -> Double { Double(nanoseconds()) / 1_000_000 }

    /// Microseconds, as sd-bus counts them.
    public static func microseconds() -> UInt64 { nanoseconds() / 1000 }
}
