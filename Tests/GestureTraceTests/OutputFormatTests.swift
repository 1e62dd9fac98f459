import GestureCore
import TestSupport
import Testing

@testable import GestureTrace

@Suite struct OutputFormatTests {
    /// Transition lines write states and headings from words kept as bytes: each must be the
    /// name the value gives.
    @Test func theWordsOfStatesAndHeadingsAreTheirNames() {
        let states: [GestureState] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        for s in states {
            #expect(OutputFormat.word(s).description == s.rawValue)
            #expect(OutputFormat.member(s).description == #","state":"\#(s.rawValue)""#)
        }
        for h in Direction.allCases {
            #expect(OutputFormat.word(h).description == h.rawValue)
            #expect(OutputFormat.member(h).description == #","heading":"\#(h.rawValue)""#)
        }
    }

    /// A transition line, written with its keys as prefixes and its recognizer's members kept
    /// as bytes, is the line the general writer makes member by member: random values of every
    /// kind, each set or not, numbers of every size (infinity and NaN too), names that need
    /// escapes, with and without a direction or shape.
    @Test func aTransitionLineIsTheLineTheGeneralWriterWrites() {
        var random = SeededRandom(state: 11)
        let recognizers: [GestureRecognizer] = [
            SwipeRecognizer(name: "next-desktop", source: .touchpad, fingers: 3, direction: .left),
            Speaking(name: #"a "quoted"\ name"#, direction: nil, shape: "circle"),
            Speaking(name: "é\n\u{1}", direction: "up-right", shape: "star"),
            Speaking(name: String(repeating: "long-name-", count: 12), direction: nil, shape: nil),
        ]
        let states: [GestureState] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        func number() -> Double {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                return [Double.infinity, -.infinity, .nan, 0, -0.0, 1e20, -1e11, 0.00005][
                    Int.random(in: 0..<8, using: &random)]
            case 1: return Double(Int.random(in: -10_000_000...10_000_000, using: &random))
            default:
                let e = Int.random(in: -5...12, using: &random)
                var scale = 1.0
                for _ in 0..<abs(e) { scale = e < 0 ? scale / 10 : scale * 10 }
                return Double.random(in: -1...1, using: &random) * scale
            }
        }
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &random) ? make() : nil }
        for _ in 0..<5_000 {
            var v = GestureValues()
            v.fingers = maybe { Int.random(in: 1...5, using: &random) }
            v.score = maybe(number)
            v.taps = maybe { Int.random(in: -3...1_000_000, using: &random) }
            v.location = maybe { Point(x: number(), y: number()) }
            v.translation = maybe { Point(x: number(), y: number()) }
            v.velocity = maybe { Point(x: number(), y: number()) }
            v.scale = maybe(number)
            v.scaleVelocity = maybe(number)
            v.rotation = maybe(number)
            v.rotationVelocity = maybe(number)
            v.points = maybe { Int.random(in: 0...500, using: &random) }
            v.heading = maybe { Direction.allCases.randomElement(using: &random)! }
            v.progress = maybe(number)
            let r = recognizers.randomElement(using: &random)!
            let state = states.randomElement(using: &random)!
            let time =
                Bool.random(using: &random)
                ? Double(Int.random(in: 0...10_000_000, using: &random)) : number()
            #expect(
                OutputFormat.transition(time: time, r, state: state, values: v)
                    == Self.reference(time, r, state, v))
        }
    }

    /// Replay's printer keeps each recognizer's head and tail as bytes of its own: a line written
    /// from them is the line written from the recognizer, with and without a direction or shape.
    @Test func aTransitionLineFromASpeakersHeadAndTailIsTheRecognizersLine() {
        let recognizers: [GestureRecognizer] = [
            SwipeRecognizer(name: "next-desktop", source: .touchpad, fingers: 3, direction: .left),
            Speaking(name: #"a "quoted" name"#, direction: nil, shape: "circle"),
            Speaking(name: "é", direction: "up-right", shape: "star"),
            Speaking(name: "plain", direction: nil, shape: nil),
        ]
        var v = GestureValues()
        v.fingers = 3
        v.translation = Point(x: -12.5, y: 0.25)
        v.progress = 0.5
        for r in recognizers {
            let speaker = OutputFormat.Speaker(r)
            var bytes: [UInt8] = []
            speaker.head.withUnsafeBufferPointer { head in
                speaker.tail.withUnsafeBufferPointer { tail in
                    OutputFormat.transition(
                        time: 120, head: head, tail: tail, state: .changed, values: v, into: &bytes)
                }
            }
            #expect(
                String(decoding: bytes.dropLast(), as: UTF8.self)
                    == OutputFormat.transition(time: 120, r, state: .changed, values: v))
            #expect(bytes.last == 0x0A)
        }
    }

    /// Every member written by `JSONLineWriter`, one at a time, in the order of a transition line.
    static func reference(
        _ time: Double, _ r: GestureRecognizer, _ state: GestureState, _ v: GestureValues
    ) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        w.add("gesture", r.name)
        w.add("type", r.type)
        w.add("source", r.source.rawValue)
        w.add("state", state.rawValue)
        if let f = v.fingers { w.add("fingers", f) }
        if let d = r.reportedDirection { w.add("direction", d) }
        if let s = r.reportedShape { w.add("shape", s) }
        if let s = v.score { w.add("score", s) }
        if let n = v.taps { w.add("taps", n) }
        if let p = v.location {
            w.add("x", p.x)
            w.add("y", p.y)
        }
        if let p = v.translation { w.add("translation", p.x, p.y) }
        if let p = v.velocity { w.add("velocity", p.x, p.y) }
        if let s = v.scale { w.add("scale", s) }
        if let s = v.scaleVelocity { w.add("velocity", s) }
        if let a = v.rotation { w.add("rotation", a) }
        if let a = v.rotationVelocity { w.add("velocity", a) }
        if let n = v.points { w.add("points", n) }
        if let h = v.heading { w.add("heading", h.rawValue) }
        if let p = v.progress { w.add("progress", p) }
        return w.line()
    }

    /// A recognizer that reports the direction and shape it is given.
    final class Speaking: GestureRecognizer {
        let direction: String?, shape: String?
        init(name: String, direction: String?, shape: String?) {
            self.direction = direction
            self.shape = shape
            super.init(name: name, type: "custom", source: .touchscreen, continuous: true)
        }
        override var reportedDirection: String? { direction }
        override var reportedShape: String? { shape }
    }
}
