import GestureCore
import GestureStrokes
import TestSupport
import Testing

@Suite struct OwnershipTests {
    @Test func aRecognizedGestureKeepsItsTouches() {
        let s = Scenario(TapRecognizer(name: "two-finger-tap", source: .touchscreen, fingers: 2))
        s.tap(fingers: 2)
        #expect(
            s.log == [
                "60 two-finger-tap ended",
                "60 touch 1 accept (recognized)",
                "60 touch 2 accept (recognized)",
            ])
    }

    @Test func aFailedGestureGivesItsTouchesBackAtOnce() {
        let s = Scenario(TapRecognizer(name: "tap", source: .touchscreen))
        s.down(1, 100, 100).after(10).move(1, 130, 100)
        #expect(
            s.log == [
                "10 tap failed",
                "10 touch 1 reject (unused)",
            ])
    }

    @Test func theFirstFingerWaitsOnlyTheArrivalWindowForTheOthers() {
        let s = Scenario(
            SwipeRecognizer(name: "three", source: .touchscreen, fingers: 3, direction: .left))
        s.down(1, 100, 100).after(.arrivalWindow).idle()
        #expect(
            s.log == [
                "60 three failed",
                "60 touch 1 reject (unused)",
            ])
    }

    @Test
    func aFingerLiftedBeforeAllWereDownTogetherHandsTheQuickTapBackAtOnceTheFingerStillDownFirst() {
        // A quick two-finger tap under three-finger bindings, lifted within the arrival window:
        // the first lift says no three fingers will be down together with it. The touch still
        // down goes back first, then the ended one, so that the application has both down at
        // once (the X server replays an ended touch whole, begin and end, at its reject).
        let swipe = SwipeRecognizer(
            name: "three-swipe", source: .touchscreen, fingers: 3, direction: .left)
        let tap = TapRecognizer(name: "three-double-tap", source: .touchscreen, taps: 2, fingers: 3)
        let s = Scenario(swipe, tap)
        s.showReasons = true
        s.down(1, 100, 100).after(5).down(2, 160, 100).after(35).up(1, 100, 100).after(5).up(
            2, 160, 100
        ).after(.arrivalWindow).idle()
        #expect(
            s.log == [
                "40 three-swipe failed: a finger lifted with 2 of 3 fingers down together",
                "40 three-double-tap failed: a finger lifted with 2 of 3 fingers down together",
                "40 touch 2 reject (unused)",
                "40 touch 1 reject (unused)",
            ])
    }

    @Test func aMultiFingerTapOfAllItsFingersStillHoldsThemThroughTheirLift() {
        let tap = TapRecognizer(name: "three-double-tap", source: .touchscreen, taps: 2, fingers: 3)
        let s = Scenario([tap], settings: .init(touchTimeout: 650))
        s.tap(fingers: 3).after(.tapInterval).idle()
        #expect(
            s.log == [
                "260 three-double-tap failed",
                "260 touch 1 reject (unused)", "260 touch 2 reject (unused)",
                "260 touch 3 reject (unused)",
            ])
    }

    @Test func eachSourceWaitsItsOwnTimeout() {
        // The touchscreen's double tap may hold a touch 650 ms; a still pointer press is the
        // application's after the pointer's own 300 ms.
        final class Holder: GestureRecognizer {
            init(_ source: InputSource) {
                super.init(name: "holder", type: "hold", source: source, continuous: false)
            }
        }
        let s = Scenario(
            [Holder(.touchscreen), Holder(.pointer)],
            settings: .init(touchTimeout: 300, sourceTimeouts: [.touchscreen: 650]))
        s.send(.buttonPress(button: 3, at: Point(x: 10, y: 10))).down(1, 100, 100).after(
            .touchTimeout
        ).idle().after(350).idle()
        #expect(
            s.log == [
                "300 button 3 reject (timeout)", "300 holder failed",
                "650 touch 1 reject (timeout)", "650 holder failed",
            ])
    }

    @Test func aGestureWhoseTouchWasHandedBackAtTheTimeoutNeverFiresLater() {
        // The first tap's touch has ended but is still held for the second tap; the timeout hands
        // it to the application, so the double tap may no longer be recognized from it.
        let s = Scenario(
            TapRecognizer(name: "double", source: .touchscreen, taps: 2),
            settings: .init(touchTimeout: 150))
        s.showReasons = true
        s.tap().after(100).tap(id: 2).after(.tapInterval).idle()
        #expect(
            s.log == [
                "150 touch 1 reject (timeout)",
                "150 double failed: its input was handed back (timeout) before it was recognized",
                // The second tap starts a double tap of its own, which times out the same way.
                "310 touch 2 reject (timeout)",
                "310 double failed: its input was handed back (timeout) before it was recognized",
            ])
    }

    @Test func aTouchNoRecognizerCanUseIsRejectedImmediately() {
        let s = Scenario(
            SwipeRecognizer(name: "two", source: .touchscreen, fingers: 2, direction: .left))
        s.down(1, 100, 100).down(2, 130, 100).down(3, 160, 100).finish()
        #expect(
            s.log == [
                "0 two failed",
                "0 touch 1 reject (unused)",
                "0 touch 2 reject (unused)",
                "0 touch 3 reject (unused)",
            ])
    }

    @Test func anIgnoredTouchIsHandedBackWhileTheOthersStayHeld() {
        let capture = StrokeCaptureRecognizer(name: "capture", source: .touchscreen)
        let s = Scenario(capture)
        s.down(1, 100, 100).after(10).down(2, 200, 200).after(10).move(1, 120, 100).after(10).up(
            1, 140, 100)
        #expect(
            s.log == [
                "0 capture began",
                "0 touch 1 accept (recognized)",
                "10 touch 2 reject (unused)",
                "20 capture changed",
                "30 capture ended",
            ])
    }

    @Test func noTouchStaysUndecidedPastTheTouchTimeout() {
        let press = Scripted(name: "never-decides", continuous: false) { _, _ in }
        let s = Scenario(press)
        s.down(1, 100, 100)
        #expect(s.engine.nextDeadline() == 300)
        s.after(.touchTimeout).idle()
        #expect(
            s.log == [
                "300 touch 1 reject (timeout)",
                "300 never-decides failed",
            ])
    }

    @Test func theTouchTimeoutIsASetting() {
        let press = Scripted(name: "never-decides", continuous: false) { _, _ in }
        let s = Scenario([press], settings: .init(touchTimeout: 120))
        s.down(1, 100, 100).after(500).idle()
        #expect(s.log.first == "120 touch 1 reject (timeout)")
    }

    @Test func withoutDelaysTouchesEndedATouchIsLetGoWhenItEnds() {
        let double = TapRecognizer(name: "double", source: .touchscreen, taps: 2)
        double.delaysTouchesEnded = false
        let s = Scenario(double)
        s.tap().after(100).tap(id: 2)
        #expect(
            s.log == [
                "60 touch 1 reject (unused)",
                "220 double ended",
                "220 touch 2 reject (unused)",
            ])
    }

    @Test func withDelaysTouchesEndedATouchWaitsForTheSecondTap() {
        let s = Scenario(TapRecognizer(name: "double", source: .touchscreen, taps: 2))
        s.tap().after(100).tap(id: 2)
        #expect(
            s.log == [
                "220 double ended",
                "220 touch 1 accept (recognized)",
                "220 touch 2 accept (recognized)",
            ])
    }

    @Test func withoutCancelsTouchesInViewTheApplicationGetsTheTouchesOfARecognizedGesture() {
        let tap = TapRecognizer(name: "tap", source: .touchscreen)
        tap.cancelsTouchesInView = false
        let s = Scenario(tap)
        s.tap()
        #expect(s.log == ["60 tap ended", "60 touch 1 reject (unused)"])
    }

    @Test func withoutDelaysTouchesBeganARecognizerNeverHoldsTheApplicationBack() {
        let tap = TapRecognizer(name: "observer", source: .touchscreen)
        tap.delaysTouchesBegan = false
        let s = Scenario(tap)
        s.down(1, 100, 100).finish()
        #expect(s.log == ["0 touch 1 reject (unused)", "0 observer failed"])
    }

    @Test func aCancelledTouchIsRejected() {
        let s = Scenario(TapRecognizer(name: "tap", source: .touchscreen))
        s.down(1, 100, 100).after(10).cancel(1)
        #expect(s.log == ["10 tap failed", "10 touch 1 reject (cancelled)"])
    }

    @Test func exitingDecidesEveryHeldTouch() {
        let s = Scenario(TapRecognizer(name: "tap", source: .touchscreen, fingers: 2))
        s.down(1, 100, 100).down(2, 130, 100).finish()
        s.engine.decideAll()
        s.finish()
        #expect(
            s.log == [
                "0 touch 1 reject (shutdown)",
                "0 tap failed",
                "0 touch 2 reject (shutdown)",
            ])
    }

    @Test func aTouchpadGestureIsKeptWhenARecognizerWantsItAndReplayedOtherwise() {
        let s = Scenario(
            SwipeRecognizer(name: "three", source: .touchpad, fingers: 3, direction: .left))
        s.send(.swipeBegin(fingers: 3)).after(10).send(.swipeEnd(fingers: 3, cancelled: false))
        s.after(100).send(.swipeBegin(fingers: 4)).after(10).send(
            .swipeEnd(fingers: 4, cancelled: false))
        #expect(
            s.log == [
                "0 touchpad swipe 3 accept (wanted)",
                "10 three failed",
                "110 three failed",
                "110 touchpad swipe 4 reject (unused)",
            ])
    }

    @Test func aPointerPressWithoutAStrokeButtonGoesBackToTheApplication() {
        let stroke = StrokeCaptureRecognizer(name: "stroke", source: .pointer)
        stroke.button = 3
        let s = Scenario(stroke)
        s.send(.buttonPress(button: 1, at: Point(x: 5, y: 5))).after(20).send(
            .buttonRelease(button: 1, at: Point(x: 5, y: 5)))
        #expect(s.log == ["0 stroke failed", "0 button 1 reject (unused)"])
    }

    @Test func aRecognizerReturnsToPossibleWhenItsSequenceEnds() {
        let tap = TapRecognizer(name: "tap", source: .touchscreen)
        let s = Scenario(tap)
        s.tap()
        #expect(tap.state == .possible)
        s.after(500).tap(id: 2)
        #expect(s.log.filter { $0.contains("ended") } == ["60 tap ended", "620 tap ended"])
    }

    @Test func anIdleEngineHasNoDeadline() {
        let s = Scenario(TapRecognizer(name: "tap", source: .touchscreen, taps: 2))
        #expect(s.engine.nextDeadline() == nil)
        s.tap()
        #expect(s.engine.nextDeadline() == 260)
        s.after(.tapInterval).idle()
        #expect(s.engine.nextDeadline() == nil)
    }
}
