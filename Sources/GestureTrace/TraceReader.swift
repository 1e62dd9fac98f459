import GestureCore

/// Reads trace format version 1, line by line: JSON Lines, blank lines and `#` comments
/// skipped, unknown keys ignored, an optional header on the first line.
public struct TraceReader {
    public enum Line: Equatable {
        case header(Screen)
        case event(InputEvent)
    }

    public static let version = 1

    /// The events a trace may hold, by the name a line gives in "ev".
    enum EventName: String, CaseIterable {
        case touchBegin = "touch-begin", touchMove = "touch-move", touchEnd = "touch-end",
            touchCancel = "touch-cancel"
        case buttonPress = "button-press", motion, buttonRelease = "button-release"
        case swipeBegin = "swipe-begin", swipeUpdate = "swipe-update", swipeEnd = "swipe-end"
        case pinchBegin = "pinch-begin", pinchUpdate = "pinch-update", pinchEnd = "pinch-end", idle

        /// The name spelled by `bytes`, compared byte for byte, without a String: the length and
        /// the first byte say which name it can be, and the bytes are compared with its spelling.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let p = bytes.baseAddress, bytes.count >= 4 else { return nil }
            let name: EventName
            switch (bytes.count, p[0]) {
            case (4, UInt8(ascii: "i")): name = .idle
            case (6, UInt8(ascii: "m")): name = .motion
            case (9, UInt8(ascii: "t")): name = .touchEnd
            case (9, UInt8(ascii: "s")): name = .swipeEnd
            case (9, UInt8(ascii: "p")): name = .pinchEnd
            case (10, UInt8(ascii: "t")): name = .touchMove
            case (11, UInt8(ascii: "t")): name = .touchBegin
            case (11, UInt8(ascii: "s")): name = .swipeBegin
            case (11, UInt8(ascii: "p")): name = .pinchBegin
            case (12, UInt8(ascii: "t")): name = .touchCancel
            case (12, UInt8(ascii: "b")): name = .buttonPress
            case (12, UInt8(ascii: "s")): name = .swipeUpdate
            case (12, UInt8(ascii: "p")): name = .pinchUpdate
            case (14, UInt8(ascii: "b")): name = .buttonRelease
            default: return nil
            }
            guard WrittenLine.same(p, name.spelling.utf8Start, bytes.count) else { return nil }
            self = name
        }

