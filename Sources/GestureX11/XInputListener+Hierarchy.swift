import CXInput2
import GestureCore

/// Decoding device changes: devices that come and go, are turned on or off, floated or
/// attached (`XI_HierarchyChanged`), and the master pointer turning from one slave to another
/// (`XI_DeviceChanged`).
extension XInputListener {
    /// Reads the devices again (`DeviceTable`).
    func refreshDevices() {
        devices = DeviceTable(x.inputDevices())
    }

    /// Notes where each slave pointer stands now, while strokes are bound (a round trip).
    func noteSlavePositions() {
        guard !needs.strokeButtons.isEmpty else { return }
        unseen.devices(x.pointerStates(XIAllDevices), slaves: devices.slavePointers)
    }

    /// The master pointer turned to another slave: where that one stood, for `UnseenMotion`.
    func deviceChanged(_ e: XIDeviceChangedEvent) {
        guard e.reason == XISlaveSwitch else { return }
        unseen.switched(
            to: e.sourceid,
            at: PointerState(e.classes, count: e.num_classes, screen: x.screenSize).position)
    }

    /// Devices came, went, were turned on or off, floated or attached. A slave that no longer
    /// sends through a master (removed, disabled, floated) takes what it had in flight with it:
    /// the engine gets its touches cancelled and its touchpad gesture ended as cancelled, and
    /// what was not yet decided is given back, so that nothing waits for events that will
    /// never come. The passive grabs are on all master devices, so a device that comes or comes
    /// back is grabbed as soon as it is attached; only the raw-event selection names slaves.
    func hierarchyChanged(_ e: XIHierarchyEvent) {
        let before = devices.slavePointers
        let oldNames = devices.names
        refreshDevices()
        if devices.slavePointers != before {
            selectRootEvents()
            noteSlavePositions()
            // A removed slave can no longer be named to let go of; one that came during a drag
            // is grabbed too.
            slaveSwipeGrabs.formIntersection(devices.slavePointers)
            grabSlaveSwipes()
        }
        for i in 0..<Int(e.num_info) {
            let info = e.info[i]
            let flags = info.flags
            guard
                info.use == XISlavePointer || info.use == XIFloatingSlave
                    || flags & XISlaveRemoved != 0
            else { continue }
            var what: [String] = []
            if flags & XISlaveAdded != 0 { what.append("added") }
            if flags & XISlaveRemoved != 0 { what.append("removed") }
            if flags & XIDeviceEnabled != 0 { what.append("enabled") }
            if flags & XIDeviceDisabled != 0 { what.append("disabled") }
            if flags & XISlaveAttached != 0 { what.append("attached") }
            if flags & XISlaveDetached != 0 { what.append("floating") }
            guard !what.isEmpty else { continue }
            let name = devices.names[info.deviceid] ?? oldNames[info.deviceid] ?? "?"
            guard !name.contains("XTEST") else { continue }
            if flags & (XISlaveRemoved | XIDeviceDisabled | XISlaveDetached) != 0 {
                let cancelled = lose(info.deviceid, at: e.time)
                if !cancelled.isEmpty {
                    what.append(OwnershipDecision.Target.words(cancelled, each: " cancelled"))
                }
            }
            deviceNews.append(
                "device \(info.deviceid) \"\(name)\": \(what.joined(separator: ", "))")
        }
    }

    /// Ends as cancelled what the slave `source` had in flight, and gives back what was not yet
    /// decided; returns what it cancelled.
    private func lose(_ source: Int32, at time: Time) -> [OwnershipDecision.Target] {
        var cancelled: [OwnershipDecision.Target] = []
        // What the server ended as it turned the device off, earlier in this drain.
        for (index, from) in endsThisDrain where from == source {
            switch events[index].kind {
            case .touchEnd(let id, _):
                events[index].kind = .touchCancel(id: id)
                cancelled.append(.touch(id: id))
            case .swipeEnd(let fingers, _):
                events[index].kind = .swipeEnd(fingers: fingers, cancelled: true)
                cancelled.append(.touchpad(.swipe, fingers: fingers))
            case .pinchEnd(let fingers, _):
                events[index].kind = .pinchEnd(fingers: fingers, cancelled: true)
                cancelled.append(.touchpad(.pinch, fingers: fingers))
            default: continue
            }
        }
        // What it had in flight and will never end: a floated device sends nothing more.
        for (id, undecided) in touches.lose(source) {
            if undecided { carry(.touch(id: id), accepted: false) }
            emit(time, .touchCancel(id: id))
            cancelled.append(.touch(id: id))
        }
        if let (g, owed) = touchpad.lose(source) {
            // Given back unseen: no end will come of a gesture whose device has gone.
            if let owed { XIAllowEvents(x.display, owed, XIReplayDevice, Time(CurrentTime)) }
            emit(
                time,
                g.kind == .swipe
                    ? .swipeEnd(fingers: g.fingers, cancelled: true)
                    : .pinchEnd(fingers: g.fingers, cancelled: true))
            cancelled.append(.touchpad(g.kind, fingers: g.fingers))
        }
        return cancelled
    }
}
