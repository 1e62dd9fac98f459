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
        case touchBegin = "touch-begin", touchMove = "touch-move", touchEnd = "touch-end", touchCancel = "touch-cancel"
        case buttonPress = "button-press", motion, buttonRelease = "button-release"
        case swipeBegin = "swipe-begin", swipeUpdate = "swipe-update", swipeEnd = "swipe-end"
        case pinchBegin = "pinch-begin", pinchUpdate = "pinch-update", pinchEnd = "pinch-end", idle

        /// The name spelled by `bytes`, compared byte for byte: each name is two words, and a
        /// line's name is found among them without a String.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 16 else { return nil }
            let words = EventName.words(bytes)
            guard let i = EventName.spellings.firstIndex(where: { $0 == words }) else { return nil }
            self = EventName.allCases[i]
        }

        /// Every name as the words `words(_:)` makes of it, in the order of `allCases`.
        private static let spellings = allCases.map { name in Array(name.rawValue.utf8).withUnsafeBufferPointer(words) }

        /// Up to 16 bytes as two words, the rest zero: names hold no NUL, so that equal words
        /// are equal names.
        private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
            var w: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &w) { raw in
                for (i, b) in bytes.prefix(16).enumerated() { raw[i] = b }
            }
            return w
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

    public init(file: String) { self.file = file }

    /// Reads the next line; nil for a blank line or a comment.
    public mutating func read(_ text: Substring) throws(TraceError) -> Line? {
        var text = text
        let result = text.withUTF8 { bytes -> Result<Line?, TraceError> in
            do throws(TraceError) { return .success(try read(line: bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Reads the next line from its UTF-8 bytes, without its line end (`TraceText` cuts them);
    /// nil for a blank line or a comment. Bytes that are not UTF-8 read as U+FFFD, as they do
    /// in a String.
    public mutating func read(line bytes: UnsafeBufferPointer<UInt8>) throws(TraceError) -> Line? {
        // The common line first: a flat object in ASCII, read before anything else looks at it.
        if readsFlatLinesInPlace, let fields = TraceFields(flatLine: bytes) {
            lineNumber += 1
            sawContent = true
            return .event(try event(fields, TraceFields.Texts(line: bytes, parsed: [])))
        }
        if !TraceReader.isASCII(bytes) {
            var text = String(decoding: bytes, as: UTF8.self)
            if !text.utf8.elementsEqual(bytes) {
                // Repaired: read the String's bytes, as before the reader read bytes.
                let result = text.withUTF8 { repaired -> Result<Line?, TraceError> in
                    do throws(TraceError) { return .success(try read(valid: repaired)) } catch { return .failure(error) }
                }
                return try result.get()
            }
        }
        return try read(valid: bytes)
    }

    private mutating func read(valid b: UnsafeBufferPointer<UInt8>) throws(TraceError) -> Line? {
        lineNumber += 1
        if TraceReader.isBlankOrComment(b) { return nil }
        if readsFlatLinesInPlace, let fields = TraceFields(flatLine: b) {
            sawContent = true
            return .event(try event(fields, TraceFields.Texts(line: b, parsed: [])))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: b)
        } catch {
            throw TraceError(file: file, line: lineNumber, column: error.column, message: error.message)
        }
        guard case let .object(members) = value else { throw fault("a line must be a JSON object") }
        let first = !sawContent
        sawContent = true
        if value["trace"] != nil {
            guard first else { throw fault("a header is only allowed on the first line") }
            return .header(try header(value))
        }
        var strings: [String] = []
        let fields = TraceFields(members, strings: &strings)
        return .event(try event(fields, TraceFields.Texts(line: b, parsed: strings)))
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
            return String(decoding: UnsafeBufferPointer(rebasing: b[i...]), as: UTF8.self).first == "#"
        }
        return i + 1 == b.count && b[i] == 0x0D
    }

    private func fault(_ message: String) -> TraceError {
        TraceError(file: file, line: lineNumber, column: nil, message: message)
    }

    private func header(_ v: JSONValue) throws(TraceError) -> Screen {
        guard case let .number(n)? = v["trace"] else { throw fault("\"trace\" must be a number") }
        let version = try whole(n, "trace")
        guard version == TraceReader.version else {
            throw fault("trace version \(version) is not supported (this gestured reads version \(TraceReader.version))")
        }
        var screen = Screen()
        if let s = v["screen"] {
            guard case let .array(items) = s, items.count == 2,
                  case let .number(w) = items[0], case let .number(h) = items[1], w > 0, h > 0 else {
                throw fault("\"screen\" must be [width, height] in pixels")
            }
            screen = Screen(width: w, height: h)
        }
        if let m = v["monitors"] {
            guard case let .array(items) = m else { throw fault("\"monitors\" must be a list of [x, y, width, height]") }
            var rects: [Screen.Rect] = []
            for (i, item) in items.enumerated() {
                guard case let .array(n) = item, n.count == 4,
                      case let .number(x) = n[0], case let .number(y) = n[1],
                      case let .number(w) = n[2], case let .number(h) = n[3], w > 0, h > 0 else {
                    throw fault("\"monitors\"[\(i)] must be [x, y, width, height] with a positive size")
                }
                rects.append(Screen.Rect(x: x, y: y, width: w, height: h))
            }
            screen = Screen(width: screen.width, height: screen.height, monitors: rects)
        }
        return screen
    }

    private mutating func event(_ v: TraceFields, _ texts: TraceFields.Texts) throws(TraceError) -> InputEvent {
        guard let evValue = v.ev else { throw fault("the event lacks \"ev\"") }
        guard case let .string(evText) = evValue else { throw fault("\"ev\" must be a string") }
        let known = texts.eventName(evText)
        let name = known?.rawValue ?? texts.string(evText)
        let t = try number(v, .t, "t", in: name)
        guard t >= 0 else { throw fault("\"t\" must not be negative") }
        guard t >= lastTime else {
            throw fault("\"t\" \(JSONLineWriter.number(t)) is before the previous event's \(JSONLineWriter.number(lastTime))")
        }
        let kind: InputEvent.Kind
        switch known {
        case .touchBegin: kind = .touchBegin(id: try integer(v, .id, "id", in: name), at: try point(v, in: name))
        case .touchMove: kind = .touchMove(id: try integer(v, .id, "id", in: name), at: try point(v, in: name))
        case .touchEnd: kind = .touchEnd(id: try integer(v, .id, "id", in: name), at: try point(v, in: name))
        case .touchCancel: kind = .touchCancel(id: try integer(v, .id, "id", in: name))
        case .buttonPress: kind = .buttonPress(button: try button(v, in: name), at: try point(v, in: name))
        case .buttonRelease: kind = .buttonRelease(button: try button(v, in: name), at: try point(v, in: name))
        case .motion: kind = .motion(at: try point(v, in: name))
        case .swipeBegin: kind = .swipeBegin(fingers: try fingers(v, in: name))
        case .swipeUpdate:
            kind = .swipeUpdate(fingers: try fingers(v, in: name),
                                delta: Point(x: try number(v, .dx, "dx", in: name), y: try number(v, .dy, "dy", in: name)))
        case .swipeEnd: kind = .swipeEnd(fingers: try fingers(v, in: name), cancelled: try flag(v, .cancelled, "cancelled"))
        case .pinchBegin: kind = .pinchBegin(fingers: try fingers(v, in: name))
        case .pinchUpdate:
            let scale = try number(v, .scale, "scale", in: name)
            kind = .pinchUpdate(fingers: try fingers(v, in: name),
                                delta: Point(x: try number(v, .dx, "dx", in: name, default: 0),
                                             y: try number(v, .dy, "dy", in: name, default: 0)),
                                scale: scale, angle: try number(v, .angle, "angle", in: name, default: 0))
        case .pinchEnd: kind = .pinchEnd(fingers: try fingers(v, in: name), cancelled: try flag(v, .cancelled, "cancelled"))
        case .idle: kind = .idle
        case nil:
            let hint = Suggestion.closest(to: name, among: TraceReader.eventNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw fault("unknown event \"\(name)\"\(hint)")
        }
        let device = try label(v, .device, "device", texts), app = try label(v, .app, "app", texts)
        let event = InputEvent(time: t, kind, device: device, app: app)
        // What the engine must not see is refused in one place, for traces and the X decoder alike.
        if let why = event.problem { throw fault("\"\(name)\": \(why)") }
        lastTime = t
        return event
    }

    private func number(_ v: TraceFields, _ key: TraceFields.Key, _ name: String, in what: String,
                        default fallback: Double? = nil) throws(TraceError) -> Double {
        guard let x = v[key] else {
            if let fallback { return fallback }
            throw fault("\(what == "the header" ? what : "\"\(what)\"") lacks \"\(name)\"")
        }
        guard case let .number(n) = x else { throw fault("\"\(name)\" must be a number") }
        return n
    }

    private func integer(_ v: TraceFields, _ key: TraceFields.Key, _ name: String, in what: String) throws(TraceError) -> Int {
        try whole(try number(v, key, name, in: what), name)
    }

    /// Any way of writing a whole number reads: 1e16 as well as 10000000000000000.
    private func whole(_ n: Double, _ name: String) throws(TraceError) -> Int {
        guard n == n.rounded() else { throw fault("\"\(name)\" must be a whole number") }
        guard let i = Int(exactly: n) else { throw fault("\"\(name)\" \(NumberText.plain(n)) is out of range") }
        return i
    }

    private func fingers(_ v: TraceFields, in what: String) throws(TraceError) -> Int {
        let n = try integer(v, .fingers, "fingers", in: what)
        guard n >= 1 else { throw fault("\"fingers\" must be at least 1") }
        return n
    }

    private func button(_ v: TraceFields, in what: String) throws(TraceError) -> Int {
        let n = try integer(v, .button, "button", in: what)
        guard n >= 1 else { throw fault("\"button\" must be at least 1") }
        return n
    }

    private func point(_ v: TraceFields, in what: String) throws(TraceError) -> Point {
        Point(x: try number(v, .x, "x", in: what), y: try number(v, .y, "y", in: what))
    }

    private func flag(_ v: TraceFields, _ key: TraceFields.Key, _ name: String) throws(TraceError) -> Bool {
        guard let x = v[key] else { return false }
        guard case let .bool(b) = x else { throw fault("\"\(name)\" must be true or false") }
        return b
    }

    /// The device or app name; the last one read when it is the same again.
    private mutating func label(_ v: TraceFields, _ key: TraceFields.Key, _ name: String,
                                _ texts: TraceFields.Texts) throws(TraceError) -> String? {
        guard let x = v[key] else { return nil }
        guard case let .string(text) = x else { throw fault("\"\(name)\" must be a string") }
        if key == .device {
            if !texts.equals(text, lastDevice) { lastDevice = texts.string(text) }
            return lastDevice
        }
        if !texts.equals(text, lastApp) { lastApp = texts.string(text) }
        return lastApp
    }
}
