import GestureCommandLine
import GestureX11

struct Devices: GesturedCommand {
    static let command = CommandTable.devices
    let parsed: ParsedCommand

    func run() {
        let daemon = DaemonOptions(parsed)
        let x: XConnection
        do { x = try XConnection(name: daemon.display) } catch {
            CLIError.exit(CLIError("gestured: \(error)"))
        }
        print(
            "X display \(x.name): \(x.vendor), XInput \(x.xiVersion.major).\(x.xiVersion.minor)\(x.hasGestures ? "" : " (no touchpad gestures: they need XInput 2.4)")"
        )
        for d in x.inputDevices() {
            let touch = d.touches > 0 ? ", \(d.touches) touches" : ""
            print("\(d.id)\t\(d.kind.rawValue)\t\(d.use.rawValue)\(touch)\t\(d.name)")
        }
    }
}
