/// The keys of a trace line that `TraceReader` reads, each with the first value the line gives
/// it: read straight from the line's bytes when the line is one flat object (every event gestured
/// writes), or from a parsed `JSONValue` for anything else, so that the checks after it are one.
///
/// A plain value: a string's text stays where it is (`Text`, read through `Texts`), so that
/// reading a line makes no String but the device and app names an event keeps.
struct TraceFields {
    /// What a key holds, as far as the checks need to know.
    enum Value {
        case number(Double)
        case string(Text)
        case bool(Bool)
        case null
        /// An array or an object.
        case other
    }

    /// Where a string value's text is: in the line's bytes (a flat line, whose strings have no
    /// escapes), or among the strings of a parsed line.
    enum Text {
        case inLine(start: Int32, count: Int32)
        case parsed(Int32)
    }

    /// The texts `Text` points into, for one line.
    struct Texts {
        let line: UnsafeBufferPointer<UInt8>
        let parsed: [String]

        func string(_ t: Text) -> String {
            switch t {
            case let .inLine(start, count): String(decoding: bytes(start, count), as: UTF8.self)
            case let .parsed(i): parsed[Int(i)]
            }
        }

        /// Whether the text is exactly `s`: a name read again is not made again.
        func equals(_ t: Text, _ s: String) -> Bool {
            switch t {
            case let .inLine(start, count): s.utf8.elementsEqual(bytes(start, count))
            case let .parsed(i): parsed[Int(i)] == s
            }
        }

        func eventName(_ t: Text) -> TraceReader.EventName? {
            switch t {
            case let .inLine(start, count): TraceReader.EventName(bytes(start, count))
            case let .parsed(i): TraceReader.EventName(rawValue: parsed[Int(i)])
            }
        }

        private func bytes(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[Int(start)..<Int(start + count)])
        }
    }

    enum Key {
        case t, ev, id, x, y, button, fingers, dx, dy, scale, angle, cancelled, device, app, trace
    }

    var t, ev, id, x, y, button, fingers, dx, dy, scale, angle, cancelled, device, app, trace: Value?

    subscript(key: Key) -> Value? {
        switch key {
        case .t: t
        case .ev: ev
        case .id: id
        case .x: x
        case .y: y
        case .button: button
        case .fingers: fingers
        case .dx: dx
        case .dy: dy
        case .scale: scale
        case .angle: angle
        case .cancelled: cancelled
        case .device: device
        case .app: app
        case .trace: trace
        }
    }

    /// Sets `key` unless the line gave it before: the first of two equal keys counts, as
    /// `JSONValue`'s subscript finds it.
    mutating func setFirst(_ key: Key, _ value: Value) {
        func set(_ slot: inout Value?) { if slot == nil { slot = value } }
        switch key {
        case .t: set(&t)
        case .ev: set(&ev)
        case .id: set(&id)
        case .x: set(&x)
        case .y: set(&y)
        case .button: set(&button)
        case .fingers: set(&fingers)
        case .dx: set(&dx)
        case .dy: set(&dy)
        case .scale: set(&scale)
        case .angle: set(&angle)
        case .cancelled: set(&cancelled)
        case .device: set(&device)
        case .app: set(&app)
        case .trace: set(&trace)
        }
    }

    /// The members of a parsed object, whose strings go into `strings`; keys compare as
    /// Strings do, as they always have.
    init(_ members: [(String, JSONValue)], strings: inout [String]) {
        for (name, value) in members {
            guard let key = Key(name) else { continue }
            switch value {
            case .number(let n): setFirst(key, .number(n))
            case .string(let s):
                setFirst(key, .string(.parsed(Int32(strings.count))))
                strings.append(s)
            case .bool(let b): setFirst(key, .bool(b))
            case .null: setFirst(key, .null)
            case .array, .object: setFirst(key, .other)
            }
        }
    }

    init() {}
}

extension TraceFields.Key {
    init?(_ name: String) {
        switch name {
        case "t": self = .t
        case "ev": self = .ev
        case "id": self = .id
        case "x": self = .x
        case "y": self = .y
        case "button": self = .button
        case "fingers": self = .fingers
        case "dx": self = .dx
        case "dy": self = .dy
        case "scale": self = .scale
        case "angle": self = .angle
        case "cancelled": self = .cancelled
        case "device": self = .device
        case "app": self = .app
        case "trace": self = .trace
        default: return nil
        }
    }

    /// The key spelled by `count` plain ASCII bytes at `p` (no escapes); nil for any other key.
    init?(_ p: UnsafePointer<UInt8>, count: Int) {
        func `is`(_ s: StaticString) -> Bool { memcmp(p, s.utf8Start, count) == 0 }
        switch count {
        case 1:
            switch p[0] {
            case UInt8(ascii: "t"): self = .t
            case UInt8(ascii: "x"): self = .x
            case UInt8(ascii: "y"): self = .y
            default: return nil
            }
        case 2:
            if `is`("ev") { self = .ev } else if `is`("id") { self = .id } else if `is`("dx") { self = .dx }
            else if `is`("dy") { self = .dy } else { return nil }
        case 3: if `is`("app") { self = .app } else { return nil }
        case 5:
            if `is`("scale") { self = .scale } else if `is`("angle") { self = .angle } else if `is`("trace") { self = .trace }
            else { return nil }
        case 6: if `is`("button") { self = .button } else if `is`("device") { self = .device } else { return nil }
        case 7: if `is`("fingers") { self = .fingers } else { return nil }
        case 9: if `is`("cancelled") { self = .cancelled } else { return nil }
        default: return nil
        }
    }
}

/// memcmp without Foundation: the module keeps to the standard library.
@inline(__always)
private func memcmp(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Int32 {
    for i in 0..<n where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
    return 0
}
