import GestureCore

/// Named times, so that tests say what they wait for.
public enum Wait: Double {
    case tapInterval = 200
    case arrivalWindow = 60
    case touchTimeout = 300
    case aMoment = 16
}

/// A litest-style builder: touches down, move, up, time passes; every output is rendered as one
/// short line so that a test compares the whole sequence.
public final class Scenario {
    public let engine: GestureEngine
    public private(set) var t = 0.0
    private var lines: [String] = []
    /// Everything the engine reported, after dispatching a frame still buffered.
    public var log: [String] {
        finish()
        return lines
    }
    public var showReasons = false

    public init(
        _ recognizers: [GestureRecognizer], settings: GestureEngine.Settings = .init(),
        screen: Screen = Screen()
    ) {
        engine = GestureEngine(settings: settings, screen: screen)
        for r in recognizers { engine.add(r) }
    }

    public convenience init(
        _ recognizers: GestureRecognizer..., settings: GestureEngine.Settings = .init()
    ) {
        self.init(recognizers, settings: settings)
    }

    @discardableResult
    public func at(_ time: Double) -> Scenario {
        t = time
        return self
    }

    @discardableResult
    public func after(_ ms: Double) -> Scenario {
        t += ms
        return self
    }

    @discardableResult
    public func after(_ w: Wait) -> Scenario { after(w.rawValue) }

    @discardableResult
    public func send(_ kind: InputEvent.Kind, app: String? = nil) -> Scenario {
        engine.process(InputEvent(time: t, kind, app: app))
        collect()
        return self
    }

    @discardableResult
    public func down(_ id: Int, _ x: Double, _ y: Double) -> Scenario {
        send(.touchBegin(id: id, at: Point(x: x, y: y)))
    }
    @discardableResult
    public func move(_ id: Int, _ x: Double, _ y: Double) -> Scenario {
        send(.touchMove(id: id, at: Point(x: x, y: y)))
    }
    @discardableResult
    public func up(_ id: Int, _ x: Double, _ y: Double) -> Scenario {
        send(.touchEnd(id: id, at: Point(x: x, y: y)))
    }
    @discardableResult
    public func cancel(_ id: Int) -> Scenario { send(.touchCancel(id: id)) }

    /// Moves several touches by the same offset in one frame (one event per touch, same time).
    @discardableResult
    public func drag(_ ids: [Int], from start: [Int: Point], by d: Point) -> Scenario {
        for id in ids { move(id, start[id]!.x + d.x, start[id]!.y + d.y) }
        return self
    }

    /// A tap of `fingers` fingers near (x, y), 60 ms long.
    @discardableResult
    public func tap(fingers: Int = 1, _ x: Double = 100, _ y: Double = 100, id first: Int = 1)
        -> Scenario
    {
        for i in 0..<fingers { down(first + i, x + Double(i) * 30, y) }
        after(60)
        for i in 0..<fingers { up(first + i, x + Double(i) * 30, y) }
        return self
    }

    /// Lets time pass with no input (deadlines fire).
    @discardableResult
    public func idle() -> Scenario { send(.idle) }

    @discardableResult
    public func finish() -> Scenario {
        engine.flush()
        collect()
        return self
    }

    private func collect() {
        for o in engine.outputs { lines.append(render(o)) }
        engine.clearOutputs()
    }

    private func name(_ id: GestureRecognizer.ID) -> String { engine.recognizer(id).name }

    private func render(_ o: EngineOutput) -> String {
        let time = o.time == o.time.rounded() ? String(Int(o.time)) : String(o.time)
        switch o.kind {
        case .transition(let r, _, let to, let reason):
            return "\(time) \(name(r)) \(to.rawValue)"
                + (showReasons && reason != nil ? ": \(engine.reason(reason!))" : "")
        case .pending(let r, let other):
            return "\(time) \(name(r)) waits for \(name(other))"
        case .illegalTransition(let r, let from, let to):
            return "\(time) \(name(r)) illegal \(from.rawValue) -> \(to.rawValue)"
        case .decision(let d):
            let what: String
            switch d.target {
            case .touch(let id): what = "touch \(id)"
            case .button(let b): what = "button \(b)"
            case .touchpad(let kind, let fingers): what = "touchpad \(kind.rawValue) \(fingers)"
            }
            return "\(time) \(what) \(d.accepted ? "accept" : "reject") (\(d.why.rawValue))"
        }
    }
}
