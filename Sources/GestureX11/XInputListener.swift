import CXInput2
import GestureCore
import Glibc

/// The gesture layer's hold on the input: passive grabs on the root window so that gestured
/// sees touches, touchpad gestures and stroke-button presses before any application, decoding
/// what arrives into the engine's events, and carrying the engine's ownership decisions back to
/// the server (accept or reject a touch; keep or replay a touchpad gesture or a button press).
public final class XInputListener {
    /// What the bindings can use, so that nothing else is grabbed.
    public struct Needs: Equatable, Sendable {
        public var touchscreen = false
        public var touchpadSwipe = false
        public var touchpadPinch = false
        /// Pointer buttons that draw strokes.
        public var strokeButtons: Set<Int> = []
        /// Whether some binding has an `app` rule: only then is the window class under a
        /// gesture worth its round trips to the server.
        public var windowClasses = false
        public init() {}

        /// The grabs this asks for that `other` does not.
        func minus(_ other: Needs) -> Needs {
            var n = Needs()
            n.touchscreen = touchscreen && !other.touchscreen
            n.touchpadSwipe = touchpadSwipe && !other.touchpadSwipe
            n.touchpadPinch = touchpadPinch && !other.touchpadPinch
            n.strokeButtons = strokeButtons.subtracting(other.strokeButtons)
            return n
        }
    }

    public let x: XConnection
    public private(set) var needs: Needs
    /// Events decoded since the last `drain`, for the engine.
    public private(set) var events: [InputEvent] = []
    /// Events of the last drain the engine must not see (a pinch scale of 0), and why.
    public private(set) var dropped: [(event: InputEvent, why: String)] = []
    /// Devices that came, went, were turned on or off, floated or attached during the last
    /// drain, in words for the log: `device 7 "Touchpad": disabled, a touchpad gesture cancelled`.
    public private(set) var deviceNews: [String] = []
    /// Presses of the last drain given to the application at once because they were let go
    /// before the press turned their raw events on (`follow`), in words for the log.
    public private(set) var unfollowed: [String] = []

    private var names: [Int32: String] = [:]
    /// The slave pointers, whose raw events tell a stroke from a click.
    private var slavePointers: [Int32] = []
    /// The server's XTEST pointers (x11vnc, xdotool, and gestured's own clicks and drags): their
    /// raw motion is where the pointer goes on the screen (XTestFakeMotionEvent is absolute),
    /// not how far it moves.
    private var xtestPointers: Set<Int32> = []
    /// Presses gestured has made itself through XTest and not yet seen, per button.
    private var ownPresses: [Int: Int] = [:]
    private var clock = ServerClock()

    /// The `lateAfter` of the current `drain`.
    private var lateLimit = Double.infinity
    /// What was given back because it was read late, for the log.
    public var late = LateInput()

    private struct TouchKey: Hashable { let device: Int32; let touch: UInt32 }
    /// Touches whose events still come to gestured: down, and not given back.
    private var touchIds: [TouchKey: Int] = [:]
    /// Touches waiting for their decision.
    private var touchKeys: [Int: TouchKey] = [:]
    /// The slave device each touch still coming comes from.
    private var touchSources: [Int: Int32] = [:]
    /// Touches waiting for their decision that emulate the pointer, with the slave each comes
    /// from: one kept after its end leaves the master's button 1 held (`retakeTouchButtons`).
    private var emulatingSources: [Int: Int32] = [:]
    private var nextTouchId = 1
    /// The ends decoded in this drain, by their place in `events`, with the slave each came
    /// from: the server ends what a device had in flight as it turns the device off, and
    /// those ends are cancels once the same drain says it is off.
    private var endsThisDrain: [(index: Int, source: Int32)] = []

    /// The touchpad gesture whose begin waits for the engine's answer (the server holds it).
    private var touchpadPending: Int32?
    /// After a replay the server ends the gesture for us once more: that end is not input.
    private var touchpadReplayed = false
    private var touchpadActive = false
    /// The slave the touchpad gesture under way comes from, its kind and its fingers: what is
    /// cancelled when that device goes.
    private var touchpadGesture: (source: Int32, kind: InputFrame.TouchpadKind, fingers: Int)?
    /// Whether the pending touchpad gesture came through a grab of the master pointer, not of
    /// its slave (`grabsTouchpadSlaves`).
    private var touchpadOnMaster = true

