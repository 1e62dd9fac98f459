import GestureActions
import GestureConfig
import GestureCore
import GestureStrokes

/// A config made live: one recognizer per binding and source in an engine, their relations
/// set, and the way back from a recognizer's transition to the actions it fires.
public final class Bindings {
    public let config: Config
    /// Every binding made live: the config's and, with `touchegg-stream`, what the stream adds
    /// (`Config.streamed(besides:)`).
    public let gestures: [GestureBinding]
    public let engine: GestureEngine
    /// Per source, by the recognizer's index in the engine: what it was made for. Looked up on
    /// every transition, so an array rather than a dictionary, and a constant, which costs no
    /// run-time exclusivity check.
    private let bound: [[Bound?]]
    /// `Bound.firesAt` of every recognizer, at `slot(_:)`: plain bytes, which a transition that
    /// fires nothing reads without counting a reference to its `Bound`.
    private let firesAt: [UInt8]

    public init(_ config: Config, screen: Screen = Screen()) {
        self.config = config
        let gestures = config.running
        self.gestures = gestures
        engine = GestureEngine(
            settings: GestureEngine.Settings(
                touchTimeout: config.settings.touchTimeout,
                arrivalWindow: config.settings.arrivalWindow,
                sourceTimeouts: config.settings.sourceTimeouts),
            screen: screen)
        var byName: [String: [GestureRecognizer]] = [:]
        var books: [InputSource: StrokeBook] = [:]
        for source in [InputSource.touchscreen, .pointer] {
            var shapes: Set<String> = []
            var sequences: [DirectionSequence] = []
            var any = false
            for b in gestures where b.sources.contains(source) {
                guard case .stroke(let stroke) = b.kind else { continue }
                any = true
                switch stroke.target {
                case .shape(let name): shapes.insert(name)
                case .directions(let sequence): sequences.append(sequence)
                }
            }
            guard any else { continue }
            books[source] = StrokeBook(
                templates: config.templates, shapes: shapes, sequences: sequences)
        }
        var bound: [[Bound?]] = [[], [], []]
        var groups: [String: Int] = [:]
        for b in gestures where b.app != nil || b.device != nil || b.passes {
            groups[b.signature] = groups[b.signature] ?? groups.count
        }
        for b in gestures {
            for source in b.sources {
                let r = Bindings.makeRecognizer(
                    b, source: source, book: books[source], settings: config.settings)
                // Stroke bindings read the same stroke together: the best reading wins, not the first.
                if b.type == .stroke { r.simultaneousSet = 0 }
                r.app = b.app.map(Glob.init)
                r.device = b.device.map(Glob.init)
                r.group = groups[b.signature]
                r.passes = b.passes
                engine.add(r)
                let slot = source.position
                while bound[slot].count <= r.index { bound[slot].append(nil) }
                bound[slot][r.index] = Bound(r, b)
                byName[b.name, default: []].append(r)
            }
        }
        self.bound = bound
        var firesAt = [UInt8](repeating: 0, count: 3 * (bound.map(\.count).max() ?? 0))
        for slot in bound.indices {
            for (index, b) in bound[slot].enumerated() {
                firesAt[3 * index + slot] = b?.firesAt ?? 0
            }
        }
        self.firesAt = firesAt
        for b in gestures {
            for r in byName[b.name] ?? [] {
                for other in b.simultaneousWith.flatMap({ byName[$0] ?? [] }) {
                    r.recognizeSimultaneously(with: other)
                }
                for other in b.requireFailureOf.flatMap({ byName[$0] ?? [] }) {
                    r.require(toFail: other)
                }
            }
        }
    }

