import GestureActions
import GestureCore
import GestureStrokes

/// A loaded, validated config: settings and gesture bindings.
public struct Config: Sendable {
    public struct Settings: Equatable, Sendable {
        // The defaults are the declarations' (`ConfigSchema`).
        /// Milliseconds a touch may stay undecided. Unless set, each source's grows to outlast
        /// the longest press or multi-tap bound on it (`sourceTimeouts`), so that it can be
        /// recognized before its touch is handed back.
        public var touchTimeout = ConfigSchema.touchTimeout.defaultValue
        /// The sources whose touch timeout grew past `touchTimeout` for their own bindings.
        public var sourceTimeouts: [InputSource: Double] = [:]
        /// How touchscreen gestures are read: grabbed (the gesture layer sees touches first and
        /// keeps or hands them back) or observed (the applications get every touch at once).
        public var touchscreenMode = ConfigSchema.touchscreenMode.defaultValue
        /// The same for the pointer's stroke buttons.
        public var pointerMode = ConfigSchema.pointerMode.defaultValue
        /// Milliseconds the first finger of a multi-finger gesture waits for the others.
        public var arrivalWindow = ConfigSchema.arrivalWindow.defaultValue
        /// Template files, as written in the config (relative to its folder).
        public var templateFiles = ConfigSchema.templates.defaultValue
        /// Shows the debug overlay (as `gestured run --overlay` does).
        public var overlay = ConfigSchema.overlay.defaultValue
        /// How far a gesture goes to reach progress 1 (`Progress`): touchpad pixels, screen
        /// pixels, a scale, radians.
        public var touchpadCommitDistance = ConfigSchema.touchpadCommitDistance.defaultValue
        public var touchscreenCommitDistance = ConfigSchema.touchscreenCommitDistance.defaultValue
        public var commitScale = ConfigSchema.commitScale.defaultValue
        public var commitAngle = ConfigSchema.commitAngle.defaultValue
        /// Serves touchegg's gesture stream, and streams the gestures no binding performs.
        public var toucheggStream = ConfigSchema.toucheggStream.defaultValue
        /// Serves every recognized gesture on gestured's own stream.
        public var gesturedStream = ConfigSchema.gesturedStream.defaultValue
        /// Gives feedback to every binding that can have it (`GestureBinding.feedbackProblem` is nil).
        public var feedback = ConfigSchema.feedbackEverywhere.defaultValue
        public init() {}

        /// Milliseconds a touch, press or touchpad gesture of `source` may stay undecided.
        public func touchTimeout(for source: InputSource) -> Double {
            sourceTimeouts[source] ?? touchTimeout
        }

        /// Whether `source` is observed rather than grabbed.
        public func observes(_ source: InputSource) -> Bool {
            switch source {
            case .touchscreen: touchscreenMode == .observe
            case .pointer: pointerMode == .observe
            case .touchpad: false
            }
        }

        /// The commit distance of a pan, swipe or edge gesture on `source`.
        public func commitDistance(for source: InputSource) -> Double {
            source == .touchpad ? touchpadCommitDistance : touchscreenCommitDistance
        }
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

/// How gestured reads a source's input.
public enum InputMode: String, CaseIterable, Sendable {
    /// Grabbed: gestured sees the input first, keeps what a binding recognizes and hands the
    /// rest back to the applications (which wait for that decision).
    case grab
    /// Observed from the raw events every client may read: nothing is grabbed, applications
    /// get all of it at once and unchanged, and a bound gesture reaches them too.
    case observe
}
