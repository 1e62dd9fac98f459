import GestureActions
import GestureConfig
import GestureCore
import GestureSession

/// Runs traces through a session of a config and writes what `gestured replay` prints: the
/// same session the daemon runs, in a dry run, so that it never performs an action and prints
/// the ones that would fire.
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
    public init(
        config: Config, options: Options = Options(),
        output: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.config = config
        printer = ReplayPrinter(options: options, sink: .bytes(output))
    }

    /// Replays one trace file's text, cut into lines by `TraceText` (LF or CRLF, a BOM skipped).
    public func run(file: String, text: String) throws(TraceError) {
        var text = text
        let result = text.withUTF8 { bytes -> Result<Void, TraceError> in
            do throws(TraceError) {
                var run = Run(self, file: file)
                defer { run.finish() }
                var splitter = TraceText.Splitter()
                try splitter.feed(bytes, taking: { run.readWritten($0) }) {
                    (line) throws(TraceError) in try run.read(line)
                }
                try splitter.finish { (line) throws(TraceError) in try run.read(line) }
                run.end()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Replays one trace read a chunk at a time: `read` fills the buffer it is given and returns
    /// how many bytes it put there, 0 at the end. Lines are read from the chunks in place.
    public func run(file: String, read: (UnsafeMutableBufferPointer<UInt8>) -> Int)
        throws(TraceError)
    {
        var run = Run(self, file: file)
        defer { run.finish() }
        var splitter = TraceText.Splitter()
        var chunk = [UInt8](repeating: 0, count: Replay.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBufferPointer { read($0) }
            guard count > 0 else { break }
            try chunk.withUnsafeBufferPointer { (all) throws(TraceError) in
                try splitter.feed(
                    UnsafeBufferPointer(rebasing: all[0..<count]), taking: { run.readWritten($0) }
                ) {
                    (line) throws(TraceError) in try run.read(line)
                }
            }
            // A line that goes on and on (no line end, as in /dev/zero) is refused, not kept.
            if splitter.unfinished > TraceReader.longestLine { throw run.tooLong() }
        }
        try splitter.finish { (line) throws(TraceError) in try run.read(line) }
        run.end()
    }

    /// Replays one trace given as lines; stops at the first malformed line and throws it, after
    /// writing what the lines before it produced.
    public func run<Lines: Sequence>(file: String, lines: Lines) throws(TraceError)
    where Lines.Element == Substring {
        var run = Run(self, file: file)
        defer { run.finish() }
        for text in lines { try run.read(text) }
        run.end()
    }

    /// Bytes per read of a trace file.
    static let chunkSize = 1 << 20

    /// One trace's replay: the reader, and the session from the header (or the first event).
    /// The first line with content says what the file is: a trace, or the text of `libinput
    /// debug-events` (`LibinputLog`), read on to its end whatever lines it cannot read.
    private struct Run {
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
        var session: Session?
        var engine: GestureEngine?
        /// The two again, without their reference counts, for the lines read in place: the
        /// strong references above keep them.
        private var running: (session: Unmanaged<Session>, engine: Unmanaged<GestureEngine>)?
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
        /// for every line until the session is made. The event is read into `slot` and handed
        /// on from there, and the session and the engine are taken without a count, so that a
        /// line copies nothing.
        mutating func readWritten(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let running, log == nil else { return nil }
            let slot = self.slot
            var length = 0
            guard reader.readWritten(startOf: text, length: &length, into: slot) else { return nil }
            // Moved out of the slot for the engine and back, so that it is not copied.
            let event = slot.move()
            running.session._withUnsafeGuaranteedRef { session in
                running.engine._withUnsafeGuaranteedRef { engine in
                    Run.process(event, session, engine)
                }
            }
            lastTime = event.time
            slot.initialize(to: consume event)
            return length
        }

        /// One event: a locked drag due by its time lets go, the engine takes it, and its
        /// outputs are dispatched; the effects (decisions, in a dry run) are the daemon's.
        @inline(__always)
        private static func process(
            _ event: InputEvent, _ session: Session, _ engine: GestureEngine
        ) {
            session.releaseLockedDrag(at: event.time)
            engine.process(event)
            // Most events report nothing: asked here, the question is a load, not a call.
            if !engine.outputs.isEmpty { _ = session.effects(in: World()) }
        }

        mutating func read(_ line: Substring) throws(TraceError) {
            if !decided && line.contains(where: { $0 != " " && $0 != "\t" })
                && !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#")
            {
                decided = true
                if LibinputLog.isLog(firstLine: line) {
                    log = LibinputLog(file: reader.file, linesBefore: reader.lineNumber)
                }
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
                if session == nil { start(Screen()) }
                // Read once: each read of a reference that can change is counted.
                Run.process(event, session.unsafelyUnwrapped, engine.unsafelyUnwrapped)
                lastTime = event.time
            }
        }

        private mutating func start(_ screen: Screen) {
            let s = Session(
                bindings: Bindings(replay.config, screen: screen),
                policy: ActionPolicy(dryRun: true),
                observer: replay.printer)
            session = s
            engine = s.engine
            running = (Unmanaged.passUnretained(s), Unmanaged.passUnretained(s.engine))
            replay.printer.start(s.engine)
        }

        /// After the last line: the gestures a log leaves open end, cancelled; time moves to the
        /// last event's, and what is due fires.
        mutating func end() {
            if log != nil {
                let gestures = log!.finish()
                for gesture in gestures { take(gesture) }
                for cut in log!.cutOff { replay.noted(cut) }
            }
            guard let session, let engine else { return }
            engine.advance(to: lastTime)
            _ = session.effects(in: World())
        }

        /// Always, after the last line or a malformed one: what is in flight ends, a locked
        /// drag lets go when its lock runs out, and what was printed is handed on.
        func finish() {
            if let session, let engine {
                engine.flush()
                _ = session.effects(in: World())
                if let due = session.dragLockDeadline { session.releaseLockedDrag(at: due) }
                session.releaseAll(at: lastTime)
            }
            replay.printer.flush()
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
    }
}
