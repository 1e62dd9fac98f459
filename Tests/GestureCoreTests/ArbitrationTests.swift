import GestureCore
import TestSupport
import Testing

@Suite struct ArbitrationTests {
    func taps() -> (single: TapRecognizer, double: TapRecognizer) {
        (
            TapRecognizer(name: "single", source: .touchscreen, taps: 1),
            TapRecognizer(name: "double", source: .touchscreen, taps: 2)
        )
    }

    @Test func withoutRequireFailureTheSingleTapWinsAtTheFirstLiftAndTheDoubleTapFails() {
        let (single, double) = taps()
        let s = Scenario(single, double)
        s.tap().after(100).tap()
        #expect(
            s.log == [
                "60 single ended",
                "60 double failed",
                "60 touch 1 accept (recognized)",
                "220 single ended",
                "220 double failed",
                "220 touch 1 accept (recognized)",
            ])
    }

    @Test func aSingleTapThatRequiresTheDoubleToFailWaitsAndFiresWhenTheDoubleTimesOut() {
        let (single, double) = taps()
        single.require(toFail: double)
        let s = Scenario(single, double)
        s.tap().after(.tapInterval).idle()
        #expect(
            s.log == [
                "60 single waits for double",
                "260 double failed",
                "260 single ended",
                "260 touch 1 accept (recognized)",
            ])
    }

    @Test func whenTheDoubleTapIsRecognizedTheWaitingSingleTapFails() {
        let (single, double) = taps()
        single.require(toFail: double)
        let s = Scenario(single, double)
        s.tap().after(100).tap(id: 2)
        #expect(
            s.log == [
                "60 single waits for double",
                "220 double ended",
                "220 single failed",
                "220 touch 1 accept (recognized)",
                "220 touch 2 accept (recognized)",
            ])
    }

    @Test func requireFailureIsOneWay() {
        let (single, double) = taps()
        double.require(toFail: single)
        let s = Scenario(single, double)
        s.tap().after(100).tap(id: 2)
        // The single tap waits for nobody, wins at the first lift, and so the double tap fails.
        #expect(
            s.log == [
                "60 single ended",
                "60 double failed",
                "60 touch 1 accept (recognized)",
                "220 single ended",
                "220 double failed",
                "220 touch 2 accept (recognized)",
            ])
    }

    @Test func singleDoubleAndTripleTapEachFireOnlyForTheirOwnCount() {
        for count in 1...3 {
            let single = TapRecognizer(name: "single", source: .touchscreen, taps: 1)
            let double = TapRecognizer(name: "double", source: .touchscreen, taps: 2)
            let triple = TapRecognizer(name: "triple", source: .touchscreen, taps: 3)
            single.require(toFail: double)
            double.require(toFail: triple)
            // Three taps take longer than the default touch timeout: the touches must wait for them.
            let s = Scenario(single, double, triple, settings: .init(touchTimeout: 1000))
            for i in 0..<count { s.tap(id: i + 1).after(100) }
            s.after(.tapInterval).idle()
            let ended = s.log.filter { $0.hasSuffix("ended") }.map { $0.split(separator: " ")[1] }
            #expect(ended == [["single", "double", "triple"][count - 1]], "after \(count) taps")
        }
    }

    @Test func oneRecognizerWinsAndTheOthersFailByDefault() {
        let a = PanRecognizer(name: "pan-a", source: .touchscreen)
        let b = PanRecognizer(name: "pan-b", source: .touchscreen)
        let s = Scenario(a, b)
        s.down(1, 100, 100).after(10).move(1, 120, 100).after(10).up(1, 130, 100)
        #expect(
            s.log == [
                "10 pan-a began",
                "10 pan-b failed",
                "10 touch 1 accept (recognized)",
                "20 pan-a ended",
            ])
    }

    @Test func simultaneousRecognizersAreRecognizedTogether() {
        let a = PanRecognizer(name: "pan-a", source: .touchscreen)
        let b = PanRecognizer(name: "pan-b", source: .touchscreen)
        b.recognizeSimultaneously(with: a)
        let s = Scenario(a, b)
        s.down(1, 100, 100).after(10).move(1, 120, 100).after(10).up(1, 130, 100)
        #expect(
            s.log == [
                "10 pan-a began",
                "10 pan-b began",
                "10 touch 1 accept (recognized)",
                "20 pan-a ended",
                "20 pan-b ended",
            ])
    }

    @Test func aRecognizerArrivingAfterTheWinnerFails() {
        let tap = TapRecognizer(name: "tap", source: .touchscreen)
        let pan = PanRecognizer(name: "pan", source: .touchscreen)
        let s = Scenario(pan, tap)
        s.down(1, 100, 100).after(10).move(1, 105, 100).after(10).move(1, 115, 100).after(10).up(
            1, 115, 100)
        s.showReasons = true
        #expect(
            s.log == [
                "20 pan began",
                "20 tap failed",
                "20 touch 1 accept (recognized)",
                "30 pan ended",
            ])
    }

    @Test func aContinuousRecognizerWaitingForAnotherBeginsAndEndsWhenReleased() {
        let pan = PanRecognizer(name: "pan", source: .touchscreen)
        let double = TapRecognizer(name: "double", source: .touchscreen, taps: 2)
        pan.require(toFail: double)
        let s = Scenario(pan, double)
        s.down(1, 100, 100).after(10).move(1, 150, 100).after(10).up(1, 150, 100)
        #expect(
            s.log == [
                "10 pan waits for double",
                "10 double failed",
                "10 pan began",
                "10 touch 1 accept (recognized)",
                "20 pan ended",
            ])
    }

    @Test func eachSourceIsItsOwnArena() {
        let touch = PanRecognizer(name: "touch-pan", source: .touchscreen)
        let pad = PanRecognizer(name: "pad-pan", source: .touchpad, fingers: 3...3)
        let s = Scenario(touch, pad)
        s.send(.swipeBegin(fingers: 3)).down(1, 100, 100)
        s.after(10).send(.swipeUpdate(fingers: 3, delta: Point(x: 20, y: 0))).move(1, 130, 100)
        s.after(10).send(.swipeEnd(fingers: 3, cancelled: false)).up(1, 130, 100)
        #expect(
            s.log == [
                "0 touchpad swipe 3 accept (wanted)",
                "10 pad-pan began",
                "10 touch-pan began",
                "10 touch 1 accept (recognized)",
                "20 pad-pan ended",
                "20 touch-pan ended",
            ])
    }
}
