import CXInput2
import GestureCore

/// Decoding the stroke buttons: a press frozen until the engine decides, followed meanwhile by
/// the slaves' raw events; once kept, its motion and release through the grab.
extension XInputListener {
    /// A stroke-button press: frozen until the engine decides; followed by raw motion meanwhile.
    struct Press {
        let device: Int32
        var at: Point
        var frozen: Bool
        /// Released while frozen (the release came as a raw event).
        var released = false
        /// The last server time fed to the engine: events the thaw delivers late are older.
        var fedUntil: Time
        /// Motion through the grab has begun to come live, after what the thaw delivered: from
        /// then on all of it is new, however many events share a millisecond.
        var live = false
        /// The request that asked where the slave stood after the press: raw events the server
        /// sent before it (an event carries the sequence number of the last request done) are
        /// in that position already.
        var caughtUpBy: UInt32 = 0
        /// Observed (observe mode), not grabbed: the application has it already; followed by
        /// raw events until it is let go, and no answer is owed.
        var observed = false
        /// The engine has decided it (an observed press is followed until its release anyway).
        var decided = false
    }

    func pointer(_ type: Int32, _ e: XIDeviceEvent) {
        let at = Point(x: e.root_x, y: e.root_y)
        switch type {
        case XI_ButtonPress:
            presses[Int(e.detail)] = Press(
                device: e.deviceid, at: at, frozen: true, fedUntil: e.time)
            if devices.xtestPointers.contains(e.sourceid), let n = ownPresses[Int(e.detail)], n > 0
            {
                // gestured's own click or drag: the application's at once, never a stroke.
                ownPresses[Int(e.detail)] = n > 1 ? n - 1 : nil
                carry(.button(Int(e.detail)), accepted: false)
                return
            }
            if givenBackAsLate(.button(Int(e.detail)), e.time) { return }
            follow(e, at: at)
        case XI_Motion:
            // Motion queued while frozen arrives after the thaw; raw events have fed it already.
            guard let (button, press) = presses.first(where: { !$0.value.frozen }),
                press.live || e.time > press.fedUntil
            else { return }
            presses[button]!.fedUntil = e.time
            presses[button]!.live = true
            emit(e.time, .motion(at: at))
        default:
            guard let press = presses[Int(e.detail)] else { return }
            presses[Int(e.detail)] = nil
            followPresses()
            if !press.released { emit(e.time, .buttonRelease(button: Int(e.detail), at: at)) }
        }
    }

    /// Follows a stroke-button press, frozen now, from where it is: turns the slaves' raw events
    /// on and, in the same round trip, asks the pressing slave where it stands and whether the
    /// button is still down, since the pointer went on while nothing followed it. Down, the
    /// press goes to the engine with the motion made since, as one motion (`UnseenMotion`);
    /// up, it was a click let go unseen, and the application's at once. (Leaving, gestured
    /// selects none and gives every press back: `giveBackAll`.)
    private func follow(_ e: XIDeviceEvent, at: Point) {
        let button = Int(e.detail)
        if !rawSelected { selectRootEvents() }
        let asked = UInt32(truncatingIfNeeded: XNextRequest(x.display))
        let state = x.pointerStates(e.sourceid)[e.sourceid]
        if let state, !state.buttons.contains(button) {
            carry(.button(button), accepted: false)
            unfollowed.append(
                "a press of button \(button) was let go before gestured could follow it: the application's at once"
            )
            return
        }
        presses[button]?.caughtUpBy = asked
        emit(
            e.time, .buttonPress(button: button, at: at), device: e.sourceid,
            app: application(under: e.child))
        if let went = unseen.motion(from: at, slave: e.sourceid, now: state?.position) {
            presses[button]?.at = went
            emit(e.time, .motion(at: went))
        }
    }

