import GestureCore

/// What the debug overlay knows: the live touches and their trails, the pointer stroke, the
/// touchpad gesture, each recognizer's state and why it failed, and the gestures recognized and
/// actions fired. It is fed copies of what the engine receives and reports, and only ever reads
/// them: it decides nothing. Time is data, as in the engine: `OverlayModel+Scene` draws it for
/// a given moment, and what has ended fades over `fade` milliseconds after that moment.
public final class OverlayModel {
    /// Milliseconds an ended touch, stroke, touchpad gauge or message takes to fade out.
    public var fade = 1500.0
    /// Points kept per trail; older ones are dropped.
    public var trailLength = 512
    /// Messages kept (recognized gestures and actions fired); older ones are dropped.
    public var messageCount = 6

    struct Trail {
        var id: Int
        var points: [Point]
        var endedAt: Double?
    }

    struct Gauge {
        var kind: String
        var fingers: Int
        /// The accelerated deltas summed: where the pointer would have gone.
        var delta = Point.zero
        /// The unaccelerated deltas summed: what the fingers travelled, which the recognizers read.
        var physical = Point.zero
        var scale = 1.0
        var angle = 0.0
        var endedAt: Double?
    }

    struct Line {
        var type: String
        var name: String
        var state: String
        var reason: String?
    }

    struct Message {
        var text: String
        var ink: OverlayScene.Ink
        var at: Double
    }

    /// The recognizers there are, by source, in config order.
    var known: [InputSource: [(type: String, name: String)]] = [:]
    var touches: [Trail] = []
    var stroke: Trail?
    var gauge: Gauge?
    /// Recognizer states for the gesture under way or just over.
    var lines: [Line] = []
    /// When the last live input ended; nil while something is live.
    var linesEndedAt: Double?
    var messages: [Message] = []

    public init() {}

    /// Learns the recognizers there are; call again after the config changes.
    public func configure(_ recognizers: [GestureRecognizer]) {
        known = [:]
        for r in recognizers { known[r.source, default: []].append((r.type, r.name)) }
        lines = []
    }

    /// True while a finger, a button or a touchpad gesture is down.
    public var isLive: Bool {
        touches.contains { $0.endedAt == nil } || (stroke.map { $0.endedAt == nil } ?? false)
            || (gauge.map { $0.endedAt == nil } ?? false)
    }

    // MARK: Input

    /// Takes one input event, as the engine gets it.
    public func input(_ event: InputEvent) {
        let t = event.time
        switch event.kind {
        case .touchBegin(let id, let p):
            begin(.touchscreen)
            touches.removeAll { $0.id == id }
            touches.append(Trail(id: id, points: [p]))
        case .touchMove(let id, let p):
            if let i = touches.firstIndex(where: { $0.id == id && $0.endedAt == nil }) {
                extend(&touches[i], p)
            }
        case .touchEnd(let id, let p):
            if let i = touches.firstIndex(where: { $0.id == id && $0.endedAt == nil }) {
                extend(&touches[i], p)
                touches[i].endedAt = t
            }
        case .touchCancel(let id):
            if let i = touches.firstIndex(where: { $0.id == id && $0.endedAt == nil }) {
                touches[i].endedAt = t
            }
        case .buttonPress(let button, let p):
            begin(.pointer)
            stroke = Trail(id: button, points: [p])
        case .motion(let p):
            if stroke?.endedAt == nil, stroke != nil { extend(&stroke!, p) }
        case .buttonRelease(let button, let p):
            if stroke?.id == button, stroke?.endedAt == nil {
                extend(&stroke!, p)
                stroke!.endedAt = t
            }
        case .swipeBegin(let fingers):
            begin(.touchpad)
            gauge = Gauge(kind: "swipe", fingers: fingers)
        case .pinchBegin(let fingers):
            begin(.touchpad)
            gauge = Gauge(kind: "pinch", fingers: fingers)
        case .swipeUpdate(let fingers, let delta, let unaccelerated):
            gauge?.fingers = fingers
            gauge?.delta += delta
            gauge?.physical += unaccelerated ?? delta
        case .pinchUpdate(let fingers, let delta, let unaccelerated, let scale, let angle):
            gauge?.fingers = fingers
            gauge?.delta += delta
            gauge?.physical += unaccelerated ?? delta
            gauge?.scale = scale
            gauge?.angle += angle
        case .swipeEnd, .pinchEnd:
            if gauge?.endedAt == nil { gauge?.endedAt = t }
        case .idle:
            break
        }
        if linesEndedAt == nil, !isLive { linesEndedAt = t }
    }

