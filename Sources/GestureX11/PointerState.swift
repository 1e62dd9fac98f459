import CXInput2
import GestureCore

/// A pointer device as the server has it now: which buttons are down and where its first two
/// axes stand. A slave's state moves on while its master is frozen by a grab, so that it tells
/// what the pointer did while gestured was not following it.
struct PointerState {
    /// The buttons down, by number.
    var buttons: Set<Int> = []
    /// Where the device's axes put the pointer, in screen pixels; nil when it has no x and y axes.
    /// An axis without a range is in pixels already (a mouse, a touchpad, the XTEST pointer);
    /// one with a range is mapped onto the screen, as the server maps it.
    var position: Point?
}

extension PointerState {
    /// The state the classes of a device tell (`XIQueryDevice`, `XI_DeviceChanged`), with the
    /// screen's size in pixels.
    init(
        _ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32,
        screen size: Point
    ) {
        var axes: [Double?] = [nil, nil]
        for c in 0..<Int(count) {
            guard let cls = classes?[c] else { continue }
            switch cls.pointee.type {
            case XIButtonClass:
                let mask = UnsafeRawPointer(cls).assumingMemoryBound(to: XIButtonClassInfo.self)
                    .pointee.state
                for byte in 0..<Int(mask.mask_len) {
                    for bit in 0..<8 where mask.mask[byte] & UInt8(1 << bit) != 0 {
                        buttons.insert(byte * 8 + bit)
                    }
                }
            case XIValuatorClass:
                let v = UnsafeRawPointer(cls).assumingMemoryBound(to: XIValuatorClassInfo.self)
                    .pointee
                guard v.number == 0 || v.number == 1 else { continue }
                let pixels = v.number == 0 ? size.x : size.y
                axes[Int(v.number)] =
                    v.min < v.max ? (v.value - v.min) * pixels / (v.max - v.min + 1) : v.value
            default:
                break
            }
        }
        if let x = axes[0], let y = axes[1] { position = Point(x: x, y: y) }
    }
}

extension XConnection {
    /// The screen's size in pixels.
    var screenSize: Point {
        let screen = XDefaultScreen(display)
        return Point(
            x: Double(XDisplayWidth(display, screen)), y: Double(XDisplayHeight(display, screen)))
    }

    /// The state of `device`, or of every device for XIAllDevices, by id: one round trip.
    func pointerStates(_ device: Int32) -> [Int32: PointerState] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, device, &count) else { return [:] }
        defer { XIFreeDeviceInfo(infos) }
        var states: [Int32: PointerState] = [:]
        for i in 0..<Int(count) {
            states[infos[i].deviceid] = PointerState(
                infos[i].classes, count: infos[i].num_classes, screen: screenSize)
        }
        return states
    }
}
