import GestureStrokes

/// What the watch page lists, newest first: each gesture as it goes (began, how far toward its
/// commit point, ended or cancelled), each binding that did not fire with its reason, each stroke
/// with its points and reading; every entry with the input it came from. Fed by the daemon's
/// stream (`Gesture`, `NotFired`, `Stroke`), kept to the last `capacity` entries.
public struct WatchLog: Sendable {
    public struct Entry: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case gesture(state: String, progress: Double?)
            case notFired
            case stroke([StrokePoint])
        }

        public let kind: Kind
        /// The binding's name, or "Stroke".
        public let name: String
        /// "touchpad", "touchscreen", "mouse".
        public let input: String
        /// "began, 45 % to its commit point", "moved left, not right", "read as \"circle\"".
        public let detail: String
        /// The input's time, in milliseconds.
        public let time: Double

        /// A gesture that began and has not ended yet.
        var isUnderWay: Bool {
            if case .gesture(let state, _) = kind {
                state == "began" || state == "changed"
            } else {
                false
            }
        }

        /// What a screen reader says: "next-desktop on the touchpad: ended".
        public var sentence: String {
            switch kind {
            case .gesture: "\(name) on the \(input): \(detail)"
            case .notFired: "\(name) on the \(input) did not fire: \(detail)"
            case .stroke: "Stroke on the \(input): \(detail)"
            }
        }
    }

    public struct StrokePoint: Equatable, Sendable {
        public let x: Double, y: Double
        public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    }

    public static let capacity = 200
    public private(set) var entries: [Entry] = []

    public init() {}

    static func input(_ source: String) -> String { source == "pointer" ? "mouse" : source }

    /// A `Gesture` signal: a gesture under way changes its entry in place; a new one (began, or
    /// a discrete gesture's end) comes first.
    public mutating func gesture(
        name: String, source: String, state: String, progress: Double, at time: Double
    ) {
        // A gesture without a commit point (a tap, a stroke) reports 0 all along.
        let shown = progress > 0 ? progress : nil
        var detail = state
        if let shown {
            detail += ", \(Int((shown * 100).rounded())) % of the way to its commit point"
        }
        let entry = Entry(
            kind: .gesture(state: state, progress: shown), name: name, input: Self.input(source),
            detail: detail, time: time)
        if state != "began",
            let i = entries.firstIndex(where: {
                $0.name == entry.name && $0.input == entry.input && $0.isUnderWay
            })
        {
            entries.remove(at: i)
        }
        add(entry)
    }

    /// A `NotFired` signal.
    public mutating func notFired(
        name: String, source: String, state: String, reason: String, at time: Double
    ) {
        add(
            Entry(
                kind: .notFired, name: name, input: Self.input(source), detail: reason, time: time))
    }

    /// A `Stroke` signal.
    public mutating func stroke(
        source: String, points: [StrokePoint], reading: String, at time: Double
    ) {
        add(
            Entry(
                kind: .stroke(points), name: "Stroke", input: Self.input(source), detail: reading,
                time: time))
    }

    private mutating func add(_ entry: Entry) {
        entries.insert(entry, at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }
}
