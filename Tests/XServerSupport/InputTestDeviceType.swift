/// The `Option "DeviceType"` values understood by Xorg's inputtest driver
/// (xserver 21.1, see `man inputtestdrv` and the driver source).
public enum InputTestDeviceType: String, Sendable, CaseIterable {
    /// XKB keyboard; key events carry X keycodes (evdev code + 8).
    case keyboard = "Keyboard"
    /// Relative pointer: Rel X (0), Rel Y (1), horizontal (2) and vertical (3) scroll valuators.
    case pointer = "Pointer"
    /// Relative pointer plus an XI 2.4 gesture class (xinput type TOUCHPAD): swipe and pinch.
    case pointerGesture = "PointerGesture"
    /// Absolute pointer: Abs X/Y in 0...65535 mapped onto the whole screen, scroll on 2/3.
    case pointerAbsolute = "PointerAbsolute"
    /// Like `pointerAbsolute` with a proximity class (xinput type TABLET).
    case pointerAbsoluteProximity = "PointerAbsoluteProximity"
    /// Direct touch device (touchscreen): Abs MT Position X/Y in 0...65535, pressure 0...2047 on axis 4.
    case touch = "Touch"

    /// Whether axes 0/1 are absolute in 0...65535 and so need scaling from screen pixels.
    var hasAbsoluteAxes: Bool {
        switch self {
        case .pointerAbsolute, .pointerAbsoluteProximity, .touch: return true
        case .keyboard, .pointer, .pointerGesture: return false
        }
    }

    var isPointer: Bool { self != .keyboard }
}