        /// `rawValue` as bytes that are there without a String.
        var spelling: StaticString {
            switch self {
            case .touchBegin: "touch-begin"
            case .touchMove: "touch-move"
            case .touchEnd: "touch-end"
            case .touchCancel: "touch-cancel"
            case .buttonPress: "button-press"
            case .motion: "motion"
            case .buttonRelease: "button-release"
            case .swipeBegin: "swipe-begin"
            case .swipeUpdate: "swipe-update"
            case .swipeEnd: "swipe-end"
            case .pinchBegin: "pinch-begin"
            case .pinchUpdate: "pinch-update"
            case .pinchEnd: "pinch-end"
            case .idle: "idle"
            }
        }
    }

    static let eventNames = EventName.allCases.map(\.rawValue)

    public let file: String
    public private(set) var lineNumber = 0
    /// Off, every line goes through `JSONValue`: the tests compare the two ways of reading.
    var readsFlatLinesInPlace = true
    private var sawContent = false
    private var lastTime = -Double.infinity
    /// The last device and app names read: a trace names the same few again and again, and
    /// one read again is not made again.
    private var lastDevice = "", lastApp = ""
    /// The fields of the line being read, filled in place line after line, and the strings of
    /// a line that was parsed whole.
    private var fields = TraceFields()
    private var parsed: [String] = []

    public init(file: String) { self.file = file }

    /// The longest line read, in bytes. An event takes some hundred; reading a longer line
    /// whole would take memory without bound (`gestured replay /dev/zero`).
    public static let longestLine = 1 << 16

    /// The error for the next line, which is longer than `longestLine` and is not read.
    /// `line`: its number where another reader counts the file's lines (a libinput log's).
    public mutating func tooLong(line: Int? = nil) -> TraceError {
        lineNumber += 1
        return TraceError(
            file: file, line: line ?? lineNumber, column: nil,
            message:
                "the line is longer than \(TraceReader.longestLine) bytes: a trace line is one event"
        )
    }

    /// Reads the next line; nil for a blank line or a comment.
    public mutating func read(_ text: Substring) throws(TraceError) -> Line? {
        var text = text
        let result = text.withUTF8 { bytes -> Result<Line?, TraceError> in
            do throws(TraceError) { return .success(try read(line: bytes)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads the next line from its UTF-8 bytes, without its line end (`TraceText` cuts them);
    /// nil for a blank line or a comment. Bytes that are not UTF-8 read as U+FFFD, as they do
    /// in a String.
    public mutating func read(line bytes: UnsafeBufferPointer<UInt8>) throws(TraceError) -> Line? {
        guard bytes.count <= TraceReader.longestLine else { throw tooLong() }
        // The common line first: one as gestured writes it, then any flat object in ASCII, read
        // before anything else looks at it.
        if readsFlatLinesInPlace {
            if let event = writtenEvent(bytes) { return .event(event) }
            if fields.read(flatLine: bytes) {
                lineNumber += 1
                sawContent = true
                return .event(try event(line: bytes))
            }
        }
        if !TraceReader.isASCII(bytes) {
            var text = String(decoding: bytes, as: UTF8.self)
            if !text.utf8.elementsEqual(bytes) {
                // Repaired: read the String's bytes, as before the reader read bytes.
                let result = text.withUTF8 { repaired -> Result<Line?, TraceError> in
                    do throws(TraceError) { return .success(try read(valid: repaired)) } catch {
                        return .failure(error)
                    }
                }
                return try result.get()
            }
        }
        return try read(valid: bytes)
    }

    private mutating func read(valid b: UnsafeBufferPointer<UInt8>) throws(TraceError) -> Line? {
        lineNumber += 1
        if TraceReader.isBlankOrComment(b) { return nil }
        if readsFlatLinesInPlace && fields.read(flatLine: b) {
            sawContent = true
            return .event(try event(line: b))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: b)
        } catch {
            throw TraceError(
                file: file, line: lineNumber, column: error.column, message: error.message)
        }
        guard case .object(let members) = value else { throw fault("a line must be a JSON object") }
        let first = !sawContent
        sawContent = true
        if value["trace"] != nil {
            guard first else { throw fault("a header is only allowed on the first line") }
            return .header(try header(value))
        }
        parsed.removeAll(keepingCapacity: true)
        fields.read(members: members, strings: &parsed)
        return .event(try event(line: b))
    }

    static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for c in b { any |= c }
        return any < 0x80
    }

    /// Blank (spaces and tabs, or a lone CR) or a comment: `#` after spaces and tabs. It was
    /// decided on Characters, where `#` and a combining mark after it are one Character that is
    /// not "#": such a line (rare) is decided on Characters still.
    static func isBlankOrComment(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        if i == b.count { return true }
        if b[i] == UInt8(ascii: "#") {
            guard i + 1 < b.count, b[i + 1] >= 0x80 else { return true }
            return String(decoding: UnsafeBufferPointer(rebasing: b[i...]), as: UTF8.self).first
                == "#"
        }
        return i + 1 == b.count && b[i] == 0x0D
    }

    private func fault(_ message: String) -> TraceError {
        TraceError(file: file, line: lineNumber, column: nil, message: message)
    }

    private func header(_ v: JSONValue) throws(TraceError) -> Screen {
        guard case .number(let n)? = v["trace"] else { throw fault("\"trace\" must be a number") }
        let version = try whole(n, "trace")
        guard version == TraceReader.version else {
            throw fault(
                "trace version \(version) is not supported (this gestured reads version \(TraceReader.version))"
            )
        }
        var screen = Screen()
        if let s = v["screen"] {
            guard case .array(let items) = s, items.count == 2,
                case .number(let w) = items[0], case .number(let h) = items[1], w > 0, h > 0
            else {
                throw fault("\"screen\" must be [width, height] in pixels")
            }
            screen = Screen(width: w, height: h)
        }
        if let m = v["monitors"] {
            guard case .array(let items) = m else {
                throw fault("\"monitors\" must be a list of [x, y, width, height]")
            }
            var rects: [Screen.Rect] = []
            for (i, item) in items.enumerated() {
                guard case .array(let n) = item, n.count == 4,
                    case .number(let x) = n[0], case .number(let y) = n[1],
                    case .number(let w) = n[2], case .number(let h) = n[3], w > 0, h > 0
                else {
                    throw fault(
                        "\"monitors\"[\(i)] must be [x, y, width, height] with a positive size")
                }
                rects.append(Screen.Rect(x: x, y: y, width: w, height: h))
            }
            screen = Screen(width: screen.width, height: screen.height, monitors: rects)
        }
        return screen
    }

    /// The event of a line exactly as `TraceWriter` writes it (its keys in its order, without
    /// space, plain ASCII strings), when the event passes every check; nil for any other line,
    /// which `read(line:)` then reads and refuses if it must, so that every error is still made
    /// in one place. `read(line:)` tries it first: nearly every line of a trace is such a line.
    public mutating func writtenEvent(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        // Read into a slot of its own, as `readWritten` reads into the caller's, and moved out of
        // it, so that its names are not counted again.
        withUnsafeTemporaryAllocation(of: InputEvent.self, capacity: 1) { slot in
            let event = slot.baseAddress!
            event.initialize(to: InputEvent(time: 0, .idle))
            var length = 0
            let read = writtenEvent(line, endsAtLineFeed: false, length: &length, into: event)
            let taken = event.move()
            return read ? taken : nil
        }
    }

    /// Reads the line at the start of `text` when that line is one `writtenEvent(_:)` takes and
    /// ends in an LF: writes its event over the one at `event`, puts the length of the line and
    /// its LF in `length`, and returns true; false otherwise, and the line is then cut and read
    /// as any other, and `event` may have been written. The line's end is found by reading the
    /// line, so that its bytes are not looked at once more to find it first.
    ///
    /// The event is written in place, field by field, into memory the caller keeps from line to
    /// line, and the caller hands it on from there (replay moves it out for the engine and back),
    /// so that it is never copied nor destroyed on the way.
    public mutating func readWritten(
        startOf text: UnsafeBufferPointer<UInt8>, length: inout Int,
        into event: UnsafeMutablePointer<InputEvent>
    ) -> Bool {
        writtenEvent(text, endsAtLineFeed: true, length: &length, into: event)
    }

    @inline(never)
    private mutating func writtenEvent(
        _ bytes: UnsafeBufferPointer<UInt8>, endsAtLineFeed: Bool, length: inout Int,
        into event: UnsafeMutablePointer<InputEvent>
    ) -> Bool {
        guard let p = bytes.baseAddress, bytes.count >= 16 else { return false }
        var line = WrittenLine(p, count: bytes.count)
        guard line.skip(#"{"t":"#), let t = line.number(), t >= 0, t >= lastTime,
            line.skip(#","ev":""#), let name = line.eventName()
        else { return false }
        // What follows the name, in the writer's order. Each key is a literal, so that comparing
        // it is a load or two and a comparison with a constant.
        let kind: InputEvent.Kind
        switch name {
        case .touchBegin, .touchMove, .touchEnd:
            guard let id = line.integer(after: #","id":"#),
                line.skip(#","x":"#), let x = line.number(), line.skip(#","y":"#),
                let y = line.number()
            else { return false }
            let at = Point(x: x, y: y)
            kind =
                name == .touchBegin
                ? .touchBegin(id: id, at: at)
                : name == .touchMove ? .touchMove(id: id, at: at) : .touchEnd(id: id, at: at)
        case .touchCancel:
            guard let id = line.integer(after: #","id":"#) else { return false }
            kind = .touchCancel(id: id)
        case .motion:
            guard line.skip(#","x":"#), let x = line.number(), line.skip(#","y":"#),
                let y = line.number()
            else { return false }
            kind = .motion(at: Point(x: x, y: y))
        case .buttonPress, .buttonRelease:
            guard let button = line.integer(after: #","button":"#), button >= 1,
                line.skip(#","x":"#), let x = line.number(), line.skip(#","y":"#),
                let y = line.number()
            else { return false }
            let at = Point(x: x, y: y)
            kind =
                name == .buttonPress
                ? .buttonPress(button: button, at: at) : .buttonRelease(button: button, at: at)
        case .swipeUpdate:
            guard let fingers = line.integer(after: #","fingers":"#), fingers >= 1,
                line.skip(#","dx":"#), let dx = line.number(), line.skip(#","dy":"#),
                let dy = line.number(),
                let unaccelerated = line.unaccelerated()
            else { return false }
            kind = .swipeUpdate(
                fingers: fingers, delta: Point(x: dx, y: dy), unaccelerated: unaccelerated)
        case .pinchUpdate:
            guard let fingers = line.integer(after: #","fingers":"#), fingers >= 1,
                line.skip(#","dx":"#), let dx = line.number(), line.skip(#","dy":"#),
                let dy = line.number(),
                let unaccelerated = line.unaccelerated(),
                line.skip(#","scale":"#), let scale = line.number(),
                line.skip(#","angle":"#), let angle = line.number()
            else { return false }
            kind = .pinchUpdate(
                fingers: fingers, delta: Point(x: dx, y: dy), unaccelerated: unaccelerated,
                scale: scale, angle: angle)
        case .swipeBegin, .pinchBegin:
            guard let fingers = line.integer(after: #","fingers":"#), fingers >= 1 else {
                return false
            }
            kind =
                name == .swipeBegin ? .swipeBegin(fingers: fingers) : .pinchBegin(fingers: fingers)
        case .swipeEnd, .pinchEnd:
            guard let fingers = line.integer(after: #","fingers":"#), fingers >= 1 else {
                return false
            }
            // The writer gives "cancelled" only when it is true.
            let cancelled = line.skip(#","cancelled":true"#)
            kind =
                name == .swipeEnd
                ? .swipeEnd(fingers: fingers, cancelled: cancelled)
                : .pinchEnd(fingers: fingers, cancelled: cancelled)
        case .idle:
            kind = .idle
        }
        // What the engine must not see is left to the general reader to refuse, with its words;
        // the question is asked of the one rule the X decoder asks too.
        guard InputEvent.problem(time: t, kind) == nil else { return false }
        if line.skip("}") {
            // No device, no app: the common line. The names of an earlier event are let go
            // only when there are any, so that nothing is counted for most lines.
            guard let end = line.end(atLineFeed: endsAtLineFeed), end <= TraceReader.longestLine
            else { return false }
            took(time: t, length: end, &length)
            event.pointee.time = t
            event.pointee.kind = kind
            if case .some = event.pointee.device { event.pointee.device = nil }
            if case .some = event.pointee.app { event.pointee.app = nil }
            return true
        }
        var device: String?
        var app: String?
        if line.skip(#","device":""#) {
            guard let text = line.plainString() else { return false }
            if !lastDevice.utf8.elementsEqual(text) {
                lastDevice = String(decoding: text, as: UTF8.self)
            }
            device = lastDevice
        }
        if line.skip(#","app":""#) {
            guard let text = line.plainString() else { return false }
            if !lastApp.utf8.elementsEqual(text) { lastApp = String(decoding: text, as: UTF8.self) }
            app = lastApp
        }
        guard line.skip("}"), let end = line.end(atLineFeed: endsAtLineFeed),
            end <= TraceReader.longestLine
        else { return false }
        took(time: t, length: end, &length)
        event.pointee = InputEvent(time: t, kind, device: device, app: app)
        return true
    }

    /// A line read in place was taken: it is counted, and its time is the last one.
    @inline(__always)
    private mutating func took(time t: Double, length end: Int, _ length: inout Int) {
        lineNumber += 1
        sawContent = true
        lastTime = t
        length = end
    }

    /// The event of the line whose fields were just read from `line`. The common case reads
    /// each value straight from the fields; what a message needs (the event's name, the key's) is
    /// put into words only when a check fails.
    private mutating func event(line: UnsafeBufferPointer<UInt8>) throws(TraceError) -> InputEvent {
        guard let evText = fields.text(.ev) else {
            throw fault(fields.has(.ev) ? "\"ev\" must be a string" : "the event lacks \"ev\"")
        }
        let texts = TraceFields.Texts(line: line, parsed: parsed)
        let known = texts.eventName(evText)
        // An unknown name is still read as far as "t" before it is refused.
        let t = try number(.t, texts)
        guard t >= 0 else { throw fault("\"t\" must not be negative") }
        guard t >= lastTime else {
            throw fault(
                "\"t\" \(JSONLineWriter.number(t)) is before the previous event's \(JSONLineWriter.number(lastTime))"
            )
        }
        let kind: InputEvent.Kind
        switch known {
        case .touchBegin: kind = .touchBegin(id: try integer(.id, texts), at: try point(texts))
        case .touchMove: kind = .touchMove(id: try integer(.id, texts), at: try point(texts))
        case .touchEnd: kind = .touchEnd(id: try integer(.id, texts), at: try point(texts))
        case .touchCancel: kind = .touchCancel(id: try integer(.id, texts))
        case .buttonPress:
            kind = .buttonPress(button: try atLeastOne(.button, texts), at: try point(texts))
        case .buttonRelease:
            kind = .buttonRelease(button: try atLeastOne(.button, texts), at: try point(texts))
        case .motion: kind = .motion(at: try point(texts))
        case .swipeBegin: kind = .swipeBegin(fingers: try atLeastOne(.fingers, texts))
        case .swipeUpdate:
            kind = .swipeUpdate(
                fingers: try atLeastOne(.fingers, texts),
                delta: Point(x: try number(.dx, texts), y: try number(.dy, texts)),
                unaccelerated: try unaccelerated(texts))
        case .swipeEnd:
            kind = .swipeEnd(
                fingers: try atLeastOne(.fingers, texts), cancelled: try flag(.cancelled))
        case .pinchBegin: kind = .pinchBegin(fingers: try atLeastOne(.fingers, texts))
        case .pinchUpdate:
            let scale = try number(.scale, texts)
            kind = .pinchUpdate(
                fingers: try atLeastOne(.fingers, texts),
                delta: Point(
                    x: try number(.dx, texts, default: 0), y: try number(.dy, texts, default: 0)),
                unaccelerated: try unaccelerated(texts), scale: scale,
                angle: try number(.angle, texts, default: 0))
        case .pinchEnd:
            kind = .pinchEnd(
                fingers: try atLeastOne(.fingers, texts), cancelled: try flag(.cancelled))
        case .idle: kind = .idle
        case nil:
            let what = name(texts)
            let hint =
                Suggestion.closest(to: what, among: TraceReader.eventNames).map {
                    " (did you mean \"\($0)\"?)"
                } ?? ""
            throw fault("unknown event \"\(what)\"\(hint)")
        }
        let device = fields.has(.device) ? try label(.device, texts) : nil
        let app = fields.has(.app) ? try label(.app, texts) : nil
        let event = InputEvent(time: t, kind, device: device, app: app)
        // What the engine must not see is refused in one place, for traces and the X decoder alike.
        if let why = event.problem { throw fault("\"\(name(texts))\": \(why)") }
        lastTime = t
        return event
    }

    /// The event's name as the line gives it, for messages.
    private func name(_ texts: TraceFields.Texts) -> String {
        guard let ev = fields.text(.ev) else { return "" }
        return texts.eventName(ev)?.rawValue ?? texts.string(ev)
    }

    // The readers of a value below are `mutating`, though they change nothing: called from
    // `event`, which is, a non-mutating method is handed a copy of the whole reader (208 bytes,
    // a memcpy at every value read); a mutating one is handed its address.
    @inline(__always)
    private mutating func number(_ key: TraceFields.Key, _ texts: TraceFields.Texts)
        throws(TraceError) -> Double
    {
        if let n = fields.number(key) { return n }
        throw numberFault(key, texts)
    }

    @inline(__always)
    private mutating func number(
        _ key: TraceFields.Key, _ texts: TraceFields.Texts, default fallback: Double
    ) throws(TraceError) -> Double {
        fields.has(key) ? try number(key, texts) : fallback
    }

    /// Why `key` gives no number.
    @inline(never)
    private func numberFault(_ key: TraceFields.Key, _ texts: TraceFields.Texts) -> TraceError {
        guard fields.has(key) else {
            let what = name(texts)
            return fault("\(what == "the header" ? what : "\"\(what)\"") lacks \"\(key.name)\"")
        }
        return fault("\"\(key.name)\" must be a number")
    }

    @inline(__always)
    private mutating func integer(_ key: TraceFields.Key, _ texts: TraceFields.Texts)
        throws(TraceError) -> Int
    {
        let n = try number(key, texts)
        if let i = Int(exactly: n) { return i }
        throw wholeFault(n, key.name)
    }

    /// Any way of writing a whole number reads: 1e16 as well as 10000000000000000.
    private func whole(_ n: Double, _ name: String) throws(TraceError) -> Int {
        if let i = Int(exactly: n) { return i }
        throw wholeFault(n, name)
    }

    /// Why `n` is not a whole number that fits.
    @inline(never)
    private func wholeFault(_ n: Double, _ name: String) -> TraceError {
        guard n == n.rounded() else { return fault("\"\(name)\" must be a whole number") }
        return fault("\"\(name)\" \(NumberText.plain(n)) is out of range")
    }

    /// A count of fingers or a button: a whole number from 1 up.
    @inline(__always)
    private mutating func atLeastOne(_ key: TraceFields.Key, _ texts: TraceFields.Texts)
        throws(TraceError) -> Int
    {
        let n = try integer(key, texts)
        guard n >= 1 else { throw fault("\"\(key.name)\" must be at least 1") }
        return n
    }

    /// A touchpad update's unaccelerated delta: both of "udx" and "udy", or neither (an older
    /// trace, whose one delta then stands for both).
    private mutating func unaccelerated(_ texts: TraceFields.Texts) throws(TraceError) -> Point? {
        switch (fields.has(.udx), fields.has(.udy)) {
        case (false, false): return nil
        case (true, true): return Point(x: try number(.udx, texts), y: try number(.udy, texts))
        case (true, false): throw fault("\"\(name(texts))\" has \"udx\" but lacks \"udy\"")
        case (false, true): throw fault("\"\(name(texts))\" has \"udy\" but lacks \"udx\"")
        }
    }

    @inline(__always)
    private mutating func point(_ texts: TraceFields.Texts) throws(TraceError) -> Point {
        Point(x: try number(.x, texts), y: try number(.y, texts))
    }

    private mutating func flag(_ key: TraceFields.Key) throws(TraceError) -> Bool {
        guard let x = fields[key] else { return false }
        guard case .bool(let b) = x else { throw fault("\"\(key.name)\" must be true or false") }
        return b
    }

    /// The device or app name, which the line gives; the last one read when it is the same again.
    private mutating func label(_ key: TraceFields.Key, _ texts: TraceFields.Texts)
        throws(TraceError) -> String
    {
        guard let text = fields.text(key) else { throw fault("\"\(key.name)\" must be a string") }
        if key == .device {
            if !texts.equals(text, lastDevice) { lastDevice = texts.string(text) }
            return lastDevice
        }
        if !texts.equals(text, lastApp) { lastApp = texts.string(text) }
        return lastApp
    }
}
