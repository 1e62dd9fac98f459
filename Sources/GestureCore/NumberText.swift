/// Numbers as gestured writes them in messages, traces, replay output and environment
/// variables: whole numbers without ".0", others in Swift's shortest form.
public enum NumberText {
    public static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Rounded to 4 decimals first, so that output compares stably.
    public static func rounded(_ v: Double) -> String { plain((v * 10000).rounded() / 10000) }
}

/// Short form for messages inside the engine.
func format(_ v: Double) -> String { NumberText.plain(v) }
