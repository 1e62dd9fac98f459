import GestureActions
import GestureCore
import GestureStrokes

/// Every config key, declared once: the loader reads through these declarations, and the key
/// tables of docs/config.md are rendered from them (`ConfigSchema.markdown`, checked by a test).
/// The defaults of the gestures' parameters are the recognizers' own (`TapRecognizer.defaultDuration`).
enum ConfigSchema {
    typealias GestureType = GestureBinding.GestureType

    // MARK: [settings]

    static let touchTimeout = ConfigKey<Double>(
        "touch-timeout", .settings, .number(1...60_000, "ms"), .value(300),
        doc:
            "how long a grabbed touch, press or touchpad gesture may stay undecided before the application gets it; unless set, each source's grows to outlast the longest press or multi-tap bound on it (see [Settings](#settings))"
    )
    static let arrivalWindow = ConfigKey<Double>(
        "arrival-window", .settings, .number(0...10_000, "ms"), .value(60),
        doc:
            "how long the first finger of a multi-finger gesture waits for the others; shorter than `touch-timeout`"
    )
    static let touchscreenMode = ConfigKey<InputMode>(
        "touchscreen-mode", .settings, .cases, .value(.grab),
        doc:
            "`grab`: gestured sees touches first and hands back what no binding keeps; `observe`: nothing is grabbed, applications get every touch at once and a bound gesture reaches them too (see [Observe mode](#observe-mode))"
    )
    static let pointerMode = ConfigKey<InputMode>(
        "pointer-mode", .settings, .cases, .value(.grab),
        doc:
            "the same for the stroke buttons: `observe` leaves every press and its motion to the applications (a stroke also reaches them)"
    )
    static let templates = ConfigKey<[String]>(
        "templates", .settings, .list(of: "file names"), .value([]),
        doc: "stroke template files written by `gestured learn`, relative to the config file")
    static let overlay = ConfigKey<Bool>(
        "overlay", .settings, .bool, .value(false),
        doc: "shows the debug overlay, as `gestured run --overlay` does")
    static let touchpadCommitDistance = ConfigKey<Double>(
        "touchpad-commit-distance", .settings, .number(1...100_000, "px"),
        .value(Progress.defaultTouchpadDistance),
        doc:
            "how far a touchpad pan or swipe moves along its direction to reach progress 1 (see [Progress](#progress))"
    )
    static let touchscreenCommitDistance = ConfigKey<Double>(
        "touchscreen-commit-distance", .settings, .number(1...100_000, "px"),
        .value(Progress.defaultScreenDistance),
        doc: "the same on a touchscreen (pan, swipe, edge)")
    static let commitScale = ConfigKey<Double>(
        "commit-scale", .settings, .number(1.01...100, "scale"), .value(Progress.defaultScale),
        doc:
            "the scale at which a spreading pinch reaches progress 1; a closing one reaches it at the inverse"
    )
    /// Written in degrees, read as the radians the recognizer takes.
    static let commitAngle = ConfigKey<Double>(
        "commit-angle", .settings,
        Domain.number(1...3600, "degrees").map(
            Angle.radians(degrees:), back: { (Angle.degrees(radians: $0) * 1e9).rounded() / 1e9 }),
        .value(Progress.defaultAngle),
        doc: "how far a rotation turns to reach progress 1")
    static let toucheggStream = ConfigKey<Bool>(
        "touchegg-stream", .settings, .bool, .value(false),
        doc: "serves touchegg's gesture stream to desktop shells (see [desktop.md](desktop.md))")
    static let gesturedStream = ConfigKey<Bool>(
        "gestured-stream", .settings, .bool, .value(false),
        doc:
            "serves every recognized gesture on D-Bus at `$XDG_RUNTIME_DIR/gestured/stream` (see [desktop.md](desktop.md#gestureds-own-stream))"
    )
    static let feedbackEverywhere = ConfigKey<Bool>(
        "feedback", .settings, .bool, .value(false),
        doc:
            "gives every swipe, pan, edge, pinch and rotation that fires `on = \"end\"` (and every drag) feedback, as `feedback = true` on each does"
    )

    // MARK: [[gesture]], every type