    /// A touchpad gesture or a stroke holds the pointer: a fake click now would come back to
    /// gestured's own grab instead of reaching the application.
    public var pointerBusy: Bool { touchpadActive || !presses.isEmpty }

    /// A stroke-button press: frozen until the engine decides; followed by raw motion meanwhile.
    private struct Press {
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
    }
    private var presses: [Int: Press] = [:]
    /// Whether the slaves' raw events are selected: only while a stroke-button press waits
    /// for the engine's decision, frozen. With no button held they would wake gestured for
    /// every motion of the mouse; a kept press's motion comes through the grab, and the server
    /// sends each motion's raw event apart from it.
    private var rawSelected = false
    /// Where each slave stood when the master turned to it, to tell what a stroke did before
    /// its raw events came.
    private var unseen = UnseenMotion()

    private var randrEventBase: Int32 = 0
    /// The screen changed (monitors or size): the caller gives the engine the new one.
    public private(set) var screenChanged = false
    private var fixesEventBase: Int32 = -1
    /// The compositor's selection changed hands (one came, or went): the caller remakes the
    /// windows that depend on it (`OverlayWindow.followingCompositor`).
    public private(set) var compositorChanged = false

    /// Takes the grabs `needs` asks for. Throws when one cannot be taken, naming what holds it.
    public init(_ x: XConnection, needs: Needs) throws(X11Error) {
        self.x = x
        self.needs = needs
        events.reserveCapacity(256)
        // The clocks are compared once before any input, so that input read late is seen as
        // late from the first event on.
        _ = clock.time(x.serverTime())
        refreshDevices()
        noteSlavePositions()
        try grab(needs)
        selectRootEvents()
        var error: Int32 = 0
        if XRRQueryExtension(x.display, &randrEventBase, &error) != 0 {
            XRRSelectInput(x.display, x.root, Int32(RRScreenChangeNotifyMask))
        }
        if XFixesQueryExtension(x.display, &fixesEventBase, &error) != 0 {
            let owner = XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask | XFixesSelectionClientCloseNotifyMask
            XFixesSelectSelectionInput(x.display, x.root, OverlayWindow.compositorSelection(x), UInt(owner))
        }
        x.sync()
    }

    // MARK: Grabs

    private func mask(_ types: [Int32]) -> [UInt8] {
        var bits = [UInt8](repeating: 0, count: Int(gestured_mask_len()))
        for t in types { gestured_set_mask(&bits, t) }
        return bits
    }

    private func withMask<R>(_ types: [Int32], device: Int32 = XIAllMasterDevices, _ body: (inout XIEventMask) -> R) -> R {
        var bits = mask(types)
        return bits.withUnsafeMutableBufferPointer { buf in
            var m = XIEventMask(deviceid: device, mask_len: Int32(buf.count), mask: buf.baseAddress)
            return body(&m)
        }
    }

