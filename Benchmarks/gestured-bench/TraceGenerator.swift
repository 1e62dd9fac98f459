import GestureCore
import TestSupport

/// A deterministic stream of everyday input for the default config: touchscreen swipes,
/// pinches, taps and edge swipes, touchpad swipes and pinches, right-button strokes, clicks and
/// plain pointer motion, each at its device's frame rate, with pauses between them.
struct TraceGenerator {
    /// The screen the trace is drawn on.
    static let screen = Screen(width: 1920, height: 1080)
    /// Milliseconds between two frames of a device (a 125 Hz report rate).
    static let frame = 8.0

    var random: SeededRandom
    private(set) var events: [InputEvent] = []
    var time = 0.0
    var nextTouch = 1
    /// Where the pointer is.
    var pointer = Point(x: 960, y: 540)

    init(seed: UInt64) { random = SeededRandom(state: seed) }

    /// At least `count` events: gestures are added whole until there are enough.
    static func events(count: Int, seed: UInt64) -> [InputEvent] {
        var g = TraceGenerator(seed: seed)
        g.events.reserveCapacity(count + 200)
        while g.events.count < count {
            g.pause()
            g.gesture()
        }
        return g.events
    }

    /// Touchpad gestures only, at least `count` events: three- and four-finger swipes, two- and
    /// four-finger pinches, what libinput-gestures reads too.
    static func touchpad(count: Int, seed: UInt64) -> [InputEvent] {
        var g = TraceGenerator(seed: seed)
        while g.events.count < count {
            g.pause()
            if Bool.random(using: &g.random) {
                g.padSwipe(fingers: Bool.random(using: &g.random) ? 3 : 4)
            } else {
                g.padPinch(fingers: Bool.random(using: &g.random) ? 2 : 4)
            }
        }
        return g.events
    }

    /// One gesture, picked by how often people make it.
    mutating func gesture() {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14: touchSwipe(fingers: 3)
        case 14..<18: touchPinch(fingers: 4)
        case 18..<26: touchTap(fingers: 1, taps: 1)
        case 26..<30: touchTap(fingers: 3, taps: 2)
        case 30..<34: edgeSwipe()
        case 34..<48: padSwipe(fingers: Bool.random(using: &random) ? 3 : 4)
        case 48..<56: padPinch(fingers: Bool.random(using: &random) ? 2 : 4)
        case 56..<70: stroke()
        case 70..<74: rightClick()
        default: pointerMotion()
        }
    }

    mutating func add(_ kind: InputEvent.Kind) { events.append(InputEvent(time: time, kind)) }

    /// The next frame, with the jitter of a real device, in whole milliseconds as the X server
    /// stamps events.
    mutating func tick() { time += Self.frame + Double(Int.random(in: -1...1, using: &random)) }

    /// Between gestures: long enough for every deadline of the last one to fire.
    mutating func pause() { time += Double.random(in: 150...900, using: &random).rounded() }

    mutating func spread(_ x: ClosedRange<Double>) -> Double { Double.random(in: x, using: &random) }
}