    /// A new gesture on `source` when nothing was live: the recognizer panel starts over.
    private func begin(_ source: InputSource) {
        guard !isLive else { return }
        lines = (known[source] ?? []).map { Line(type: $0.type, name: $0.name, state: "possible") }
        linesEndedAt = nil
    }

    private func extend(_ trail: inout Trail, _ p: Point) {
        if let last = trail.points.last, last.distance(to: p) < 1 { return }
        if trail.points.count >= trailLength {
            trail.points.removeFirst(trail.points.count - trailLength + 1)
        }
        trail.points.append(p)
    }

    // MARK: What the engine and the daemon report

    /// Takes one engine output: transitions and waits update the recognizer panel, a
    /// recognition adds a message, and input handed back to the application ends there.
    public func output(_ o: EngineOutput, in engine: GestureEngine) {
        switch o.kind {
        case .transition(let id, _, let to, let reason):
            let r = engine.recognizer(id)
            setLine(
                r, state: to.rawValue,
                reason: to == .failed || to == .cancelled
                    ? reason.map { engine.reason($0).description } : nil)
            if o.recognized != nil {
                say("recognized \(r.type) \"\(r.name)\"", .recognized, at: o.time)
            }
        case .pending(let id, let other):
            setLine(
                engine.recognizer(id),
                state: "waits for \"\(engine.recognizer(other).name)\" to fail", reason: nil)
        case .decision(let d) where !d.accepted:
            // What is handed back goes on to the application, and gestured sees no more of it.
            switch d.target {
            case .touch(let id):
                if let i = touches.firstIndex(where: { $0.id == id && $0.endedAt == nil }) {
                    touches[i].endedAt = o.time
                }
            case .button(let b):
                if stroke?.id == b, stroke?.endedAt == nil { stroke?.endedAt = o.time }
            case .touchpad:
                if gauge?.endedAt == nil { gauge?.endedAt = o.time }
            }
            if linesEndedAt == nil, !isLive { linesEndedAt = o.time }
        case .illegalTransition, .decision:
            break
        }
    }

    /// An action was performed (or refused: `failed`).
    public func action(_ text: String, at time: Double, failed: Bool = false) {
        say(text, failed ? .failed : .recognized, at: time)
    }

    private func setLine(_ r: GestureRecognizer, state: String, reason: String?) {
        let line = Line(type: r.type, name: r.name, state: state, reason: reason)
        if let i = lines.firstIndex(where: { $0.name == r.name }) {
            lines[i] = line
        } else {
            lines.append(line)
        }
    }

    private func say(_ text: String, _ ink: OverlayScene.Ink, at time: Double) {
        messages.append(Message(text: text, ink: ink, at: time))
        if messages.count > messageCount { messages.removeFirst(messages.count - messageCount) }
    }

    // MARK: Time

    /// Forgets what has faded out completely by `now`.
    public func advance(to now: Double) {
        touches.removeAll { $0.endedAt.map { now - $0 >= fade } ?? false }
        if let e = stroke?.endedAt, now - e >= fade { stroke = nil }
        if let e = gauge?.endedAt, now - e >= fade { gauge = nil }
        if let e = linesEndedAt, now - e >= fade { lines = [] }
        messages.removeAll { now - $0.at >= fade }
    }

    /// When the picture next changes on its own (something fading), given redraws every `step`
    /// milliseconds while fading; nil when nothing fades, so an idle overlay never wakes.
    public func nextRedraw(after now: Double, step: Double) -> Double? {
        var ends = touches.compactMap(\.endedAt) + messages.map(\.at)
        for e in [stroke?.endedAt, gauge?.endedAt, lines.isEmpty ? nil : linesEndedAt] {
            if let e { ends.append(e) }
        }
        guard let last = ends.map({ $0 + fade }).filter({ $0 > now }).min() else { return nil }
        return min(last, now + step)
    }
}
