import GestureActions
import GestureCore

extension Config {
    /// The fewest and most fingers of what the touchegg stream sends unbound: two-finger
    /// swipes and pinches are an application's scrolling and zooming, which gestured would
    /// otherwise take from it.
    public static let streamedFingers = 3...5

    /// The gestures the config runs: its own and, with `touchegg-stream`, what the stream adds
    /// (`streamed(besides:)`).
    public var running: [GestureBinding] {
        settings.toucheggStream ? gestures + Config.streamed(besides: gestures) : gestures
    }

    /// What `touchegg-stream = true` adds to the bindings: touchpad and touchscreen swipes
    /// (pans, so that they stream as they go) and pinches of `streamedFingers`, and touchscreen
    /// taps of as many, each with the action `stream`. Each requires every one of `bindings` to
    /// fail first: a gesture a binding performs is never streamed too. (A touchscreen pinch
    /// compares the fingers' span only once each has moved, so a swipe's fingers catching up
    /// with the first one's move are not a pinch: `PinchRecognizer`.)
    static func streamed(besides bindings: [GestureBinding]) -> [GestureBinding] {
        let fingers = GestureBinding.FingerCount.between(
            min: streamedFingers.lowerBound, max: streamedFingers.upperBound)
        var added = [
            GestureBinding(
                name: "touchegg-swipe",
                kind: .pan(
                    .init(
                        fingers: fingers, direction: nil,
                        distance: PanRecognizer.defaultBeginDistance)),
                sources: [.touchpad, .touchscreen]),
            GestureBinding(
                name: "touchegg-pinch",
                kind: .pinch(
                    .init(
                        fingers: fingers, direction: nil,
                        threshold: PinchRecognizer.defaultThreshold)),
                sources: [.touchpad, .touchscreen]),
        ]
        for n in streamedFingers {
            added.append(
                GestureBinding(
                    name: "touchegg-tap-\(n)",
                    kind: .tap(
                        .init(
                            fingers: n, taps: 1, movement: TapRecognizer.defaultMovement,
                            duration: TapRecognizer.defaultDuration,
                            interval: TapRecognizer.defaultInterval)),
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