    static let name = ConfigKey<String>(
        "name", .everyGesture, .string, .none(meaning: "`<type>-<position>`, e.g. `swipe-1`"),
        doc:
            "unique; used in logs, replay output, relations and gestured's stream (so no Unicode noncharacter such as `\\uFFFF`)"
    )
    static let type = ConfigKey<GestureType>(
        "type", .everyGesture, .cases, .required(needs: "has no type", standIn: .tap),
        doc: "the gesture; each type's parameters are in [gestures.md](gestures.md)")
    static let source = ConfigKey<SourceChoice>(
        "source", .everyGesture,
        .choice([("any", .any)] + InputSource.allCases.map { ($0.rawValue, .only($0)) }),
        .value(.any),
        doc: "the input it listens to; `any` is every source the type supports")
    static let fingers = ConfigKey<Int>(
        "fingers", .gesture([.tap, .swipe, .edge, .press, .stroke]), .integer(1...10),
        .byType([.tap: 1, .swipe: 3, .edge: 1, .press: 1, .stroke: 1]),
        doc: "how many fingers (a stroke: one)")
    static let fingerCount = ConfigKey<Int>(
        "fingers", .gesture([.pinch, .rotate, .pan]), .integer(1...10),
        .none(meaning: "`min-fingers` to `max-fingers`"),
        doc: "exactly this many fingers; or give `min-fingers` and `max-fingers`")
    static let app = ConfigKey<String>(
        "app", .everyGesture, .glob, .none(meaning: "every window"),
        doc:
            "glob on the WM_CLASS instance or class of the window under the gesture (under the pointer for touchpad gestures)"
    )
    static let device = ConfigKey<String>(
        "device", .everyGesture, .glob, .none(meaning: "every device"),
        doc: "glob on the input device's name, as `gestured devices` lists them")
    static let simultaneousWith = ConfigKey<[String]>(
        "simultaneous-with", .everyGesture, .list(of: "gesture names"), .value([]),
        doc: "gestures that may be recognized together with this one")
    static let requireFailureOf = ConfigKey<[String]>(
        "require-failure-of", .everyGesture, .list(of: "gesture names"), .value([]),
        doc: "gestures that must fail before this one is recognized (one-way; a cycle is an error)")
    static let on = ConfigKey<GestureBinding.Phase>(
        "on", .everyGesture, .cases, .value(.end),
        doc:
            "when the actions fire; discrete gestures (tap, swipe) only end; with `repeat`, `update`"
    )
    static let action = ConfigKey<[Action]>(
        "action", .everyGesture, .actions, .required(needs: "has no action", standIn: []),
        doc: "what to do, run in order")

    static let enabled = ConfigKey<Bool>(
        "enabled", .everyGesture, .bool, .value(true),
        doc:
            "`false` keeps the binding in the file but turns it off, as the settings window's switch does"
    )

    // MARK: [[gesture]], some types

