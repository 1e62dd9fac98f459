/// The devices as the listener names and sorts them, made again whenever the hierarchy
/// changes (`XInputListener.hierarchyChanged`).
struct DeviceTable {
    /// Each device's name, by id, for the events the engine gets and the log.
    private(set) var names: [Int32: String] = [:]
    /// The slave pointers, whose raw events tell a stroke from a click.
    private(set) var slavePointers: [Int32] = []
    /// The server's XTEST pointers (x11vnc, xdotool, and gestured's own clicks and drags): their
    /// raw motion is where the pointer goes on the screen (XTestFakeMotionEvent is absolute),
    /// not how far it moves.
    private(set) var xtestPointers: Set<Int32> = []
    /// Each touchscreen's axes, by id: where its raw touches are on the screen (observe mode).
    private(set) var touchAxes: [Int32: (x: ClosedRange<Double>, y: ClosedRange<Double>)] = [:]

    init() {}

    init(_ devices: [InputDevice]) {
        for device in devices {
            names[device.id] = device.name
            if device.use == .slavePointer || (device.use == .floating && device.kind != .keyboard)
            {
                slavePointers.append(device.id)
            }
            if device.use == .slavePointer && device.name.hasSuffix("XTEST pointer") {
                xtestPointers.insert(device.id)
            }
            if device.use != .masterPointer, let axes = device.axes { touchAxes[device.id] = axes }
        }
    }
}
