/// The input of one source: its touches, its frame and metrics, and the recognizers taking part
/// in the current sequence. A sequence starts when the first touch lands (or a button is
/// pressed, or a touchpad gesture begins) and lasts while touches are down or recognizers that
/// saw it are still undecided (a tap waiting for its second tap).
final class Arena {
    let source: InputSource
    let table = TouchTable()
    let frame: InputFrame
    /// Every recognizer of this source, in the order they were added.
    var recognizers: [GestureRecognizer] = []
    /// Those taking part in the current sequence, as references nobody counts (`recognizers`
    /// keeps them alive): visit them with `forEachParticipant` and `anyParticipant`.
    var participants: [Unmanaged<GestureRecognizer>] = []
    /// When the fingers of a multi-finger gesture must all have arrived.
    var arrivalDeadline: Double? {
        didSet { if let arrivalDeadline { engine?.deadlineAdded(arrivalDeadline) } }
    }
    /// The engine that owns the arena, told of each new deadline.
    unowned(unsafe) var engine: GestureEngine?
    /// A touchpad gesture is in progress and kept by the gesture layer.
    var touchpadOpen = false

    init(source: InputSource, screen: Screen) {
        self.source = source
        self.frame = InputFrame(source: source, table: table, screen: screen)
        participants.reserveCapacity(64)
    }

    var isIdle: Bool { participants.isEmpty && table.used == 0 }

    /// Calls `body` with each participant, in order.
    /// No callback adds or removes participants (only `open` and the engine's `settle` do,
    /// outside these loops), so the loop reads the list in place rather than from a copy; the
    /// debug builds' exclusivity checks would catch a change made during it.
    @inline(__always)
    func forEachParticipant(_ body: (GestureRecognizer) -> Void) {
        participants.withUnsafeBufferPointer { list in
            for p in list { p._withUnsafeGuaranteedRef(body) }
        }
    }

    /// Whether some participant satisfies `predicate`.
    @inline(__always)
    func anyParticipant(_ predicate: (GestureRecognizer) -> Bool) -> Bool {
        for p in participants where p._withUnsafeGuaranteedRef(predicate) { return true }
        return false
    }

    /// The first participant that satisfies `predicate`.
    func firstParticipant(where predicate: (GestureRecognizer) -> Bool) -> GestureRecognizer? {
        for p in participants where p._withUnsafeGuaranteedRef(predicate) {
            return p.takeUnretainedValue()
        }
        return nil
    }

    /// Starts taking part: every recognizer whose app and device rules match the sequence's
    /// first event, plus those still undecided from the last sequence.
    func open(app: String?, device: String?) {
        frame.app = app
        frame.device = device
        for r in recognizers
        where !r.participating && !r.passes && r.matches(app: app, device: device) {
            if let group = r.group, isShadowed(r, group, app: app, device: device) { continue }
            r.participating = true
            r.maxTrackedTogether = 0
            participants.append(Unmanaged.passUnretained(r))
            if let d = r.deadline { engine?.deadlineAdded(d) }
        }
    }

    /// Whether a recognizer of the same group with a more specific matching rule exists.
    private func isShadowed(_ r: GestureRecognizer, _ group: Int, app: String?, device: String?)
        -> Bool
    {
        recognizers.contains { o in
            o !== r && o.group == group && o.specificity > r.specificity
                && o.matches(app: app, device: device)
        }
    }
}

extension GestureRecognizer {
    /// `app` is the window's WM_CLASS: "instance,class", or one word when they are the same;
    /// the rule matches either.
    func matches(app: String?, device: String?) -> Bool {
        if let rule = self.app,
            !(app.map { $0.split(separator: ",").contains { rule.matches(String($0)) } } ?? false)
        {
            return false
        }
        if let rule = self.device, !(device.map(rule.matches) ?? false) { return false }
        return true
    }
}
