import CXInput2
import GestureCore

/// The gesture layer's hold on the input: passive grabs on the root window so that gestured
/// sees touches, touchpad gestures and stroke-button presses before any application, decoding
/// what arrives into the engine's events, and carrying the engine's ownership decisions back to
/// the server (accept or reject a touch; keep or replay a touchpad gesture or a button press).
///
/// This file holds its state and its event loop (`drain`: read, decode, emit). Each job has a
/// file of its own: the grabs and selections (`+Grabs`), the device table (`DeviceTable`), one
/// decoder per event family (`+Touch`, `+Touchpad`, `+Pointer`, `+Hierarchy`), the touch
/// ledger (`TouchLedger`) and the touchpad's (`TouchpadOwnership`), the ownership replies
/// (`+Decisions`), lateness (`+Lateness`) and the server's clock (`ServerClock`).
public final class XInputListener {
    public let x: XConnection
    /// Where the listener asks the server what it only reads (the devices' buttons after a
    /// kept touch): a connection that selects no input, whose round trips read none of `x`'s.
    let ask: XConnection
    /// What the bindings can use: what is grabbed, and nothing else.
    public internal(set) var needs: InputNeeds
    /// Events decoded since the last `drain`, for the engine.
    public internal(set) var events: [InputEvent] = []
    /// Events of the last drain the engine must not see (a pinch scale of 0), and why.
    public private(set) var dropped: [(event: InputEvent, why: String)] = []
    /// Devices that came, went, were turned on or off, floated or attached during the last
    /// drain, in words for the log: `device 7 "Touchpad": disabled, a touchpad gesture cancelled`.
    public internal(set) var deviceNews: [String] = []
    /// Presses of the last drain given to the application at once because they were let go
    /// before the press turned their raw events on (`follow`), in words for the log.
    public internal(set) var unfollowed: [String] = []

    /// The devices by id: names, slave pointers, XTest pointers.
    var devices = DeviceTable()
    /// Presses gestured has made itself through XTest and not yet seen, per button.
    var ownPresses: [Int: Int] = [:]
    var clock = ServerClock()

    /// The `lateAfter` of the current `drain`.
    var lateLimit = Double.infinity
    /// What was given back because it was read late, for the log.
    public var late = LateInput()

    /// The touches still coming to gestured, and those waiting for their decision.
    var touches = TouchLedger()
    /// Pointer-emulating touches that ended while waiting for their decision, since the last
    /// `settleTouchButtons`.
    var endedWaiting: [Int] = []
    /// Where each observed touch is (observe mode): a raw update may name one axis only, and
    /// a raw end none.
    var observedAt: [TouchLedger.Key: Point] = [:]
    /// The ends decoded in this drain, by their place in `events`, with the slave each came
    /// from: the server ends what a device had in flight as it turns the device off, and
    /// those ends are cancels once the same drain says it is off.
    var endsThisDrain: [(index: Int, source: Int32)] = []

    /// Who owns the touchpad gesture under way.
    var touchpad = TouchpadOwnership.none

    /// A touchpad gesture or a stroke holds the pointer: a fake click now would come back to
    /// gestured's own grab instead of reaching the application.
    public var pointerBusy: Bool { touchpad.holdsPointer || !presses.isEmpty }

    /// Stroke-button presses by button: frozen until the engine decides (`Press`).
    var presses: [Int: Press] = [:]
    /// Whether the slaves' raw events are selected: only while a stroke-button press waits
    /// for the engine's decision, frozen. With no button held they would wake gestured for
    /// every motion of the mouse; a kept press's motion comes through the grab, and the server
    /// sends each motion's raw event apart from it.
    var rawSelected = false
    /// Where each slave stood when the master turned to it, to tell what a stroke did before
    /// its raw events came.
    var unseen = UnseenMotion()

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
    var slaveSwipeGrabs: Set<Int32> = []

    private var randrEventBase: Int32 = 0
    /// The screen changed (monitors or size): the caller gives the engine the new one.
    public private(set) var screenChanged = false
    private var fixesEventBase: Int32 = -1
    /// The compositor's selection changed hands (one came, or went): the caller remakes the
    /// windows that depend on it (`OverlayWindow.followingCompositor`).
    public private(set) var compositorChanged = false

    /// Takes the grabs `needs` asks for. Throws when one cannot be taken, naming what holds it.
    /// `ask`: the connection for questions (`x` when none is given).
    public init(_ x: XConnection, asking ask: XConnection? = nil, needs: InputNeeds)
        throws(X11Error)
    {
        self.x = x
        self.ask = ask ?? x
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
            let owner =
                XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
                | XFixesSelectionClientCloseNotifyMask
            XFixesSelectSelectionInput(
                x.display, x.root, OverlayWindow.compositorSelection(x), UInt(owner))
        }
        x.sync()
    }

    // MARK: The event loop

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
        var reading = true
        var synced = false
        while true {
            if x.events.next(reading: reading, handle) {
                reading = false
                continue
            }
            // The server ends what a device had in flight as it turns the device off, and
            // says so right after: the news is brought into this drain, so that those ends are
            // taken as cancels before the engine sees them. While more input waits in the
            // socket, the news may be in it: one more read of the socket, not a round trip,
            // which would read all the server holds for gestured (input may be on time and
            // still come faster than the daemon reads it). With the socket empty, one round
            // trip; not while behind, for the same reason.
            guard !endsThisDrain.isEmpty, !synced, !behind else { break }
            synced = true
            reading = !x.socketIsEmpty
            if !reading { x.sync() }
        }
    }

    private func handle(_ event: XEventReader.Event) {
        switch event {
        case .xinput(let type, let data):
            decode(type, data)
        case .other(var ev):
            if ev.type == fixesEventBase + XFixesSelectionNotify { compositorChanged = true }
            guard ev.type == randrEventBase + RRScreenChangeNotify else { return }
            XRRUpdateConfiguration(&ev)
            screenChanged = true
        }
    }

    /// The engine time of now, for deadlines: the server's clock as the events carry it.
    public func now() -> Double { clock.now() }

    /// Hands each XInput 2 event to the decoder of its family.
    private func decode(_ type: Int32, _ data: UnsafeMutableRawPointer) {
        switch type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            touch(type, data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            swipe(type, data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            pinch(type, data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee)
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            pointer(type, data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease:
            raw(type, data.assumingMemoryBound(to: XIRawEvent.self).pointee)
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            rawTouch(type, data.assumingMemoryBound(to: XIRawEvent.self).pointee)
        case XI_HierarchyChanged:
            hierarchyChanged(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee)
        case XI_DeviceChanged:
            deviceChanged(data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee)
        default:
            break
        }
    }

    /// The class of the application under a gesture's first event, when a binding asks.
    func application(under window: Window) -> String? {
        needs.windowClasses ? ask.applicationClass(of: window) : nil
    }

    /// Hands one decoded event to the engine, on the server's clock unwrapped, or to `dropped`
    /// when the engine must not see it.
    func emit(_ time: Time, _ kind: InputEvent.Kind, device: Int32? = nil, app: String? = nil) {
        let event = InputEvent(
            time: clock.time(time), kind, device: device.flatMap { devices.names[$0] }, app: app)
        if let why = event.problem {
            dropped.append((event, why))
            return
        }
        events.append(event)
    }
}
