import Foundation

/// Renders the xorg.conf used by `XServer`: one dummy-driver screen, input
/// hot-plugging off, and one inputtest `InputDevice` per spec.
struct XorgConfiguration {
    var screen: ScreenSize
    var devices: [InputDeviceSpec]
    /// Socket path for each device name.
    var socketPaths: [String: String]
    var modulesDirectory: String

    var text: String {
        let (width, height) = (screen.width, screen.height)
        // A CVT-like mode at ~60 Hz; the dummy driver only needs it to be
        // inside the HorizSync/VertRefresh ranges below.
        let (hTotal, vTotal) = (width + 160, height + 30)
        let clock = Double(hTotal * vTotal * 60) / 1_000_000
        let videoRam = max(16_384, width * height * 4 / 1024 + 1024) // kB for a 32 bpp framebuffer
        var lines = [
            "Section \"Files\"",
            "  ModulePath \(quoted(modulesDirectory))",
            "EndSection",
            "Section \"ServerFlags\"",
            "  Option \"AutoAddDevices\" \"off\"",
            "  Option \"AutoAddGPU\" \"off\"",
            "  Option \"DontVTSwitch\" \"true\"",
            "  Option \"BlankTime\" \"0\"",
            "  Option \"StandbyTime\" \"0\"",
            "  Option \"SuspendTime\" \"0\"",
            "  Option \"OffTime\" \"0\"",
            "EndSection",
            "Section \"Device\"",
            "  Identifier \"dummy-video\"",
            "  Driver \"dummy\"",
            "  VideoRam \(videoRam)",
            "EndSection",
            "Section \"Monitor\"",
            "  Identifier \"dummy-monitor\"",
            "  HorizSync 5.0-1000.0",
            "  VertRefresh 5.0-200.0",
            "  Modeline \"\(width)x\(height)\" \(String(format: "%.2f", clock)) "
                + "\(width) \(width + 48) \(width + 96) \(hTotal) \(height) \(height + 3) \(height + 6) \(vTotal)",
            "EndSection",
            "Section \"Screen\"",
            "  Identifier \"dummy-screen\"",
            "  Device \"dummy-video\"",
            "  Monitor \"dummy-monitor\"",
            "  DefaultDepth 24",
            "  SubSection \"Display\"",
            "    Depth 24",
            "    Modes \"\(width)x\(height)\"",
            "    Virtual \(width) \(height)",
            "  EndSubSection",
            "EndSection",
        ]
        for device in devices {
            lines += [
                "Section \"InputDevice\"",
                "  Identifier \(quoted(device.name))",
                "  Driver \"inputtest\"",
                "  Option \"DeviceType\" \(quoted(device.type.rawValue))",
                "  Option \"SocketPath\" \(quoted(socketPaths[device.name]!))",
            ]
            lines += device.options.sorted { $0.key < $1.key }.map {
                "  Option \(quoted($0.key)) \(quoted($0.value))"
            }
            lines.append("EndSection")
        }
        lines += [
            "Section \"ServerLayout\"", "  Identifier \"harness\"", "  Screen \"dummy-screen\"",
        ]
        let firstPointer =
            (devices.first { $0.type == .pointer } ?? devices.first { $0.type.isPointer })?.name
        let firstKeyboard = devices.first { $0.type == .keyboard }?.name
        for device in devices {
            let role =
                device.name == firstPointer
                ? " \"CorePointer\"" : device.name == firstKeyboard ? " \"CoreKeyboard\"" : ""
            lines.append("  InputDevice \(quoted(device.name))\(role)")
        }
        lines.append("EndSection")
        return lines.joined(separator: "\n") + "\n"
    }

    private func quoted(_ value: String) -> String {
        "\""
            + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"") + "\""
    }
}
