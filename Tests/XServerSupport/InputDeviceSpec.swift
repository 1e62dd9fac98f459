/// One `InputDevice` section of the generated xorg.conf. `name` becomes both
/// the section Identifier and the XInput device name; `options` are extra
/// driver options (e.g. "TouchCount", "PointerButtonCount", "XkbLayout").
public struct InputDeviceSpec: Sendable, Hashable {
    public var name: String
    public var type: InputTestDeviceType
    public var options: [String: String]

    public init(name: String, type: InputTestDeviceType, options: [String: String] = [:]) {
        self.name = name
        self.type = type
        self.options = options
    }

    /// A direct-touch screen with `touchCount` simultaneous touches (driver default 15).
    public static func touchscreen(_ name: String = "gestured-touchscreen", touchCount: Int = 10)
        -> InputDeviceSpec
    {
        InputDeviceSpec(name: name, type: .touch, options: ["TouchCount": String(touchCount)])
    }

    /// A touchpad-like pointer that can send XI 2.4 swipe and pinch gestures.
    public static func touchpad(_ name: String = "gestured-touchpad") -> InputDeviceSpec {
        InputDeviceSpec(name: name, type: .pointerGesture)
    }

    /// A relative mouse with `buttonCount` buttons (driver default 7).
    public static func mouse(_ name: String = "gestured-pointer", buttonCount: Int = 7)
        -> InputDeviceSpec
    {
        InputDeviceSpec(
            name: name, type: .pointer, options: ["PointerButtonCount": String(buttonCount)])
    }

    /// A keyboard with the server's default XKB rules (evdev/pc105/us).
    public static func keyboard(_ name: String = "gestured-keyboard") -> InputDeviceSpec {
        InputDeviceSpec(name: name, type: .keyboard)
    }

    /// Touchscreen, touchpad (gestures), mouse and keyboard, in that order.
    public static let standard: [InputDeviceSpec] = [
        .touchscreen(), .touchpad(), .mouse(), .keyboard(),
    ]
}