    static let taps = ConfigKey<Int>(
        "taps", .gesture([.tap]), .integer(1...5), .value(1),
        doc: "taps in a row")
    static let pressTaps = ConfigKey<Int>(
        "taps", .gesture([.press]), .integer(0...4), .value(0),
        doc: "quick taps before the press")
    static let pinchThreshold = ConfigKey<Double>(
        "threshold", .gesture([.pinch]), .number(0.01...0.9, "fraction of the scale"),
        .value(PinchRecognizer.defaultThreshold),
        doc: "how far the scale leaves 1 before it begins")
    /// Written in degrees, read as the radians the recognizer takes.
    static let rotateThreshold = ConfigKey<Double>(
        "threshold", .gesture([.rotate]),
        Domain.number(1...180, "degrees").map(
            Angle.radians(degrees:), back: { (Angle.degrees(radians: $0) * 1e9).rounded() / 1e9 }),
        .value(RotateRecognizer.defaultThreshold),
        doc: "how far the fingers turn before it begins")
    static let margin = ConfigKey<Double>(
        "margin", .gesture([.edge]), .number(1...500, "px"), .value(EdgeRecognizer.defaultMargin),
        doc: "how near the edge of its monitor the first touch lands")
    static let movement = ConfigKey<Double>(
        "movement", .gesture([.tap, .press]), .number(0...10_000, "px"),
        .byType([.tap: TapRecognizer.defaultMovement, .press: PressRecognizer.defaultMovement]),
        doc: "how far a finger may move")
    static let distance = ConfigKey<Double>(
        "distance", .gesture([.swipe, .pan, .edge]), .number(0...100_000, "px"),
        .byType([
            .swipe: SwipeRecognizer.defaultDistance, .pan: PanRecognizer.defaultBeginDistance,
            .edge: EdgeRecognizer.defaultDistance,
        ]),
        doc:
            "how far the fingers move before it is recognized (an edge gesture: away from the edge)"
    )
    static let speed = ConfigKey<Double>(
        "speed", .gesture([.swipe]), .number(0...100_000, "px/s"),
        .value(SwipeRecognizer.defaultSpeed),
        doc: "how fast it must move")
    static let duration = ConfigKey<Double>(
        "duration", .gesture([.tap, .swipe, .press]), .number(1...60_000, "ms"),
        .byType([
            .tap: TapRecognizer.defaultDuration, .swipe: SwipeRecognizer.defaultDuration,
            .press: PressRecognizer.defaultDuration,
        ]),
        doc:
            "a tap: the longest it stays down; a swipe: the longest it takes; a press: how long it is held"
    )
    static let interval = ConfigKey<Double>(
        "interval", .gesture([.tap, .press]), .number(1...60_000, "ms"),
        .byType([.tap: TapRecognizer.defaultInterval, .press: PressRecognizer.defaultTapInterval]),
        doc: "the most between one tap's lift and the next")
    static let minFingers = ConfigKey<Int>(
        "min-fingers", .gesture([.pinch, .rotate, .pan]), .integer(1...10),
        .byType([.pinch: 2, .rotate: 2, .pan: 1]),
        doc:
            "the fewest fingers (on a touchpad 3 when no count is written: two-finger pinches stay the applications' zoom; at least 2 for pinch and rotate, 3 for a pan)"
    )
    static let maxFingers = ConfigKey<Int>(
        "max-fingers", .gesture([.pinch, .rotate, .pan]), .integer(1...10),
        .byType([.pinch: 5, .rotate: 5, .pan: 10]),
        doc: "the most fingers")
    static let button = ConfigKey<Int>(
        "button", .gesture([.stroke]), .integer(1...32), .value(StrokeRecognizer.defaultButton),
        doc: "the pointer button that draws it")
    static let swipeDirection = ConfigKey<Direction>(
        "direction", .gesture([.swipe]), .among(Direction.onScreen),
        .required(needs: "a swipe needs a direction", standIn: .right),
        doc: "which way")
    static let panDirection = ConfigKey<Direction>(
        "direction", .gesture([.pan]), .among(Direction.onScreen), .none(meaning: "any way"),
        doc: "which way, within 45 degrees")
    static let pinchDirection = ConfigKey<Direction>(
        "direction", .gesture([.pinch]), .among(Direction.pinching), .none(meaning: "either"),
        doc: "the fingers close (`in`) or spread (`out`)")
    static let rotateDirection = ConfigKey<Direction>(
        "direction", .gesture([.rotate]), .among(Direction.turning), .none(meaning: "either"),
        doc: "clockwise or counter-clockwise")
    static let edge = ConfigKey<EdgeRecognizer.Edge>(
        "edge", .gesture([.edge]), .cases,
        .required(needs: "an edge gesture needs an edge", standIn: .left),
        doc: "the edge of the monitor it comes in from")
    static let shape = ConfigKey<String>(
        "shape", .gesture([.stroke]), .string, .none(meaning: "give `shape` or `directions`"),
        doc: "a template's name: a built-in one or one of `templates`")
    static let directions = ConfigKey<DirectionSequence>(
        "directions", .gesture([.stroke]), .directionSequence,
        .none(meaning: "give `shape` or `directions`"),
        doc: "moves in order: `U` `D` `L` `R` and the keypad diagonals `7` `9` `1` `3`")
    static let panRepeat = ConfigKey<Double>(
        "repeat", .gesture([.pan, .edge]), .number(1...100_000, "px", inMessages: "pixels"),
        .none(meaning: "no steps"),
        doc: "fire the actions each time the progress passes another step of this size")
    static let pinchRepeat = ConfigKey<Double>(
        "repeat", .gesture([.pinch]),
        .number(0.01...100, "fraction of the scale", inMessages: "(a fraction of the scale)"),
        .none(meaning: "no steps"),
        doc: "as for pan")
    static let rotateRepeat = ConfigKey<Double>(
        "repeat", .gesture([.rotate]), .number(1...3600, "degrees", inMessages: "degrees"),
        .none(meaning: "no steps"),
        doc: "as for pan")
    static let feedback = ConfigKey<Bool>(
        "feedback", .gesture([.swipe, .pan, .edge, .pinch, .rotate]), .bool,
        .none(meaning: "as `feedback` in [settings]"),
        doc:
            "draws what the action will do as the fingers go, and performs it only when they lift past the commit point (see [Feedback](#feedback))"
    )
    static let reverse = ConfigKey<[Action]>(
        "reverse", .gesture([.pan, .edge, .pinch, .rotate]), .actions, .none(meaning: "none"),
        doc: "what to do when the progress goes back a step; needs `repeat`")

