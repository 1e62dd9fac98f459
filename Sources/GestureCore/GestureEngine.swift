/// The gesture engine: feeds input events to recognizers, arbitrates between them, decides who
/// owns each touch, and reports it all as outputs. Pure: time comes in with the events, and the
/// engine tells the run loop when it next needs to be woken (`nextDeadline()`).
public final class GestureEngine {
    public struct Settings: Equatable, Sendable {
        /// Milliseconds a touch may stay undecided before it is handed back to the application,
        /// on every source that `sourceTimeouts` does not name.
        public var touchTimeout: Double
        /// Milliseconds the first finger of a possible multi-finger gesture waits for the others.
        public var arrivalWindow: Double
        /// The touch timeout of each source, by `InputSource.position`: each waits only as long
        /// as its own bindings need (a touchscreen double tap does not hold a mouse button).
        private var timeouts: [Double]

        public init(
            touchTimeout: Double = 300, arrivalWindow: Double = 60,
            sourceTimeouts: [InputSource: Double] = [:]
        ) {
            self.touchTimeout = touchTimeout
            self.arrivalWindow = arrivalWindow
            timeouts = InputSource.allCases.map { sourceTimeouts[$0] ?? touchTimeout }
        }

        /// Milliseconds a touch, press or touchpad gesture of `source` may stay undecided.
        public func touchTimeout(for source: InputSource) -> Double { timeouts[source.position] }
    }

    public let settings: Settings
    public private(set) var now = 0.0
    /// What happened since the caller last cleared them.
    public internal(set) var outputs: [EngineOutput] = []
    /// The reasons those outputs give, by `Reason.ID`.
    private var reasons: [Reason] = []
    public var screen: Screen {
        didSet { for a in arenas { a.frame.screen = screen } }
    }

    let arenas: [Arena]
    /// The arenas again, one property each: taking one from a property costs no reference count,
    /// taking it from the array did, at every event.
    private let touchscreenArena: Arena, touchpadArena: Arena, pointerArena: Arena
    /// Touch events of the same time and phase arriving back to back form one frame, as a
    /// UIEvent does; they wait here until the next event shows the frame is complete.
    var frameBuffer: [(id: Int, at: Point)] = []
    var framePhase: Touch.Phase = .began
    var frameTime = 0.0
    var frameApp: String?
    var frameDevice: String?
    /// No deadline of any arena comes before this: the last earliest deadline found, lowered
    /// whenever a deadline is set, a touch lands or a recognizer joins. Most events come before
    /// it, and `advance(to:)` then need not look through every recognizer.
    var deadlineFloor = -Double.infinity

    public init(settings: Settings = Settings(), screen: Screen = Screen()) {
        self.settings = settings
        self.screen = screen
        let byPosition = InputSource.allCases.map { Arena(source: $0, screen: screen) }
        touchscreenArena = byPosition[InputSource.touchscreen.position]
        touchpadArena = byPosition[InputSource.touchpad.position]
        pointerArena = byPosition[InputSource.pointer.position]
        arenas = byPosition
        for arena in arenas { arena.engine = self }
        outputs.reserveCapacity(256)
        frameBuffer.reserveCapacity(TouchTable.capacity)
    }

    /// Recognizers point at each other (require-to-fail, simultaneous); the engine owns them all,
    /// so when it goes those links go with it, or the recognizers would keep each other alive.
    deinit {
        for arena in arenas {
            for r in arena.recognizers {
                r.requiredToFail.removeAll()
                r.simultaneous.removeAll()
            }
        }
    }

    /// Every recognizer added, in order.
    public var recognizers: [GestureRecognizer] { arenas.flatMap(\.recognizers) }

    public func add(_ recognizer: GestureRecognizer) {
        let arena = arena(recognizer.source)
        recognizer.engine = self
        recognizer.index = arena.recognizers.count
        arena.recognizers.append(recognizer)
    }

