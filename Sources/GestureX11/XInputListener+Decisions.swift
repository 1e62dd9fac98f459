import CXInput2
import GestureCore

/// The ownership replies: the engine's decisions carried to the server (accept or reject a
/// touch; keep or replay a touchpad gesture or a button press), and everything given back as
/// the daemon leaves.
extension XInputListener {
    /// Answers the server with one ownership decision, exactly once; it goes out with the next
    /// flush or round trip.
    public func answer(_ decision: OwnershipDecision) {
        carry(decision.target, accepted: decision.accepted)
    }

    func carry(_ target: OwnershipDecision.Target, accepted: Bool) {
        let d = x.display
        switch target {
        case .touch(let id):
            guard let (key, retake) = touches.decide(id, accepted: accepted) else { return }
            XIAllowTouchEvents(
                d, key.device, key.touch, x.root,
                accepted ? Int32(XIAcceptTouch) : Int32(XIRejectTouch))
            // Kept after its end, a touch that emulated the pointer leaves button 1 held on
            // the master; the touchscreen's own state is right, and the master takes it again.
            if let source = retake {
                x.retakeTouchButtons(master: key.device, from: source, asking: ask)
            }
        case .touchpad:
            guard let (device, letGoOfMaster) = touchpad.decide(accepted: accepted) else { return }
            // CurrentTime: an event's own time can be later than the server's idea of now, and
            // then the server silently ignores the request, leaving the device frozen.
            XIAllowEvents(d, device, accepted ? XIAsyncDevice : XIReplayDevice, Time(CurrentTime))
            // A kept gesture's events come to gestured through the grab the server copied when
            // it began, not through the device's active grab: letting go of that grab of the
            // master lets the pointer's own events (a drag's XTest press and motion) reach the
            // applications. A grabbed slave stays grabbed, so that the master never sees its gesture.
            if letGoOfMaster { XIUngrabDevice(d, device, Time(CurrentTime)) }
        case .button(let b):
            guard var press = presses[b], press.frozen else { return }
            if press.observed {
                // The application has it: followed until it is let go, no answer owed.
                press.decided = true
                presses[b] = press.released ? nil : press
                followPresses()
                return
            }
            XIAllowEvents(
                d, press.device, accepted ? XIAsyncDevice : XIReplayDevice, Time(CurrentTime))
            press.frozen = false
            // Kept and still down: its motion and release now come through the grab.
            presses[b] = accepted && !press.released ? press : nil
            followPresses()
        }
        // Not flushed here: XCB reads the socket as it writes, and a flush for each touch given
        // back would read a buffer more for each. The run loop flushes once a turn, before it
        // polls (`XConnection.flushHasEvents`).
    }

    /// Leaving: takes no new input and gives back everything not yet decided, including what
    /// is still queued unread (a touch that began just before a SIGTERM): touches are rejected,
    /// a frozen press or touchpad gesture is replayed. A client that leaves with undecided
    /// touches can crash Xorg 21.1 while a window manager manages the window under them.
    /// Returns what it gave back.
    public func giveBackAll() -> [OwnershipDecision.Target] {
        ungrab()
        var given: [OwnershipDecision.Target] = []
        while true {
            x.sync()
            drain()
            var undecided = touches.undecided.map { OwnershipDecision.Target.touch(id: $0) }
            undecided += presses.filter { $0.value.frozen && !$0.value.observed }.keys.sorted().map
            { OwnershipDecision.Target.button($0) }
            if touchpad.owesAnswer { undecided.append(.touchpad(.swipe, fingers: 0)) }
            if undecided.isEmpty { return given }
            for target in undecided { carry(target, accepted: false) }
            given += undecided
        }
    }
}
