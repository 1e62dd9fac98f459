import GestureCore
import GestureActions

/// A config made live: one recognizer per binding and source in an engine, their relations
/// set, and the way back from a recognizer's transition to the actions it fires.
public final class Bindings {
    public let config: Config
    public let engine: GestureEngine
    /// Per source, by the recognizer's index in the engine: what it was made for. Looked up on
    /// every transition, so an array rather than a dictionary, and a constant, which costs no
    /// run-time exclusivity check.
    private let bound: [[Bound?]]

    public init(_ config: Config, screen: Screen = Screen()) {
        self.config = config
        engine = GestureEngine(settings: GestureEngine.Settings(touchTimeout: config.settings.touchTimeout,
                                                                arrivalWindow: config.settings.arrivalWindow),
                               screen: screen)
        var byName: [String: [GestureRecognizer]] = [:]
        var books: [InputSource: StrokeBook] = [:]
        for source in [InputSource.touchscreen, .pointer] {
            let strokes = config.gestures.filter { $0.type == .stroke && $0.sources.contains(source) }
            guard !strokes.isEmpty else { continue }
            books[source] = StrokeBook(templates: config.templates, shapes: Set(strokes.compactMap(\.shape)),
                                       sequences: strokes.compactMap { $0.directions.flatMap { try? DirectionSequence(parsing: $0) } })
        }
        var bound: [[Bound?]] = [[], [], []]
        var groups: [String: Int] = [:]
        for b in config.gestures where b.app != nil || b.device != nil || b.passes {
            groups[b.signature] = groups[b.signature] ?? groups.count
        }
        for b in config.gestures {
            for source in b.sources {
                let r = Bindings.makeRecognizer(b, source: source, book: books[source])
                // Stroke bindings read the same stroke together: the best reading wins, not the first.
                if b.type == .stroke { r.simultaneousSet = 0 }
                r.app = b.app.map(Glob.init)
                r.device = b.device.map(Glob.init)
                r.group = groups[b.signature]
                r.passes = b.passes
                engine.add(r)
                let slot = Bindings.slot(source)
                while bound[slot].count <= r.index { bound[slot].append(nil) }
                bound[slot][r.index] = Bound(r, b)
                byName[b.name, default: []].append(r)
            }
        }
        self.bound = bound
        for b in config.gestures {
            for r in byName[b.name] ?? [] {
                for other in b.simultaneousWith.flatMap({ byName[$0] ?? [] }) { r.recognizeSimultaneously(with: other) }
                for other in b.requireFailureOf.flatMap({ byName[$0] ?? [] }) { r.require(toFail: other) }
            }
        }
    }

    static func makeRecognizer(_ b: GestureBinding, source: InputSource, book: StrokeBook?) -> GestureRecognizer {
        switch b.type {
        case .tap:
            let r = TapRecognizer(name: b.name, source: source, taps: b.taps ?? 1, fingers: b.fingers ?? 1)
            if let v = b.movement { r.movement = v }
            if let v = b.duration { r.duration = v }
            if let v = b.interval { r.interval = v }
            return r
        case .swipe:
            let r = SwipeRecognizer(name: b.name, source: source, fingers: b.fingers ?? 3,
                                    direction: Bindings.heading(of: b))
            if let v = b.distance { r.distance = v }
            if let v = b.speed { r.speed = v }
            if let v = b.duration { r.duration = v }
            return r
        case .pan:
            let lo = b.fingers ?? b.minFingers ?? (source == .touchpad ? 3 : 1)
            let hi = b.fingers ?? b.maxFingers ?? 10
            let r = PanRecognizer(name: b.name, source: source, fingers: lo...max(lo, hi))
            if let v = b.distance { r.beginDistance = v }
            r.direction = b.direction?.heading
            return r
        case .pinch:
            let r = PinchRecognizer(name: b.name, source: source, fingers: fingerRange(b, default: 2...5),
                                    way: b.direction?.pinchWay)
            if let v = b.threshold { r.threshold = v }
            return r
        case .rotate:
            let r = RotateRecognizer(name: b.name, source: source, fingers: fingerRange(b, default: 2...5),
                                     way: b.direction?.rotateWay)
            if let v = b.threshold { r.threshold = Angle.radians(degrees: v) }
            return r
        case .edge:
            let f = b.fingers ?? 1
            let r = EdgeRecognizer(name: b.name, edge: b.edge ?? .left, fingers: f...f)
            if let v = b.margin { r.margin = v }
            if let v = b.distance { r.beginDistance = v }
            return r
        case .press:
            let r = PressRecognizer(name: b.name, fingers: b.fingers ?? 1, taps: b.taps ?? 0)
            if let v = b.duration { r.duration = v }
            if let v = b.movement { r.movement = v }
            if let v = b.interval { r.interval = v }
            return r
        case .stroke:
            let target: StrokeRecognizer.Target = b.shape.map { .shape($0) }
                ?? .directions((try? DirectionSequence(parsing: b.directions ?? "")) ?? DirectionSequence([]))
            let r = StrokeRecognizer(name: b.name, source: source, target: target,
                                     book: book ?? StrokeBook(templates: [], shapes: [], sequences: []))
            if let button = b.button { r.button = button }
            return r
        }
    }

    /// A swipe's heading: the loader refuses a swipe without one, so a binding made in code
    /// without one is a mistake to stop at, not to read as "left".
    static func heading(of b: GestureBinding) -> Direction {
        guard let heading = b.direction?.heading else { preconditionFailure("swipe \"\(b.name)\" has no direction") }
        return heading
    }

    static func fingerRange(_ b: GestureBinding, default range: ClosedRange<Int>) -> ClosedRange<Int> {
        if let f = b.fingers { return f...f }
        let lo = b.minFingers ?? range.lowerBound
        return lo...max(lo, b.maxFingers ?? range.upperBound)
    }

    /// What `r` was made for; nil for a recognizer these bindings did not make.
    func bound(_ r: GestureRecognizer) -> Bound? {
        let source = Bindings.slot(r.source)
        guard r.index < bound[source].count, let b = bound[source][r.index], b.recognizer === r else { return nil }
        return b
    }

    public func binding(for r: GestureRecognizer) -> GestureBinding? { bound(r)?.binding }

    private static func slot(_ source: InputSource) -> Int {
        switch source {
        case .touchscreen: return 0
        case .touchpad: return 1
        case .pointer: return 2
        }
    }
}