    /// The recognizer an output names.
    public func recognizer(_ id: GestureRecognizer.ID) -> GestureRecognizer {
        arena(id.source).recognizers[id.index]
    }

    func arena(_ source: InputSource) -> Arena {
        switch source {
        case .touchscreen: touchscreenArena
        case .touchpad: touchpadArena
        case .pointer: pointerArena
        }
    }

    /// The reason an output gives, until the outputs are cleared.
    public func reason(_ id: Reason.ID) -> Reason { reasons[Int(id.index)] }

    /// Most events report nothing: clearing an empty list skips removeAll's general path.
    public func clearOutputs() {
        guard !outputs.isEmpty else { return }
        outputs.empty()
        if !reasons.isEmpty { reasons.removeAll(keepingCapacity: true) }
    }

    func emit(_ kind: consuming EngineOutput.Kind) {
        outputs.append(EngineOutput(time: now, kind: kind))
    }

    /// Keeps a reason for the outputs until they are cleared.
    func keep(_ reason: consuming Reason) -> Reason.ID {
        reasons.append(reason)
        return Reason.ID(index: Int32(reasons.count - 1))
    }

    // MARK: Input

    /// Feeds one event. Events must come in time order; deadlines up to the event's time fire
    /// first.
    public func process(_ event: InputEvent) {
        if joinsFrame(event) {
            bufferTouch(event)
            return
        }
        flush()
        advance(to: event.time)
        switch event.kind {
        case .touchBegin, .touchMove, .touchEnd, .touchCancel:
            bufferTouch(event)
        case .buttonPress(let button, let at):
            let arena = arena(.pointer)
            guard arena.table.slot(of: button) == nil else { return }
            deliverBegan(arena, [(button, at)], app: event.app, device: event.device)
        case .motion(let at):
            let arena = arena(.pointer)
            guard arena.table.down != 0 else { return }
            frameBuffer.empty()
            for t in arena.table.touches(arena.table.down) { frameBuffer.append((t.id, at)) }
            deliverMoved(arena, frameBuffer)
            frameBuffer.empty()
        case .buttonRelease(let button, let at):
            deliverEnded(arena(.pointer), [(button, at)], phase: .ended)
        case .swipeBegin(let fingers):
            touchpadBegan(.swipe, fingers: fingers, event: event)
        case .swipeUpdate(_, let delta, let unaccelerated):
            touchpadChanged(delta: delta, physical: unaccelerated ?? delta, scale: nil, angle: nil)
        case .swipeEnd(_, let cancelled):
            touchpadEnded(cancelled: cancelled)
        case .pinchBegin(let fingers):
            touchpadBegan(.pinch, fingers: fingers, event: event)
        case .pinchUpdate(_, let delta, let unaccelerated, let scale, let angle):
            touchpadChanged(
                delta: delta, physical: unaccelerated ?? delta, scale: scale, angle: angle)
        case .pinchEnd(_, let cancelled):
            touchpadEnded(cancelled: cancelled)
        case .idle:
            break
        }
    }

    /// Delivers a buffered touch frame to its recognizers, if any.
    public func flush() {
        // Asked before every event and every deadline, and most often there is none: the
        // question alone stays small enough to be inlined.
        if !frameBuffer.isEmpty { deliverFrame() }
    }

    private func deliverFrame() {
        let arena = arena(.touchscreen)
        now = frameTime
        switch framePhase {
        case .began: deliverBegan(arena, frameBuffer, app: frameApp, device: frameDevice)
        case .moved: deliverMoved(arena, frameBuffer)
        case .ended, .cancelled: deliverEnded(arena, frameBuffer, phase: framePhase)
        case .stationary: break
        }
        frameBuffer.empty()
    }

    /// The phase, id and position of a touch event; nil for other events.
    private static func touchParts(_ kind: InputEvent.Kind) -> (Touch.Phase, Int, Point)? {
        switch kind {
        case .touchBegin(let id, let at): return (.began, id, at)
        case .touchMove(let id, let at): return (.moved, id, at)
        case .touchEnd(let id, let at): return (.ended, id, at)
        case .touchCancel(let id): return (.cancelled, id, .zero)
        default: return nil
        }
    }

