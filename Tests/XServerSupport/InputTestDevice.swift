import Foundation

/// A client of one inputtest driver socket: injects events into the X server
/// as if they came from a real device.
///
/// The driver accepts exactly one client per device for the life of the
/// server and never accepts another after it disconnects (it also spins a CPU
/// on the dead connection), so `XServer` opens these connections once at
/// start-up and closes them only after Xorg has exited. Do not create your own.
///
/// Coordinates are screen pixels: on absolute devices (`.touch`,
/// `.pointerAbsolute*`) they are scaled to the 0...65535 axis range, which the
/// server maps onto the whole screen as `pixel = value * size / 65536`.
public final class InputTestDevice: @unchecked Sendable {
    public enum TouchPhase: UInt32, Sendable {
        case begin = 18, update = 19, end = 20 // XI_TouchBegin/Update/End
    }

    public enum GesturePhase: UInt16, Sendable {
        case begin = 0, update = 1, end = 2 // offset from XI_Gesture{Pinch,Swipe}Begin

        var pinchType: UInt16 { 27 + rawValue } // XI_GesturePinchBegin = 27
        var swipeType: UInt16 { 30 + rawValue } // XI_GestureSwipeBegin = 30
    }

    /// Wheel valuator increment set up by the driver (SetScrollValuator(..., 120, ...)).
    public static let scrollIncrement = 120.0
    /// Largest value of the absolute X/Y axes (TOUCH_AXIS_MAX in the driver).
    public static let absoluteAxisMax = 65535.0

    public let spec: InputDeviceSpec
    public let screen: ScreenSize
    public let socketPath: String
    /// Protocol version the driver reported in its handshake.
    public let serverVersion: (major: UInt16, minor: UInt16)
    /// Bound on each socket write and on waiting for a sync reply (override per call in `sync(timeout:)`).
    public let ioTimeout: Duration = .seconds(5)

    public var name: String { spec.name }
    public var type: InputTestDeviceType { spec.type }

    private var socket: UnixSocket
    private let lock = NSLock()

    /// Connects to `socketPath` and performs the 1.1 version handshake.
    init(spec: InputDeviceSpec, socketPath: String, screen: ScreenSize, timeout: Duration) throws {
        self.spec = spec
        self.screen = screen
        self.socketPath = socketPath
        (socket, serverVersion) = try Self.connect(socketPath, device: spec.name, timeout: timeout)
    }

    private static func connect(_ socketPath: String, device: String, timeout: Duration) throws -> (
        UnixSocket, (UInt16, UInt16)
    ) {
        let socket = try UnixSocket.connect(path: socketPath)
        let hello = InputTestMessage.clientVersion(
            major: InputTestMessage.protocolMajor, minor: InputTestMessage.protocolMinor)
        try socket.write(hello.bytes, timeout: timeout)
        let reply = try Self.readResponse(
            from: socket, expecting: .serverVersion, device: device, timeout: timeout)
        let major = reply[8...].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
        let minor = reply[10...].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
        guard major == InputTestMessage.protocolMajor, minor >= InputTestMessage.protocolMinor
        else {
            throw XServerError.protocolViolation(
                device: device,
                details:
                    "driver speaks protocol \(major).\(minor), need 1.1 (xserver 21.1 or newer)")
        }
        return (socket, (major, minor))
    }

    /// Connects again after the device was disabled and enabled (`xinput disable`, `xinput
    /// enable`): the driver closes its connection when the device is turned off and listens
    /// anew when it is turned on.
    public func reconnect(timeout: Duration = .seconds(5)) throws {
        try lock.withLock {
            socket.close()
            socket = try Self.connect(socketPath, device: spec.name, timeout: timeout).0
        }
    }

    func close() {
        lock.withLock { socket.close() }
    }

    // MARK: Touch (DeviceType "Touch")

    /// One touch point event at screen coordinates; `pressure` is 0...2047 (axis 4).
    public func touch(
        _ phase: TouchPhase, id: UInt32, x: Double, y: Double, pressure: Double? = nil
    ) throws {
        try require(.touch, for: "touch")
        var values = absoluteAxes(x: x, y: y)
        values[4] = pressure
        try send(.touch(id: id, touchType: phase.rawValue, valuators: .init(values: values)))
    }

    // MARK: Gestures (DeviceType "PointerGesture")

    /// A swipe gesture event. `dx`/`dy` are the motion since the previous event;
    /// unaccelerated deltas default to the accelerated ones.
    public func swipe(
        _ phase: GesturePhase, fingers: Int, dx: Double = 0, dy: Double = 0,
        unacceleratedDx: Double? = nil, unacceleratedDy: Double? = nil,
        cancelled: Bool = false
    ) throws {
        try require(.pointerGesture, for: "swipe gesture")
        try send(
            .gestureSwipe(
                gestureType: phase.swipeType, fingers: UInt16(fingers), flags: cancelled ? 1 : 0,
                dx: dx, dy: dy, unacceleratedDx: unacceleratedDx ?? dx,
                unacceleratedDy: unacceleratedDy ?? dy))
    }

