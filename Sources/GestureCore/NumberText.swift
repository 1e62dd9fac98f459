/// Numbers as gestured writes them in messages, traces, replay output and environment
/// variables: whole numbers without ".0", others in Swift's shortest form. Every finite number
/// comes out as valid JSON: an exponent, when Swift writes one (`1e+20`), is JSON too.
public enum NumberText {
    public static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Rounded to 4 decimals first, so that output compares stably. The rounding goes through
    /// v * 10000, exact only below 2^53 and infinite past 1.8e304: from 1e11 up, where a Double's
    /// steps are 1.5e-5 or more anyway, the number is written exactly as it is.
    public static func rounded(_ v: Double) -> String {
        abs(v) < 1e11 ? plain((v * 10000).rounded() / 10000) : plain(v)
    }
}

/// Short form for messages inside the engine.
func format(_ v: Double) -> String { NumberText.plain(v) }
