import GestureCore
import GestureX11
import Testing

/// How the log words input given back or cancelled: one wording for the late-input report,
/// the exit's give-back and a device that goes.
@Suite struct OwnershipDecisionWordsTests {
    @Test func touchesAreCountedFirstAndTheRestFollowInTheirOrder() {
        let given: [OwnershipDecision.Target] = [
            .touch(id: 4), .button(3), .touch(id: 5), .touchpad(.swipe, fingers: 3), .touch(id: 6),
        ]
        #expect(
            OwnershipDecision.Target.words(given)
                == "3 touches, a press of button 3, a touchpad gesture")
    }

    @Test func oneTouchIsOneTouch() {
        #expect(OwnershipDecision.Target.words([.touch(id: 1)]) == "1 touch")
    }

    @Test func whatADeviceTookWithItSaysCancelledAfterEachPart() {
        let cancelled: [OwnershipDecision.Target] = [
            .touchpad(.pinch, fingers: 2), .touch(id: 1), .touch(id: 2),
        ]
        #expect(
            OwnershipDecision.Target.words(cancelled, each: " cancelled")
                == "2 touches cancelled, a touchpad gesture cancelled")
    }

    @Test func nothingIsNoWords() {
        #expect(OwnershipDecision.Target.words([]) == "")
    }
}
