import GestureCore
import GestureStrokes

/// Every gesture this version can recognize, each as the binding a user would write for it
/// with the schema's defaults: what the daemon runs in place of the config while the settings
/// window listens ("Add by performing"), so that whatever the user performs is recognized as
/// the binding that will recognize it again.
///
/// One winner per input, as in any config: a swipe of each direction and finger count, a pinch
/// and a rotation each way, taps and double taps, presses, edges, and a stroke of every template
/// known, on each source the type takes. A double tap goes first (a single tap waits for it to
/// fail), and a one-finger stroke on the touchscreen waits for the one-finger swipes and edges
/// to fail, so that a quick straight move is a swipe and a drawn shape a stroke.
public enum Catalogue {
    /// Finger counts the catalogue has of each type, per source.
    static func fingers(_ type: GestureBinding.GestureType, _ source: InputSource) -> ClosedRange<
        Int
    > {
        switch (type, source) {
        case (.swipe, .touchpad): 3...5
        case (.swipe, _), (.tap, _), (.press, _): 1...5
        case (.pinch, _), (.rotate, _): 2...5
        case (.edge, _): 1...3
        default: 1...1
        }
    }

    /// The catalogue's bindings, with strokes of every template in `templates`.
    public static func bindings(templates: [StrokeTemplate]) -> [GestureBinding] {
        typealias S = ConfigSchema
        var out: [GestureBinding] = []
        func add(_ kind: GestureBinding.Kind, _ source: InputSource, _ words: String) {
            out.append(
                GestureBinding(
                    name: "catalogue \(source.rawValue) \(words)", kind: kind, sources: [source]))
        }
        for source in [InputSource.touchpad, .touchscreen] {
            for n in fingers(.swipe, source) {
                for d in Direction.onScreen {
                    add(
                        .swipe(
                            .init(
                                fingers: n, direction: d,
                                distance: S.distance.fallback(for: .swipe)!,
                                speed: S.speed.fallback(for: .swipe)!,
                                duration: S.duration.fallback(for: .swipe)!)),
                        source, "swipe \(n) \(d.rawValue)")
                }
            }
            for n in fingers(.pinch, source) {
                for d in Direction.pinching {
                    add(
                        .pinch(
                            .init(
                                fingers: .exactly(n), direction: d,
                                threshold: S.pinchThreshold.fallback(for: .pinch)!)),
                        source, "pinch \(n) \(d.rawValue)")
                }
                for d in Direction.turning {
                    add(
                        .rotate(
                            .init(
                                fingers: .exactly(n), direction: d,
                                threshold: S.rotateThreshold.fallback(for: .rotate)!)),
                        source, "rotate \(n) \(d.rawValue)")
                }
            }
        }
        for n in fingers(.tap, .touchscreen) {
            let (movement, duration, interval) = (
                S.movement.fallback(for: .tap)!, S.duration.fallback(for: .tap)!,
                S.interval.fallback(for: .tap)!
            )
            add(
                .tap(
                    .init(
                        fingers: n, taps: 2, movement: movement, duration: duration,
                        interval: interval)), .touchscreen, "tap \(n) 2")
            add(
                .tap(
                    .init(
                        fingers: n, taps: 1, movement: movement, duration: duration,
                        interval: interval)), .touchscreen, "tap \(n) 1")
            out[out.count - 1].requireFailureOf = [out[out.count - 2].name]
            add(
                .press(
                    .init(
                        fingers: n, taps: 0, duration: S.duration.fallback(for: .press)!,
                        movement: S.movement.fallback(for: .press)!,
                        interval: S.interval.fallback(for: .press)!)), .touchscreen, "press \(n)")
        }
        for n in fingers(.edge, .touchscreen) {
            for e in EdgeRecognizer.Edge.allCases {
                add(
                    .edge(
                        .init(
                            edge: e, fingers: n, margin: S.margin.fallback(for: .edge)!,
                            distance: S.distance.fallback(for: .edge)!)),
                    .touchscreen, "edge \(n) \(e.rawValue)")
            }
        }
        let oneFinger = out.filter { b in
            b.sources == [.touchscreen] && (b.type == .swipe || b.type == .edge)
                && b.fingers(from: .touchscreen) == 1...1
        }.map(\.name)
        var shapes: [String] = []
        for t in templates where !shapes.contains(t.name) { shapes.append(t.name) }
        for source in [InputSource.touchscreen, .pointer] {
            for shape in shapes {
                add(
                    .stroke(.init(target: .shape(shape), button: S.button.fallback(for: .stroke)!)),
                    source, "stroke \(shape)")
                if source == .touchscreen { out[out.count - 1].requireFailureOf = oneFinger }
            }
        }
        return out
    }

    /// `config` with the catalogue in place of its gestures: its settings and templates kept,
    /// touchegg's stream off (nothing is streamed while the window listens).
    public static func config(replacing config: Config) -> Config {
        var c = config
        c.gestures = bindings(templates: config.templates)
        c.settings.toucheggStream = false
        c.declaresGestures = true
        return c
    }

    /// The keys of the `[[gesture]]` that binds what `b` recognized on `source`, each value as
    /// the config writes it: `type`, `source`, then what the type takes (`fingers`,
    /// `direction`, `taps`, `edge`, `shape`, `button`).
    public static func keys(of b: GestureBinding, source: InputSource) -> [(
        key: String, value: String
    )] {
        var keys: [(key: String, value: String)] = [
            ("type", b.type.rawValue), ("source", source.rawValue),
        ]
        if let n = b.fingers(from: source), n.lowerBound == n.upperBound {
            keys.append(("fingers", "\(n.lowerBound)"))
        }
        if let d = b.direction { keys.append(("direction", d.rawValue)) }
        switch b.kind {
        case .tap(let t): keys.append(("taps", "\(t.taps)"))
        case .edge(let e): keys.append(("edge", e.edge.rawValue))
        case .stroke(let s):
            if case .shape(let name) = s.target { keys.append(("shape", name)) }
            if source == .pointer { keys.append(("button", "\(s.button)")) }
        default: break
        }
        return keys
    }
}
