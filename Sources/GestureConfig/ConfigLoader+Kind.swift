import GestureCore
import GestureStrokes

extension ConfigLoader {
    /// What a gesture of `type` takes, read through the declarations, with the checks that
    /// span keys. Keys are read in one order for every type (fingers, counts, sizes, times,
    /// then which way), so that the problems of one gesture are reported in that order.
    func readKind(_ type: GestureBinding.GestureType, _ r: KeyReader) -> GestureBinding.Kind {
        typealias S = ConfigSchema
        switch type {
        case .tap:
            return .tap(
                .init(
                    fingers: r.value(S.fingers, for: type), taps: r.value(S.taps, for: type),
                    movement: r.value(S.movement, for: type),
                    duration: r.value(S.duration, for: type),
                    interval: r.value(S.interval, for: type)))
        case .swipe:
            let fingers = r.value(S.fingers, for: type)
            let distance = r.value(S.distance, for: type)
            let speed = r.value(S.speed, for: type)
            let duration = r.value(S.duration, for: type)
            return .swipe(
                .init(
                    fingers: fingers, direction: r.value(S.swipeDirection, for: type),
                    distance: distance, speed: speed, duration: duration))
        case .pan:
            let fingers = fingerCount(type, r)
            let distance = r.value(S.distance, for: type)
            return .pan(
                .init(fingers: fingers, direction: r.read(S.panDirection), distance: distance))
        case .pinch:
            let fingers = fingerCount(type, r)
            let threshold = r.value(S.pinchThreshold, for: type)
            return .pinch(
                .init(fingers: fingers, direction: r.read(S.pinchDirection), threshold: threshold))
        case .rotate:
            let fingers = fingerCount(type, r)
            let threshold = r.value(S.rotateThreshold, for: type)
            return .rotate(
                .init(fingers: fingers, direction: r.read(S.rotateDirection), threshold: threshold))
        case .edge:
            let fingers = r.value(S.fingers, for: type)
            let margin = r.value(S.margin, for: type)
            let distance = r.value(S.distance, for: type)
            return .edge(
                .init(
                    edge: r.value(S.edge, for: type), fingers: fingers, margin: margin,
                    distance: distance))
        case .press:
            let fingers = r.value(S.fingers, for: type)
            let taps = r.value(S.pressTaps, for: type)
            let movement = r.value(S.movement, for: type)
            let duration = r.value(S.duration, for: type)
            return .press(
                .init(
                    fingers: fingers, taps: taps, duration: duration, movement: movement,
                    interval: r.value(S.interval, for: type)))
        case .stroke:
            let fingers = r.value(S.fingers, for: type)
            let button = r.value(S.button, for: type)
            let target = strokeTarget(r)
            if fingers != 1 {
                r.fail(
                    "fingers", "a stroke is drawn with one finger (or the pointer), not \(fingers)")
            }
            return .stroke(.init(target: target, button: button))
        }
    }

    /// `fingers`, or `min-fingers` and `max-fingers`, of a pan, pinch or rotation.
    private func fingerCount(_ type: GestureBinding.GestureType, _ r: KeyReader)
        -> GestureBinding.FingerCount
    {
        typealias S = ConfigSchema
        let exactly = r.read(S.fingerCount)
        let lo = r.read(S.minFingers)
        let hi = r.read(S.maxFingers)
        if let lo, let hi, lo > hi {
            r.fail("min-fingers", "min-fingers \(lo) is more than max-fingers \(hi)")
        }
        if exactly != nil && (lo != nil || hi != nil) {
            r.fail("fingers", "give either fingers or min-fingers/max-fingers, not both")
        }
        if type == .pinch || type == .rotate, let f = exactly ?? lo, f < 2 {
            r.fail(
                exactly != nil ? "fingers" : "min-fingers",
                "a \(type.rawValue) takes 2 or more fingers, not \(f)")
        }
        if let exactly { return .exactly(exactly) }
        return .between(min: lo, max: hi)
    }

    /// A stroke names one shape it knows or one direction sequence it can parse.
    private func strokeTarget(_ r: KeyReader) -> GestureBinding.Stroke.Target {
        typealias S = ConfigSchema
        let known = { Set(self.templates.map(\.name)).sorted() }
        switch (r.table[S.shape.name] != nil, r.table[S.directions.name] != nil) {
        case (false, false):
            r.fail(
                nil,
                "a stroke needs a shape (one of \(known().joined(separator: ", "))) or directions (such as \"DR\")"
            )
        case (true, true):
            _ = r.read(S.shape)
            r.fail("directions", "give either shape or directions, not both")
        case (true, false):
            if let shape = r.read(S.shape) {
                if known().contains(shape) { return .shape(shape) }
                r.fail(
                    "shape", r.notOneOf("shape", shape, known(), aliases: BuiltinTemplates.aliases))
            }
        case (false, true):
            if let sequence = r.read(S.directions) { return .directions(sequence) }
        }
        return .shape("")
    }
}