    /// Whether a touch event belongs to the frame being buffered: same time, same phase, a
    /// touch not yet in it.
    private func joinsFrame(_ event: InputEvent) -> Bool {
        guard !frameBuffer.isEmpty, event.time == frameTime,
            let (phase, id, _) = GestureEngine.touchParts(event.kind), phase == framePhase
        else { return false }
        return !frameBuffer.contains { $0.id == id }
    }

    private func bufferTouch(_ event: InputEvent) {
        guard let (phase, id, at) = GestureEngine.touchParts(event.kind) else { return }
        if frameBuffer.isEmpty {
            framePhase = phase
            frameTime = event.time
            frameApp = event.app
            frameDevice = event.device
        }
        frameBuffer.append((id, at))
    }

    // MARK: Time

    /// Fires every deadline up to `time`, in order, and moves the clock there.
    public func advance(to time: Double) {
        flush()
        while deadlineFloor <= time, let (when, due) = earliestDeadline(), when <= time {
            now = max(now, when)
            fire(due)
        }
        now = max(now, time)
    }

    /// Something is due at `time`: the floor goes down to it if it was above.
    func deadlineAdded(_ time: Double) { deadlineFloor = min(deadlineFloor, time) }

    /// When the engine next needs `advance(to:)` even if no event comes; nil when idle.
    public func nextDeadline() -> Double? {
        flush()
        return earliestDeadline()?.0
    }

    /// Something due at a deadline: an enum rather than a closure, so that looking costs no
    /// allocation.
    enum Due {
        case touchTimeout(Arena, slot: Int)
        case arrival(Arena)
        case recognizer(Arena, GestureRecognizer)
    }

    private func earliestDeadline() -> (Double, Due)? {
        var best: (Double, Due)?
        for arena in arenas where !arena.isIdle {
            let table = arena.table
            var undecided = table.used & ~table.decided
            while undecided != 0 {
                let slot = undecided.trailingZeroBitCount
                undecided &= undecided - 1
                if table.timeouts[slot] < (best?.0 ?? .infinity) {
                    best = (table.timeouts[slot], .touchTimeout(arena, slot: slot))
                }
            }
            if let t = arena.arrivalDeadline, t < (best?.0 ?? .infinity) {
                best = (t, .arrival(arena))
            }
            arena.forEachParticipant { r in
                guard r.isLive else { return }
                if let t = r.deadline, t < (best?.0 ?? .infinity) {
                    best = (t, .recognizer(arena, r))
                }
            }
        }
        deadlineFloor = best?.0 ?? .infinity
        return best
    }

    private func fire(_ due: Due) {
        switch due {
        case .touchTimeout(let arena, let slot):
            arena.frame.time = now
            decide(arena, slot: slot, accept: false, why: .timeout)
            settle(arena)
        case .arrival(let arena):
            arrivalWindowClosed(arena)
        case .recognizer(let arena, let r):
            r.deadline = nil
            arena.frame.time = now
            r.deadlineReached(with: arena.frame)
            settle(arena)
        }
    }

    /// Decides every touch still undecided: rejects them, as the daemon does when it exits.
    public func decideAll() {
        flush()
        for arena in arenas {
            var undecided = arena.table.used & ~arena.table.decided
            while undecided != 0 {
                let slot = undecided.trailingZeroBitCount
                undecided &= undecided - 1
                decide(arena, slot: slot, accept: false, why: .shutdown)
            }
            settle(arena)
        }
    }
}

extension Array where Element: BitwiseCopyable {
    /// Empties the array and keeps its storage, as `removeAll(keepingCapacity: true)` does, by
    /// taking a few elements off one by one: cheaper than removeAll's general path.
    @inline(__always)
    mutating func empty() {
        if count > 8 { return removeAll(keepingCapacity: true) }
        while !isEmpty { removeLast() }
    }
}