    /// Every declaration, in the order the docs list them.
    static let all: [any AnyConfigKey] = [
        touchTimeout, arrivalWindow, touchscreenMode, pointerMode, templates, overlay,
        touchpadCommitDistance, touchscreenCommitDistance, commitScale, commitAngle, toucheggStream,
        gesturedStream,
        feedbackEverywhere,
        name, type, source, fingers, fingerCount, app, device, simultaneousWith, requireFailureOf,
        on, action, enabled,
        taps, pressTaps, movement, duration, interval, swipeDirection, panDirection, pinchDirection,
        rotateDirection,
        distance, speed, minFingers, maxFingers, pinchThreshold, rotateThreshold, edge, margin,
        button, shape, directions, panRepeat, pinchRepeat, rotateRepeat, reverse, feedback,
    ]

    /// The `step` key of a continuous type.
    static func repeatKey(for type: GestureType) -> ConfigKey<Double>? {
        switch type {
        case .pan, .edge: return panRepeat
        case .pinch: return pinchRepeat
        case .rotate: return rotateRepeat
        case .tap, .swipe, .press, .stroke: return nil
        }
    }

    static let settingsNames = all.filter { $0.scope == .settings }.map(\.name)

    /// The names a gesture of any type takes in declaration order, then the others sorted:
    /// what an unknown key is compared with.
    static let gestureNames: [String] = {
        var every: [String] = []
        var some: Set<String> = []
        for name in uniqued(all.filter { $0.scope != .settings }.map(\.name)) {
            if types(taking: name).count == GestureType.allCases.count {
                every.append(name)
            } else {
                some.insert(name)
            }
        }
        return every + some.sorted()
    }()

    /// The types that take a `[[gesture]]` key, in the order of `GestureType.allCases`.
    static func types(taking name: String) -> [GestureType] { typesTaking[name] ?? [] }

    /// Worked out once: the loader asks for every key of every gesture.
    private static let typesTaking: [String: [GestureType]] = {
        var taking: [String: Set<GestureType>] = [:]
        for key in all { taking[key.name, default: []].formUnion(key.scope.types) }
        return taking.mapValues { types in GestureType.allCases.filter(types.contains) }
    }()

    private static func uniqued(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

/// `source`, as written: every source the type supports, or one.
enum SourceChoice: Equatable, Sendable {
    case any
    case only(InputSource)
}

/// A declaration without its value type: what the unknown-key check and the docs read.
protocol AnyConfigKey: Sendable {
    var name: String { get }
    var scope: KeyScope { get }
    var doc: String { get }
    /// The declared defaults that are not values the key takes; empty when all are.
    func defaultProblems() -> [String]
    /// The values it takes, as the docs say them.
    var valuesText: String { get }
    /// What its absence means, as the docs say it; by type when it differs.
    var absentText: String { get }
    /// The value its absence stands for in a gesture of `type` (or in `[settings]`), as the
    /// docs write a value; nil when absence means none.
    func defaultText(for type: GestureBinding.GestureType?) -> String?
}

extension ConfigKey: AnyConfigKey {
    var valuesText: String { domain.text }

    func defaultText(for type: GestureBinding.GestureType?) -> String? {
        switch absent {
        case .value(let v): return domain.show(v)
        case .byType(let values): return type.flatMap { values[$0] }.map(domain.show)
        case .none, .required: return nil
        }
    }

    var absentText: String {
        switch absent {
        case .value(let v): return domain.show(v)
        case .byType(let values):
            let types = scope.types
            let shown = types.map { domain.show(values[$0]!) }
            if Set(shown).count == 1 { return shown[0] }
            return zip(types, shown).map { "\($0.rawValue) \($1)" }.joined(separator: ", ")
        case .none(let meaning): return meaning
        case .required: return "required"
        }
    }
}

extension Domain where Value == DirectionSequence {
    /// A stroke's moves (`DR`), parsed as the recognizer takes them.
    static let directionSequence = Domain(
        text: "string", choices: nil, show: { "`\($0)`" }, form: .directions
    ) { r, key in
        guard let text = r.string(key) else { return nil }
        do throws(DirectionParseError) {
            return try DirectionSequence(parsing: text)
        } catch {
            r.fail(key, "\(key) \"\(text)\": \(error.description)")
            return nil
        }
    }
}
