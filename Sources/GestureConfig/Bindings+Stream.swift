import GestureActions
import GestureCore

extension Bindings {
    /// The fewest and most fingers of what the touchegg stream sends unbound: two-finger
    /// swipes and pinches are an application's scrolling and zooming, which gestured would
    /// otherwise take from it.
    public static let streamedFingers = 3...5

    /// What `touchegg-stream = true` adds to the bindings: touchpad and touchscreen swipes
    /// (pans, so that they stream as they go) of `streamedFingers`, touchpad pinches of as
    /// many, and touchscreen taps of as many, each with the action `stream`. Each requires every
    /// one of `bindings` to fail first: a gesture a binding performs is never streamed too.
    ///
    /// Not touchscreen pinches: each finger's move comes on its own, so while the fingers of a
    /// fast swipe catch up with the first, their spread changes by a fifth, and a pinch racing
    /// the swipe would win it. A touchpad reports pinches and swipes apart.
    static func streamed(besides bindings: [GestureBinding]) -> [GestureBinding] {
        typealias S = ConfigSchema
        let fingers = GestureBinding.FingerCount.between(min: streamedFingers.lowerBound, max: streamedFingers.upperBound)
        var added = [
            GestureBinding(name: "touchegg-swipe",
                           kind: .pan(.init(fingers: fingers, direction: nil, distance: PanRecognizer.defaultBeginDistance)),
                           sources: [.touchpad, .touchscreen]),
            GestureBinding(name: "touchegg-pinch",
                           kind: .pinch(.init(fingers: fingers, way: nil, threshold: PinchRecognizer.defaultThreshold)),
                           sources: [.touchpad]),
        ]
        for n in streamedFingers {
            added.append(GestureBinding(name: "touchegg-tap-\(n)",
                                        kind: .tap(.init(fingers: n, taps: 1, movement: TapRecognizer.defaultMovement,
                                                         duration: TapRecognizer.defaultDuration, interval: TapRecognizer.defaultInterval)),
                                        sources: [.touchscreen]))
        }
        let names = bindings.map(\.name)
        return added.map { b in
            var b = b
            b.actions = [.stream]
            b.requireFailureOf = names
            return b
        }
    }
}
