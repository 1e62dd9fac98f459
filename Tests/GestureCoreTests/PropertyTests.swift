import GestureCore
import GestureStrokes
import Glibc
import TestSupport
import Testing

@Suite struct PropertyTests {
    /// `make test` runs 200,000 streams; `make check`, the quick loop, asks for fewer
    /// (GESTURED_PROPERTY_STREAMS).
    static let streams =
        getenv("GESTURED_PROPERTY_STREAMS").flatMap { Int(String(cString: $0)) } ?? 200_000
    /// The built-in templates normalised once, not once per stream.
    static let matcher = StrokeMatcher(templates: BuiltinTemplates.all)

    /// Every built-in recognizer kind, with relations between them, on all three sources.
    static func recognizers() -> [GestureRecognizer] {
        let single = TapRecognizer(name: "single", source: .touchscreen)
        let double = TapRecognizer(name: "double", source: .touchscreen, taps: 2)
        let twoTap = TapRecognizer(name: "two-tap", source: .touchscreen, fingers: 2)
        let pan = PanRecognizer(name: "pan", source: .touchscreen, fingers: 2...2)
        let swipe = SwipeRecognizer(
            name: "swipe", source: .touchscreen, fingers: 3, direction: .left)
        let capture = StrokeCaptureRecognizer(name: "capture", source: .touchscreen)
        let hold = TwoFingerHold()
        let padSwipe = SwipeRecognizer(
            name: "pad-swipe", source: .touchpad, fingers: 3, direction: .up)
        let padPan = PanRecognizer(name: "pad-pan", source: .touchpad, fingers: 4...4)
        let stroke = StrokeCaptureRecognizer(name: "stroke", source: .pointer)
        stroke.button = 3
        let pinch = PinchRecognizer(name: "pinch", source: .touchscreen, direction: .in)
        let rotate = RotateRecognizer(name: "rotate", source: .touchscreen)
        let padPinch = PinchRecognizer(name: "pad-pinch", source: .touchpad, direction: .out)
        let padRotate = RotateRecognizer(name: "pad-rotate", source: .touchpad)
        let edge = EdgeRecognizer(name: "edge", edge: .left)
        edge.margin = 400
        let press = PressRecognizer(name: "press", fingers: 1)
        press.duration = 150
        let book = StrokeBook(matcher: matcher, shapes: ["circle", "line-left"], sequences: [])
        let circle = StrokeRecognizer(
            name: "circle", source: .pointer, target: .shape("circle"), book: book)
        let lineLeft = StrokeRecognizer(
            name: "line-left", source: .pointer, target: .shape("line-left"), book: book)
        circle.recognizeSimultaneously(with: lineLeft)
        pinch.recognizeSimultaneously(with: rotate)
        padPinch.recognizeSimultaneously(with: padRotate)
        single.require(toFail: double)
        capture.require(toFail: pan)
        pan.recognizeSimultaneously(with: hold)
        twoTap.delaysTouchesEnded = false
        return [
            single, double, twoTap, pan, swipe, capture, hold, padSwipe, padPan, stroke,
            pinch, rotate, padPinch, padRotate, edge, press, circle, lineLeft,
        ]
    }

