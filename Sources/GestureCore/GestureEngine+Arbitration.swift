/// The one gate every state change goes through: legality, require-to-fail, and one winner per
/// sequence unless recognizers may be recognized simultaneously.
extension GestureEngine {
    func request(_ r: GestureRecognizer, to: GestureState, reason: Reason.ID?) {
        if let pending = r.pending {
            requestWhilePending(r, pending: pending, to: to, reason: reason)
            return
        }
        guard GestureState.isLegal(from: r.currentState, to: to, continuous: r.isContinuous) else {
            emit(.illegalTransition(r.id, from: r.currentState, to: to))
            return
        }
        switch to {
        case .failed, .cancelled:
            apply(r, to, reason: reason)
            released(by: r)
        case .began:
            attemptRecognition(r, to, reason: reason)
        case .ended where r.currentState == .possible:
            attemptRecognition(r, to, reason: reason)
        default:
            apply(r, to, reason: reason)
        }
    }

    /// A recognizer waiting to recognize goes on receiving input: a continuous one may ask to
    /// change (nothing to do yet) or end (it will begin and end when released).
    private func requestWhilePending(
        _ r: GestureRecognizer, pending: GestureState, to: GestureState, reason: Reason.ID?
    ) {
        switch to {
        case .changed where pending == .began:
            return
        case .ended where pending == .began:
            r.pendingEnd = true
        case .failed, .cancelled:
            apply(r, .failed, reason: reason ?? keep("gave up while waiting"))
            released(by: r)
        default:
            emit(.illegalTransition(r.id, from: r.currentState, to: to))
        }
    }

    private func attemptRecognition(_ r: GestureRecognizer, _ to: GestureState, reason: Reason.ID?)
    {
        let arena = arena(r.source)
        if let winner = arena.firstParticipant(where: {
            $0 !== r && $0.hasRecognized && !r.isSimultaneous(with: $0)
        }) {
            apply(r, .failed, reason: keep("\"\(winner.name)\" was recognized first"))
            released(by: r)
            return
        }
        if let rival = r.requiredToFail.first(where: {
            $0.participating && $0.source == r.source && $0.hasRecognized
        }) {
            apply(
                r, .failed, reason: keep("requires \"\(rival.name)\" to fail, which was recognized")
            )
            released(by: r)
            return
        }
        if let rival = r.requiredToFail.first(where: {
            $0.participating && $0.source == r.source && $0.currentState == .possible
        }) {
            r.pending = to
            emit(.pending(r.id, waitingFor: rival.id))
            return
        }
        apply(r, to, reason: reason)
        if !r.cancelsTouchesInView { r.holding = 0 }
        arena.forEachParticipant { o in
            guard
                o !== r && o.currentState == .possible
                    && (!r.isSimultaneous(with: o) || o.requiredToFail.contains { $0 === r })
            else { return }
            o.pending = nil
            o.pendingEnd = false
            apply(o, .failed, reason: keep("\"\(r.name)\" was recognized"))
        }
        if r.pendingEnd {
            r.pendingEnd = false
            apply(r, .ended, reason: nil)
        }
    }

    /// `f` failed or was cancelled: recognizers waiting for it may now recognize. Most
    /// recognizers are required to fail by none, and their failures, the most common output,
    /// skip the look at every participant.
    private func released(by f: GestureRecognizer) {
        guard f.isRequiredToFail else { return }
        let arena = arena(f.source)
        arena.forEachParticipant { o in
            guard o.pending != nil && o.requiredToFail.contains(where: { $0 === f }) else { return }
            let stillWaiting = o.requiredToFail.contains {
                $0.participating && $0.source == o.source && $0.currentState == .possible
            }
            guard !stillWaiting, let target = o.pending else { return }
            o.pending = nil
            attemptRecognition(o, target, reason: nil)
        }
    }

    private func apply(_ r: GestureRecognizer, _ to: GestureState, reason: Reason.ID?) {
        let from = r.currentState
        r.currentState = to
        if to == .failed || to == .cancelled {
            r.holding = 0
            r.deadline = nil
            r.pending = nil
        } else if to == .ended {
            r.deadline = nil
        }
        emit(.transition(r.id, from: from, to: to, reason: reason))
        // The values are reported into the output where it lies in the list, from the arena's
        // frame, which the engine keeps: taken without a count of its own.
        if to != .failed {
            Unmanaged.passUnretained(arena(r.source).frame)._withUnsafeGuaranteedRef { frame in
                outputs.withUnsafeMutableBufferPointer {
                    r.report(into: &$0[$0.count &- 1].values, event: frame)
                }
            }
        }
    }
}
