/// A gesture recognizer, modelled on UIKit's UIGestureRecognizer.
///
///     discrete:    possible ──► ended (recognized)
///                      └─────► failed
///     continuous:  possible ──► began ──► changed* ──► ended | cancelled
///                      └─────► failed
///
/// Subclass it the way UIKit's documentation describes: override the touch callbacks, set
/// `state` as the input unfolds, and clear what you kept in `reset()`. Every state change goes
/// through the engine, which rejects and reports illegal transitions, holds a recognition back
/// while a recognizer it must wait for is undecided, and fails the losers.
///
/// A recognizer belongs to one arena (`source`). While it is possible it *holds* the touches it
/// receives (unless `delaysTouchesBegan` is off or it calls `ignore(_:)`); a touch nobody holds is
/// handed back to the application at once.
open class GestureRecognizer {
    /// The binding's name, unique in a config.
    public let name: String
    /// The type as the config names it (`tap`, `pan`, ...).
    public let type: String
    public let source: InputSource
    public let isContinuous: Bool

    /// When recognized, keep the touches it holds (accept: the application never gets them, or
    /// gets a cancel); when off, hand them back at recognition and let the application have
    /// them too.
    public var cancelsTouchesInView = true
    /// Hold each touch from its begin until this recognizer is decided. When off the recognizer
    /// only observes: it never makes the application wait, and sees a touch only as long as
    /// another recognizer holds it.
    public var delaysTouchesBegan = true
    /// Keep holding a touch after it ends, until this recognizer is decided (a tap waiting for
    /// its second tap). When off, a touch that ends is let go.
    public var delaysTouchesEnded = true
    /// Fingers that must be down together; the engine fails the recognizer when fewer arrive
    /// within the arrival window after the first, or when one lifts before they all were.
    public var requiredTouches = 1
    /// Only sequences whose first event is over a window whose WM_CLASS matches.
    public var app: Glob?
    /// Only sequences whose first event comes from a device whose name matches.
    public var device: Glob?
    /// Recognizers of one group are the same gesture under different app and device rules:
    /// of those whose rules match a sequence, only the most specific take part.
    public var group: Int?
    /// Takes no part when it is the most specific of its group, and lets the input go to the
    /// application (an application rule that keeps a gesture for the application).
    public var passes = false

    /// An app rule is more specific than a device rule, and both more than none.
    var specificity: Int { (app != nil ? 2 : 0) + (device != nil ? 1 : 0) }

    /// The time at which the recognizer wants `deadlineReached(with:)`; nil for none.
    public var deadline: Double? {
        didSet { if let deadline { engine?.deadlineAdded(deadline) } }
    }

    public internal(set) var currentState = GestureState.possible
    /// The engine it was added to, which owns it: not counted, or the two would keep each other.
    unowned(unsafe) var engine: GestureEngine?
    /// Its place among the recognizers of its source, in the order they were added to the
    /// engine: a key for tables kept beside the engine (what a binding fires) that costs no hash.
    public internal(set) var index = 0
    /// Its source and its index: how engine outputs name it.
    public var id: ID { ID(source: source, index: index) }
    /// The direction its transitions report ("left", "in", "cw", an edge); nil for none. A
    /// property of the recognizer, as it is the same at every transition: outputs carry no text.
    open var reportedDirection: String? { nil }
    /// The stroke shape its transitions report; nil for none.
    open var reportedShape: String? { nil }
    var requiredToFail: [GestureRecognizer] = []
    /// Whether some recognizer requires this one to fail: only then can its failure release
    /// one that waits (`GestureEngine.released(by:)`).
    var isRequiredToFail = false
    var simultaneous: [GestureRecognizer] = []
    /// A recognition held back until the recognizers it requires to fail have failed.
    var pending: GestureState?
    var pendingEnd = false
    /// Touch slots this recognizer receives, holds, and has ignored in its arena.
    var tracking: UInt64 = 0
    var holding: UInt64 = 0
    var ignored: UInt64 = 0
    var participating = false
    var maxTrackedTogether = 0

    /// A recognizer as engine outputs name it: a value, which costs no reference count to copy.
    public struct ID: Hashable, Sendable, BitwiseCopyable {
        public let source: InputSource
        private let position: UInt32
        /// Its place among the recognizers of its source.
        public var index: Int { Int(position) }

        init(source: InputSource, index: Int) {
            self.source = source
            position = UInt32(index)
        }
    }

