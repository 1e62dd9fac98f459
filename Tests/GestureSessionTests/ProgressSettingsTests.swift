import GestureConfig
import GestureCore
import GestureSession
import Testing

/// The commit points of `[settings]` reach the recognizers the bindings make.
@Suite struct ProgressSettingsTests {
    @Test func theCommitSettingsReachEachRecognizerBySource() throws {
        let config = try ConfigLoader.load(
            """
            [settings]
            touchpad-commit-distance = 100
            touchscreen-commit-distance = 500
            commit-scale = 1.5
            commit-angle = 45

            [[gesture]]
            name = "pan"
            type = "pan"
            action = "desktop next"

            [[gesture]]
            name = "zoom"
            type = "pinch"
            source = "touchpad"
            action = "show-desktop"

            [[gesture]]
            name = "turn"
            type = "rotate"
            source = "touchpad"
            action = "show-desktop"
            """, file: "c.toml")
        let described = Bindings(config).engine.recognizers.map { r -> String in
            switch r {
            case let p as PanRecognizer: return "\(p.name) \(p.source.rawValue) \(p.commitDistance)"
            case let p as PinchRecognizer: return "\(p.name) \(p.commitScale)"
            case let r as RotateRecognizer:
                return "\(r.name) \((Angle.degrees(radians: r.commitAngle) * 1e6).rounded() / 1e6)"
            default: return r.name
            }
        }
        #expect(
            described == ["pan touchscreen 500.0", "pan touchpad 100.0", "zoom 1.5", "turn 45.0"])
    }
}
