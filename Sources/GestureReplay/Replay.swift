import GestureActions
import GestureConfig
import GestureCore
import GestureDispatch
import GestureTrace

/// Runs traces through the engine of a config and writes what `gestured replay` prints. It
/// dispatches the engine's outputs as the daemon does, through the same dispatcher, in a dry
/// run: it never performs an action, and prints the ones that would fire.
public final class Replay {
    public struct Options: Sendable {
        public var decisions = false
        public init(decisions: Bool = false) { self.decisions = decisions }
    }

    let config: Config
    let printer: ReplayPrinter
    /// Told of each line of a `libinput debug-events` log that could not be read, which is
    /// skipped (a trace's malformed line stops its replay instead).
    public var skipped: (TraceError) -> Void = { _ in }
    /// Told of each gesture a `libinput debug-events` log ends before its END (a paste cut
    /// off), which ends there.
    public var noted: (TraceError) -> Void = { _ in }

    /// Hands `write` every printed line, without its LF.
    public init(config: Config, options: Options = Options(), write: @escaping (String) -> Void) {
        self.config = config
        printer = ReplayPrinter(options: options, sink: .lines(write))
    }

    /// Hands `output` the printed JSON Lines as bytes, a megabyte at a time and the rest at the
    /// end of each trace: what `gestured replay` writes to its standard output.
    public init(config: Config, options: Options = Options(), output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.config = config
        printer = ReplayPrinter(options: options, sink: .bytes(output))
    }

