import CXInput2

/// What `gestured doctor` tells of a device beyond its kind: the driver behind it (from the
/// properties the driver gives it), whether it sends touchpad gesture events, the range of its
/// axes and how it is mapped onto the screen.
public struct DeviceDetails: Sendable {
    public enum Driver: String, Sendable {
        case libinput, synaptics, evdev
        /// No property says (the X server's own test driver, a remote one).
        case unknown
    }

    /// One of the first two axes: x and y.
    public struct Axis: Equatable, Sendable {
        public let min: Double, max: Double
        /// Units per metre; 0 when the device does not say.
        public let resolution: Int
        /// The length in millimetres, when the resolution is known.
        public var millimetres: Double? {
            resolution > 0 ? (max - min) / Double(resolution) * 1000 : nil
        }
    }

    public let device: InputDevice
    public let properties: [String]
    /// XInput 2.4's gesture class: the driver sends touchpad swipes and pinches.
    public let sendsGestures: Bool
    public let axes: [Axis]
    /// "Coordinate Transformation Matrix", row by row; nil when the device has none.
    public let matrix: [Float]?

    public var driver: Driver {
        if properties.contains(where: { $0.hasPrefix("libinput ") }) { return .libinput }
        if properties.contains(where: { $0.hasPrefix("Synaptics ") }) { return .synaptics }
        if properties.contains(where: { $0.hasPrefix("Evdev ") }) { return .evdev }
        return .unknown
    }

    /// A touchpad by what the X server says or by its driver and name: a touchpad that the
    /// synaptics driver runs sends neither touches nor gestures, and is one all the same.
    public var isTouchpad: Bool {
        device.kind == .touchpad
            || (device.kind == .pointer && !device.isMaster
                && (driver == .synaptics || device.name.lowercased().contains("touchpad")))
    }

    /// The part of the screen the device is mapped onto, as fractions of its width and height
    /// (x, y, width, height); nil when the matrix is not a plain scale and offset.
    public var mappedArea: (x: Float, y: Float, width: Float, height: Float)? {
        guard let m = matrix, m.count == 9, m[1] == 0, m[3] == 0, m[6] == 0, m[7] == 0, m[8] == 1
        else { return nil }
        return (m[2], m[5], m[0], m[4])
    }
}

extension XConnection {
    /// The details of one device; nil when it is gone.
    public func details(of device: InputDevice) -> DeviceDetails? {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, device.id, &count), count > 0 else { return nil }
        defer { XIFreeDeviceInfo(infos) }
        let info = infos[0]
        var gestures = false
        var axes: [DeviceDetails.Axis?] = [nil, nil]
        for c in 0..<Int(info.num_classes) {
            guard let cls = info.classes[c] else { continue }
            switch cls.pointee.type {
            case XIGestureClass:
                gestures = true
            case XIValuatorClass:
                let v = UnsafeRawPointer(cls).assumingMemoryBound(to: XIValuatorClassInfo.self)
                    .pointee
                if v.number == 0 || v.number == 1 {
                    axes[Int(v.number)] = DeviceDetails.Axis(
                        min: v.min, max: v.max, resolution: Int(v.resolution))
                }
            default:
                break
            }
        }
        return DeviceDetails(
            device: device, properties: propertyNames(of: device.id), sendsGestures: gestures,
            axes: axes.compactMap { $0 },
            matrix: floats(of: device.id, "Coordinate Transformation Matrix"))
    }

    private func propertyNames(of id: Int32) -> [String] {
        var count: Int32 = 0
        guard let atoms = XIListProperties(display, id, &count) else { return [] }
        defer { XFree(atoms) }
        return (0..<Int(count)).compactMap { i in
            guard let name = XGetAtomName(display, atoms[i]) else { return nil }
            defer { XFree(name) }
            return String(cString: name)
        }
    }

    private func floats(of id: Int32, _ property: String) -> [Float]? {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XIGetProperty(
            display, id, atom(property), 0, 64, 0, atom("FLOAT"), &type, &format, &items, &after,
            &data)
        guard status == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32, type == atom("FLOAT") else { return nil }
        return UnsafeRawPointer(data).withMemoryRebound(to: Float.self, capacity: Int(items)) { p in
            (0..<Int(items)).map { p[$0] }
        }
    }
}
