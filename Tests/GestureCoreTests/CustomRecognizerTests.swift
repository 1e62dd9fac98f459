import GestureCore
import TestSupport
import Testing

/// A recognizer written the way UIKit's documentation describes a custom one: a "circle with two
/// fingers resting" detector that only uses touch callbacks, `state` and `reset()`. It begins
/// when two fingers are down, changes as they move, ends when they lift, and fails if a third
/// finger comes.
final class TwoFingerHold: GestureRecognizer {
    private(set) var moves = 0

    init() {
        super.init(name: "two-finger-hold", type: "custom", source: .touchscreen, continuous: true)
    }

    override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if event.touches.count > 2 {
            if state == .possible { state = .failed } else { state = .cancelled }
        } else if event.touches.count == 2 {
            state = .began
        }
    }

    override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        guard state == .began || state == .changed else { return }
        moves += 1
        state = .changed
    }

    override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        if state == .began || state == .changed { state = .ended } else { state = .failed }
    }

    override func reset() { moves = 0 }
}

@Suite struct CustomRecognizerTests {
    @Test func aUserRecognizerWrittenTheUIKitWayRunsInTheEngine() {
        let hold = TwoFingerHold()
        let s = Scenario(hold)
        s.down(1, 100, 100).after(10).down(2, 150, 100).after(10).move(1, 101, 100).after(10).up(
            1, 101, 100)
        #expect(
            s.log == [
                "10 two-finger-hold began",
                "10 touch 1 accept (recognized)",
                "10 touch 2 accept (recognized)",
                "20 two-finger-hold changed",
                "30 two-finger-hold ended",
            ])
        s.after(10).up(2, 150, 100).finish()
        #expect(hold.state == .possible && hold.moves == 0)
    }

    @Test func aUserRecognizerCompetesWithBuiltInOnes() {
        let s = Scenario(
            TwoFingerHold(), TapRecognizer(name: "two-finger-tap", source: .touchscreen, fingers: 2)
        )
        s.tap(fingers: 2)
        #expect(
            s.log == [
                "0 two-finger-hold began",
                "0 two-finger-tap failed",
                "0 touch 1 accept (recognized)",
                "0 touch 2 accept (recognized)",
                "60 two-finger-hold ended",
            ])
    }
}
