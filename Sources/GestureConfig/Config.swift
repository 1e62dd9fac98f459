import GestureCore
import GestureActions

/// A loaded, validated config: settings and gesture bindings.
public struct Config: Sendable {
    public struct Settings: Equatable, Sendable {
        /// Milliseconds a touch may stay undecided. Unless set, it grows to outlast the longest
        /// press or multi-tap bound, so that it can be recognized before its touch is handed back.
        public var touchTimeout = 300.0
        /// Milliseconds the first finger of a multi-finger gesture waits for the others.
        public var arrivalWindow = 60.0
        /// Template files, as written in the config (relative to its folder).
        public var templateFiles: [String] = []
        /// Shows the debug overlay (as `gestured run --overlay` does).
        public var overlay = false
        public init() {}
    }

    /// Every stroke template known: the built-in ones and those of the template files.
    public var templates: [StrokeTemplate] = BuiltinTemplates.all

    public var file: String
    public var settings = Settings()
    public var gestures: [GestureBinding] = []
    /// Whether the file has the `gesture` key at all, even as `gesture = []`: a file without it
    /// may be empty or half written, while `gesture = []` means no gestures on purpose.
    public var declaresGestures = false

    public init(file: String) { self.file = file }
}

/// One `[[gesture]]`: what to recognize, and what to do when it fires.
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

        /// Fewest fingers a touchpad reports this gesture with: two-finger motion is scrolling.
        public var touchpadMinimumFingers: Int { self == .pinch || self == .rotate ? 2 : 3 }

        /// The types this version recognizes.
        public static let available: [GestureType] = [.tap, .swipe, .pinch, .rotate, .pan, .edge, .press, .stroke]

        /// The sizes `repeat` takes: a step of at least a pixel, a hundredth of the scale or a
        /// degree, so that one movement cannot fire thousands of actions.
        public var repeatRange: ClosedRange<Double> {
            switch self {
            case .pinch: return 0.01...100
            case .rotate: return 1...3600
            case .tap, .swipe, .pan, .edge, .press, .stroke: return 1...100_000
            }
        }

        /// What a `repeat` step is measured in, for messages.
        public var repeatUnit: String {
            switch self {
            case .pinch: return "(a fraction of the scale)"
            case .rotate: return "degrees"
            case .tap, .swipe, .pan, .edge, .press, .stroke: return "pixels"
            }
        }

        /// The values `direction` takes for this type; empty when it takes none.
        public var directions: [String] {
            switch self {
            case .swipe, .pan: return Direction.allCases.map(\.rawValue)
            case .pinch: return PinchRecognizer.Way.allCases.map(\.rawValue)
            case .rotate: return RotateRecognizer.Way.allCases.map(\.rawValue)
            case .tap, .edge, .press, .stroke: return []
            }
        }

        /// `direction` as this type reads it; nil when it is not one of `directions`.
        public func direction(_ text: String) -> GestureDirection? {
            switch self {
            case .swipe, .pan: return Direction(rawValue: text).map(GestureDirection.heading)
            case .pinch: return PinchRecognizer.Way(rawValue: text).map(GestureDirection.pinch)
            case .rotate: return RotateRecognizer.Way(rawValue: text).map(GestureDirection.rotate)
            case .tap, .edge, .press, .stroke: return nil
            }
        }
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

    public var name: String
    public var type: GestureType
    /// The sources it listens to (`any` expanded to those the type supports).
    public var sources: [InputSource]
    public var fingers: Int?
    /// Which way, read once by the loader as the type takes it.
    public var direction: GestureDirection?
    public var edge: EdgeRecognizer.Edge?
    public var taps: Int?
    /// Pinch: fraction of scale; rotate: degrees.
    public var threshold: Double?
    public var margin: Double?
    /// Pixels: tap movement allowance; pan and swipe begin distance.
    public var movement: Double?
    public var distance: Double?
    /// Pixels per second.
    public var speed: Double?
    /// Milliseconds.
    public var duration: Double?
    public var interval: Double?
    public var minFingers: Int?
    public var maxFingers: Int?
    public var button: Int?
    /// A stroke's template name.
    public var shape: String?
    /// A stroke's direction sequence (`DR`).
    public var directions: String?
    public var app: String?
    public var device: String?
    public var simultaneousWith: [String] = []
    public var requireFailureOf: [String] = []
    public var on: Phase = .end
    public var actions: [Action] = []
    /// Continuous steps: the actions fire each time the progress passes another step of this
    /// size (pixels for pan and edge, scale for pinch, degrees for rotate)...
    public var repeatStep: Double?
    /// ...and these when it goes back one.
    public var reverse: [Action] = []

    /// Lets the gesture go to the application instead of acting.
    public var passes: Bool { actions == [.pass] }

    /// The gesture itself, without its rules and actions: bindings that differ only in `app`
    /// and `device` are one gesture, and the most specific matching rule wins.
    var signature: String {
        func text(_ n: Int?) -> String { n.map(String.init) ?? "" }
        var parts: [String] = [type.rawValue, sources.map(\.rawValue).joined(separator: "+")]
        parts += [text(fingers), text(minFingers), text(maxFingers), text(taps), text(button)]
        parts += [direction?.text ?? "", edge?.rawValue ?? "", shape ?? "", directions ?? ""]
        return parts.joined(separator: "|")
    }
    /// Where its `[[gesture]]` header is, for messages.
    public var line: Int?
    /// Its position among the `[[gesture]]` tables (`gesture[N]` in messages), counting those
    /// that are not valid.
    public var index: Int?

    /// Milliseconds from a press's first touch until it begins, at the most.
    static func pressSpan(_ g: GestureBinding) -> Double {
        let interval = g.interval ?? PressRecognizer.defaultTapInterval
        return Double(g.taps ?? 0) * 2 * interval + (g.duration ?? PressRecognizer.defaultDuration)
    }

    /// Milliseconds a gesture may hold its first touch before it is recognized, when that can
    /// outlast a touch timeout: a press until it begins, a multi-tap until its last lift. A
    /// touch handed back before then could never be part of it.
    static func holdSpan(_ g: GestureBinding) -> (what: String, key: String, span: Double)? {
        switch g.type {
        case .press:
            return ("the press", "duration", pressSpan(g))
        case .tap where (g.taps ?? 1) > 1:
            let taps = Double(g.taps ?? 1)
            let span = taps * (g.duration ?? TapRecognizer.defaultDuration) + (taps - 1) * (g.interval ?? TapRecognizer.defaultInterval)
            return ("the \(g.taps ?? 1)-tap", "taps", span)
        default:
            return nil
        }
    }

    public init(name: String, type: GestureType, sources: [InputSource]) {
        self.name = name
        self.type = type
        self.sources = sources
    }
}

/// A binding's `direction`, typed by its gesture: a heading for swipes and pans, in or out for
/// pinches, a turn for rotations.
public enum GestureDirection: Equatable, Sendable {
    case heading(Direction)
    case pinch(PinchRecognizer.Way)
    case rotate(RotateRecognizer.Way)

    /// As the config writes it.
    public var text: String {
        switch self {
        case .heading(let d): return d.rawValue
        case .pinch(let w): return w.rawValue
        case .rotate(let w): return w.rawValue
        }
    }

    public var heading: Direction? { if case .heading(let d) = self { d } else { nil } }
    public var pinchWay: PinchRecognizer.Way? { if case .pinch(let w) = self { w } else { nil } }
    public var rotateWay: RotateRecognizer.Way? { if case .rotate(let w) = self { w } else { nil } }
}
