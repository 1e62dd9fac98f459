import GestureCore
import Testing

@testable import GestureX11

/// The touchpad's ownership as the listener tracks it, one gesture at a time, without a server:
/// each step's state and answer, in order.
@Suite struct TouchpadOwnershipTests {
    static let swipe = TouchpadOwnership.Gesture(source: 12, kind: .swipe, fingers: 3)

    /// What each step leaves, as a line: the state, and what the step returned.
    static func walk(_ steps: [(String, (inout TouchpadOwnership) -> String)]) -> [String] {
        var o = TouchpadOwnership.none
        return steps.map { name, step in
            let answer = step(&o)
            return "\(name): \(answer) -> \(o)\(o.holdsPointer ? ", holds the pointer" : "")"
        }
    }

    static func begin(device: Int32) -> (String, (inout TouchpadOwnership) -> String) {
        (
            "begin on \(device)",
            { o in
                o.begin(device: device, swipe)
                return ""
            }
        )
    }

    static func decide(_ accepted: Bool) -> (String, (inout TouchpadOwnership) -> String) {
        (
            accepted ? "kept" : "given back",
            { o in
                o.decide(accepted: accepted).map {
                    "answer \($0.device), let go of master \($0.letGoOfMaster)"
                } ?? "no answer"
            }
        )
    }

    static var end: (String, (inout TouchpadOwnership) -> String) {
        ("end", { o in o.end() ? "input" : "not input" })
    }

    static func lose(_ source: Int32) -> (String, (inout TouchpadOwnership) -> String) {
        (
            "\(source) goes",
            { o in
                o.lose(source).map {
                    "cancel \($0.gesture.fingers) fingers, owed \($0.owed.map(String.init) ?? "nothing")"
                } ?? "nothing"
            }
        )
    }

    @Test func aGestureKeptThroughTheMasterLetsGoOfTheMasterAndItsEndIsInput() {
        #expect(
            Self.walk([Self.begin(device: 2), Self.decide(true), Self.decide(true), Self.end]) == [
                "begin on 2:  -> waiting(device: 2, throughMaster: true, gesture: Optional(GestureX11.TouchpadOwnership.Gesture(source: 12, kind: GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3))), holds the pointer",
                "kept: answer 2, let go of master true -> kept(GestureX11.TouchpadOwnership.Gesture(source: 12, kind: GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3)), holds the pointer",
                "kept: no answer -> kept(GestureX11.TouchpadOwnership.Gesture(source: 12, kind: GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3)), holds the pointer",
                "end: input -> none",
            ])
    }

    @Test func aGestureGivenBackTakesNoUpdatesAndTheServersEndOnceMoreIsNotInput() {
        var o = TouchpadOwnership.none
        o.begin(device: 12, Self.swipe)
        #expect(o.takesUpdates)
        #expect(
            Self.walk([Self.begin(device: 12), Self.decide(false), Self.end]) == [
                "begin on 12:  -> waiting(device: 12, throughMaster: false, gesture: Optional(GestureX11.TouchpadOwnership.Gesture(source: 12, kind: GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3))), holds the pointer",
                "given back: answer 12, let go of master false -> replayed",
                "end: not input -> none",
            ])
        _ = o.decide(accepted: false)
        #expect(!o.takesUpdates)
    }

    @Test func anEndBeforeTheDecisionIsInputAndTheAnswerIsStillOwed() {
        #expect(
            Self.walk([Self.begin(device: 2), Self.end, Self.decide(false), Self.end]) == [
                "begin on 2:  -> waiting(device: 2, throughMaster: true, gesture: Optional(GestureX11.TouchpadOwnership.Gesture(source: 12, kind: GestureCore.InputFrame.TouchpadKind.swipe, fingers: 3))), holds the pointer",
                "end: input -> waiting(device: 2, throughMaster: true, gesture: nil)",
                "given back: answer 2, let go of master false -> replayed",
                "end: not input -> none",
            ])
    }

    @Test func aDeviceThatGoesTakesItsGestureWithItAndSaysWhatWasOwed() {
        #expect(
            Self.walk([
                Self.begin(device: 2), Self.lose(13), Self.lose(12),
                Self.begin(device: 2), Self.decide(true), Self.lose(12),
                Self.begin(device: 2), Self.end, Self.lose(12),
            ]).map { $0.components(separatedBy: " -> ")[0] } == [
                "begin on 2: ", "13 goes: nothing", "12 goes: cancel 3 fingers, owed 2",
                "begin on 2: ", "kept: answer 2, let go of master true",
                "12 goes: cancel 3 fingers, owed nothing",
                "begin on 2: ", "end: input", "12 goes: nothing",
            ])
    }
}
