import CXInput2
import GestureCore

/// The grabs and the selections: what the listener holds on the root window, taken, taken
/// again on a reload and let go of. Apart from decoding, the way sxhkd keeps grab.c apart from
/// its event loop.
extension XInputListener {
    private func mask(_ types: [Int32]) -> [UInt8] {
        var bits = [UInt8](repeating: 0, count: Int(gestured_mask_len()))
        for t in types { gestured_set_mask(&bits, t) }
        return bits
    }

    private func withMask<R>(
        _ types: [Int32], device: Int32 = XIAllMasterDevices, _ body: (inout XIEventMask) -> R
    ) -> R {
        var bits = mask(types)
        return bits.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(deviceid: device, mask_len: Int32(buf.count), mask: buf.baseAddress)
            return body(&m)
        }
    }

    private func anyModifier() -> XIGrabModifiers {
        XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
    }

    /// Takes one passive grab; a grab someone else holds shows as a failed modifier or an error.
    private func take(_ what: String, _ grab: (inout XIGrabModifiers) -> Int32) throws(X11Error) {
        var mods = anyModifier()
        let failed = grab(&mods)
        x.sync()
        if failed != 0 || !XErrors.take().isEmpty {
            throw X11Error.grabTaken(what: what, holder: GrabHolders.describe())
        }
    }

    /// Takes the passive grabs `n` asks for; when one cannot be taken, lets go of those this
    /// call took that `held` does not name, and throws. Taking a grab gestured holds again
    /// replaces it in the same request, so no input slips past it.
    func grab(_ n: InputNeeds, keeping held: InputNeeds = InputNeeds()) throws(X11Error) {
        let d = x.display
        let root = x.root
        _ = XErrors.take()
        var taken = InputNeeds()
        do {
            if n.touchscreen {
                try take("touches") { mods in
                    withMask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]) { m in
                        XIGrabTouchBegin(d, XIAllMasterDevices, root, 0, &m, 1, &mods)
                    }
                }
                taken.touchscreen = true
            }
            if n.touchpadSwipe && x.hasGestures {
                try take("touchpad swipes") { mods in
                    withMask([XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]) {
                        m in
                        XIGrabSwipeGestureBegin(
                            d, XIAllMasterDevices, root, GrabModeSync, GrabModeAsync, 0, &m, 1,
                            &mods)
                    }
                }
                taken.touchpadSwipe = true
            }
            if n.touchpadPinch && x.hasGestures {
                try take("touchpad pinches") { mods in
                    withMask([XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd]) {
                        m in
                        XIGrabPinchGestureBegin(
                            d, XIAllMasterDevices, root, GrabModeSync, GrabModeAsync, 0, &m, 1,
                            &mods)
                    }
                }
                taken.touchpadPinch = true
            }
            for button in n.strokeButtons.sorted() {
                try take("pointer button \(button)") { mods in
                    withMask([XI_ButtonPress, XI_ButtonRelease, XI_Motion]) { m in
                        XIGrabButton(
                            d, XIAllMasterDevices, Int32(button), root, 0, GrabModeSync,
                            GrabModeAsync, 0, &m, 1, &mods)
                    }
                }
                taken.strokeButtons.insert(button)
            }
        } catch {
            ungrab(taken.minus(held))
            throw error
        }
    }

    /// Lets go of the passive grabs `n` names.
    private func ungrab(_ n: InputNeeds) {
        let d = x.display
        var mods = anyModifier()
        if n.touchscreen { XIUngrabTouchBegin(d, XIAllMasterDevices, x.root, 1, &mods) }
        if n.touchpadSwipe && x.hasGestures {
            XIUngrabSwipeGestureBegin(d, XIAllMasterDevices, x.root, 1, &mods)
        }
        if n.touchpadPinch && x.hasGestures {
            XIUngrabPinchGestureBegin(d, XIAllMasterDevices, x.root, 1, &mods)
        }
        for button in n.strokeButtons {
            XIUngrabButton(d, XIAllMasterDevices, Int32(button), x.root, 1, &mods)
        }
        x.sync()
    }

    /// What the root tells every client that asks, for all devices in one mask (a second
    /// selection for the same devices would replace the first): devices coming and going;
    /// while strokes are bound, the master pointer turning from one slave to another
    /// (`UnseenMotion`); and while a stroke-button press is frozen, the slaves' raw events, which
    /// still arrive then and tell a stroke from a click (`rawSelected`).
    ///
    /// Raw events are taken from each slave pointer by its id, not from all devices: the
    /// masters repeat their slaves' raw events, which would double the events a stroke brings,
    /// and a frozen master's own raw events do not arrive. The selection follows the slaves as
    /// devices come and go.
    func selectRootEvents() {
        rawSelected = rawWanted
        var hierarchy = mask([XI_HierarchyChanged])
        var switches = mask(needs.strokeButtons.isEmpty ? [] : [XI_DeviceChanged])
        var raw = mask(
            (rawSelected ? [XI_RawMotion, XI_RawButtonRelease] : [])
                + (needs.observeButtons.isEmpty ? [] : [XI_RawButtonPress, XI_RawButtonRelease])
                + (needs.observeTouches
                    ? [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd] : []))
        hierarchy.withUnsafeMutableBufferPointer { h in
            switches.withUnsafeMutableBufferPointer { s in
                raw.withUnsafeMutableBufferPointer { r in
                    var masks = [
                        XIEventMask(
                            deviceid: XIAllDevices, mask_len: Int32(h.count), mask: h.baseAddress),
                        XIEventMask(
                            deviceid: XIAllMasterDevices, mask_len: Int32(s.count),
                            mask: s.baseAddress),
                    ]
                    for id in devices.slavePointers {
                        masks.append(
                            XIEventMask(deviceid: id, mask_len: Int32(r.count), mask: r.baseAddress)
                        )
                    }
                    _ = XISelectEvents(x.display, x.root, &masks, Int32(masks.count))
                }
            }
        }
    }

    private var rawWanted: Bool {
        !(needs.strokeButtons.isEmpty && needs.observeButtons.isEmpty)
            && presses.values.contains(where: \.frozen)
    }

    /// Turns the slaves' raw events off once no press waits for its decision. They are turned
    /// on by the press itself (`follow`), with a round trip that says what they missed.
    func followPresses() {
        guard rawWanted != rawSelected else { return }
        selectRootEvents()
    }

    /// Takes the grabs `wanted` asks for on a reload, keeping what it decodes in flight: touch
    /// ids, presses, the clock, device names. A grab both configs want is held throughout and
    /// taken again, so that a reload puts back any the server no longer has; no input slips past
    /// during a reload, since new grabs are taken before old ones are given up. When one cannot
    /// be taken, everything stays as it was and it throws why.
    public func regrab(_ wanted: InputNeeds) throws(X11Error) {
        let held = needs
        try grab(wanted, keeping: held)
        ungrab(held.minus(wanted))
        needs = wanted
        grabSlaveSwipes()
        selectRootEvents()
        noteSlavePositions()
        x.sync()
    }

    /// What the grabs cover, in words for the log: only what was taken, so that a server
    /// without touchpad gestures (XInput 2.3) is not said to give them; then what is observed.
    public var grabbedText: String {
        var parts: [String] = []
        if needs.touchscreen { parts.append("touches") }

        if needs.touchpadSwipe && x.hasGestures { parts.append("touchpad swipes") }
        if needs.touchpadPinch && x.hasGestures { parts.append("touchpad pinches") }
        if !needs.strokeButtons.isEmpty {
            parts.append(
                "pointer buttons \(needs.strokeButtons.sorted().map(String.init).joined(separator: ", "))"
            )
        }
        var observed: [String] = []
        if needs.observeTouches { observed.append("touches") }
        if !needs.observeButtons.isEmpty {
            observed.append(
                "pointer buttons \(needs.observeButtons.sorted().map(String.init).joined(separator: ", "))"
            )
        }
        return (parts.isEmpty ? "nothing" : parts.joined(separator: ", "))
            + (observed.isEmpty
                ? "" : "; observing (nothing grabbed) \(observed.joined(separator: ", "))")
    }

    /// Takes and lets go of the slaves' swipe grabs so that, while `grabsTouchpadSlaves`, each
    /// slave pointer has one, and none has otherwise. Each is taken and let go of by the slave's
    /// own id: the server matches a grab for all devices (XIAllDevices) with every grab of the
    /// same kind, and letting go of that one would delete the swipe grab of the master devices
    /// too, after which no swipe would reach gestured.
    func grabSlaveSwipes() {
        let wanted: Set<Int32> =
            grabsTouchpadSlaves && needs.touchpadSwipe && x.hasGestures
            ? Set(devices.slavePointers.filter { !devices.xtestPointers.contains($0) }) : []
        guard wanted != slaveSwipeGrabs else { return }
        var mods = anyModifier()
        for id in slaveSwipeGrabs.subtracting(wanted).sorted() {
            XIUngrabSwipeGestureBegin(x.display, id, x.root, 1, &mods)
        }
        for id in wanted.subtracting(slaveSwipeGrabs).sorted() {
            withMask([XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd], device: id)
            { m in
                _ = XIGrabSwipeGestureBegin(
                    x.display, id, x.root, GrabModeSync, GrabModeAsync, 0, &m, 1, &mods)
            }
        }
        slaveSwipeGrabs = wanted
        x.flush()
    }

    /// Releases every grab (the daemon is exiting).
    public func ungrab() {
        grabsTouchpadSlaves = false
        ungrab(needs)
        needs = InputNeeds()
        selectRootEvents()
    }
}
