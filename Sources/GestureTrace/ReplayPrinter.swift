import GestureActions
import GestureConfig
import GestureCore
import GestureSession

/// Prints what a replay's session reports as `gestured replay`'s JSON Lines (`OutputFormat`),
/// into one byte buffer.
final class ReplayPrinter: SessionObserver {
    enum Sink {
        case lines((String) -> Void)
        case bytes((UnsafeBufferPointer<UInt8>) -> Void)
    }

    let options: Replay.Options
    let sink: Sink
    /// The sink is bytes: asked once a line without taking the sink apart.
    private let writesBytes: Bool
    /// The bytes gathered, in memory of its own that a transition line is written into in
    /// place (`OutputFormat.transition(...at:)`); other lines, rare, are written into `scratch`
    /// and copied.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity = ReplayPrinter.flushSize + 4096
    private var count = 0
    private var scratch: [UInt8] = []
    /// What each recognizer's transition lines repeat, written once per trace instead of once
    /// per line: by source, then by index (`firstOfSource`), the head and tail of its `Speaker`
    /// in `speakerBytes`. Held in memory of its own, not arrays, so that a line counts no
    /// reference.
    private var speakers = UnsafeMutableBufferPointer<
        (head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>)
    >(start: nil, count: 0)
    private var speakerBytes = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var firstOfSource = [0, 0, 0]
    /// Bytes gathered before they are handed on in one write.
    static let flushSize = 1 << 20

    init(options: Replay.Options, sink: Sink) {
        self.options = options
        self.sink = sink
        if case .bytes = sink { writesBytes = true } else { writesBytes = false }
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        free()
        bytes.deallocate()
    }

    private func free() {
        speakers.deallocate()
        speakerBytes.deallocate()
    }

    /// A trace's replay starts with its own engine.
    func start(_ engine: GestureEngine) {
        var bySource: [[OutputFormat.Speaker]] = [[], [], []]
        for r in engine.recognizers { bySource[r.source.position].append(OutputFormat.Speaker(r)) }
        firstOfSource = [0, bySource[0].count, bySource[0].count + bySource[1].count]
        let all = bySource.flatMap { $0 }
        free()
        speakerBytes = .allocate(capacity: all.reduce(0) { $0 + $1.head.count + $1.tail.count })
        speakers = .allocate(capacity: all.count)
        var at = 0
        func place(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let part = UnsafeMutableBufferPointer(rebasing: speakerBytes[at..<(at + bytes.count)])
            _ = part.initialize(from: bytes)
            at += bytes.count
            return UnsafeBufferPointer(part)
        }
        for (i, speaker) in all.enumerated() {
            (speakers.baseAddress! + i).initialize(to: (place(speaker.head), place(speaker.tail)))
        }
    }

    func observe(_ o: EngineOutput, in bindings: Bindings) {
        switch o.kind {
        case .transition(let id, _, let to, let reason):
            let speaker = speakers[firstOfSource[id.source.position] + id.index]
            // A gesture that did not go on says why, as the daemon's log does.
            if to == .failed || to == .cancelled, let reason {
                let why = bindings.engine.reason(reason).description
                add {
                    OutputFormat.transition(
                        time: o.time, head: speaker.head, tail: speaker.tail, state: to,
                        values: o.values, reason: why, into: &$0)
                }
                return
            }
            makeRoom(OutputFormat.transitionRoom(head: speaker.head, tail: speaker.tail))
            count += OutputFormat.transition(
                time: o.time, head: speaker.head, tail: speaker.tail, state: to, values: o.values,
                at: bytes + count)
            wrote()
        case .decision(let d):
            guard options.decisions else { return }
            add { OutputFormat.decision(time: o.time, d, into: &$0) }
        case .illegalTransition(let id, let from, let to):
            add {
                OutputFormat.illegal(
                    time: o.time, bindings.engine.recognizer(id), from: from, to: to, into: &$0)
            }
        case .pending:
            return
        }
    }

    func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionOutcome, at time: Double) {
        if case .moved = outcome { return later(r.name, fired.action, outcome: outcome, at: time) }
        add {
            OutputFormat.action(
                time: time, fired.action.text, gesture: r.name, step: fired.step, into: &$0)
        }
    }

    /// A following action's pointer steps, on one line; a transition that moved the pointer
    /// by less than a pixel prints nothing.
    func later(_ name: String, _ action: Action, outcome: ActionOutcome, at time: Double) {
        guard case .moved(let steps, _) = outcome, !steps.isEmpty else { return }
        add {
            OutputFormat.action(
                time: time, action.text, gesture: name, steps: FollowStep.text(steps), into: &$0)
        }
    }

    func notCommitted(
        _ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double
    ) {
        add { OutputFormat.cancelled(time: time, gesture: r.name, progress: progress, into: &$0) }
    }

    func warning(_ message: String, about r: GestureRecognizer, at time: Double) {
        add { OutputFormat.warning(time: time, gesture: r.name, message, into: &$0) }
    }

    /// A line other than a transition's: written by `write` into `scratch`, then copied.
    /// Inlined, so that what `write` uses is not copied into a closure's context.
    @inline(__always)
    private func add(_ write: (inout [UInt8]) -> Void) {
        scratch.removeAll(keepingCapacity: true)
        write(&scratch)
        scratch.withUnsafeBufferPointer { line in
            makeRoom(line.count)
            (bytes + count).update(from: line.baseAddress!, count: line.count)
            count += line.count
        }
        wrote()
    }

    /// Room for `room` more bytes: what is gathered is handed on first if it must be, and the
    /// memory grows for a line longer than it.
    @inline(__always)
    private func makeRoom(_ room: Int) {
        guard count + room > capacity else { return }
        flush()
        guard count + room > capacity else { return }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: count + room)
        larger.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = larger
        capacity = count + room
    }

    private func wrote() {
        if writesBytes {
            if count >= ReplayPrinter.flushSize { flush() }
            return
        }
        guard case .lines(let write) = sink else { return }
        write(String(decoding: UnsafeBufferPointer(start: bytes, count: count - 1), as: UTF8.self))
        count = 0
    }

    func flush() {
        guard case .bytes(let output) = sink, count > 0 else { return }
        output(UnsafeBufferPointer(start: bytes, count: count))
        count = 0
    }
}
