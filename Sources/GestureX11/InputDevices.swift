import CXInput2
import GestureCore

/// An input device as the X server reports it, classified the way gestured uses it.
public struct InputDevice: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case touchscreen, touchpad, pointer, keyboard
    }

    public enum Use: String, Sendable {
        case masterPointer = "master pointer", masterKeyboard = "master keyboard"
        case slavePointer = "pointer", slaveKeyboard = "keyboard", floating = "floating"
    }

    public let id: Int32
    public let name: String
    public let use: Use
    public let kind: Kind
    /// Touches the device reports at once (0 when it is no touch device).
    public let touches: Int
    /// The master it is attached to.
    public let attachment: Int32
    /// A touchscreen's first two axes (valuators 0 and 1), whose ranges the server maps onto
    /// the screen: how a raw touch's position is read (observe mode).
    public var axes: (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        axisRanges.count == 2 ? (axisRanges[0], axisRanges[1]) : nil
    }
    let axisRanges: [ClosedRange<Double>]

    public static func == (a: InputDevice, b: InputDevice) -> Bool {
        (a.id, a.name, a.use, a.kind, a.touches, a.attachment) == (
            b.id, b.name, b.use, b.kind, b.touches, b.attachment
        )
            && a.axisRanges == b.axisRanges
    }

    public var isMaster: Bool { use == .masterPointer || use == .masterKeyboard }
}

extension XConnection {
    /// Every device the server has, masters first.
    public func inputDevices() -> [InputDevice] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var devices: [InputDevice] = []
        for i in 0..<Int(count) {
            let info = infos[i]
            let use: InputDevice.Use
            switch info.use {
            case XIMasterPointer: use = .masterPointer
            case XIMasterKeyboard: use = .masterKeyboard
            case XISlavePointer: use = .slavePointer
            case XISlaveKeyboard: use = .slaveKeyboard
            default: use = .floating
            }
            var touches = 0
            var direct = false
            var gestures = false
            var ranges: [Int: ClosedRange<Double>] = [:]
            for c in 0..<Int(info.num_classes) {
                guard let cls = info.classes[c] else { continue }
                switch cls.pointee.type {
                case XITouchClass:
                    let t = UnsafeRawPointer(cls).assumingMemoryBound(to: XITouchClassInfo.self)
                        .pointee
                    touches = Int(t.num_touches)
                    direct = t.mode == XIDirectTouch
                    gestures = gestures || t.mode == XIDependentTouch
                case XIValuatorClass:
                    let v = UnsafeRawPointer(cls).assumingMemoryBound(to: XIValuatorClassInfo.self)
                        .pointee
                    if v.number < 2 && v.max > v.min { ranges[Int(v.number)] = v.min...v.max }
                case XIGestureClass:
                    let g = UnsafeRawPointer(cls).assumingMemoryBound(to: XIGestureClassInfo.self)
                        .pointee
                    touches = max(touches, Int(g.num_touches))
                    gestures = true
                default:
                    break
                }
            }
            let kind: InputDevice.Kind
            if use == .masterKeyboard || use == .slaveKeyboard {
                kind = .keyboard
            } else if direct {
                kind = .touchscreen
            } else if gestures {
                kind = .touchpad
            } else {
                kind = .pointer
            }
            devices.append(
                InputDevice(
                    id: info.deviceid, name: String(cString: info.name), use: use, kind: kind,
                    touches: touches, attachment: info.attachment,
                    axisRanges: kind == .touchscreen && ranges.count == 2
                        ? [ranges[0]!, ranges[1]!] : []))
        }
        return devices.sorted { ($0.isMaster ? 0 : 1, $0.id) < ($1.isMaster ? 0 : 1, $1.id) }
    }

    /// The monitors, from XRandR, as the engine's screen.
    public func screen() -> GestureCore.Screen {
        let screenIndex = XDefaultScreen(display)
        let width = Double(XDisplayWidth(display, screenIndex))
        let height = Double(XDisplayHeight(display, screenIndex))
        var count: Int32 = 0
        var rects: [GestureCore.Screen.Rect] = []
        if let monitors = XRRGetMonitors(display, root, 1, &count) {
            for i in 0..<Int(count) {
                let m = monitors[i]
                rects.append(
                    GestureCore.Screen.Rect(
                        x: Double(m.x), y: Double(m.y), width: Double(m.width),
                        height: Double(m.height)))
            }
            XRRFreeMonitors(monitors)
        }
        return GestureCore.Screen(width: width, height: height, monitors: rects)
    }
}
