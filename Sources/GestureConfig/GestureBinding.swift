import GestureActions
import GestureCore
import GestureStrokes

/// One `[[gesture]]`: what to recognize, and what to do when it fires.
///
/// What a gesture of each type takes is its `kind`'s payload, filled in by the loader with the
/// declared defaults (`ConfigSchema`): a swipe always has a direction, a stroke a shape or a
/// direction sequence and never both, and a tap has no pinch threshold.
public struct GestureBinding: Equatable, Sendable {
    public enum GestureType: String, CaseIterable, Sendable {
        case tap, swipe, pinch, rotate, pan, edge, press, stroke

        /// The sources this type can take input from, in the order `any` expands to.
        public var sources: [InputSource] {
            switch self {
            case .tap, .press, .edge: return [.touchscreen]
            case .swipe, .pan, .pinch, .rotate: return [.touchscreen, .touchpad]
            case .stroke: return [.touchscreen, .pointer]
            }
        }

        public var isContinuous: Bool { self != .tap && self != .swipe }

        /// Whether its gesture reports a progress toward a commit point (`Progress`), which
        /// feedback draws and commits by.
        public var hasProgress: Bool { self != .tap && self != .press && self != .stroke }

        /// Fewest fingers a touchpad reports this gesture with: two-finger motion is scrolling.
        public var touchpadMinimumFingers: Int { self == .pinch || self == .rotate ? 2 : 3 }

        /// The types this version recognizes.
        public static let available: [GestureType] = [
            .tap, .swipe, .pinch, .rotate, .pan, .edge, .press, .stroke,
        ]
    }

    public enum Phase: String, CaseIterable, Sendable {
        case begin, update, end, cancel

        public var state: GestureState {
            switch self {
            case .begin: return .began
            case .update: return .changed
            case .end: return .ended
            case .cancel: return .cancelled
            }
        }
    }

    /// The gesture's type with what it takes. Distances and movements are in pixels, durations
    /// and intervals in milliseconds, speeds in pixels per second.
    public enum Kind: Equatable, Sendable {
        case tap(Tap)
        case swipe(Swipe)
        case pinch(Pinch)
        case rotate(Rotate)
        case pan(Pan)
        case edge(Edge)
        case press(Press)
        case stroke(Stroke)

        public var type: GestureType {
            switch self {
            case .tap: return .tap
            case .swipe: return .swipe
            case .pinch: return .pinch
            case .rotate: return .rotate
            case .pan: return .pan
            case .edge: return .edge
            case .press: return .press
            case .stroke: return .stroke
            }
        }
    }

    public struct Tap: Equatable, Sendable {
        public var fingers: Int
        public var taps: Int
        /// How far a finger may move and still tap.
        public var movement: Double
        /// How long a tap may stay down.
        public var duration: Double
        /// The most between one tap's lift and the next tap.
        public var interval: Double
    }

    public struct Swipe: Equatable, Sendable {
        public var fingers: Int
        public var direction: Direction
        public var distance: Double
        public var speed: Double
        /// The longest it may take.
        public var duration: Double
    }

    public struct Pan: Equatable, Sendable {
        public var fingers: FingerCount
        /// Nil: any way.
        public var direction: Direction?
        /// How far the fingers move before it begins.
        public var distance: Double
    }

    public struct Pinch: Equatable, Sendable {
        public var fingers: FingerCount
        /// `in` or `out`; nil: either.
        public var direction: Direction?
        /// How far the scale leaves 1 before it begins.
        public var threshold: Double
    }

    public struct Rotate: Equatable, Sendable {
        public var fingers: FingerCount
        /// `cw` or `ccw`; nil: either.
        public var direction: Direction?
        /// Radians turned before it begins (the config writes degrees).
        public var threshold: Double
    }

    public struct Edge: Equatable, Sendable {
        public var edge: EdgeRecognizer.Edge
        public var fingers: Int
        /// How near the edge the first touch lands.
        public var margin: Double
        /// How far from the edge it moves before it begins.
        public var distance: Double
    }

    public struct Press: Equatable, Sendable {
        public var fingers: Int
        /// Quick taps before the press.
        public var taps: Int
        /// How long the fingers stay down.
        public var duration: Double
        public var movement: Double
        /// The most between the taps before it.
        public var interval: Double
    }

    public struct Stroke: Equatable, Sendable {
        public enum Target: Equatable, Sendable {
            /// A template's name.
            case shape(String)
            /// A direction sequence (`DR`).
            case directions(DirectionSequence)
        }
        public var target: Target
        /// The pointer button that draws it.
        public var button: Int
    }

    /// `fingers`, or `min-fingers` and `max-fingers`, as written: a bound not written is the
    /// type's default for the source (`fingerRange`).
    public enum FingerCount: Equatable, Sendable {
        case exactly(Int)
        case between(min: Int?, max: Int?)

        public static let unspecified = FingerCount.between(min: nil, max: nil)
    }

    /// When the actions fire.
    public enum Fires: Equatable, Sendable {
        /// When the gesture reaches the phase (`on`).
        case on(Phase)
        /// Each time a continuous gesture's progress passes another step of `size` (`repeat`):
        /// the actions going forward, `reverse` going back. Pixels for pan and edge, scale for
        /// pinch, degrees for rotate.
        case everyStep(size: Double, reverse: [Action])
    }