    public init(name: String, type: String, source: InputSource, continuous: Bool) {
        self.name = name
        self.type = type
        self.source = source
        self.isContinuous = continuous
    }

    /// The state; setting it asks the engine for the transition.
    public var state: GestureState {
        get { currentState }
        set { request(newValue, reason: nil as Reason.ID?) }
    }

    /// Waiting for a recognizer it requires to fail, with a recognition ready.
    public var isPending: Bool { pending != nil }

    /// Fails with a reason the debug log shows ("distance 42 px < 80 px").
    public func fail(_ reason: consuming Reason) { request(.failed, reason: reason) }

    /// Cancels a continuous gesture under way, with a reason.
    public func cancel(_ reason: consuming Reason) { request(.cancelled, reason: reason) }

    /// A reason goes into the engine's list at once, and only its ID on through arbitration: a
    /// transition without one (every change of a continuous gesture) need not carry an empty
    /// one.
    func request(_ to: GestureState, reason: consuming Reason) {
        if let engine {
            engine.request(self, to: to, reason: engine.keep(reason))
        } else {
            request(to, reason: nil as Reason.ID?)
        }
    }

    func request(_ to: GestureState, reason: Reason.ID?) {
        if let engine {
            engine.request(self, to: to, reason: reason)
        } else if GestureState.isLegal(from: currentState, to: to, continuous: isContinuous) {
            currentState = to
        }
    }

    /// This recognizer no longer wants the touch: it gets no more of its events and stops
    /// holding it.
    public func ignore(_ touch: Touch) {
        guard let engine, let slot = engine.arena(source).table.slot(of: touch.id) else { return }
        let bit: UInt64 = 1 << UInt64(slot)
        ignored |= bit
        tracking &= ~bit
        holding &= ~bit
    }

    /// This recognizer recognizes only once `other` has failed (single tap waits for double
    /// tap); if `other` is recognized, this one fails. One-way.
    public func require(toFail other: GestureRecognizer) {
        if !requiredToFail.contains(where: { $0 === other }) { requiredToFail.append(other) }
        other.isRequiredToFail = true
    }

    /// This recognizer and `other` may be recognized together (pinch and rotate).
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        if !simultaneous.contains(where: { $0 === other }) { simultaneous.append(other) }
    }

    /// Recognizers that share a set may all be recognized together, as though each were made
    /// simultaneous with every other, without the pairs (stroke bindings read one stroke so).
    public var simultaneousSet: Int?

    func isSimultaneous(with other: GestureRecognizer) -> Bool {
        if let set = simultaneousSet, set == other.simultaneousSet { return true }
        return simultaneous.contains { $0 === other } || other.simultaneous.contains { $0 === self }
    }

    /// Has recognized in the current sequence and has not been reset.
    var hasRecognized: Bool {
        switch currentState {
        case .began, .changed, .ended: true
        case .possible, .cancelled, .failed: false
        }
    }

    /// Still in the running: possible (perhaps pending) or under way.
    var isLive: Bool {
        switch currentState {
        case .possible, .began, .changed: true
        case .ended, .cancelled, .failed: false
        }
    }

    // MARK: What a subclass overrides

    open func touchesBegan(_ touches: Touches, with event: InputFrame) {}
    open func touchesMoved(_ touches: Touches, with event: InputFrame) {}
    open func touchesEnded(_ touches: Touches, with event: InputFrame) {}
    /// The touches were cancelled (by the device, or handed back to the application at the
    /// touch timeout): a continuous gesture cancels, a possible one fails.
    open func touchesCancelled(_ touches: Touches, with event: InputFrame) {
        if currentState.isActive {
            cancel("touches cancelled")
        } else if currentState == .possible {
            fail("touches cancelled")
        }
    }

    /// A touchpad swipe or pinch began (`event.touchpadKind`, `event.metrics.fingers`).
    open func touchpadBegan(with event: InputFrame) { fail("does not take touchpad gestures") }
    open func touchpadChanged(with event: InputFrame) {}
    /// The touchpad gesture ended; `event.cancelled` when the finger count changed.
    open func touchpadEnded(with event: InputFrame) {}

    /// `deadline` has come; `event.time` is the deadline.
    open func deadlineReached(with event: InputFrame) {}

    /// Clears what was kept for the last sequence; the engine has already set `possible`.
    open func reset() {}

    /// The values of this gesture, for outputs at its transitions.
    open func report(into values: inout GestureValues, event: InputFrame) {
        values.fingers = event.metrics.maxFingers
    }
}
