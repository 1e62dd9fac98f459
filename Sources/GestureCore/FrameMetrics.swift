/// Values computed once per event for the whole arena, which recognizers only read: where the
/// fingers are, how far they have travelled, spread and turned since the sequence began, and
/// how fast. On a touchscreen they come from the touches; on a touchpad from the deltas,
/// absolute scale and angle deltas of XInput 2.4 gesture events: what the fingers travelled is
/// measured on the unaccelerated deltas (the same finger motion reads the same at every speed
/// and on every touchpad), and what the pointer would travel on the accelerated ones.
public struct FrameMetrics: Sendable {
    /// Fingers down now (touchpad: the gesture's finger count).
    public internal(set) var fingers = 0
    /// The most fingers down at once since the sequence began.
    public internal(set) var maxFingers = 0
    public internal(set) var centroid = Point.zero
    public internal(set) var startCentroid = Point.zero
    /// Distance moved by the centroid, counting only movement (not fingers landing or lifting);
    /// on a touchpad, the sum of the unaccelerated deltas. What recognizers decide on.
    public internal(set) var translation = Point.zero
    /// What the pointer would have travelled: on a touchpad the sum of the accelerated deltas,
    /// elsewhere `translation`. What follows the pointer (drag, window move) moves by it.
    public internal(set) var pointerTranslation = Point.zero

    /// `pointerTranslation` where it is not `translation` (a touchpad's acceleration made it
    /// otherwise); nil where the two are one.
    public var movedThePointerOtherwise: Point? {
        pointerTranslation == translation ? nil : pointerTranslation
    }
    /// Mean distance of the touches from their centroid.
    public internal(set) var span = 0.0
    /// Product of span ratios across moves, so that it stays continuous when fingers come or go.
    public internal(set) var scale = 1.0
    /// Accumulated mean turn of the touches around their centroid, radians, clockwise positive.
    public internal(set) var rotation = 0.0
    public internal(set) var velocity = Point.zero
    public internal(set) var scaleVelocity = 0.0
    public internal(set) var rotationVelocity = 0.0
    public internal(set) var startTime = 0.0

    /// Velocities are measured over this window.
    static let velocityWindow = 100.0
    private var history: VelocityHistory

    init() { history = VelocityHistory() }

    /// Fresh metrics over the ring of the last ones, emptied: a sequence allocates nothing.
    private init(emptied history: VelocityHistory) {
        self.history = history
        self.history.removeAll()
    }

    mutating func start(at time: Double) {
        self = FrameMetrics(emptied: history)
        startTime = time
    }

    /// Starts a touch sequence with its first touches.
    mutating func start(_ touches: Touches, at time: Double) {
        start(at: time)
        regroup(touches)
        startCentroid = centroid
        sample(at: time)
    }

    /// Recomputes position and spread after fingers landed or lifted, without counting it as
    /// motion.
    mutating func regroup(_ touches: Touches) {
        fingers = touches.count
        maxFingers = max(maxFingers, fingers)
        guard fingers > 0 else { return }
        centroid = touches.centroid
        span = FrameMetrics.span(of: touches, around: centroid, previous: false)
    }

    /// Accounts for touches that moved: the same set before and after.
    mutating func move(_ touches: Touches, at time: Double) {
        let n = Double(touches.count)
        guard n > 0 else { return }
        var before = Point.zero
        var after = Point.zero
        for t in touches {
            before += t.previousLocation
            after += t.location
        }
        before = before / n
        after = after / n
        translation += after - before
        pointerTranslation = translation
        centroid = after
        // One pass for both spans and the turn: each touch's offsets from the centroids before
        // and after are the terms of both, summed in the touches' order as ever.
        var spanBefore = 0.0
        var spanAfter = 0.0
        var turn = 0.0
        var counted = 0.0
        for t in touches {
            let a = t.previousLocation - before
            let b = t.location - after
            let lengthBefore = a.length
            let lengthAfter = b.length
            spanBefore += lengthBefore
            spanAfter += lengthAfter
            if lengthBefore > 1e-6 && lengthAfter > 1e-6 {
                turn += Angle.between(a, b)
                counted += 1
            }
        }
        spanBefore /= n
        spanAfter /= n
        if spanBefore > 1e-6 && spanAfter > 1e-6 { scale *= spanAfter / spanBefore }
        span = spanAfter
        if touches.count >= 2 && counted > 0 { rotation += turn / counted }
        sample(at: time)
    }

