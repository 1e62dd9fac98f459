import CXInput2
import GestureCore

/// Decoding touchscreen touches: begin, update, end, each touch under the id the ledger gives it.
extension XInputListener {
    func touch(_ type: Int32, _ e: XIDeviceEvent) {
        let key = TouchLedger.Key(device: e.deviceid, touch: UInt32(e.detail))
        let at = Point(x: e.root_x, y: e.root_y)
        switch type {
        case XI_TouchBegin:
            let id = touches.begin(
                key, source: e.sourceid, emulatingPointer: e.flags & XITouchEmulatingPointer != 0)
            if givenBackAsLate(.touch(id: id), e.time) { return }
            emit(
                e.time, .touchBegin(id: id, at: at), device: e.sourceid,
                app: application(under: e.child))
        case XI_TouchUpdate:
            guard let id = touches.id(of: key) else { return }
            emit(e.time, .touchMove(id: id, at: at))
        default:
            guard let id = touches.end(key) else { return }
            endsThisDrain.append((events.count, e.sourceid))
            if e.flags & XITouchEmulatingPointer != 0 { endedWaiting.append(id) }
            emit(e.time, .touchEnd(id: id, at: at))
        }
    }

    /// Called once the engine has seen a drain's events and its decisions have been applied.
    /// A pointer-emulating touch that ended and still waits for its decision (the first tap
    /// of a double tap) leaves Xorg 21.1 counting button 1 held on the master until it is
    /// decided, so every pointer event meanwhile (the next tap's emulated motion, the mouse)
    /// would carry button 1 to the applications: the master takes the touchscreen's own count
    /// again now (`retakeTouchButtons`, one round trip), as it does for a touch kept after its
    /// end.
    public func settleTouchButtons() {
        guard !endedWaiting.isEmpty else { return }
        var done: [(Int32, Int32)] = []
        for id in endedWaiting {
            guard let (master, source) = touches.emulatingAndWaiting(id),
                !done.contains(where: { $0 == (master, source) })
            else { continue }
            x.retakeTouchButtons(master: master, from: source, asking: ask)
            done.append((master, source))
        }
        endedWaiting.removeAll()
    }

    /// Decoding observed touches (observe mode): the raw events every client may read, by the
    /// slave that sends them, on the screen as the server maps the device's axes onto it. No
    /// answer is owed: the applications have every touch already.
    func rawTouch(_ type: Int32, _ e: XIRawEvent) {
        // The masters repeat their slaves' raw events: take the slaves' only.
        guard needs.observeTouches, e.deviceid == e.sourceid,
            let axes = devices.touchAxes[e.deviceid]
        else { return }
        let key = TouchLedger.Key(device: e.deviceid, touch: UInt32(e.detail))
        var at = observedAt[key] ?? .zero
        var value = 0
        let mask = UnsafeBufferPointer(start: e.valuators.mask, count: Int(e.valuators.mask_len))
        let screen = x.screenSize
        for byte in 0..<mask.count {
            for bit in 0..<8 where mask[byte] & (1 << bit) != 0 {
                let index = byte * 8 + bit
                // rescaleValuatorAxis in the server's dix/getevents.c: the axis and one past its
                // maximum onto the screen's width or height.
                if index == 0 {
                    at.x =
                        (e.valuators.values[value] - axes.x.lowerBound) * screen.x
                        / (axes.x.upperBound + 1 - axes.x.lowerBound)
                }
                if index == 1 {
                    at.y =
                        (e.valuators.values[value] - axes.y.lowerBound) * screen.y
                        / (axes.y.upperBound + 1 - axes.y.lowerBound)
                }
                value += 1
            }
        }
        switch type {
        case XI_RawTouchBegin:
            let id = touches.begin(key, source: e.sourceid, emulatingPointer: false, observed: true)
            // Read late, it is left alone, so that no gesture fires on stale input.
            if givenBackAsLate(.touch(id: id), e.time) {
                _ = touches.end(key)
                return
            }
            observedAt[key] = at
            emit(
                e.time, .touchBegin(id: id, at: at), device: e.sourceid,
                app: needs.windowClasses ? application(at: at) : nil)
        case XI_RawTouchUpdate:
            guard let id = touches.id(of: key) else { return }
            observedAt[key] = at
            emit(e.time, .touchMove(id: id, at: at))
        default:
            observedAt[key] = nil
            guard let id = touches.end(key) else { return }
            endsThisDrain.append((events.count, e.sourceid))
            emit(e.time, .touchEnd(id: id, at: at))
        }
    }

    /// The class of the application whose top-level window is at `at` (a round trip).
    func application(at: Point) -> String? {
        var dx: Int32 = 0
        var dy: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(x.display, x.root, x.root, Int32(at.x), Int32(at.y), &dx, &dy, &child)
        return application(under: child)
    }
}