    /// While a press is frozen, raw events are all that arrive: motion moves the stroke by the
    /// device's deltas, and a release ends it. Those the server sent before gestured asked
    /// where the press stood are in that position already.
    func raw(_ type: Int32, _ e: XIRawEvent) {
        if type == XI_RawButtonPress {
            observedPress(e)
            return
        }
        // The master repeats its slaves' raw events: take the slaves' only.
        guard e.deviceid == e.sourceid,
            let (button, press) = presses.first(where: { $0.value.frozen && !$0.value.released }),
            Int32(bitPattern: x.events.sequence &- press.caughtUpBy) >= 0
        else { return }
        presses[button]!.fedUntil = e.time
        if type == XI_RawButtonRelease {
            guard Int(e.detail) == button else { return }
            presses[button]!.released = true
            emit(e.time, .buttonRelease(button: button, at: press.at))
            if press.observed && press.decided {
                presses[button] = nil
                followPresses()
            }
            return
        }
        // The valuators as the pointer moves by them (after acceleration), axes 0 and 1.
        var delta = Point.zero
        var named = (x: false, y: false)
        var value = 0
        let mask = UnsafeBufferPointer(start: e.valuators.mask, count: Int(e.valuators.mask_len))
        for byte in 0..<mask.count {
            for bit in 0..<8 where mask[byte] & (1 << bit) != 0 {
                let index = byte * 8 + bit
                if index == 0 {
                    (delta.x, named.x) = (e.valuators.values[value], true)
                } else if index == 1 {
                    (delta.y, named.y) = (e.valuators.values[value], true)
                }
                value += 1
            }
        }
        if devices.xtestPointers.contains(e.sourceid) {
            // XTest motion is absolute (XTestFakeMotionEvent, x11vnc) or relative
            // (XTestFakeRelativeMotionEvent, xdotool mousemove_relative), and the raw event
            // does not say which: it is taken as the one that lands nearer, since a pointer
            // moves by small steps between two events. Absolute: the axes the event names are
            // where the pointer is; the others stay.
            let absolute = Point(
                x: named.x ? delta.x : press.at.x, y: named.y ? delta.y : press.at.y)
            let relative = press.at + delta
            let at = (absolute - press.at).length <= delta.length ? absolute : relative
            guard at != press.at else { return }
            presses[button]!.at = at
            emit(e.time, .motion(at: at))
            return
        }
        guard delta != .zero else { return }
        presses[button]!.at = press.at + delta
        emit(e.time, .motion(at: presses[button]!.at))
    }

    /// gestured is about to press `button` through XTest (a click, a scroll, a drag): that
    /// press comes back through its own grab of a stroke button, and is given to the
    /// application at once instead of being taken for the start of a stroke. Other clients'
    /// XTest strokes (xdotool, x11vnc) are followed like any pointer's.
    public func willPress(_ button: Int) {
        guard needs.strokeButtons.contains(button) || needs.observeButtons.contains(button) else {
            return
        }
        ownPresses[button, default: 0] += 1
    }

    /// A press of an observed stroke button (observe mode), from its raw event: the
    /// application has it already. It is followed from where the pointer is now (one round
    /// trip, which also makes sure of the raw motion's selection) by its raw motion until its
    /// raw release.
    private func observedPress(_ e: XIRawEvent) {
        let button = Int(e.detail)
        guard e.deviceid == e.sourceid, needs.observeButtons.contains(button),
            presses[button] == nil
        else { return }
        if devices.xtestPointers.contains(e.sourceid), let n = ownPresses[button], n > 0 {
            // gestured's own click or drag: never a stroke.
            ownPresses[button] = n > 1 ? n - 1 : nil
            return
        }
        // Read late, it is left alone, so that no stroke fires on stale input.
        if givenBackAsLate(.button(button), e.time) { return }
        presses[button] = Press(
            device: e.deviceid, at: .zero, frozen: true, fedUntil: e.time, observed: true)
        if !rawSelected { selectRootEvents() }
        let asked = UInt32(truncatingIfNeeded: XNextRequest(x.display))
        let at = x.pointer()
        presses[button]?.caughtUpBy = asked
        presses[button]?.at = at
        emit(
            e.time, .buttonPress(button: button, at: at), device: e.sourceid,
            app: needs.windowClasses ? application(at: at) : nil)
    }
}