    public var name: String
    public var kind: Kind
    /// The sources it listens to (`any` expanded to those the type supports).
    public var sources: [InputSource]
    public var app: String?
    public var device: String?
    public var simultaneousWith: [String] = []
    public var requireFailureOf: [String] = []
    public var fires: Fires = .on(.end)
    public var actions: [Action] = []
    /// Draws what the actions will do as the fingers go, and performs them only when the
    /// fingers lift past the commit point (progress 1): `feedback`, or `[settings] feedback`.
    public var feedback = false
    /// Where its `[[gesture]]` header is, for messages.
    public var line: Int?
    /// Its position among the `[[gesture]]` tables (`gesture[N]` in messages), counting those
    /// that are not valid.
    public var index: Int?

    public init(name: String, kind: Kind, sources: [InputSource]) {
        self.name = name
        self.kind = kind
        self.sources = sources
    }

    public var type: GestureType { kind.type }

    /// Follows the gesture from begin to end (`drag`, `pointer`) instead of firing once.
    public var follows: Bool { actions.contains { $0.follows } }

    /// Performs its actions only when the fingers lift past the commit point: a binding with
    /// feedback that does not follow the fingers (a drag with feedback shows its path).
    public var commitsAtLift: Bool { feedback && !follows }

    /// Why this binding cannot have feedback, as the message's end; nil when it can. Feedback
    /// is for a gesture with a progress that fires when it ends, or for a drag.
    public var feedbackProblem: String? {
        guard type.hasProgress else {
            return "needs a gesture with a progress, not a \(type.rawValue)"
        }
        if streams {
            return "does not apply to a streamed gesture: the desktop shell draws its own"
        }
        if passes { return "does not apply to a gesture handed to the application" }
        if follows {
            return actions.allSatisfy({ if case .drag = $0 { true } else { false } })
                ? nil
                : "follows only a drag (its path): \"\(actions.first?.text ?? "")\" moves the window itself"
        }
        if repeatStep != nil {
            return "commits once when the fingers lift: it cannot come with repeat"
        }
        if on != .end {
            return
                "commits when the fingers lift past the commit point: on must be \"end\", not \"\(on.rawValue)\""
        }
        return nil
    }

    /// Lets the gesture go to the application instead of acting.
    public var passes: Bool { actions == [.pass] }

    /// Sent to the touchegg stream as it goes, and performs nothing.
    public var streams: Bool { actions == [.stream] }

    /// The phase whose transition fires the actions: `update` for a repeating binding.
    public var on: Phase {
        switch fires {
        case .on(let phase): return phase
        case .everyStep: return .update
        }
    }

    /// The step size of a repeating binding.
    public var repeatStep: Double? {
        switch fires {
        case .on: return nil
        case .everyStep(let size, _): return size
        }
    }

    /// What a repeating binding fires when its progress goes back a step.
    public var reverse: [Action] {
        switch fires {
        case .on: return []
        case .everyStep(_, let reverse): return reverse
        }
    }

    /// Which way, as its type takes it; nil when it takes none or any.
    public var direction: Direction? {
        switch kind {
        case .swipe(let s): return s.direction
        case .pan(let p): return p.direction
        case .pinch(let p): return p.direction
        case .rotate(let r): return r.direction
        case .tap, .edge, .press, .stroke: return nil
        }
    }

    /// The edge an edge gesture comes from.
    public var edge: EdgeRecognizer.Edge? {
        if case .edge(let e) = kind { e.edge } else { nil }
    }

    /// The gesture itself, without its rules and actions: bindings that differ only in `app`
    /// and `device` are one gesture, and the most specific matching rule wins.
    public var signature: String {
        var parts: [String] = [type.rawValue, sources.map(\.rawValue).joined(separator: "+")]
        func fingers(_ count: FingerCount) -> String {
            switch count {
            case .exactly(let n): return "\(n)"
            case .between(let lo, let hi):
                return "\(lo.map(String.init) ?? "")-\(hi.map(String.init) ?? "")"
            }
        }
        switch kind {
        case .tap(let t): parts += ["\(t.fingers)", "\(t.taps)"]
        case .swipe(let s): parts += ["\(s.fingers)", s.direction.rawValue]
        case .pan(let p): parts += [fingers(p.fingers), p.direction?.rawValue ?? ""]
        case .pinch(let p): parts += [fingers(p.fingers), p.direction?.rawValue ?? ""]
        case .rotate(let r): parts += [fingers(r.fingers), r.direction?.rawValue ?? ""]
        case .edge(let e): parts += ["\(e.fingers)", e.edge.rawValue]
        case .press(let p): parts += ["\(p.fingers)", "\(p.taps)"]
        case .stroke(let s):
            switch s.target {
            case .shape(let name): parts += ["\(s.button)", "shape", name]
            case .directions(let sequence):
                parts += ["\(s.button)", "directions", sequence.description]
            }
        }
        return parts.joined(separator: "|")
    }

    /// Milliseconds from a press's first touch until it begins, at the most.
    static func pressSpan(_ p: Press) -> Double {
        Double(p.taps) * 2 * p.interval + p.duration
    }

    /// Milliseconds a gesture may hold its first touch before it is recognized, when that can
    /// outlast a touch timeout: a press until it begins, a multi-tap until its last lift. A
    /// touch handed back before then could never be part of it.
    static func holdSpan(_ g: GestureBinding) -> (what: String, key: String, span: Double)? {
        switch g.kind {
        case .press(let p):
            return ("the press", "duration", pressSpan(p))
        case .tap(let t) where t.taps > 1:
            let taps = Double(t.taps)
            return ("the \(t.taps)-tap", "taps", taps * t.duration + (taps - 1) * t.interval)
        default:
            return nil
        }
    }
}