    /// Replays one trace file's text, cut into lines by `TraceText` (LF or CRLF, a BOM skipped).
    public func run(file: String, text: String) throws(TraceError) {
        var text = text
        let result = text.withUTF8 { bytes -> Result<Void, TraceError> in
            do throws(TraceError) {
                var session = Session(self, file: file)
                defer { session.finish() }
                var splitter = TraceText.Splitter()
                try splitter.feed(bytes, taking: { session.readWritten($0) }) { (line) throws(TraceError) in try session.read(line) }
                try splitter.finish { (line) throws(TraceError) in try session.read(line) }
                session.end()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Replays one trace read a chunk at a time: `read` fills the buffer it is given and returns
    /// how many bytes it put there, 0 at the end. Lines are read from the chunks in place.
    public func run(file: String, read: (UnsafeMutableBufferPointer<UInt8>) -> Int) throws(TraceError) {
        var session = Session(self, file: file)
        defer { session.finish() }
        var splitter = TraceText.Splitter()
        var chunk = [UInt8](repeating: 0, count: Replay.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBufferPointer { read($0) }
            guard count > 0 else { break }
            try chunk.withUnsafeBufferPointer { (all) throws(TraceError) in
                try splitter.feed(UnsafeBufferPointer(rebasing: all[0..<count]), taking: { session.readWritten($0) }) {
                    (line) throws(TraceError) in try session.read(line)
                }
            }
            // A line that goes on and on (no line end, as in /dev/zero) is refused, not kept.
            if splitter.unfinished > TraceReader.longestLine { throw session.tooLong() }
        }
        try splitter.finish { (line) throws(TraceError) in try session.read(line) }
        session.end()
    }

    /// Replays one trace given as lines; stops at the first malformed line and throws it, after
    /// writing what the lines before it produced.
    public func run<Lines: Sequence>(file: String, lines: Lines) throws(TraceError) where Lines.Element == Substring {
        var session = Session(self, file: file)
        defer { session.finish() }
        for text in lines { try session.read(text) }
        session.end()
    }

    /// Bytes per read of a trace file.
    static let chunkSize = 1 << 20

    /// One trace's replay: the reader, and the dispatcher from the header (or the first event).
    /// The first line with content says what the file is: a trace, or the text of `libinput
    /// debug-events` (`LibinputLog`), read on to its end whatever lines it cannot read.
    private struct Session {
        let replay: Replay
        var reader: TraceReader
        /// Set once the first line with content is libinput's text.
        var log: LibinputLog?

        /// The error for a line that goes on past `TraceReader.longestLine`, at its number in
        /// the file, whichever reader counts the file's lines.
        mutating func tooLong() -> TraceError {
            reader.tooLong(line: log.map { $0.lineNumber + 1 })
        }
        var decided = false
        var dispatcher: Dispatcher?
        var engine: GestureEngine?
        /// The two again, without their reference counts, for the lines read in place: the
        /// strong references above keep them.
        private var running: (dispatcher: Unmanaged<Dispatcher>, engine: Unmanaged<GestureEngine>)?
        var lastTime = 0.0
        /// Where the lines read in place put their event, line after line; freed by `finish`.
        let slot: UnsafeMutablePointer<InputEvent>

        init(_ replay: Replay, file: String) {
            self.replay = replay
            reader = TraceReader(file: file)
            slot = .allocate(capacity: 1)
            slot.initialize(to: InputEvent(time: 0, .idle))
        }

        mutating func read(_ line: UnsafeBufferPointer<UInt8>) throws(TraceError) {
            if decided && log == nil {
                if let l = try reader.read(line: line) { take(l) }
                return
            }
            try read(String(decoding: line, as: UTF8.self)[...])
        }

        /// Reads the line at the start of `text` when it is one gestured writes, and returns
        /// its length with its LF; nil for any other, which is then cut and read by `read`, and
        /// for every line until the dispatcher is made. The event is read into `slot` and handed
        /// on from there, and the dispatcher and the engine are taken without a count, so that a
        /// line copies nothing.
        mutating func readWritten(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let running, log == nil else { return nil }
            let slot = self.slot
            var length = 0
            guard reader.readWritten(startOf: text, length: &length, into: slot) else { return nil }
            // Moved out of the slot for the engine and back, so that it is not copied.
            let event = slot.move()
            running.dispatcher._withUnsafeGuaranteedRef { dispatcher in
                running.engine._withUnsafeGuaranteedRef { engine in Session.process(event, dispatcher, engine) }
            }
            lastTime = event.time
            slot.initialize(to: consume event)
            return length
        }

        /// One event: time moves to it, the engine takes it, and its outputs are dispatched.
        @inline(__always)
        private static func process(_ event: InputEvent, _ dispatcher: Dispatcher, _ engine: GestureEngine) {
            dispatcher.advance(to: event.time)
            engine.process(event)
            // Most events report nothing: asked here, the question is a load, not a call.
            if !engine.outputs.isEmpty { dispatcher.dispatch() }
        }

        mutating func read(_ line: Substring) throws(TraceError) {
            if !decided && line.contains(where: { $0 != " " && $0 != "\t" }) && !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") {
                decided = true
                if LibinputLog.isLog(firstLine: line) { log = LibinputLog(file: reader.file, linesBefore: reader.lineNumber) }
            }
            guard log != nil else {
                if let l = try reader.read(line) { take(l) }
                return
            }
            // Read in place: a copy of the log taken out and put back would copy its tables of
            // devices on every line.
            let gestures = log!.read(line)
            for gesture in gestures { take(gesture) }
            if !log!.problems.isEmpty { report() }
        }

        /// A gesture read from libinput's text, handed to the engine as the X11 listener would.
        private mutating func take(_ gesture: LibinputLog.Gesture) {
            take(.event(gesture.input))
        }

        /// Hands on the lines the log could not read, and forgets them.
        private mutating func report() {
            guard let problems = log?.problems, !problems.isEmpty else { return }
            log?.forgetProblems()
            for problem in problems { replay.skipped(problem) }
        }

        private mutating func take(_ line: TraceReader.Line) {
            switch line {
            case .header(let screen):
                start(screen)
            case .event(let event):
                if dispatcher == nil { start(Screen()) }
                // Read once: each read of a reference that can change is counted.
                Session.process(event, dispatcher.unsafelyUnwrapped, engine.unsafelyUnwrapped)
                lastTime = event.time
            }
        }

        private mutating func start(_ screen: Screen) {
            let d = Dispatcher(bindings: Bindings(replay.config, screen: screen),
                               actions: ActionDispatch(performer: RecordingPerformer(), dryRun: true), observer: replay.printer)
            dispatcher = d
            engine = d.bindings.engine
            running = (Unmanaged.passUnretained(d), Unmanaged.passUnretained(d.bindings.engine))
            replay.printer.start(d.bindings.engine)
        }

        /// After the last line: the gestures a log leaves open end, cancelled; time moves to the
        /// last event's, and what is due fires.
        mutating func end() {
            if log != nil {
                let gestures = log!.finish()
                for gesture in gestures { take(gesture) }
                for cut in log!.cutOff { replay.noted(cut) }
            }
            guard let dispatcher, let engine else { return }
            engine.advance(to: lastTime)
            dispatcher.dispatch()
        }

        /// Always, after the last line or a malformed one: what is in flight ends, a locked
        /// drag lets go when its lock runs out, and what was printed is handed on.
        func finish() {
            if let dispatcher, let engine {
                engine.flush()
                dispatcher.dispatch()
                if let due = dispatcher.actions.nextDeadline { dispatcher.advance(to: due) }
                dispatcher.releaseAll(at: lastTime)
            }
            replay.printer.flush()
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
    }
}

/// Prints what the dispatcher reports as replay's JSON Lines, into one byte buffer.
final class ReplayPrinter: DispatchObserver {
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
    private var speakers = UnsafeMutableBufferPointer<(head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>)>(start: nil, count: 0)
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
        for (i, speaker) in all.enumerated() { (speakers.baseAddress! + i).initialize(to: (place(speaker.head), place(speaker.tail))) }
    }

    func observe(_ o: EngineOutput, in engine: GestureEngine) {
        switch o.kind {
        case let .transition(id, _, to, reason):
            let speaker = speakers[firstOfSource[id.source.position] + id.index]
            // A gesture that did not go on says why, as the daemon's log does.
            if to == .failed || to == .cancelled, let reason {
                let why = engine.reason(reason).description
                add { OutputFormat.transition(time: o.time, head: speaker.head, tail: speaker.tail, state: to, values: o.values, reason: why, into: &$0) }
                return
            }
            makeRoom(OutputFormat.transitionRoom(head: speaker.head, tail: speaker.tail))
            count += OutputFormat.transition(time: o.time, head: speaker.head, tail: speaker.tail, state: to, values: o.values,
                                             at: bytes + count)
            wrote()
        case let .decision(d):
            guard options.decisions else { return }
            add { OutputFormat.decision(time: o.time, d, into: &$0) }
        case let .illegalTransition(id, from, to):
            add { OutputFormat.illegal(time: o.time, engine.recognizer(id), from: from, to: to, into: &$0) }
        case .pending:
            return
        }
    }

    func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionDispatch.Outcome, at time: Double) {
        if case .moved = outcome { return later(r.name, fired.action, outcome: outcome, at: time) }
        add { OutputFormat.action(time: time, fired.action.text, gesture: r.name, step: fired.step, into: &$0) }
    }

    /// A following action's pointer steps, on one line; a transition that moved the pointer
    /// by less than a pixel prints nothing.
    func later(_ name: String, _ action: Action, outcome: ActionDispatch.Outcome, at time: Double) {
        guard case .moved(let steps, _) = outcome, !steps.isEmpty else { return }
        add { OutputFormat.action(time: time, action.text, gesture: name, steps: FollowStep.text(steps), into: &$0) }
    }

    func notCommitted(_ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double) {
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