    @Test
    func randomStreamsNeverBreakTheStateMachineOrLeaveATouchAPressOrATouchpadGestureUndecided() {
        var rng = SeededRandom(state: 0x5EED)
        let timeout = GestureEngine.Settings().touchTimeout
        var events = 0
        for stream in 0..<Self.streams {
            let seed = rng.next()
            var g = SeededRandom(state: seed)
            let recognizers = Self.recognizers()
            let engine = GestureEngine()
            for r in recognizers { engine.add(r) }
            var checker = Checker(timeout: timeout)
            var t = 0.0
            var down: [Int] = []
            var nextId = 1
            var pad: Int?
            var padPinches = false
            var buttons: [Int] = []
            for _ in 0..<Int.random(in: 4...24, using: &g) {
                t += [0, 0, 1, 8, 16, 40, 120, 350].randomElement(using: &g)!
                let p = Point(
                    x: Double.random(in: 0...1920, using: &g),
                    y: Double.random(in: 0...1080, using: &g))
                let kind: InputEvent.Kind
                switch Int.random(in: 0..<12, using: &g) {
                case 0, 1:
                    kind = .touchBegin(id: nextId, at: p)
                    down.append(nextId)
                    checker.undecided[.touch(id: nextId)] = t
                    nextId += 1
                case 2, 3, 4:
                    kind =
                        down.isEmpty ? .idle : .touchMove(id: down.randomElement(using: &g)!, at: p)
                case 5:
                    if let id = down.randomElement(using: &g) {
                        down.removeAll { $0 == id }
                        kind = .touchEnd(id: id, at: p)
                    } else {
                        kind = .idle
                    }
                case 6:
                    if let id = down.randomElement(using: &g) {
                        down.removeAll { $0 == id }
                        kind = .touchCancel(id: id)
                    } else {
                        kind = .idle
                    }
                case 7:
                    let f = Int.random(in: 2...5, using: &g)
                    let d = Point(
                        x: Double.random(in: -40...40, using: &g),
                        y: Double.random(in: -40...40, using: &g))
                    if pad == nil {
                        pad = f
                        padPinches = Bool.random(using: &g)
                        kind = padPinches ? .pinchBegin(fingers: f) : .swipeBegin(fingers: f)
                        checker.undecided[.touchpad] = t
                    } else if padPinches {
                        kind = .pinchUpdate(
                            fingers: pad!, delta: d, scale: Double.random(in: 0.3...2.5, using: &g),
                            angle: Double.random(in: -20...20, using: &g))
                    } else {
                        kind = .swipeUpdate(fingers: pad!, delta: d)
                    }
                case 8:
                    if let f = pad {
                        pad = nil
                        let c = Bool.random(using: &g)
                        kind =
                            padPinches
                            ? .pinchEnd(fingers: f, cancelled: c)
                            : .swipeEnd(fingers: f, cancelled: c)
                    } else {
                        kind = .idle
                    }
                case 9:
                    let b = Int.random(in: 1...3, using: &g)
                    if buttons.contains(b) {
                        buttons.removeAll { $0 == b }
                        kind = .buttonRelease(button: b, at: p)
                    } else {
                        buttons.append(b)
                        kind = .buttonPress(button: b, at: p)
                        checker.undecided[.button(b)] = t
                    }
                case 10:
                    kind = .motion(at: p)
                default:
                    kind = .idle
                }
                engine.process(InputEvent(time: t, kind))
                events += 1
                checker.check(engine, stream: stream, seed: seed)
                engine.clearOutputs()
            }
            // Lift everything and let every deadline pass: the engine must come to rest.
            t += 1
            for id in down { engine.process(InputEvent(time: t, .touchEnd(id: id, at: .zero))) }
            for b in buttons {
                engine.process(InputEvent(time: t, .buttonRelease(button: b, at: .zero)))
            }
            if let f = pad {
                engine.process(InputEvent(time: t, .swipeEnd(fingers: f, cancelled: false)))
            }
            engine.advance(to: t + 5_000)
            checker.check(engine, stream: stream, seed: seed)
            #expect(engine.nextDeadline() == nil, "stream \(stream) seed \(seed): not at rest")
            #expect(
                recognizers.allSatisfy { $0.state == .possible },
                "stream \(stream) seed \(seed): not reset")
            #expect(
                checker.undecided.isEmpty,
                "stream \(stream) seed \(seed): never decided: \(checker.undecided)")
            if checker.failed { break }
        }
        #expect(events > Self.streams * 10, "at least ten events a stream")
    }

    /// Follows the outputs of one stream.
    struct Checker {
        let timeout: Double
        /// What the engine owes a decision: a touch, a press, the touchpad's gesture.
        enum Owed: Hashable { case touch(id: Int), button(Int), touchpad }
        /// What began and is still undecided -> when it began.
        var undecided: [Owed: Double] = [:]
        var failed = false
        var states: [ObjectIdentifier: GestureState] = [:]

        init(timeout: Double) { self.timeout = timeout }

        mutating func check(_ engine: GestureEngine, stream: Int, seed: UInt64) {
            for o in engine.outputs {
                switch o.kind {
                case .illegalTransition(let id, let from, let to):
                    let r = engine.recognizer(id)
                    Issue.record(
                        "stream \(stream) seed \(seed): \(r.name) asked for \(from) -> \(to)")
                    failed = true
                case .transition(let id, let from, let to, _):
                    let r = engine.recognizer(id)
                    let known = states[ObjectIdentifier(r)] ?? .possible
                    // Resets are not reported: a final state may be followed by a fresh start.
                    let expectedFrom = known.isFinal && from == .possible ? .possible : known
                    if from != expectedFrom
                        || !GestureState.isLegal(from: from, to: to, continuous: r.isContinuous)
                    {
                        Issue.record(
                            "stream \(stream) seed \(seed): \(r.name) went \(from) -> \(to) after \(known)"
                        )
                        failed = true
                    }
                    states[ObjectIdentifier(r)] = to
                case .decision(let d):
                    let id: Owed
                    switch d.target {
                    case .touch(let t): id = .touch(id: t)
                    case .button(let b): id = .button(b)
                    case .touchpad: id = .touchpad
                    }
                    guard let began = undecided.removeValue(forKey: id) else {
                        Issue.record("stream \(stream) seed \(seed): \(id) decided twice")
                        failed = true
                        continue
                    }
                    if o.time > began + timeout {
                        Issue.record(
                            "stream \(stream) seed \(seed): \(id) decided at \(o.time), began \(began)"
                        )
                        failed = true
                    }
                case .pending:
                    break
                }
            }
            for case (let id, let began) in undecided where engine.now > began + timeout {
                Issue.record(
                    "stream \(stream) seed \(seed): \(id) undecided at \(engine.now), began \(began)"
                )
                failed = true
            }
        }
    }
}
