import TestSupport
import Testing

@testable import GestureCore

@Suite struct GestureStateTests {
    static let all: [GestureState] = [.possible, .began, .changed, .ended, .cancelled, .failed]

    @Test func discreteRecognizersOnlyGoFromPossibleToEndedOrFailed() {
        var legal: [String] = []
        for a in Self.all {
            for b in Self.all where GestureState.isLegal(from: a, to: b, continuous: false) {
                legal.append("\(a)->\(b)")
            }
        }
        #expect(legal == ["possible->ended", "possible->failed"])
    }

    @Test func continuousRecognizersBeginChangeAndEndOrCancel() {
        var legal: [String] = []
        for a in Self.all {
            for b in Self.all where GestureState.isLegal(from: a, to: b, continuous: true) {
                legal.append("\(a)->\(b)")
            }
        }
        #expect(
            legal == [
                "possible->began", "possible->failed",
                "began->changed", "began->ended", "began->cancelled",
                "changed->changed", "changed->ended", "changed->cancelled",
            ])
    }

    @Test func anIllegalTransitionIsReportedAndNotApplied() {
        let r = Scripted(name: "odd", continuous: false) { r, _ in r.state = .began }
        let s = Scenario(r)
        s.down(1, 10, 10).finish()
        #expect(r.state == .possible)
        s.after(30).up(1, 10, 10)
        #expect(
            s.log == [
                "0 odd illegal possible -> began",
                "30 odd failed",
                "30 touch 1 reject (unused)",
            ])
    }

    @Test func aFinishedRecognizerCannotChangeAgainUntilReset() {
        let r = Scripted(name: "twice", continuous: false) { r, _ in
            r.state = .ended
            r.state = .failed
        }
        let s = Scenario(r)
        s.down(1, 10, 10).after(10).up(1, 10, 10)
        #expect(
            s.log == [
                "0 twice ended",
                "0 twice illegal ended -> failed",
                "0 touch 1 accept (recognized)",
            ])
    }
}

/// A recognizer whose touchesBegan runs a closure: the smallest custom recognizer.
final class Scripted: GestureRecognizer {
    let onBegan: (Scripted, Touches) -> Void

    init(
        name: String, continuous: Bool, source: InputSource = .touchscreen,
        onBegan: @escaping (Scripted, Touches) -> Void
    ) {
        self.onBegan = onBegan
        super.init(name: name, type: "scripted", source: source, continuous: continuous)
    }

    override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        onBegan(self, touches)
    }
}