    static func makeRecognizer(
        _ b: GestureBinding, source: InputSource, book: StrokeBook?,
        settings: Config.Settings
    ) -> GestureRecognizer {
        let commitDistance = settings.commitDistance(for: source)
        switch b.kind {
        case .tap(let t):
            let r = TapRecognizer(name: b.name, source: source, taps: t.taps, fingers: t.fingers)
            r.movement = t.movement
            r.duration = t.duration
            r.interval = t.interval
            return r
        case .swipe(let s):
            let r = SwipeRecognizer(
                name: b.name, source: source, fingers: s.fingers, direction: s.direction,
                untilLift: b.commitsAtLift)
            r.distance = s.distance
            r.speed = s.speed
            r.duration = s.duration
            r.commitDistance = commitDistance
            return r
        case .pan(let p):
            let r = PanRecognizer(
                name: b.name, source: source,
                fingers: GestureBinding.fingerRange(p.fingers, of: .pan, source: source))
            r.beginDistance = p.distance
            r.direction = p.direction
            r.commitDistance = commitDistance
            return r
        case .pinch(let p):
            let r = PinchRecognizer(
                name: b.name, source: source,
                fingers: GestureBinding.fingerRange(p.fingers, of: .pinch, source: source),
                direction: p.direction)
            r.threshold = p.threshold
            r.commitScale = settings.commitScale
            return r
        case .rotate(let p):
            let r = RotateRecognizer(
                name: b.name, source: source,
                fingers: GestureBinding.fingerRange(p.fingers, of: .rotate, source: source),
                direction: p.direction)
            r.threshold = p.threshold
            r.commitAngle = settings.commitAngle
            return r
        case .edge(let e):
            let r = EdgeRecognizer(name: b.name, edge: e.edge, fingers: e.fingers...e.fingers)
            r.margin = e.margin
            r.beginDistance = e.distance
            r.commitDistance = commitDistance
            return r
        case .press(let p):
            let r = PressRecognizer(name: b.name, fingers: p.fingers, taps: p.taps)
            r.duration = p.duration
            r.movement = p.movement
            r.interval = p.interval
            return r
        case .stroke(let s):
            let target: StrokeRecognizer.Target
            switch s.target {
            case .shape(let name): target = .shape(name)
            case .directions(let sequence): target = .directions(sequence)
            }
            let r = StrokeRecognizer(
                name: b.name, source: source, target: target,
                book: book ?? StrokeBook(templates: [], shapes: [], sequences: []))
            r.button = s.button
            return r
        }
    }

    /// What the recognizer `id` names in this engine was made for; nil for one these bindings
    /// did not make.
    func bound(_ id: GestureRecognizer.ID) -> Bound? {
        let source = id.source.position
        guard id.index < bound[source].count else { return nil }
        return bound[source][id.index]
    }

    /// Whether `fire` can do anything at a transition of the recognizer `id` names to `state`:
    /// when not, it fires nothing, and a caller may skip it. Most transitions are such (every
    /// failure, every change of a gesture bound at its end). Read from `Bound.firesAt`, kept
    /// by index, then source, in one array of bytes; 0 for a recognizer these bindings did not
    /// make.
    public func mayFire(_ id: GestureRecognizer.ID, at state: GestureState) -> Bool {
        let slot = 3 * id.index + id.source.position
        return slot < firesAt.count && firesAt[slot] & Bound.bit(state) != 0
    }

    /// Whether the transitions of the recognizer `id` names go to the touchegg stream: it was
    /// made for a binding whose action is `stream`, or for one of `Config.streamed(besides:)`.
    public func streams(_ id: GestureRecognizer.ID) -> Bool { bound(id)?.streams ?? false }

    /// The binding of the recognizer `id` names when it has feedback; nil otherwise.
    public func feedback(_ id: GestureRecognizer.ID) -> GestureBinding? {
        guard let b = bound(id), b.feedback else { return nil }
        return b.binding
    }

    /// What `r` was made for; nil for a recognizer these bindings did not make.
    public func binding(for r: GestureRecognizer) -> GestureBinding? {
        guard let b = bound(r.id), b.recognizer === r else { return nil }
        return b.binding
    }

}