    private func anyModifier() -> XIGrabModifiers { XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0) }

    /// Takes one passive grab; a grab someone else holds shows as a failed modifier or an error.
    private func take(_ what: String, _ grab: (inout XIGrabModifiers) -> Int32) throws(X11Error) {
        var mods = anyModifier()
        let failed = grab(&mods)
        x.sync()
        if failed != 0 || !XErrors.take().isEmpty { throw X11Error.grabTaken(what: what, holder: GrabHolders.describe()) }
    }

    /// Takes the passive grabs `n` asks for; when one cannot be taken, lets go of those this
    /// call took that `held` does not name, and throws. Taking a grab gestured holds again
    /// replaces it in the same request, so no input slips past it.
    private func grab(_ n: Needs, keeping held: Needs = Needs()) throws(X11Error) {
        let d = x.display, root = x.root
        _ = XErrors.take()
        var taken = Needs()
        do {
            if n.touchscreen {
                try take("touches") { mods in
                    withMask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]) { m in XIGrabTouchBegin(d, XIAllMasterDevices, root, 0, &m, 1, &mods) }
                }
                taken.touchscreen = true
            }
            if n.touchpadSwipe && x.hasGestures {
                try take("touchpad swipes") { mods in
                    withMask([XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]) { m in
                        XIGrabSwipeGestureBegin(d, XIAllMasterDevices, root, GrabModeSync, GrabModeAsync, 0, &m, 1, &mods)
                    }
                }
                taken.touchpadSwipe = true
            }
            if n.touchpadPinch && x.hasGestures {
                try take("touchpad pinches") { mods in
                    withMask([XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd]) { m in
                        XIGrabPinchGestureBegin(d, XIAllMasterDevices, root, GrabModeSync, GrabModeAsync, 0, &m, 1, &mods)
                    }
                }
                taken.touchpadPinch = true
            }
            for button in n.strokeButtons.sorted() {
                try take("pointer button \(button)") { mods in
                    withMask([XI_ButtonPress, XI_ButtonRelease, XI_Motion]) { m in
                        XIGrabButton(d, XIAllMasterDevices, Int32(button), root, 0, GrabModeSync, GrabModeAsync, 0, &m, 1, &mods)
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
    private func ungrab(_ n: Needs) {
        let d = x.display
        var mods = anyModifier()
        if n.touchscreen { XIUngrabTouchBegin(d, XIAllMasterDevices, x.root, 1, &mods) }
        if n.touchpadSwipe && x.hasGestures { XIUngrabSwipeGestureBegin(d, XIAllMasterDevices, x.root, 1, &mods) }
        if n.touchpadPinch && x.hasGestures { XIUngrabPinchGestureBegin(d, XIAllMasterDevices, x.root, 1, &mods) }
        for button in n.strokeButtons { XIUngrabButton(d, XIAllMasterDevices, Int32(button), x.root, 1, &mods) }
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
    private func selectRootEvents() {
        rawSelected = rawWanted
        var hierarchy = mask([XI_HierarchyChanged])
        var switches = mask(needs.strokeButtons.isEmpty ? [] : [XI_DeviceChanged])
        var raw = mask(rawSelected ? [XI_RawMotion, XI_RawButtonRelease] : [])
        hierarchy.withUnsafeMutableBufferPointer { h in
            switches.withUnsafeMutableBufferPointer { s in
                raw.withUnsafeMutableBufferPointer { r in
                    var masks = [XIEventMask(deviceid: XIAllDevices, mask_len: Int32(h.count), mask: h.baseAddress),
                                 XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(s.count), mask: s.baseAddress)]
                    for id in slavePointers {
                        masks.append(XIEventMask(deviceid: id, mask_len: Int32(r.count), mask: r.baseAddress))
                    }
                    _ = XISelectEvents(x.display, x.root, &masks, Int32(masks.count))
                }
            }
        }
    }

    private var rawWanted: Bool {
        !needs.strokeButtons.isEmpty && presses.values.contains(where: \.frozen)
    }

    /// Turns the slaves' raw events off once no press waits for its decision. They are turned
    /// on by the press itself (`follow`), with a round trip that says what they missed.
    private func followPresses() {
        guard rawWanted != rawSelected else { return }
        selectRootEvents()
    }

    /// Notes where each slave pointer stands now, while strokes are bound (a round trip).
    private func noteSlavePositions() {
        guard !needs.strokeButtons.isEmpty else { return }
        unseen.devices(x.pointerStates(XIAllDevices), slaves: slavePointers)
    }

    /// Takes the grabs `wanted` asks for on a reload, keeping what it decodes in flight: touch
    /// ids, presses, the clock, device names. A grab both configs want is held throughout and
    /// taken again, so that a reload puts back any the server no longer has; no input slips past
    /// during a reload, since new grabs are taken before old ones are given up. When one cannot
    /// be taken, everything stays as it was and it throws why.
    public func regrab(_ wanted: Needs) throws(X11Error) {
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
    /// without touchpad gestures (XInput 2.3) is not said to give them.
    public var grabbedText: String {
        var parts: [String] = []
        if needs.touchscreen { parts.append("touches") }
        if needs.touchpadSwipe && x.hasGestures { parts.append("touchpad swipes") }
        if needs.touchpadPinch && x.hasGestures { parts.append("touchpad pinches") }
        if !needs.strokeButtons.isEmpty { parts.append("pointer buttons \(needs.strokeButtons.sorted().map(String.init).joined(separator: ", "))") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    /// Whether touchpad swipes are also grabbed on the slave devices, while a drag holds a
    /// button. That button gives the application under the pointer an implicit grab of the
    /// master pointer, and the server hands a touchpad gesture that begins during any grab of
    /// the master to that grab: fingers that come back within the drag lock would never reach
    /// gestured. A grab on the slave is looked at first and keeps the gesture from the master.
    /// It is held only while a button is, since a swipe gestured gives back from a slave grab
    /// reaches no application.
    public var grabsTouchpadSlaves = false {
        didSet { if grabsTouchpadSlaves != oldValue { grabSlaveSwipes() } }
    }

    /// The slave pointers whose touchpad swipes gestured grabs now, by id.
    private var slaveSwipeGrabs: Set<Int32> = []

    /// Takes and lets go of the slaves' swipe grabs so that, while `grabsTouchpadSlaves`, each
    /// slave pointer has one, and none has otherwise. Each is taken and let go of by the slave's
    /// own id: the server matches a grab for all devices (XIAllDevices) with every grab of the
    /// same kind, and letting go of that one would delete the swipe grab of the master devices
    /// too, after which no swipe would reach gestured.
    private func grabSlaveSwipes() {
        let wanted: Set<Int32> = grabsTouchpadSlaves && needs.touchpadSwipe && x.hasGestures
            ? Set(slavePointers.filter { !xtestPointers.contains($0) }) : []
        guard wanted != slaveSwipeGrabs else { return }
        var mods = anyModifier()
        for id in slaveSwipeGrabs.subtracting(wanted).sorted() {
            XIUngrabSwipeGestureBegin(x.display, id, x.root, 1, &mods)
        }
        for id in wanted.subtracting(slaveSwipeGrabs).sorted() {
            withMask([XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd], device: id) { m in
                _ = XIGrabSwipeGestureBegin(x.display, id, x.root, GrabModeSync, GrabModeAsync, 0, &m, 1, &mods)
            }
        }
        slaveSwipeGrabs = wanted
        x.flush()
    }

    /// Releases every grab (the daemon is exiting).
    public func ungrab() {
        grabsTouchpadSlaves = false
        ungrab(needs)
        needs = Needs()
        selectRootEvents()
    }

    private func refreshDevices() {
        names = [:]
        slavePointers = []
        xtestPointers = []
        for device in x.inputDevices() {
            names[device.id] = device.name
            if device.use == .slavePointer || (device.use == .floating && device.kind != .keyboard) { slavePointers.append(device.id) }
            if device.use == .slavePointer && device.name.hasSuffix("XTEST pointer") { xtestPointers.insert(device.id) }
        }
    }

    // MARK: Events

    /// Reads what the server has sent, one buffer at a time, decoding the input events into
    /// `events`: what was read before is handed out first, and the socket is read (at most
    /// 4 KiB, `XEventReader`) only when nothing read waits, so that a daemon that falls behind
    /// holds one buffer of input, not all the server queued for it. What is left in the socket
    /// wakes the next poll.
    ///
    /// Input read more than `lateAfter` milliseconds after it happened is late: a touch,
    /// touchpad gesture or press that begins in it is given back at once and listed in `late`,
    /// and the engine never sees it, so that it still gets its answer in time and no gesture
    /// fires on stale input. The daemon passes the config's touch-timeout.
    public func drain(lateAfter: Double = .infinity) {
        lateLimit = lateAfter
        events.removeAll(keepingCapacity: true)
        endsThisDrain.removeAll(keepingCapacity: true)
        if !dropped.isEmpty { dropped.removeAll() }
        if !deviceNews.isEmpty { deviceNews.removeAll() }
        if !unfollowed.isEmpty { unfollowed.removeAll() }
        screenChanged = false
        compositorChanged = false
        var reading = true, synced = false
        while true {
            if x.events.next(reading: reading, handle) {
                reading = false
                continue
            }
            // The server ends what a device had in flight as it turns the device off, and
            // says so right after in the same reply: one round trip brings that news into
            // this drain, so that those ends are taken as cancels before the engine sees them.
            // Not while behind: the round trip would read all the server holds for gestured.
            guard !endsThisDrain.isEmpty, !synced, !behind else { break }
            synced = true
            reading = false
            x.sync()
        }
    }

    private func handle(_ event: XEventReader.Event) {
        switch event {
        case let .xinput(type, data):
            decode(type, data)
        case .other(var ev):
            if ev.type == fixesEventBase + XFixesSelectionNotify { compositorChanged = true }
            guard ev.type == randrEventBase + RRScreenChangeNotify else { return }
            XRRUpdateConfiguration(&ev)
            screenChanged = true
        }
    }

    /// Whether the last input read came later than `lateAfter` after it happened: gestured is
    /// behind, and the server may hold more for it than the socket shows (its own output
    /// buffers fill while gestured does not read). A round trip now would read all of that at
    /// once, since the reply comes after it; input read on time says that what comes after it
    /// happened within `lateAfter`.
    public var behind: Bool { clock.delay > lateLimit }

    /// The engine time of now, for deadlines: the server's clock as the events carry it.
    public func now() -> Double { clock.now() }

    private func decode(_ type: Int32, _ data: UnsafeMutableRawPointer) {
        switch type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            touch(type, data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            touchpad(type - XI_GestureSwipeBegin, data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee, .swipe) { e in
                .swipeUpdate(fingers: Int(e.detail), delta: Point(x: e.delta_x, y: e.delta_y),
                             unaccelerated: Point(x: e.delta_unaccel_x, y: e.delta_unaccel_y))
            }
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            touchpad(type - XI_GesturePinchBegin, data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee, .pinch) { e in
                .pinchUpdate(fingers: Int(e.detail), delta: Point(x: e.delta_x, y: e.delta_y),
                             unaccelerated: Point(x: e.delta_unaccel_x, y: e.delta_unaccel_y), scale: e.scale, angle: e.delta_angle)
            }
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            pointer(type, data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_RawMotion, XI_RawButtonRelease:
            raw(type, data.assumingMemoryBound(to: XIRawEvent.self).pointee)
        case XI_HierarchyChanged:
            hierarchyChanged(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee)
        case XI_DeviceChanged:
            let e = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            guard e.reason == XISlaveSwitch else { return }
            unseen.switched(to: e.sourceid, at: PointerState(e.classes, count: e.num_classes, screen: x.screenSize).position)
        default:
            break
        }
    }

    /// Devices came, went, were turned on or off, floated or attached. A slave that no longer
    /// sends through a master (removed, disabled, floated) takes what it had in flight with it:
    /// the engine gets its touches cancelled and its touchpad gesture ended as cancelled, and
    /// what was not yet decided is given back, so that nothing waits for events that will
    /// never come. The passive grabs are on all master devices, so a device that comes or comes
    /// back is grabbed as soon as it is attached; only the raw-event selection names slaves.
    private func hierarchyChanged(_ e: XIHierarchyEvent) {
        let before = slavePointers, oldNames = names
        refreshDevices()
        if slavePointers != before {
            selectRootEvents()
            noteSlavePositions()
            // A removed slave can no longer be named to let go of; one that came during a drag
            // is grabbed too.
            slaveSwipeGrabs.formIntersection(slavePointers)
            grabSlaveSwipes()
        }
        for i in 0..<Int(e.num_info) {
            let info = e.info[i]
            let flags = info.flags
            guard info.use == XISlavePointer || info.use == XIFloatingSlave || flags & XISlaveRemoved != 0 else { continue }
            var what: [String] = []
            if flags & XISlaveAdded != 0 { what.append("added") }
            if flags & XISlaveRemoved != 0 { what.append("removed") }
            if flags & XIDeviceEnabled != 0 { what.append("enabled") }
            if flags & XIDeviceDisabled != 0 { what.append("disabled") }
            if flags & XISlaveAttached != 0 { what.append("attached") }
            if flags & XISlaveDetached != 0 { what.append("floating") }
            guard !what.isEmpty else { continue }
            let name = names[info.deviceid] ?? oldNames[info.deviceid] ?? "?"
            guard !name.contains("XTEST") else { continue }
            if flags & (XISlaveRemoved | XIDeviceDisabled | XISlaveDetached) != 0 {
                what += lose(info.deviceid, at: e.time)
            }
            deviceNews.append("device \(info.deviceid) \"\(name)\": \(what.joined(separator: ", "))")
        }
    }

    /// Ends as cancelled what the slave `source` had in flight, and gives back what was not yet
    /// decided; says what it cancelled.
    private func lose(_ source: Int32, at time: Time) -> [String] {
        var cancelled: [String] = []
        // What the server ended as it turned the device off, earlier in this drain.
        for (index, from) in endsThisDrain where from == source {
            switch events[index].kind {
            case let .touchEnd(id, _): events[index].kind = .touchCancel(id: id)
            case let .swipeEnd(fingers, _): events[index].kind = .swipeEnd(fingers: fingers, cancelled: true)
            case let .pinchEnd(fingers, _): events[index].kind = .pinchEnd(fingers: fingers, cancelled: true)
            default: continue
            }
            cancelled.append(events[index].source == .touchpad ? "a touchpad gesture" : "a touch")
        }
        // What it had in flight and will never end: a floated device sends nothing more.
        for (key, id) in touchIds.sorted(by: { $0.value < $1.value }) where touchSources[id] == source {
            if touchKeys[id] != nil { carry(.touch(id: id), accepted: false) }
            touchIds[key] = nil
            touchSources[id] = nil
            emit(time, .touchCancel(id: id))
            cancelled.append("a touch")
        }
        if let g = touchpadGesture, g.source == source {
            if touchpadPending != nil { carry(.touchpad(g.kind, fingers: g.fingers), accepted: false) }
            // No end will come of a replayed gesture whose device has gone.
            touchpadReplayed = false
            touchpadActive = false
            touchpadGesture = nil
            emit(time, g.kind == .swipe ? .swipeEnd(fingers: g.fingers, cancelled: true) : .pinchEnd(fingers: g.fingers, cancelled: true))
            cancelled.append("a touchpad gesture")
        }
        let touches = cancelled.filter { $0 == "a touch" }.count
        var words = cancelled.filter { $0 != "a touch" }.map { "\($0) cancelled" }
        if touches > 0 { words.insert(touches == 1 ? "1 touch cancelled" : "\(touches) touches cancelled", at: 0) }
        return words
    }

    /// The class of the application under a gesture's first event, when a binding asks.
    private func application(under window: Window) -> String? {
        needs.windowClasses ? x.applicationClass(of: window) : nil
    }

    private func emit(_ time: Time, _ kind: InputEvent.Kind, device: Int32? = nil, app: String? = nil) {
        let event = InputEvent(time: clock.time(time), kind, device: device.flatMap { names[$0] }, app: app)
        if let why = event.problem {
            dropped.append((event, why))
            return
        }
        events.append(event)
    }

    private func touch(_ type: Int32, _ e: XIDeviceEvent) {
        let key = TouchKey(device: e.deviceid, touch: UInt32(e.detail))
        let at = Point(x: e.root_x, y: e.root_y)
        switch type {
        case XI_TouchBegin:
            let id = nextTouchId
            nextTouchId = nextTouchId == Int(Int32.max) ? 1 : nextTouchId + 1
            touchIds[key] = id
            touchKeys[id] = key
            touchSources[id] = e.sourceid
            if e.flags & XITouchEmulatingPointer != 0 { emulatingSources[id] = e.sourceid }
            if givenBackAsLate(.touch(id: id), e.time) { return }
            emit(e.time, .touchBegin(id: id, at: at), device: e.sourceid, app: application(under: e.child))
        case XI_TouchUpdate:
            guard let id = touchIds[key] else { return }
            emit(e.time, .touchMove(id: id, at: at))
        default:
            guard let id = touchIds.removeValue(forKey: key) else { return }
            touchSources[id] = nil
            endsThisDrain.append((events.count, e.sourceid))
            emit(e.time, .touchEnd(id: id, at: at))
        }
    }

    /// A touchpad gesture event, swipe or pinch: begin, update or end. Updates may arrive before
    /// the begin is decided: they go to the engine in order, which drops them if the gesture
    /// was given back.
    private func touchpad<E: TouchpadGestureEvent>(_ phase: Int32, _ e: E, _ kind: InputFrame.TouchpadKind,
                                                   update: (E) -> InputEvent.Kind) {
        let fingers = Int(e.detail)
        switch phase {
        case 0:
            touchpadPending = e.deviceid
            // Through a master, an event names the slave it came from as its source.
            touchpadOnMaster = e.deviceid != e.sourceid
            touchpadReplayed = false
            touchpadActive = true
            touchpadGesture = (e.sourceid, kind, fingers)
            if givenBackAsLate(.touchpad(kind, fingers: fingers), e.time) { return }
            emit(e.time, kind == .swipe ? .swipeBegin(fingers: fingers) : .pinchBegin(fingers: fingers),
                 device: e.sourceid, app: application(under: e.child))
        case 1:
            guard !touchpadReplayed else { return }
            emit(e.time, update(e))
        default:
            touchpadActive = false
            touchpadGesture = nil
            guard !touchpadReplayed else { touchpadReplayed = false; return }
            endsThisDrain.append((events.count, e.sourceid))
            // XIGestureSwipeEventCancelled and XIGesturePinchEventCancelled are the same bit.
            let cancelled = e.flags & XIGestureSwipeEventCancelled != 0
            emit(e.time, kind == .swipe ? .swipeEnd(fingers: fingers, cancelled: cancelled) : .pinchEnd(fingers: fingers, cancelled: cancelled))
        }
    }

    private func pointer(_ type: Int32, _ e: XIDeviceEvent) {
        let at = Point(x: e.root_x, y: e.root_y)
        switch type {
        case XI_ButtonPress:
            presses[Int(e.detail)] = Press(device: e.deviceid, at: at, frozen: true, fedUntil: e.time)
            if xtestPointers.contains(e.sourceid), let n = ownPresses[Int(e.detail)], n > 0 {
                // gestured's own click or drag: the application's at once, never a stroke.
                ownPresses[Int(e.detail)] = n > 1 ? n - 1 : nil
                carry(.button(Int(e.detail)), accepted: false)
                return
            }
            if givenBackAsLate(.button(Int(e.detail)), e.time) { return }
            follow(e, at: at)
        case XI_Motion:
            // Motion queued while frozen arrives after the thaw; raw events have fed it already.
            guard let (button, press) = presses.first(where: { !$0.value.frozen }), press.live || e.time > press.fedUntil else { return }
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
            unfollowed.append("a press of button \(button) was let go before gestured could follow it: the application's at once")
            return
        }
        presses[button]?.caughtUpBy = asked
        emit(e.time, .buttonPress(button: button, at: at), device: e.sourceid, app: application(under: e.child))
        if let went = unseen.motion(from: at, slave: e.sourceid, now: state?.position) {
            presses[button]?.at = went
            emit(e.time, .motion(at: went))
        }
    }

    /// While a press is frozen, raw events are all that arrive: motion moves the stroke by the
    /// device's deltas, and a release ends it. Those the server sent before gestured asked
    /// where the press stood are in that position already.
    private func raw(_ type: Int32, _ e: XIRawEvent) {
        // The master repeats its slaves' raw events: take the slaves' only.
        guard e.deviceid == e.sourceid,
              let (button, press) = presses.first(where: { $0.value.frozen && !$0.value.released }),
              Int32(bitPattern: x.events.sequence &- press.caughtUpBy) >= 0 else { return }
        presses[button]!.fedUntil = e.time
        if type == XI_RawButtonRelease {
            guard Int(e.detail) == button else { return }
            presses[button]!.released = true
            emit(e.time, .buttonRelease(button: button, at: press.at))
            return
        }
        // The valuators as the pointer moves by them (after acceleration), axes 0 and 1.
        var delta = Point.zero, named = (x: false, y: false)
        var value = 0
        let mask = UnsafeBufferPointer(start: e.valuators.mask, count: Int(e.valuators.mask_len))
        for byte in 0..<mask.count {
            for bit in 0..<8 where mask[byte] & (1 << bit) != 0 {
                let index = byte * 8 + bit
                if index == 0 { (delta.x, named.x) = (e.valuators.values[value], true) }
                else if index == 1 { (delta.y, named.y) = (e.valuators.values[value], true) }
                value += 1
            }
        }
        if xtestPointers.contains(e.sourceid) {
            // XTest motion is absolute (XTestFakeMotionEvent, x11vnc) or relative
            // (XTestFakeRelativeMotionEvent, xdotool mousemove_relative), and the raw event
            // does not say which: it is taken as the one that lands nearer, since a pointer
            // moves by small steps between two events. Absolute: the axes the event names are
            // where the pointer is; the others stay.
            let absolute = Point(x: named.x ? delta.x : press.at.x, y: named.y ? delta.y : press.at.y)
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
        guard needs.strokeButtons.contains(button) else { return }
        ownPresses[button, default: 0] += 1
    }

    /// Gives back at once what begins at server time `t` when that was more than `lateLimit`
    /// ago; the rest of it is then the application's and no longer comes to gestured.
    private func givenBackAsLate(_ target: TouchDecision.Target, _ t: Time) -> Bool {
        _ = clock.time(t)
        guard clock.delay > lateLimit else { return false }
        carry(target, accepted: false)
        late.add(target, delay: clock.delay)
        return true
    }

    // MARK: Decisions

    /// Carries one ownership decision to the server, exactly once; it goes out with the next
    /// flush or round trip.
    public func apply(_ decision: TouchDecision) {
        carry(decision.target, accepted: decision.accepted)
    }

    private func carry(_ target: TouchDecision.Target, accepted: Bool) {
        let d = x.display
        switch target {
        case .touch(let id):
            guard let key = touchKeys.removeValue(forKey: id) else { return }
            XIAllowTouchEvents(d, key.device, key.touch, x.root, accepted ? Int32(XIAcceptTouch) : Int32(XIRejectTouch))
            // Kept after its end, a touch that emulated the pointer leaves button 1 held on
            // the master; the touchscreen's own state is right, and the master takes it again.
            if let source = emulatingSources.removeValue(forKey: id), accepted, touchIds[key] != id {
                x.retakeTouchButtons(master: key.device, from: source)
            }
            // A kept touch goes on coming to gestured; the rest of a rejected one is the application's.
            if !accepted, touchIds[key] == id {
                touchIds[key] = nil
                touchSources[id] = nil
            }
        case .touchpad:
            guard let device = touchpadPending else { return }
            touchpadPending = nil
            if !accepted {
                touchpadActive = false
                touchpadGesture = nil
            }
            // CurrentTime: an event's own time can be later than the server's idea of now, and
            // then the server silently ignores the request, leaving the device frozen.
            XIAllowEvents(d, device, accepted ? XIAsyncDevice : XIReplayDevice, Time(CurrentTime))
            // A kept gesture's events come to gestured through the grab the server copied when
            // it began, not through the device's active grab: letting go of that grab of the
            // master lets the pointer's own events (a drag's XTest press and motion) reach the
            // applications. A grabbed slave stays grabbed, so that the master never sees its gesture.
            if accepted && touchpadOnMaster { XIUngrabDevice(d, device, Time(CurrentTime)) }
            touchpadReplayed = !accepted
        case .button(let b):
            guard var press = presses[b], press.frozen else { return }
            XIAllowEvents(d, press.device, accepted ? XIAsyncDevice : XIReplayDevice, Time(CurrentTime))
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
    public func giveBackAll() -> [TouchDecision.Target] {
        ungrab()
        var given: [TouchDecision.Target] = []
        while true {
            x.sync()
            drain()
            var undecided = touchKeys.keys.sorted().map { TouchDecision.Target.touch(id: $0) }
            undecided += presses.filter(\.value.frozen).keys.sorted().map { TouchDecision.Target.button($0) }
            if touchpadPending != nil { undecided.append(.touchpad(.swipe, fingers: 0)) }
            if undecided.isEmpty { return given }
            for target in undecided { carry(target, accepted: false) }
            given += undecided
        }
    }
}

/// The server clock, as the events carry it: milliseconds in 32 bits, unwrapped, and how late
/// each event is read.
///
/// The offset between the local monotonic clock and the server's is the smallest difference
/// seen, not the latest: an event read late says nothing about the clocks, only about the
/// delay. The offset may grow by at most 1 ms a second, so that a server whose clock runs
/// slower than this one (a remote display) is followed, while a delay, which grows far faster
/// when input waits unread, still shows as one.
public struct ServerClock {
    private var last: UInt32?
    private var wraps: Double = 0
    /// Local monotonic milliseconds minus server milliseconds, the least seen.
    private var offset: Double?
    /// Local time of the last event.
    private var seenAt: Double = 0
    /// How long before reading it the latest event happened, in milliseconds.
    public private(set) var delay: Double = 0

    public init() {}

    /// The server time `t` in unwrapped milliseconds, read at local monotonic time `local`.
    public mutating func time(_ t: Time, readAt local: Double) -> Double {
        let raw = UInt32(truncatingIfNeeded: t)
        if let last, raw < last, last - raw > 1 << 31 { wraps += 4_294_967_296 }
        last = raw
        let server = wraps + Double(raw)
        let seen = local - server
        if let offset {
            self.offset = min(seen, offset + max(0, local - seenAt) / 1000)
        } else {
            offset = seen
        }
        seenAt = local
        delay = seen - offset!
        return server
    }

    mutating func time(_ t: Time) -> Double { time(t, readAt: ServerClock.monotonic()) }

    /// Now, on the server's clock, at local monotonic time `local`.
    public func now(at local: Double) -> Double { local - (offset ?? 0) }

    /// Now, on the server's clock.
    func now() -> Double { now(at: ServerClock.monotonic()) }

    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }
}

/// What XInput 2.4's swipe and pinch events have in common.
protocol TouchpadGestureEvent {
    var deviceid: Int32 { get }
    var sourceid: Int32 { get }
    var detail: Int32 { get }
    var time: Time { get }
    var child: Window { get }
    var flags: Int32 { get }
}

extension XIGestureSwipeEvent: TouchpadGestureEvent {}
extension XIGesturePinchEvent: TouchpadGestureEvent {}