    /// A pinch gesture event. `scale` is absolute since the gesture began (1 = unchanged),
    /// `angleDelta` is degrees since the previous event.
    public func pinch(
        _ phase: GesturePhase, fingers: Int, dx: Double = 0, dy: Double = 0,
        unacceleratedDx: Double? = nil, unacceleratedDy: Double? = nil,
        scale: Double = 1, angleDelta: Double = 0, cancelled: Bool = false
    ) throws {
        try require(.pointerGesture, for: "pinch gesture")
        try send(
            .gesturePinch(
                gestureType: phase.pinchType, fingers: UInt16(fingers), flags: cancelled ? 1 : 0,
                dx: dx, dy: dy, unacceleratedDx: unacceleratedDx ?? dx,
                unacceleratedDy: unacceleratedDy ?? dy,
                scale: scale, angleDelta: angleDelta))
    }

    // MARK: Pointer (any DeviceType but "Keyboard")

    public func button(_ number: Int, pressed: Bool) throws {
        try requirePointer(for: "button")
        try send(
            .button(absolute: false, button: Int32(number), pressed: pressed, valuators: .init()))
    }

    /// Press and release `number` (1 left, 2 middle, 3 right, 4/5 wheel up/down).
    public func click(_ number: Int = 1) throws {
        try button(number, pressed: true)
        try button(number, pressed: false)
    }

    /// Relative motion in pixels (before pointer acceleration, which is flat by default).
    public func move(dx: Double, dy: Double) throws {
        try requirePointer(for: "relative motion")
        try send(.motion(absolute: false, valuators: .init(values: [0: dx, 1: dy])))
    }

    /// Absolute motion to screen pixel (x, y). Relative devices take it unscaled
    /// (their axes have no range, so the server uses screen coordinates).
    public func move(toX x: Double, y: Double) throws {
        try requirePointer(for: "absolute motion")
        let values = type.hasAbsoluteAxes ? absoluteAxes(x: x, y: y) : [0: x, 1: y]
        try send(.motion(absolute: true, valuators: .init(values: values)))
    }

    /// Smooth scrolling in wheel clicks (positive dy scrolls down); one click is 120 valuator units.
    public func scroll(dx: Double = 0, dy: Double = 0) throws {
        try requirePointer(for: "scroll")
        var values: [Int: Double] = [:]
        if dx != 0 { values[2] = dx * Self.scrollIncrement }
        if dy != 0 { values[3] = dy * Self.scrollIncrement }
        try send(.motion(absolute: false, valuators: .init(values: values)))
    }

    // MARK: Keyboard (DeviceType "Keyboard")

    /// `keycode` is an X keycode (Linux evdev KEY_* + 8), e.g. 38 is "a" with the us layout.
    public func key(_ keycode: Int, pressed: Bool) throws {
        try require(.keyboard, for: "key")
        try send(.key(keycode: Int32(keycode), pressed: pressed))
    }

    public func tap(keycode: Int) throws {
        try key(keycode, pressed: true)
        try key(keycode, pressed: false)
    }

    // MARK: Synchronisation

    /// Returns once the server has fully processed every event sent on this
    /// device so far (XF86IT_EVENT_WAIT_FOR_SYNC / XF86IT_RESPONSE_SYNC_FINISHED).
    /// Clients may still have to read the resulting events from their sockets.
    public func sync(timeout: Duration? = nil) throws {
        try lock.withLock {
            let limit = timeout ?? ioTimeout
            try socket.write(InputTestMessage.waitForSync.bytes, timeout: limit)
            _ = try Self.readResponse(
                from: socket, expecting: .syncFinished, device: name, timeout: limit)
        }
    }

    // MARK: Private

    private func send(_ message: InputTestMessage) throws {
        try lock.withLock { try socket.write(message.bytes, timeout: ioTimeout) }
    }

    private func absoluteAxes(x: Double, y: Double) -> [Int: Double] {
        [
            0: x * (Self.absoluteAxisMax + 1) / Double(screen.width),
            1: y * (Self.absoluteAxisMax + 1) / Double(screen.height),
        ]
    }

    private func require(_ needed: InputTestDeviceType, for event: String) throws {
        guard type == needed else {
            throw XServerError.unsupportedEvent(event: event, device: name, type: type)
        }
    }

    private func requirePointer(for event: String) throws {
        guard type.isPointer else {
            throw XServerError.unsupportedEvent(event: event, device: name, type: type)
        }
    }

    private static func readResponse(
        from socket: UnixSocket, expecting expected: InputTestMessage.ResponseType,
        device: String, timeout: Duration
    ) throws -> [UInt8] {
        let header = try socket.read(exactly: InputTestMessage.responseHeaderSize, timeout: timeout)
        let length = header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        let type = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) }
        guard type == expected.rawValue, length == expected.size else {
            throw XServerError.protocolViolation(
                device: device,
                details:
                    "expected response \(expected) (\(expected.size) bytes), got type \(type) with length \(length)"
            )
        }
        return header + (try socket.read(exactly: Int(length) - header.count, timeout: timeout))
    }
}
