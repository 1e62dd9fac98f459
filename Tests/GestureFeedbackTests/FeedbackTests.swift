import GestureActions
import GestureCore
import GestureFeedback
import GestureOverlay
import Testing

/// What feedback draws at each progress, and how it goes back in time, without a server.
@Suite struct FeedbackTests {
    typealias Rect = Placement.Rect
    static let window = Rect(x: 100, y: 100, width: 400, height: 300)
    static let screen = Rect(x: 0, y: 0, width: 1000, height: 800)

    /// The boxes drawn at each progress, as text.
    static func boxes(_ picture: FeedbackPicture, at progresses: [Double]) -> [String] {
        progresses.map { p in picture.drawing(at: p).boxes.map(\.description).joined(separator: " ")
        }
    }

    @Test func theWindowsOutlineGrowsToItsMaximizedFrameAndStopsThere() {
        let maximized = Rect(x: 0, y: 0, width: 1000, height: 760)
        #expect(
            Self.boxes(.grow(from: Self.window, to: maximized), at: [-0.5, 0, 0.5, 1, 1.5]) == [
                "400x300+100+100", "400x300+100+100", "700x530+50+50", "1000x760+0+0",
                "1000x760+0+0",
            ])
    }

    @Test func theNextDesktopSlidesInFromTheSideTheFingersGoAwayFrom() {
        #expect(
            Self.boxes(.slide(screen: Self.screen, heading: .left), at: [0, 0.5, 1]) == [
                "1000x800+1000+0", "1000x800+500+0", "1000x800+0+0",
            ])
        #expect(
            Self.boxes(.slide(screen: Self.screen, heading: .up), at: [0.25]) == ["1000x800+0+600"])
    }

    @Test func minimizeShrinksCloseFadesShowDesktopMovesAsideAndADragDrawsItsPath() {
        #expect(
            Self.boxes(
                .shrink(from: Self.window, to: Rect(x: 500, y: 800, width: 0, height: 0)), at: [0.5]
            ) == ["200x150+300+450"])
        #expect(
            Self.boxes(.fade(Self.window), at: [0, 0.25, 1]) == [
                "400x300+100+100", "400x300+100+100 at 0.75", "400x300+100+100 at 0.0",
            ])
        let right = Rect(x: 600, y: 200, width: 300, height: 300)
        #expect(
            Self.boxes(.aside([Self.window, right], screen: Self.screen), at: [0.5, 1]) == [
                "400x300+-150+100 300x300+800+200", "400x300+-400+100 300x300+1000+200",
            ])
        let path = [Point(x: 10, y: 10), Point(x: 50, y: 10)]
        #expect(FeedbackPicture.path(path).drawing(at: 0.3) == FeedbackDrawing(path: path))
    }

    /// The run loop's turns: at each deadline, advance and draw; the frames until it is over.
    static func frames(_ animation: inout FeedbackAnimation) -> [String] {
        var out: [String] = []
        while let due = animation.nextDeadline {
            let shown = animation.advance(to: due)
            out.append("\(due): \(shown.map { "\(($0 * 1000).rounded() / 1000)" } ?? "gone")")
            if out.count > 100 { break }
        }
        return out
    }

    @Test func liftedBeforeTheCommitPointThePictureGoesBackAFrameAtATimeAndThenAsksForNoWakeUp() {
        var a = FeedbackAnimation()
        #expect(a.nextDeadline == nil)
        a.follow(0.25)
        a.follow(1.4)
        #expect(a.shown == 1)
        a.follow(0.2)
        #expect(a.shown == 0.2 && a.nextDeadline == nil)
        a.cancel(at: 1000)
        #expect(Self.frames(&a) == ["1016.0: 0.12", "1032.0: 0.04", "1040.0: gone"])
        #expect(a.shown == nil && a.nextDeadline == nil)
    }

    @Test func liftedPastTheCommitPointThePictureGoesAtOnce() {
        var a = FeedbackAnimation()
        a.follow(1.2)
        a.commit()
        #expect(a.shown == nil && a.nextDeadline == nil)
        #expect(Self.frames(&a) == [])
    }

    @Test func fingersComingDownAgainDuringTheReturnTakeThePictureBack() {
        var a = FeedbackAnimation()
        a.follow(0.5)
        a.cancel(at: 0)
        #expect(a.advance(to: 16) == 0.42)
        a.follow(0.3)
        #expect(a.nextDeadline == nil && a.shown == 0.3)
    }

    @Test func anOutlineIsFourEdgesOfTheLineWidthFilledOnlyWithACompositor() {
        let drawing = FeedbackPicture.fade(Rect(x: 10, y: 20, width: 100, height: 50)).drawing(
            at: 0.5)
        let edges: [OverlayScene.Shape] = [
            .box(origin: Point(x: 10, y: 20), width: 100, height: 6),
            .box(origin: Point(x: 10, y: 64), width: 100, height: 6),
            .box(origin: Point(x: 10, y: 20), width: 6, height: 50),
            .box(origin: Point(x: 104, y: 20), width: 6, height: 50),
        ]
        #expect(
            drawing.scene(filled: false)
                == OverlayScene(items: edges.map { .init($0, .feedback, alpha: 0.5) }))
        #expect(
            drawing.scene(filled: true).items.map(\.ink) == [.feedbackFill]
                + Array(repeating: .feedback, count: 4))
        #expect(
            FeedbackPicture.fade(Rect(x: 10, y: 20, width: 100, height: 50)).drawing(at: 1).scene(
                filled: true
            ).items.isEmpty)
    }
}
