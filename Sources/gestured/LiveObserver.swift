import GestureActions
import GestureConfig
import GestureCore
import GestureSession
import GestureStream
import GestureStrokes

/// What the settings window's live pages hear of the session's work, over gestured's own
/// stream, besides what the log says (`Reporter`, which it hands everything on to): why each
/// binding did not fire (`NotFired`), each stroke's points and reading (`Stroke`), and while
/// the window listens, each gesture of the catalogue recognized as the binding that would
/// recognize it (`Seen`). It costs nothing while no client asked: the reasons are put into words
/// only for a watcher.
final class LiveObserver: SessionObserver {
    let reporter: Reporter
    var stream: GesturedStream?
    /// The stroke drawn on each source: the recognizer whose samples are kept, and them.
    private var trails: [InputSource: (owner: GestureRecognizer.ID, points: [Point])] = [:]
    /// When a stroke was last sent on each source: the recognizers of one stroke that never
    /// began (pending behind another gesture) end at one time, and one of them tells it.
    private var sent: [InputSource: Double] = [:]

    init(_ reporter: Reporter) { self.reporter = reporter }

    func observe(_ o: EngineOutput, in bindings: Bindings) {
        reporter.observe(o, in: bindings)
        guard let stream, case .transition(let id, _, let to, let reasonID) = o.kind,
            !stream.watchers.isEmpty || !stream.listeners.isEmpty
        else { return }
        let engine = bindings.engine
        let r = engine.recognizer(id)
        if let stroke = r as? StrokeRecognizer {
            follow(
                stroke, to: to, reason: reasonID.map { engine.reason($0).description }, at: o.time)
        }
        let listening = !stream.listeners.isEmpty
        if to == .ended && listening, let b = bindings.binding(for: r) {
            stream.seen(Catalogue.keys(of: b, source: r.source), at: o.time)
        } else if (to == .failed || to == .cancelled) && !listening {
            stream.notFired(
                r, to, reason: reasonID.map { engine.reason($0).description } ?? "", at: o.time)
        }
    }

    /// Keeps the points of the stroke under way (one recognizer's of those that read it), and
    /// sends them with their reading when it is read. The recognizer's own samples are gone by
    /// then: the engine resets it as the input ends, before the session reads its outputs.
    private func follow(_ r: StrokeRecognizer, to: GestureState, reason: String?, at time: Double) {
        switch to {
        case .began, .changed:
            if trails[r.source] == nil { trails[r.source] = (r.id, []) }
            if trails[r.source]?.owner == r.id, !r.samples.isEmpty {
                trails[r.source]!.points = r.samples
            }
        case .ended, .cancelled, .failed:
            let trail = trails[r.source]
            if let trail, trail.owner != r.id { return }
            trails[r.source] = nil
            // A stroke that waited behind another gesture never began: its points are the ones
            // it kept through its reset.
            let kept = trail?.points ?? []
            let points = kept.isEmpty ? r.lastSamples : kept
            guard to != .failed, !points.isEmpty, sent[r.source] != time else { return }
            sent[r.source] = time
            let reading =
                to == .ended
                ? "read as \"\(r.reportedShape ?? r.reportedDirection ?? "?")\"" : reason ?? ""
            stream?.stroke(source: r.source, points: points, reading: reading, at: time)
        case .possible:
            break
        }
    }

    func fired(_ fired: Fired, by r: GestureRecognizer, outcome: ActionOutcome, at time: Double) {
        reporter.fired(fired, by: r, outcome: outcome, at: time)
    }

    func warning(_ message: String, about r: GestureRecognizer, at time: Double) {
        reporter.warning(message, about: r, at: time)
    }

    func later(_ name: String, _ action: Action, outcome: ActionOutcome, at time: Double) {
        reporter.later(name, action, outcome: outcome, at: time)
    }

    func notCommitted(
        _ binding: GestureBinding, by r: GestureRecognizer, progress: Double, at time: Double
    ) {
        reporter.notCommitted(binding, by: r, progress: progress, at: time)
    }
}