    /// A touchpad gesture began with `fingers` fingers.
    mutating func touchpadBegan(fingers: Int, at time: Double) {
        start(at: time)
        self.fingers = fingers
        maxFingers = fingers
        sample(at: time)
    }

    mutating func touchpadUpdate(
        delta: Point, physical: Point, scale: Double?, angle: Double?, at time: Double
    ) {
        translation += physical
        pointerTranslation += delta
        centroid = startCentroid + pointerTranslation
        if let scale { self.scale = scale }
        if let angle { rotation += Angle.radians(degrees: angle) }
        sample(at: time)
    }

    private mutating func sample(at time: Double) {
        history.append(
            VelocitySample(time: time, translation: translation, scale: scale, rotation: rotation))
        measure(at: time)
    }

    /// Velocities over the window before `time`: from the sample at its start to now.
    private mutating func measure(at time: Double) {
        guard let old = history.oldest(within: FrameMetrics.velocityWindow, of: time) else {
            velocity = .zero
            scaleVelocity = 0
            rotationVelocity = 0
            return
        }
        // Events that arrive in a burst can share a timestamp: count at least a millisecond,
        // so that a fast movement reads as fast rather than as still. A sample from before the
        // window (after a pause) is where the fingers were when the window opened.
        let seconds = max(min(time - old.time, FrameMetrics.velocityWindow), 1) / 1000
        velocity = (translation - old.translation) / seconds
        scaleVelocity = (scale - old.scale) / seconds
        rotationVelocity = (rotation - old.rotation) / seconds
    }

    private static func span(of touches: Touches, around c: Point, previous: Bool) -> Double {
        var sum = 0.0
        for t in touches { sum += ((previous ? t.previousLocation : t.location) - c).length }
        return touches.count == 0 ? 0 : sum / Double(touches.count)
    }
}

struct VelocitySample: Sendable {
    var time: Double
    var translation: Point
    var scale: Double
    var rotation: Double
}

/// The last few samples, in a fixed ring.
struct VelocityHistory: Sendable {
    private static let size = 8
    /// Each sample is kept twice, at its slot and `size` past it, so that the samples from the
    /// newest back lie in order below the newest's second copy: a walk back reads down the
    /// buffer with no wrap at its start.
    private var ring = [VelocitySample](
        repeating: VelocitySample(time: 0, translation: .zero, scale: 1, rotation: 0),
        count: 2 * size)
    private var count = 0
    /// Where the next sample goes.
    private var next = 0

    /// Empties the ring and keeps its storage.
    mutating func removeAll() {
        count = 0
        next = 0
    }

    mutating func append(_ s: VelocitySample) {
        let slot = next
        ring.withUnsafeMutableBufferPointer {
            $0[slot] = s
            $0[slot &+ VelocityHistory.size] = s
        }
        next = next == VelocityHistory.size - 1 ? 0 : next + 1
        count = min(count + 1, VelocityHistory.size)
    }

    /// The sample a velocity at `time` is measured from: the oldest no older than `window`
    /// before `time`. When only the newest is that recent (motion after a pause), the one before
    /// it: the fingers were there when the window opened, and a velocity spans two samples.
    /// Asked at every event: the ring is read through a buffer pointer, as its indices stay in
    /// it by construction.
    func oldest(within window: Double, of time: Double) -> VelocitySample? {
        guard count > 0 else { return nil }
        return ring.withUnsafeBufferPointer { ring in
            // The newest's second copy, and the oldest kept below it.
            let newest = (next == 0 ? VelocityHistory.size - 1 : next - 1) &+ VelocityHistory.size
            let oldest = newest &- (count &- 1)
            var best = newest
            var index = newest
            while index > oldest {
                index &-= 1
                if time - ring[index].time > window { break }
                best = index
            }
            if best == newest && newest > oldest { return ring[newest &- 1] }
            return ring[best]
        }
    }
}
