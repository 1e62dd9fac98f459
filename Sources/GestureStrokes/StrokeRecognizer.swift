import GestureCore

/// Stroke: a shape drawn with one finger on a touchscreen, or with the pointer while `button`
/// is held. Begins once the stroke has moved `minimumDistance` (a press that does not move that
/// far is a click, and goes back to the application); changes as it is drawn; at the lift it
/// ends if the stroke reads as its `shape` or `directions` (the best reading among all stroke
/// bindings of its source, via the shared `StrokeBook`), and is cancelled otherwise. Reports
/// `shape` and `score`.
public final class StrokeRecognizer: GestureRecognizer {
    public enum Target: Equatable {
        case shape(String)
        case directions(DirectionSequence)
    }

    public static let defaultMinimumDistance = 10.0
    public static let defaultButton = 3

    public let target: Target
    public let book: StrokeBook
    /// On the pointer, the button that draws.
    public var button = StrokeRecognizer.defaultButton
    /// Pixels the stroke must move before it is one.
    public var minimumDistance = StrokeRecognizer.defaultMinimumDistance

    public private(set) var samples: [Point] = []
    /// The samples of the stroke before this one, kept through the reset that ends a sequence,
    /// for whoever shows a stroke after its outputs (the engine resets recognizers as the input
    /// ends, before their outputs are read).
    public private(set) var lastSamples: [Point] = []
    private var tracked: Int?
    private var reading: StrokeBook.Reading?
    /// What its transitions report, made once: a directions target's text is put together.
    private let labels: (direction: String?, shape: String?)

    public init(name: String, source: InputSource, target: Target, book: StrokeBook) {
        self.target = target
        self.book = book
        switch target {
        case .shape(let s): labels = (nil, s)
        case .directions(let d): labels = (d.description, nil)
        }
        super.init(name: name, type: "stroke", source: source, continuous: true)
        samples.reserveCapacity(512)
    }

    public override func touchesBegan(_ touches: Touches, with event: InputFrame) {
        if tracked != nil {
            // Another finger before the stroke has moved its distance: the fingers of a pinch or a
            // swipe that landed one after the other, not a stroke. Once it is one, a touch that
            // comes (a palm, a resting thumb) is left out of it.
            if source == .touchscreen && currentState == .possible && !isPending {
                fail(
                    "another finger landed before it moved \(minimumDistance) px: a stroke is drawn with one finger"
                )
                return
            }
            for t in touches { ignore(t) }
            return
        }
        guard touches.count == 1, event.touches.count == 1, let first = touches.first else {
            fail("a stroke is drawn with one finger, not \(event.touches.count)")
            return
        }
        if source == .pointer && first.id != button {
            fail("button \(first.id) is not the stroke button \(button)")
            return
        }
        tracked = first.id
        samples.append(first.location)
    }

    public override func touchesMoved(_ touches: Touches, with event: InputFrame) {
        guard let t = touches.first(where: { $0.id == tracked }) else { return }
        samples.append(t.location)
        if currentState == .possible && !isPending {
            if t.distanceFromStart >= minimumDistance { state = .began }
        } else {
            state = .changed
        }
    }

    public override func touchesEnded(_ touches: Touches, with event: InputFrame) {
        guard let t = touches.first(where: { $0.id == tracked }) else { return }
        samples.append(t.location)
        guard currentState.isActive || isPending else {
            fail(
                "moved \(t.distanceFromStart.rounded()) px < \(minimumDistance) px: a click, not a stroke"
            )
            return
        }
        let r = book.read(samples, at: event.time)
        reading = r
        switch (r, target) {
        case (.shape(let name, _), .shape(let mine)) where name == mine:
            state = .ended
        case (.directions(let seq), .directions(let mine)) where seq == mine.description:
            state = .ended
        case (.shape(let name, let score), _):
            cancel("read as \"\(name)\" (\((score * 100).rounded()) %)")
        case (.directions(let seq), _):
            cancel("read as directions \(seq)")
        case (.unbound(let best), _):
            cancel(
                "read as \"\(best.name)\" (\((best.score * 100).rounded()) %), which no binding draws"
            )
        case (.unsure(let best, let other), _):
            cancel(
                "unsure: \"\(best.name)\" \((best.score * 100).rounded()) % against \"\(other.name)\" \((other.score * 100).rounded()) %"
            )
        case (.doubtful(let best, let shape?, let evidence, let minimum), _):
            cancel(
                "unsure: \"\(shape)\" \(Int(evidence * 100)) % sure < \(Int((minimum * 100).rounded())) % (best template \"\(best.name)\" \((best.score * 100).rounded()) %)"
            )
        case (.doubtful(let best, nil, _, _), _):
            cancel(
                "reads as no shape (best template \"\(best.name)\" \((best.score * 100).rounded()) %)"
            )
        case (.nothing(let best?, let minimum), _):
            cancel(Self.belowMinimum(best, minimum: minimum, usual: book.decision.minimumScore))
        case (.nothing(nil, _), _):
            cancel("matches nothing")
        }
    }

    /// Why a stroke whose best shape scored under the minimum that applied fired nothing: the
    /// score cut to a whole percent, not rounded up, so that it never reads as the minimum it
    /// missed (64.9 % is 64 % < 65 %), and the usual minimum when the stroke's corners lowered it.
    static func belowMinimum(_ best: StrokeMatch, minimum: Double, usual: Double) -> Reason {
        let percent = { (v: Double) in Int((v * 100).rounded()) }
        let cut = Int(best.score * 100 + 1e-9)
        let lowered = minimum < usual ? " (\(percent(usual)) % lowered by its corners)" : ""
        return
            "matches nothing: best \"\(best.name)\" at \(cut) % < \(percent(minimum)) %\(lowered)"
    }

    public override func reset() {
        if !samples.isEmpty { lastSamples = samples }
        samples.removeAll(keepingCapacity: true)
        tracked = nil
        reading = nil
    }

    public override var reportedDirection: String? { labels.direction }
    public override var reportedShape: String? { labels.shape }

    public override func report(into values: inout GestureValues, event: InputFrame) {
        values.fingers = 1
        values.points = samples.count
        values.location = samples.last
        if case .shape(let name, let score)? = reading, target == .shape(name) {
            values.score = score
        }
    }
}
