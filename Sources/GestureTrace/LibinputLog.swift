import GestureCore

/// Reads the text `libinput debug-events` prints, line by line, into the touchpad events a trace
/// holds, so that a log a user pastes replays as a recorded trace does.
///
/// Every form libinput 1.10 to 1.28 prints is read: columns apart by spaces or tabs, times with
/// two or three decimals (`+9.53s`, `+0.139s`), the event's sequence number that newer versions
/// print before the time, and a `-` before the device that marks a change of device. A line
/// reads as
///
/// ```
///  event5   GESTURE_SWIPE_BEGIN +0.139s	4
///  event5   GESTURE_SWIPE_UPDATE +0.164s	4  1.91/-14.97 ( 7.16/-55.95 unaccelerated)
/// event14  GESTURE_PINCH_UPDATE      3  +0.267s	2  2.20/ 0.44 ( 2.20/ 0.44 unaccelerated)  1.14 @  0.22
///  event5   GESTURE_SWIPE_END +0.341s	4 cancelled
/// ```
///
/// Each device (`eventN`) is followed apart, under the name its `DEVICE_ADDED` line gives when
/// the log has one. What a paste cuts off is mended: an update that comes with no begin (a paste
/// that starts mid-gesture, and some Surface and Magic Trackpad logs that print none) begins its
/// gesture; an end with nothing begun is dropped; a gesture still open at the end of the text
/// ends there, cancelled (`finish`). Hold gestures, which XInput does not carry, and every line
/// that is not a gesture's (pointer motion, keys, devices) are skipped, and so are libinput's own
/// messages among them (`isMessage`: its version, warnings, what `--verbose` logs); a line that
/// cannot be read is reported in `problems` with its line number, and skipped.
public struct LibinputLog {
    /// One touchpad gesture event as libinput printed it: both deltas of an update, accelerated
    /// (what XInput's `delta_x/delta_y` carry) and unaccelerated.
    public struct Gesture: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case swipe, pinch }
        public enum Phase: Equatable, Sendable { case begin, update, end(cancelled: Bool) }

        /// Milliseconds since `libinput debug-events` started.
        public var time: Double
        public var kind: Kind
        public var phase: Phase
        public var fingers: Int
        /// Accelerated motion of an update.
        public var delta = Point.zero
        /// Unaccelerated motion of an update: the fingers' own motion, about 10.5 units to a
        /// millimetre on a touchpad.
        public var unaccelerated = Point.zero
        /// A pinch update's scale, absolute since the begin.
        public var scale = 1.0
        /// A pinch update's turn since the last, degrees, clockwise positive.
        public var angle = 0.0
        public var device: String?

        public init(
            time: Double, _ kind: Kind, _ phase: Phase, fingers: Int, delta: Point = .zero,
            unaccelerated: Point = .zero,
            scale: Double = 1, angle: Double = 0, device: String? = nil
        ) {
            self.time = time
            self.kind = kind
            self.phase = phase
            self.fingers = fingers
            self.delta = delta
            self.unaccelerated = unaccelerated
            self.scale = scale
            self.angle = angle
            self.device = device
        }

        /// The event the engine takes, as the X11 listener decodes it: both deltas.
        public var input: InputEvent {
            let kind: InputEvent.Kind
            switch (self.kind, phase) {
            case (.swipe, .begin): kind = .swipeBegin(fingers: fingers)
            case (.swipe, .update):
                kind = .swipeUpdate(fingers: fingers, delta: delta, unaccelerated: unaccelerated)
            case (.swipe, .end(let cancelled)):
                kind = .swipeEnd(fingers: fingers, cancelled: cancelled)
            case (.pinch, .begin): kind = .pinchBegin(fingers: fingers)
            case (.pinch, .update):
                kind = .pinchUpdate(
                    fingers: fingers, delta: delta, unaccelerated: unaccelerated, scale: scale,
                    angle: angle)
            case (.pinch, .end(let cancelled)):
                kind = .pinchEnd(fingers: fingers, cancelled: cancelled)
            }
            return InputEvent(time: time, kind, device: device)
        }
    }

    public let file: String
    /// The number of the last line read.
    public private(set) var lineNumber: Int
    /// The lines that could not be read, each skipped, in order.
    public private(set) var problems: [TraceError] = []
    /// The gestures the log ended before their END, which `finish` ended there.
    public private(set) var cutOff: [TraceError] = []
    /// A gesture begun on a device and not yet ended: `order` is its place among those open,
    /// in which they end together.
    private struct Open {
        var kind: Gesture.Kind
        var fingers: Int
        var name: String?
        var order: Int
    }
    /// The gesture open on each device (`eventN`), and the name each device was added with.
    private var open: [String: Open] = [:]
    private var opened = 0
    private var names: [String: String] = [:]
    private var lastTime = 0.0
    /// Whether a device was added since the last gesture line: a run of `libinput debug-events`
    /// lists its devices before its events, so that times that start again after that are
    /// another run pasted after the first.
    private var devicesAdded = false
    /// Added to each time read: another run's times go on from the run before it.
    private var offset = 0.0
    /// The time between two runs pasted one after the other.
    static let gapBetweenRuns = 1000.0

    /// `linesBefore` lines of the file were read before this one's first (a trace's comments).
    public init(file: String, linesBefore: Int = 0) {
        self.file = file
        lineNumber = linesBefore
    }

    /// Whether a line whose first two words are `first` and `second` is one of libinput's own
    /// messages among its events, read and passed over: the version `--verbose` prints first
    /// (`libinput version: 1.21.0`), the old wrapper's warning (`WARNING: This compatibility
    /// wrapper…`), and what `--verbose` logs of a device's state, each line numbered by the
    /// source line that logs it (`404: event8  - button state: …`) or going on from the one
    /// before (`  ... event8  - gesture: …`).
    static func isMessage(_ first: Substring, _ second: Substring?) -> Bool {
        if first == "..." || first == "WARNING:" || (first == "libinput" && second == "version:") {
            return true
        }
        guard first.count > 1, first.last == ":" else { return false }
        return first.dropLast().allSatisfy(\.isNumber) && second?.hasPrefix("event") == true
    }

    /// Whether a file whose first line with content is `line` is libinput's text rather than a
    /// trace: trace lines are JSON objects.
    public static func isLog(firstLine line: Substring) -> Bool {
        guard let first = line.first(where: { $0 != " " && $0 != "\t" }) else { return false }
        return first != "{" && first != "#"
    }

    /// Reads one line, without its line end; returns the gestures it makes (none, one, or two
    /// when an update begins its gesture or a begin cancels one left open).
    public mutating func read(_ line: Substring) -> [Gesture] {
        lineNumber += 1
        var words = Words(line)
        guard let first = words.next() else { return [] }
        if first.hasPrefix("#") { return [] }
        let second = words.next()
        if LibinputLog.isMessage(first, second) { return [] }
        guard let name = second else {
            return refuse("cannot read a line of one word: \(clip(line))")
        }
        let event = first.hasPrefix("-") ? first.dropFirst() : first
        guard event.hasPrefix("event") else {
            return refuse("a libinput line starts with its device (eventN): \(clip(line))")
        }
        if name == "DEVICE_ADDED" {
            if let added = LibinputLog.deviceName(words.rest) { names[String(event)] = added }
            devicesAdded = true
            return []
        }
        guard name.hasPrefix("GESTURE_") else { return [] }
        let parts = name.dropFirst("GESTURE_".count).split(separator: "_")
        guard parts.count == 2, let phaseName = parts.last,
            ["BEGIN", "UPDATE", "END"].contains(phaseName)
        else {
            return refuse("unknown gesture event \(name)")
        }
        let kind: Gesture.Kind
        switch parts[0] {
        case "SWIPE": kind = .swipe
        case "PINCH": kind = .pinch
        case "HOLD": return []
        default: return refuse("unknown gesture event \(name)")
        }
        // Newer versions print the event's sequence number before the time.
        guard var timeWord = words.next() else { return refuse("\(name) lacks its time") }
        if !timeWord.hasSuffix("s"), timeWord.allSatisfy(\.isNumber), let next = words.next() {
            timeWord = next
        }
        let read: Double
        switch LibinputLog.milliseconds(timeWord) {
        case .success(let ms): read = ms
        case .failure(let why): return refuse(why.text(timeWord, of: name))
        }
        guard let fingersWord = words.next(), let fingers = Int(fingersWord), fingers > 0 else {
            return refuse("\(name) lacks its finger count")
        }
        var time = read + offset
        // The gestures a run left open end where it ended, cancelled, also when the rest of
        // this line is refused.
        var out: [Gesture] = []
        if time < lastTime {
            guard devicesAdded else {
                return refuse(
                    "the time \(timeWord) is before the previous gesture event's +\(NumberText.rounded((lastTime - offset) / 1000))s"
                        + " (another run pasted after the first is read on when its DEVICE_ADDED lines come before it)"
                )
            }
            offset = lastTime + Self.gapBetweenRuns - read
            time = read + offset
            out += closeAll(at: lastTime, cancelled: true)
        }
        devicesAdded = false
        let device = String(event)
        var gesture = Gesture(time: time, kind, .begin, fingers: fingers, device: names[device])
        switch phaseName {
        case "BEGIN":
            lastTime = time
            out += close(device, at: time)
            out.append(gesture)
            opened(device, kind, fingers)
            return out
        case "END":
            let rest = words.rest
            guard rest.isEmpty || rest == "cancelled" else {
                return out + refuse("cannot read '\(rest)' after \(name)")
            }
            lastTime = time
            guard let was = open[device], was.kind == kind else { return out }
            closed(device)
            gesture.fingers = was.fingers
            gesture.device = was.name
            gesture.phase = .end(cancelled: rest == "cancelled")
            return out + [gesture]
        case "UPDATE":
            guard !words.rest.isEmpty else { return out + refuse("\(name) lacks its deltas") }
            guard let numbers = LibinputLog.numbers(words.rest) else {
                return out + refuse("cannot read the numbers of \(name): \(clip(words.rest))")
            }
            gesture.phase = .update
            guard numbers.count == (kind == .swipe ? 4 : 6) else {
                return out + refuse("\(name) has \(numbers.count) numbers: \(clip(words.rest))")
            }
            gesture.unaccelerated = Point(x: numbers[2], y: numbers[3])
            gesture.delta = Point(x: numbers[0], y: numbers[1])
            if kind == .pinch {
                gesture.scale = numbers[numbers.count - 2]
                gesture.angle = numbers[numbers.count - 1]
            }
            lastTime = time
            if let was = open[device], was.kind == kind, was.fingers == fingers {
                gesture.device = was.name
            } else {
                out += close(device, at: time)
                out.append(
                    Gesture(time: time, kind, .begin, fingers: fingers, device: names[device]))
                opened(device, kind, fingers)
            }
            out.append(gesture)
            return out
        default:
            return out + refuse("unknown gesture event \(name)")
        }
    }

    /// Empties `problems`, once they are handed on.
    public mutating func forgetProblems() { problems.removeAll() }

    /// After the last line: the gestures still open end there, as a paste cut off before
    /// their END (the way users paste them) would have gone on to end, and each is noted in
    /// `cutOff`.
    public mutating func finish() -> [Gesture] {
        let ending = open.sorted { $0.value.order < $1.value.order }
        for (device, was) in ending {
            let end = "GESTURE_\(was.kind == .swipe ? "SWIPE" : "PINCH")_END"
            cutOff.append(
                TraceError(
                    file: file, line: lineNumber, column: nil,
                    message:
                        "the log ends before the \(was.fingers)-finger \(was.kind == .swipe ? "swipe" : "pinch") on \(device) "
                        + "ends (no \(end)), as a paste cut off does: it ends there"))
        }
        return closeAll(at: lastTime, cancelled: false)
    }

    // MARK: The gestures open

    private mutating func opened(_ device: String, _ kind: Gesture.Kind, _ fingers: Int) {
        open[device] = Open(kind: kind, fingers: fingers, name: names[device], order: opened)
        opened += 1
    }

    private mutating func closed(_ device: String) {
        open[device] = nil
    }

    /// Every gesture open, ended at `time` in the order they began.
    private mutating func closeAll(at time: Double, cancelled: Bool) -> [Gesture] {
        let ending = open.values.sorted { $0.order < $1.order }
        open.removeAll()
        return ending.map {
            Gesture(
                time: time, $0.kind, .end(cancelled: cancelled), fingers: $0.fingers,
                device: $0.name)
        }
    }

    /// The gesture open on `device`, ended cancelled at `time`; none when none is open.
    private mutating func close(_ device: String, at time: Double) -> [Gesture] {
        guard let was = open[device] else { return [] }
        closed(device)
        return [
            Gesture(
                time: time, was.kind, .end(cancelled: true), fingers: was.fingers, device: was.name)
        ]
    }

    private mutating func refuse(_ message: String) -> [Gesture] {
        problems.append(TraceError(file: file, line: lineNumber, column: nil, message: message))
        return []
    }

    private func clip(_ text: Substring) -> String {
        text.count > 60 ? String(text.prefix(60)) + "..." : String(text)
    }

    // MARK: Fields

    /// Why a time cannot be read.
    enum TimeProblem: Error, Equatable {
        case unreadable, negative, outOfRange
        /// What is wrong with the time `word` of the event `name`.
        func text(_ word: Substring, of name: Substring) -> String {
            switch self {
            case .unreadable: return "cannot read the time '\(word)' of \(name)"
            case .negative:
                return
                    "the time '\(word)' of \(name) is negative: libinput counts time up from its start"
            case .outOfRange:
                return "the time '\(word)' of \(name) is past a hundred years of libinput running"
            }
        }
    }

    /// The longest run of `libinput debug-events` a time is taken from: a hundred years, in
    /// seconds. Past it the milliseconds would lose the precision of the digits read.
    static let longestRun = 100 * 366 * 86_400

    /// `+1.234s` (or without its `+`) in milliseconds, read from its digits so that `+9.53s` is
    /// 9530 exactly.
    static func milliseconds(_ word: Substring) -> Result<Double, TimeProblem> {
        var text = word
        if text.first == "+" { text = text.dropFirst() }
        guard text.last == "s" else { return .failure(.unreadable) }
        text = text.dropLast()
        if text.first == "-" {
            return .failure(
                text.dropFirst().allSatisfy { $0.isNumber || $0 == "." } ? .negative : .unreadable)
        }
        let halves = text.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count <= 2, halves[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let whole = Int(halves[0])
        else {
            return .failure(
                halves[0].allSatisfy { $0.isASCII && $0.isNumber } && !halves[0].isEmpty
                    ? .outOfRange : .unreadable)
        }
        guard whole <= longestRun else { return .failure(.outOfRange) }
        let millis = whole * 1000
        if halves.count == 2 {
            let fraction = halves[1]
            guard !fraction.isEmpty, fraction.count <= 6,
                fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Int(fraction)
            else {
                return .failure(.unreadable)
            }
            var scale = 1
            for _ in 0..<fraction.count { scale *= 10 }
            return .success(Double(millis) + Double(digits) * 1000 / Double(scale))
        }
        return .success(Double(millis))
    }

    /// The numbers of an update, in order, from `dx/dy (udx/udy unaccelerated)` and a pinch's
    /// `scale @ angle` after it; nil when anything else is there, or the line is cut before
    /// `unaccelerated)` (a cut pinch line's unaccelerated delta would read as its scale and angle).
    static func numbers(_ text: Substring) -> [Double]? {
        guard text.contains("unaccelerated)") else { return nil }
        var numbers: [Double] = []
        for word in text.split(whereSeparator: { " \t/()@".contains($0) }) {
            if word == "unaccelerated" { continue }
            guard let n = Double(word), n.isFinite else { return nil }
            numbers.append(n)
        }
        return numbers
    }

    /// The device name of a `DEVICE_ADDED` line's rest: what comes before its seat.
    static func deviceName(_ rest: Substring) -> String? {
        var words = Words(rest)
        var name: [Substring] = []
        while let word = words.next() {
            if word.hasPrefix("seat") { break }
            name.append(word)
        }
        return name.isEmpty ? nil : name.joined(separator: " ")
    }

    /// The words of a line, apart by spaces and tabs, and what is left after those taken.
    struct Words {
        private var text: Substring
        init(_ text: Substring) { self.text = text }

        mutating func next() -> Substring? {
            text = text.drop(while: { $0 == " " || $0 == "\t" })
            guard !text.isEmpty else { return nil }
            let word = text.prefix(while: { $0 != " " && $0 != "\t" })
            text = text[word.endIndex...]
            return word
        }

        /// The rest of the line, without the spaces around it.
        var rest: Substring {
            var r = text.drop(while: { $0 == " " || $0 == "\t" })
            while let last = r.last, last == " " || last == "\t" { r = r.dropLast() }
            return r
        }
    }
}
