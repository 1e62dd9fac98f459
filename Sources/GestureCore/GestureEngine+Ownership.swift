/// Who owns each touch, and the end of a sequence.
///
/// Every touch gets exactly one decision. It is accepted when a recognizer that holds it is
/// recognized (and keeps its touches); rejected as soon as no recognizer holds it any more, when
/// it is cancelled, or when it has waited the whole touch timeout.
extension GestureEngine {
    func decide(_ arena: Arena, slot: Int, accept: Bool, why: OwnershipDecision.Why) {
        let table = arena.table
        let bit: UInt64 = 1 << UInt64(slot)
        guard table.used & bit != 0, table.decided & bit == 0 else { return }
        table.decided |= bit
        emit(
            .decision(
                OwnershipDecision(
                    target: target(arena, id: table.slots[slot].id), accepted: accept, why: why)))
        guard !accept else { return }
        if table.down & bit != 0 { handBack(arena, bit) }
        // The application has this input now: a recognizer still waiting on it must not act on
        // it later, or the same input would be delivered twice.
        arena.forEachParticipant { r in
            guard r.holding & bit != 0 && r.currentState == .possible else { return }
            r.fail("its input was handed back (\(why.rawValue)) before it was recognized")
        }
    }

    /// A touch given back while down is gone for the gesture layer: the application owns the
    /// rest of it, so every recognizer that was following it sees it cancelled.
    private func handBack(_ arena: Arena, _ bit: UInt64) {
        let table = arena.table
        table.down &= ~bit
        let frame = arena.frame
        frame.touches = table.touches(table.down)
        if arena.source == .touchpad {
            arena.touchpadOpen = false
            return
        }
        frame.metrics.regroup(frame.touches)
        arena.forEachParticipant { r in
            guard r.tracking & bit != 0 else { return }
            r.tracking &= ~bit
            r.holding &= ~bit
            if r.isLive { r.touchesCancelled(table.touches(bit), with: frame) }
        }
    }

    /// Brings an arena to rest after something happened: decides what can be decided, and when
    /// no touch is down, ends the sequence for every recognizer that is done with it.
    func settle(_ arena: Arena) {
        decideTouches(arena)
        guard arena.table.down == 0 else { return }
        arena.arrivalDeadline = nil
        var changed = true
        while changed {
            changed = false
            arena.forEachParticipant { r in
                if r.currentState.isActive {
                    r.cancel("its input ended while it was under way")
                    changed = true
                } else if r.currentState == .possible && !r.isPending && r.deadline == nil {
                    r.fail("input ended before it was recognized")
                    changed = true
                }
            }
        }
        decideTouches(arena)
        // In place, by index: a loop over the list would hold it while the list is written, and
        // the first write would copy it.
        var kept = 0
        for i in arena.participants.indices {
            let p = arena.participants[i]
            if p._withUnsafeGuaranteedRef({ $0.currentState.isFinal }) {
                p._withUnsafeGuaranteedRef(resetRecognizer)
            } else {
                if kept != i { arena.participants[kept] = p }
                kept += 1
            }
        }
        if kept < arena.participants.count {
            arena.participants.removeLast(arena.participants.count - kept)
        }
    }

    /// Decides every touch that can be decided now: those kept first, then those handed back in
    /// the order that gives the application the most faithful sequence the X server allows. The
    /// server hands a rejected touch back whole at once (its begin and updates as they happened
    /// and, for one that has ended, an end), so touches still down go first, oldest first, and
    /// stay open while the ended ones follow, oldest first: a quick two-finger tap comes back
    /// as two touches down together, not as one tap after the other.
    private func decideTouches(_ arena: Arena) {
        let table = arena.table
        while true {
            let undecided = table.used & ~table.decided
            guard undecided != 0 else { break }
            let (held, won) = holders(arena)
            let ready = undecided & (won | ~held)
            guard ready != 0 else { break }
            let kept = ready & won
            let down = ready & ~won & table.down
            let slot = oldest(table, kept != 0 ? kept : down != 0 ? down : ready)
            let accept = kept != 0
            // A decision can fail recognizers and let touches go: look again for the next.
            decide(arena, slot: slot, accept: accept, why: accept ? .recognized : .unused)
        }
        freeDecidedSlots(arena)
    }

    /// The slot among `slots` whose touch began first (the lower id when two began together).
    private func oldest(_ table: TouchTable, _ slots: UInt64) -> Int {
        var rest = slots
        var best = rest.trailingZeroBitCount
        rest &= rest - 1
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            rest &= rest - 1
            let a = table.slots[slot]
            let b = table.slots[best]
            if a.beganAt < b.beganAt || (a.beganAt == b.beganAt && a.id < b.id) { best = slot }
        }
        return best
    }

    /// The touch slots some participant holds, and those held by one that has recognized and
    /// keeps its touches: one pass over the participants answers for every undecided touch.
    private func holders(_ arena: Arena) -> (held: UInt64, won: UInt64) {
        var held: UInt64 = 0
        var won: UInt64 = 0
        arena.forEachParticipant { r in
            held |= r.holding
            if r.hasRecognized && r.cancelsTouchesInView { won |= r.holding }
        }
        return (held, won)
    }

    /// Slots whose touch has ended and been decided are free for new touches.
    private func freeDecidedSlots(_ arena: Arena) {
        let table = arena.table
        let done = table.used & ~table.down & table.decided
        guard done != 0 else { return }
        table.release(done)
        for r in arena.recognizers {
            r.tracking &= ~done
            r.holding &= ~done
            r.ignored &= ~done
        }
    }

    func resetRecognizer(_ r: GestureRecognizer) {
        r.currentState = .possible
        r.pending = nil
        r.pendingEnd = false
        r.tracking = 0
        r.holding = 0
        r.ignored = 0
        r.deadline = nil
        r.participating = false
        r.maxTrackedTogether = 0
        r.reset()
    }
}
