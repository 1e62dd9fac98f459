import GestureCore

/// touchegg's thresholds in gestured's units. touchegg measures a gesture's progress in per
/// cent of a travel it computes from the device's size: on a touchpad (libinput 1.18 or
/// later) it begins after 1 % of the touchpad's smaller side and reaches 100 % after 9 % more
/// of its width (left, right) or height (up, down), in libinput's unaccelerated units, which are
/// gestured's touchpad px; on a touchscreen it begins after 2 % of the smaller side and
/// reaches 100 % after 16 % more, in millimetres. gestured's commit distance is one length for
/// every direction and device, so the conversion takes a reference device of each kind and the
/// mean of the horizontal and vertical travels; docs/import.md states it.
enum ToucheggUnits {
    /// A 100 × 60 mm touchpad, in libinput's 1000-dpi units (39.37 a millimetre).
    static let touchpadWidth = 100.0 / 25.4 * 1000, touchpadHeight = 60.0 / 25.4 * 1000
    /// A 13.3-inch 1920 × 1080 touchscreen: 294 × 165 mm, 6.53 px a millimetre.
    static let screenWidthMM = 294.0, screenHeightMM = 165.0, screenPixelsPerMM = 1920.0 / 294.0

    static let touchpadStart = 0.01 * min(touchpadWidth, touchpadHeight)
    static let touchpadFinish = 0.09 * (touchpadWidth + touchpadHeight) / 2
    static let screenStart = 0.02 * min(screenWidthMM, screenHeightMM) * screenPixelsPerMM
    static let screenFinish = 0.16 * (screenWidthMM + screenHeightMM) / 2 * screenPixelsPerMM

    /// touchegg's percentage is the travel past the start over start and finish; where it
    /// reaches `percent` on the touchpad, from where the fingers landed.
    static func touchpadTravel(percent: Double) -> Double {
        touchpadStart + percent / 100 * (touchpadStart + touchpadFinish)
    }

    /// The same on the touchscreen, where touchegg counts from where the gesture began (after
    /// the start).
    static func screenTravel(percent: Double) -> Double {
        2 * screenStart + percent / 100 * (screenStart + screenFinish)
    }

    /// A whole number of px for a setting or a step, at least 1.
    static func px(_ v: Double) -> Int { max(1, Int(v.rounded())) }

    static func text(_ v: Double) -> String { NumberText.plain((v * 100).rounded() / 100) }
}
