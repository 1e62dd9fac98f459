/// Wire format of /usr/include/xorg/xf86-input-inputtest-protocol.h, protocol 1.1.
///
/// Every message is the C struct as the driver `memcpy`s it: host byte order,
/// C enums as 4-byte ints, doubles 8-byte aligned (x86_64 / aarch64 SysV layout).
/// `xf86ITValuatorData` is `u32 has_unaccelerated; u8 mask[8]; <4 pad>;
/// double valuators[64]; double unaccelerated[64]` = 1040 bytes, so its
/// offset inside an event is rounded up to 8. The driver rejects any message
/// whose `length` is not exactly `sizeof` its struct.
enum InputTestMessage {
    static let protocolMajor: UInt16 = 1
    static let protocolMinor: UInt16 = 1
    static let maxValuators = 64

    /// `enum xf86ITEventType`.
    enum EventType: UInt32 {
        case clientVersion = 0, waitForSync, motion, proximity, button, key, touch, gesturePinch,
            gestureSwipe

        /// `sizeof(xf86ITEvent*)`; checked against the C header in ProtocolLayoutTests.
        var size: Int {
            switch self {
            case .clientVersion: return 12
            case .waitForSync: return 8
            case .motion, .proximity, .touch: return 1056
            case .button: return 1064
            case .key: return 16
            case .gesturePinch: return 64
            case .gestureSwipe: return 48
            }
        }

        /// Struct alignment: 8 when it contains doubles, else 4 (the size is padded to it).
        var alignment: Int {
            switch self {
            case .clientVersion, .waitForSync, .key: return 4
            case .motion, .proximity, .button, .touch, .gesturePinch, .gestureSwipe: return 8
            }
        }
    }

    /// `enum xf86ITResponseType`; both responses start with `u32 length, u32 type`.
    enum ResponseType: UInt32 {
        case serverVersion = 0, syncFinished = 1

        var size: Int { self == .serverVersion ? 12 : 8 }
    }

    static let responseHeaderSize = 8
    static let valuatorDataSize = 1040

    /// Valuator values by axis number; `unaccelerated`, when given, sets
    /// `has_unaccelerated` and supplies per-axis unaccelerated values
    /// (axes missing from it reuse the accelerated value).
    struct Valuators {
        var values: [Int: Double] = [:]
        var unaccelerated: [Int: Double]? = nil
    }

    case clientVersion(major: UInt16, minor: UInt16)
    case waitForSync
    case motion(absolute: Bool, valuators: Valuators)
    case proximity(inProximity: Bool, valuators: Valuators)
    case button(absolute: Bool, button: Int32, pressed: Bool, valuators: Valuators)
    case key(keycode: Int32, pressed: Bool)
    /// `touchType` is XI_TouchBegin (18), XI_TouchUpdate (19) or XI_TouchEnd (20).
    case touch(id: UInt32, touchType: UInt32, valuators: Valuators)
    /// `gestureType` is XI_GesturePinchBegin/Update/End (27/28/29).
    case gesturePinch(
        gestureType: UInt16, fingers: UInt16, flags: UInt32,
        dx: Double, dy: Double, unacceleratedDx: Double, unacceleratedDy: Double,
        scale: Double, angleDelta: Double)
    /// `gestureType` is XI_GestureSwipeBegin/Update/End (30/31/32).
    case gestureSwipe(
        gestureType: UInt16, fingers: UInt16, flags: UInt32,
        dx: Double, dy: Double, unacceleratedDx: Double, unacceleratedDy: Double)

    var eventType: EventType {
        switch self {
        case .clientVersion: return .clientVersion
        case .waitForSync: return .waitForSync
        case .motion: return .motion
        case .proximity: return .proximity
        case .button: return .button
        case .key: return .key
        case .touch: return .touch
        case .gesturePinch: return .gesturePinch
        case .gestureSwipe: return .gestureSwipe
        }
    }

    /// The encoded struct, exactly `eventType.size` bytes.
    var bytes: [UInt8] {
        var out = ByteWriter()
        let type = eventType
        out.append(UInt32(type.size))
        out.append(type.rawValue)
        switch self {
        case .clientVersion(let major, let minor):
            out.append(major)
            out.append(minor)
        case .waitForSync:
            break
        case .motion(let absolute, let valuators):
            out.append(UInt32(absolute ? 1 : 0))
            out.append(valuators)
        case .proximity(let inProximity, let valuators):
            out.append(UInt32(inProximity ? 1 : 0))
            out.append(valuators)
        case .button(let absolute, let button, let pressed, let valuators):
            out.append(Int32(absolute ? 1 : 0))
            out.append(button)
            out.append(UInt32(pressed ? 1 : 0))
            out.append(valuators)
        case .key(let keycode, let pressed):
            out.append(keycode)
            out.append(UInt32(pressed ? 1 : 0))
        case .touch(let id, let touchType, let valuators):
            out.append(id)
            out.append(touchType)
            out.append(valuators)
        case .gesturePinch(
            let gestureType, let fingers, let flags, let dx, let dy, let udx, let udy, let scale,
            let angle):
            out.append(gestureType)
            out.append(fingers)
            out.append(flags)
            for value in [dx, dy, udx, udy, scale, angle] { out.append(value) }
        case .gestureSwipe(
            let gestureType, let fingers, let flags, let dx, let dy, let udx, let udy):
            out.append(gestureType)
            out.append(fingers)
            out.append(flags)
            for value in [dx, dy, udx, udy] { out.append(value) }
        }
        out.pad(toMultipleOf: type.alignment)
        precondition(
            out.bytes.count == type.size,
            "inputtest \(type) encoded to \(out.bytes.count) bytes, expected \(type.size)")
        return out.bytes
    }

    private struct ByteWriter {
        var bytes: [UInt8] = []

        mutating func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
        }

        mutating func append(_ value: Double) {
            pad(toMultipleOf: 8)
            withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
        }

        mutating func pad(toMultipleOf alignment: Int) {
            while bytes.count % alignment != 0 { bytes.append(0) }
        }

        mutating func append(_ valuators: Valuators) {
            pad(toMultipleOf: 8) // the struct contains doubles, so it is 8-aligned
            let start = bytes.count
            var mask = [UInt8](repeating: 0, count: (InputTestMessage.maxValuators + 7) / 8)
            var values = [Double](repeating: 0, count: InputTestMessage.maxValuators)
            var unaccelerated = values
            for (axis, value) in valuators.values {
                precondition(
                    (0..<InputTestMessage.maxValuators).contains(axis),
                    "valuator axis \(axis) out of range")
                mask[axis / 8] |= 1 << UInt8(axis % 8)
                values[axis] = value
                unaccelerated[axis] = valuators.unaccelerated?[axis] ?? value
            }
            append(UInt32(valuators.unaccelerated == nil ? 0 : 1))
            bytes.append(contentsOf: mask)
            values.forEach { append($0) }
            unaccelerated.forEach { append($0) }
            precondition(bytes.count - start == InputTestMessage.valuatorDataSize)
        }
    }
}
